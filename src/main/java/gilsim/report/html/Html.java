package gilsim.report.html;

/** Escaping for text placed in the page. */
final class Html {
    private Html() {}

    /** {@code s} as HTML text or attribute value. */
    static String text(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /** JSON placed inside a script element: a {@code </} in a string must not end the element. */
    static String scriptJson(String json) {
        return json.replace("</", "<\\/").replace("<!--", "\\u003c!--");
    }
}
