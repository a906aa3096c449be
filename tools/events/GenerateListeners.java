import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Writes the two pieces of source that follow from the events' declarations, between their markers:
 *
 * <ul>
 *   <li>in each event family (a file that declares an interface extending {@code TraceEvent.Family}), its
 *       {@code Listener}'s defaults: one per method of its {@code Handler}, handing the event to {@code onOther};</li>
 *   <li>in {@code metrics/RunListeners.java}, one method per event some run listener reads, calling, in the order of
 *       RunListeners' fields, each listener whose class declares the event's method (a field whose Javadoc begins
 *       "Null when" only when it is there).</li>
 * </ul>
 *
 * It reads sources only, so it runs when the project does not compile (a {@code Handler} method added without its
 * default). Adding an event is then its record and its {@code Handler} method in the family's file, the methods of the
 * listeners that read it, and this:
 *
 * <pre>java tools/events/GenerateListeners.java          # writes
 * java tools/events/GenerateListeners.java --check  # exit 1 and the files that differ (RunListenersFanOutTest)</pre>
 */
public class GenerateListeners {
    static final Path MAIN = Path.of("src/main/java");
    static final Path RUN_LISTENERS = MAIN.resolve("gilsim/metrics/RunListeners.java");
    static final Path RUN_LISTENER = MAIN.resolve("gilsim/metrics/RunListener.java");
    static final Pattern HANDLER = Pattern.compile("interface Handler \\{(.*?)\\n    \\}", Pattern.DOTALL);
    static final Pattern HANDLER_METHOD = Pattern.compile("void (on\\w+)\\((\\w+) e\\);");
    static final Pattern FIELD = Pattern.compile("(?:/\\*\\*([^\\n]*)\\*/\\s*\\n\\s*)?private final (\\w+) (\\w+);");
    static final Pattern DECLARED = Pattern.compile("public void (on\\w+)\\(");

    record Family(Path file, String pkg, String name, List<String[]> methods) {}

    record Field(String name, String type, boolean optional) {}

    public static void main(String[] args) throws IOException {
        boolean check = args.length > 0 && args[0].equals("--check");
        Map<String, Family> families = families();
        Map<Path, String> wanted = new LinkedHashMap<>();
        for (Family f : families.values()) {
            StringBuilder b = new StringBuilder();
            for (String[] m : f.methods()) {
                b.append("        default void ").append(m[0]).append('(').append(m[1]).append(" e) { onOther(e); }\n");
            }
            wanted.put(f.file(), replaceBetween(f.file(), "        // BEGIN GENERATED", "        // END GENERATED",
                    b.toString()));
        }
        wanted.put(RUN_LISTENERS, replaceBetween(RUN_LISTENERS, "    // BEGIN GENERATED", "    // END GENERATED",
                fanOut(families)));
        List<Path> stale = new ArrayList<>();
        for (Map.Entry<Path, String> e : wanted.entrySet()) {
            if (e.getValue().equals(Files.readString(e.getKey(), StandardCharsets.UTF_8))) continue;
            stale.add(e.getKey());
            if (!check) Files.writeString(e.getKey(), e.getValue(), StandardCharsets.UTF_8);
        }
        if (check && !stale.isEmpty()) {
            System.out.println("not as the events' declarations say: " + stale + "; write them with: java "
                    + "tools/events/GenerateListeners.java");
            System.exit(1);
        }
        System.out.println((check ? "up to date: " : stale.isEmpty() ? "unchanged: " : "wrote " + stale + "; ")
                + families.size() + " families, " + families.values().stream().mapToInt(f -> f.methods().size()).sum()
                + " events");
    }

    /** Every event family under src/main/java, by name. */
    static Map<String, Family> families() throws IOException {
        Map<String, Family> families = new LinkedHashMap<>();
        List<Path> files;
        try (Stream<Path> s = Files.walk(MAIN)) {
            files = s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        for (Path p : files) {
            String src = Files.readString(p, StandardCharsets.UTF_8);
            Matcher decl = Pattern.compile("public sealed interface (\\w+) extends TraceEvent\\.Family").matcher(src);
            if (!decl.find()) continue;
            Matcher handler = HANDLER.matcher(src);
            if (!handler.find()) throw new IllegalStateException(p + ": a family with no Handler");
            List<String[]> methods = new ArrayList<>();
            Matcher m = HANDLER_METHOD.matcher(handler.group(1));
            while (m.find()) methods.add(new String[] {m.group(1), m.group(2)});
            Matcher pkg = Pattern.compile("package ([\\w.]+);").matcher(src);
            pkg.find();
            families.put(decl.group(1), new Family(p, pkg.group(1), decl.group(1), methods));
        }
        return families;
    }

    /** RunListeners' methods: the families in RunListener's order, each one's events in its Handler's. */
    static String fanOut(Map<String, Family> families) throws IOException {
        String runListeners = Files.readString(RUN_LISTENERS, StandardCharsets.UTF_8);
        List<Field> fields = new ArrayList<>();
        Map<String, String> declared = new LinkedHashMap<>();
        Matcher m = FIELD.matcher(runListeners);
        while (m.find()) {
            Path file = MAIN.resolve("gilsim/metrics/" + m.group(2) + ".java");
            if (!Files.exists(file)) continue;
            String src = Files.readString(file, StandardCharsets.UTF_8);
            if (!src.contains("implements RunListener")) continue;
            if (src.contains("void onOther(")) {
                throw new IllegalStateException(file + " overrides onOther: a run listener reads the events it wants "
                        + "through their own methods, which RunListeners calls");
            }
            boolean optional = m.group(1) != null && m.group(1).trim().startsWith("Null when");
            fields.add(new Field(m.group(3), m.group(2), optional));
            StringBuilder names = new StringBuilder(" ");
            Matcher d = DECLARED.matcher(src);
            while (d.find()) names.append(d.group(1)).append(' ');
            declared.put(m.group(2), names.toString());
        }
        Matcher order = Pattern.compile("interface RunListener extends ([^{]+)\\{").matcher(
                Files.readString(RUN_LISTENER, StandardCharsets.UTF_8));
        if (!order.find()) throw new IllegalStateException(RUN_LISTENER + ": no extends clause");
        StringBuilder b = new StringBuilder();
        for (String listener : order.group(1).split(",")) {
            Family f = families.get(listener.trim().replace(".Listener", ""));
            if (f == null) throw new IllegalStateException(RUN_LISTENER + ": no family " + listener.trim());
            for (String[] method : f.methods()) {
                List<String> calls = new ArrayList<>();
                for (Field field : fields) {
                    if (!declared.get(field.type()).contains(" " + method[0] + " ")) continue;
                    calls.add((field.optional() ? "if (" + field.name() + " != null) " : "") + field.name() + "."
                            + method[0] + "(e);");
                }
                if (calls.isEmpty()) continue;
                // One line a method: generated, read rarely, and not a run of look-alike blocks (duplicates).
                b.append("    @Override public void ").append(method[0]).append('(').append(f.pkg()).append('.')
                        .append(f.name()).append('.').append(method[1]).append(" e) {");
                calls.forEach(c -> b.append(' ').append(c));
                b.append(" }\n");
            }
        }
        return b.toString();
    }

    /** The file with what lies between its two marker lines replaced by {@code body}. */
    static String replaceBetween(Path file, String begin, String end, String body) throws IOException {
        String src = Files.readString(file, StandardCharsets.UTF_8);
        int b = src.indexOf(begin);
        int e = src.indexOf(end);
        if (b < 0 || e < b) throw new IllegalStateException(file + ": no markers '" + begin.trim() + "'");
        int from = src.indexOf('\n', b) + 1;
        return src.substring(0, from) + body + src.substring(e);
    }
}
