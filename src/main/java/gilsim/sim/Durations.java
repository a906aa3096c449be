package gilsim.sim;

import java.math.BigDecimal;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as users write them: {@code 5ms}, {@code 300us}, {@code 2s}, {@code 1500ns}; always integer nanoseconds inside. */
public final class Durations {
    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ns|us|µs|ms|s)");

    private Durations() {}

    /** Parses a duration; returns -1 when the text is not one. */
    public static long parseOrMinus1(String text) {
        Matcher m = FORM.matcher(text.trim());
        if (!m.matches()) return -1;
        // Exact decimal arithmetic: 1.003s is 1003000000 ns, which a double would miss by a fraction.
        BigDecimal value = new BigDecimal(m.group(1));
        long unit = switch (m.group(2)) {
            case "ns" -> 1L;
            case "us", "µs" -> 1_000L;
            case "ms" -> 1_000_000L;
            default -> 1_000_000_000L;
        };
        BigDecimal ns = value.multiply(BigDecimal.valueOf(unit));
        if (ns.stripTrailingZeros().scale() > 0 || ns.compareTo(BigDecimal.valueOf(Long.MAX_VALUE / 2)) > 0) {
            return -1;
        }
        return ns.longValueExact();
    }

    public static boolean isDuration(String text) {
        return parseOrMinus1(text) >= 0;
    }

    /** The shortest exact form: 5ms, 300us, 2s, 1500ns, 2500us. */
    public static String format(long ns) {
        if (ns != 0 && ns % 1_000_000_000L == 0) return ns / 1_000_000_000L + "s";
        if (ns != 0 && ns % 1_000_000L == 0) return ns / 1_000_000L + "ms";
        if (ns != 0 && ns % 1_000L == 0) return ns / 1_000L + "us";
        return ns + "ns";
    }

    /** A rounded human form for reports: 1.23 s, 14.2 ms, 35 us. */
    public static String human(long ns) {
        if (ns >= 1_000_000_000L) return String.format(java.util.Locale.ROOT, "%.2f s", ns / 1e9);
        if (ns >= 1_000_000L) return String.format(java.util.Locale.ROOT, "%.1f ms", ns / 1e6);
        if (ns >= 1_000L) return String.format(java.util.Locale.ROOT, "%.0f us", ns / 1e3);
        return ns + " ns";
    }
}
