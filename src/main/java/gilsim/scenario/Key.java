package gilsim.scenario;

import gilsim.sim.Durations;
import java.util.List;

/** One scenario key: its name, kind, default and a line of help. */
public record Key(String name, Kind kind, String defaultValue, List<String> choices, String help) {
    public enum Kind { DURATION, COUNT, BOOL, CHOICE }

    public static Key duration(String name, String defaultValue, String help) {
        return new Key(name, Kind.DURATION, defaultValue, List.of(), help);
    }

    public static Key count(String name, String defaultValue, String help) {
        return new Key(name, Kind.COUNT, defaultValue, List.of(), help);
    }

    public static Key bool(String name, String defaultValue, String help) {
        return new Key(name, Kind.BOOL, defaultValue, List.of(), help);
    }

    public static Key choice(String name, String defaultValue, List<String> choices, String help) {
        return new Key(name, Kind.CHOICE, defaultValue, List.copyOf(choices), help);
    }

    /** The same key with another default (a built-in's or a file's). */
    public Key withDefault(String value) {
        return new Key(name, kind, value, choices, help);
    }

    /** Parses {@code text} for this key; returns the typed value or throws with a message naming the key. */
    public Object parse(String text) {
        String v = text.trim();
        switch (kind) {
            case DURATION: {
                long ns = Durations.parseOrMinus1(v);
                if (ns < 0) {
                    throw new IllegalArgumentException("'" + v + "' is not a duration (write 5ms, 300us, 2s or 1500ns)");
                }
                return ns;
            }
            case COUNT: {
                long n;
                try {
                    n = Long.parseLong(v);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("'" + v + "' is not a whole number");
                }
                if (n <= 0) throw new IllegalArgumentException("must be at least 1, got " + v);
                return n;
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

    /** The canonical text of a typed value, as {@code --set} accepts it back. */
    public String format(Object value) {
        return kind == Kind.DURATION ? Durations.format((Long) value) : String.valueOf(value);
    }
}
