package gilsim.sim;

import java.math.BigDecimal;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as users write them: {@code 5ms}, {@code 300us}, {@code 2s}, {@code 1500ns}; always integer nanoseconds
 * inside. The number and the unit are written together: {@code 5 ms} is refused everywhere (in {@code --set}, in
 * scenario files, in {@code --narrate} windows), so the same text means the same thing wherever it is typed.
 */
public final class Durations {
    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)(ns|us|µs|ms|s)");
    /** A number, then blanks, then a unit: the one near miss worth its own hint. */
    private static final Pattern SPACED = Pattern.compile("\\d+(?:\\.\\d+)?\\s+(ns|us|µs|ms|s)");
    /** Above this a duration is refused by {@link #parseOrMinus1}: sums of two still fit in a long. */
    private static final long LIMIT_NS = Long.MAX_VALUE / 2;

    private Durations() {}

    /**
     * Parses a duration, or throws {@link IllegalArgumentException} with a message that says what is wrong with the
     * text (not a duration, a space before the unit, a fraction of a nanosecond). A duration too long for a
     * {@code long} of nanoseconds comes back as {@link Long#MAX_VALUE}, so that the caller's range check names its
     * own ceiling.
     */
    public static long parse(String text) {
        String t = text.trim();
        Matcher m = FORM.matcher(t);
        if (!m.matches()) {
            if (SPACED.matcher(t).matches()) {
                throw new IllegalArgumentException("'" + t + "' is not a duration: write " + t.replaceAll("\\s+", "")
                        + ", no space");
            }
            throw new IllegalArgumentException("'" + t + "' is not a duration (write 5ms, 300us, 2s or 1500ns)");
        }
        // Exact decimal arithmetic: 1.003s is 1003000000 ns, which a double would miss by a fraction.
        BigDecimal value = new BigDecimal(m.group(1));
        long unit = switch (m.group(2)) {
            case "ns" -> 1L;
            case "us", "µs" -> 1_000L;
            case "ms" -> 1_000_000L;
            default -> 1_000_000_000L;
        };
        BigDecimal ns = value.multiply(BigDecimal.valueOf(unit));
        if (ns.stripTrailingZeros().scale() > 0) {
            throw new IllegalArgumentException("'" + t + "' is not a whole number of nanoseconds");
        }
        if (ns.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) return Long.MAX_VALUE;
        return ns.longValueExact();
    }

    /** Parses a duration; returns -1 when the text is not one, or is longer than half of {@link Long#MAX_VALUE}. */
    public static long parseOrMinus1(String text) {
        try {
            long ns = parse(text);
            return ns > LIMIT_NS ? -1 : ns;
        } catch (IllegalArgumentException e) {
            return -1;
        }
    }

    public static boolean isDuration(String text) {
        return parseOrMinus1(text) >= 0;
    }

    /** The shortest exact form: 5ms, 300us, 2s, 1500ns, 2500us. */
    public static String format(long ns) {
        return format(ns, ns == 0 ? 1 : unitNs(ns));
    }

    /** The largest of s, ms, us and ns that {@code ns} is a whole number of (s for 0). */
    public static long unitNs(long ns) {
        for (long u : new long[] {1_000_000_000L, 1_000_000L, 1_000L}) if (ns % u == 0) return u;
        return 1;
    }

    /** {@code ns} in {@code unitNs}, one of {@link #unitNs}'s units, which it must be a whole number of. */
    public static String format(long ns, long unitNs) {
        String suffix = unitNs == 1_000_000_000L ? "s" : unitNs == 1_000_000L ? "ms" : unitNs == 1_000L ? "us" : "ns";
        return ns / unitNs + suffix;
    }

    /** A rounded human form for reports: 1.23 s, 14.2 ms, 35 us. */
    public static String human(long ns) {
        if (ns >= 1_000_000_000L) return String.format(java.util.Locale.ROOT, "%.2f s", ns / 1e9);
        if (ns >= 1_000_000L) return String.format(java.util.Locale.ROOT, "%.1f ms", ns / 1e6);
        if (ns >= 1_000L) return String.format(java.util.Locale.ROOT, "%.0f us", ns / 1e3);
        return ns + " ns";
    }
}
