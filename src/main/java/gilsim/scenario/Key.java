package gilsim.scenario;

import gilsim.sim.Durations;
import java.math.BigInteger;
import java.util.List;

/**
 * One scenario key: its name, kind, default, the range of values the model can run, and a line of help.
 *
 * @param min the least value (nanoseconds for a duration, the count for a count); unused for booleans and choices
 * @param max the greatest value, likewise
 */
public record Key(String name, Kind kind, String defaultValue, List<String> choices, long min, long max,
                  String help) {
    public enum Kind { DURATION, COUNT, BOOL, CHOICE }

    /**
     * The longest duration any key or step may have: one hour of simulated time. Both built-ins run an hour within
     * the default event budget (slice-rotation needs about 40 million events), and a simulated time that is at most
     * a few such durations added together stays far below {@link Long#MAX_VALUE} nanoseconds (292 years), so no
     * sum of durations in the model can overflow.
     */
    public static final long MAX_DURATION_NS = 3_600_000_000_000L;

    public Key {
        choices = List.copyOf(choices);
        if (min > max) throw new IllegalArgumentException(name + ": min " + min + " > max " + max);
    }

    /** A duration from 0ns to {@link #MAX_DURATION_NS}. */
    public static Key duration(String name, String defaultValue, String help) {
        return duration(name, defaultValue, 0, MAX_DURATION_NS, help);
    }

    public static Key duration(String name, String defaultValue, long minNs, long maxNs, String help) {
        return new Key(name, Kind.DURATION, defaultValue, List.of(), minNs, maxNs, help);
    }

    /** A count of at least 1 and at most {@code max}. */
    public static Key count(String name, String defaultValue, long max, String help) {
        return new Key(name, Kind.COUNT, defaultValue, List.of(), 1, max, help);
    }

    /** A whole percentage, 0 to 100. */
    public static Key percent(String name, String defaultValue, String help) {
        return new Key(name, Kind.COUNT, defaultValue, List.of(), 0, 100, help);
    }

    /** A whole percentage, 0 to {@code max}. */
    public static Key percent(String name, String defaultValue, long max, String help) {
        return new Key(name, Kind.COUNT, defaultValue, List.of(), 0, max, help);
    }

    /** A whole number of thousandths, 0 to 1000. */
    public static Key permille(String name, String defaultValue, String help) {
        return new Key(name, Kind.COUNT, defaultValue, List.of(), 0, 1000, help);
    }

    public static Key bool(String name, String defaultValue, String help) {
        return new Key(name, Kind.BOOL, defaultValue, List.of(), 0, 0, help);
    }

    public static Key choice(String name, String defaultValue, List<String> choices, String help) {
        return new Key(name, Kind.CHOICE, defaultValue, choices, 0, 0, help);
    }

    /** The same key with another default (a built-in's or a file's). */
    public Key withDefault(String value) {
        return new Key(name, kind, value, choices, min, max, help);
    }

    /**
     * Parses {@code text} for this key and checks it against the key's range; returns the typed value or throws
     * {@link IllegalArgumentException} with a message that names the limit (the caller prefixes the key).
     */
    public Object parse(String text) {
        String v = text.trim();
        switch (kind) {
            case DURATION:
                return inRange(Durations.parse(v), v);
            case COUNT: {
                if (!v.matches("[+-]?\\d+")) throw new IllegalArgumentException("'" + v + "' is not a whole number");
                BigInteger n = new BigInteger(v);
                if (n.compareTo(BigInteger.valueOf(Long.MAX_VALUE)) > 0) return inRange(Long.MAX_VALUE, v);
                if (n.compareTo(BigInteger.valueOf(Long.MIN_VALUE)) < 0) return inRange(Long.MIN_VALUE, v);
                return inRange(n.longValueExact(), v);
            }
            case BOOL:
                if (v.equals("true") || v.equals("false")) return Boolean.valueOf(v);
                throw new IllegalArgumentException("'" + v + "' is not true or false");
            default:
                if (!choices.contains(v)) {
                    throw new IllegalArgumentException("'" + v + "' is not one of " + String.join(", ", choices));
                }
                return v;
        }
    }

    private long inRange(long value, String text) {
        if (value < min) throw new IllegalArgumentException("must be at least " + limit(min) + ", got " + text);
        if (value > max) throw new IllegalArgumentException("must be at most " + limit(max) + ", got " + text);
        return value;
    }

    /** A limit as it would be written: {@code 1us}, {@code 3600s}, {@code 1024}. */
    public String limit(long value) {
        return kind == Kind.DURATION ? Durations.format(value) : String.valueOf(value);
    }

    /** The canonical text of a typed value, as {@code --set} accepts it back. */
    public String format(Object value) {
        return kind == Kind.DURATION ? Durations.format((Long) value) : String.valueOf(value);
    }
}
