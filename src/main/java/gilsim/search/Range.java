package gilsim.search;

import gilsim.scenario.InputError;
import gilsim.scenario.Key;
import gilsim.scenario.Nearest;
import gilsim.scenario.Scenario;
import gilsim.scenario.Waiters;
import gilsim.sim.Durations;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * The values one scenario key may take in a search, as written after {@code --over}.
 *
 * <ul>
 *   <li>{@code threads=2..8}, {@code threads=2..8:2}: counts, every value (or every step) from low to high;
 *       a pool's {@code waiters=1..7} searches threads 2..8 under that name ({@link Waiters});
 *   <li>{@code work=500us..10ms}: a continuous duration range; {@code view=100us..400us:100us} steps through it;
 *   <li>{@code pinned=false..true} or {@code pinned=*}: both booleans; {@code policy=*}: every choice;
 *   <li>{@code a,b,c}: a list of any kind; a single value fixes the key.
 * </ul>
 *
 * Values are typed as {@link gilsim.scenario.Params} holds them: Long nanoseconds, Long counts, Boolean, String.
 * A discrete range lists its values from "smallest" to "largest": ascending numbers, false before true, choices in
 * the order written; the shrinker moves towards the front.
 *
 * @param values the discrete values, or empty for a continuous duration range
 * @param lowNs  for a continuous range, its ends in nanoseconds
 */
public record Range(Key key, String spec, List<Object> values, long lowNs, long highNs) {
    /** The most values a stepped range or a list may have. */
    public static final int MAX_VALUES = 100_000;

    public Range {
        values = List.copyOf(values);
        if (values.isEmpty() && key.kind() != Key.Kind.DURATION) {
            throw new IllegalArgumentException(key.name() + ": only a duration range can be continuous");
        }
    }

    public String name() {
        return key.name();
    }

    /** A duration range without a step: drawn at random, bisected when shrinking. */
    public boolean continuous() {
        return values.isEmpty();
    }

    public String format(Object value) {
        return key.format(value);
    }

    /**
     * The generator QuickTheories draws this key from. Its boundary-skewed distribution gives the ends of the
     * range first. Continuous durations are rounded to three significant digits, so a row reads 4.57ms rather
     * than 4572312ns; the ends are kept exact.
     */
    public Gen<Object> gen() {
        if (!continuous()) return Generate.pick(values);
        return Generate.longRange(lowNs, highNs).map(ns -> (Object) clamp(roundToSignificant(ns, 3)));
    }

    /** Where {@code value} sits in a discrete range (its rank, for ordering); the value itself when continuous. */
    public long rank(Object value) {
        return continuous() ? (Long) value : values.indexOf(value);
    }

    long clamp(long ns) {
        return Math.max(lowNs, Math.min(highNs, ns));
    }

    /** Rounds to {@code digits} significant decimal digits. */
    static long roundToSignificant(long ns, int digits) {
        if (ns <= 0) return ns;
        long unit = 1;
        while (ns / unit >= pow10(digits)) unit *= 10;
        return Math.round((double) ns / unit) * unit;
    }

    private static long pow10(int n) {
        long p = 1;
        for (int i = 0; i < n; i++) p *= 10;
        return p;
    }

    /** Parses {@code key=spec} against the scenario's keys; throws {@link InputError} naming the option. */
    public static Range parse(Scenario scenario, String option) {
        int eq = option.indexOf('=');
        if (eq <= 0) throw new InputError("--over " + option + ": expected key=LOW..HIGH, key=a,b,c or key=*");
        String name = option.substring(0, eq).trim();
        String spec = option.substring(eq + 1).trim();
        Key key = scenario.key(name);
        if (key == null && name.equals(Waiters.NAME)) key = scenario.requireWaiters("--over " + option);
        if (key == null) {
            List<String> names = scenario.keys().stream().map(Key::name).toList();
            throw new InputError("--over " + option + ": unknown key '" + name + "' for scenario " + scenario.name()
                    + Nearest.suggestion(name, names) + " (keys: " + String.join(", ", names) + ")");
        }
        String unused = scenario.unusedReason(name);
        if (unused != null) throw new InputError("--over " + option + ": " + unused);
        try {
            return parse(key, spec);
        } catch (IllegalArgumentException e) {
            throw new InputError("--over " + option + ": " + name + ": " + e.getMessage());
        }
    }

    private static Range parse(Key key, String spec) {
        if (spec.equals("*")) {
            return switch (key.kind()) {
                case BOOL -> discrete(key, spec, List.of(false, true));
                case CHOICE -> discrete(key, spec, List.copyOf(key.choices()));
                default -> throw new IllegalArgumentException("'*' is for booleans and choices; write LOW..HIGH");
            };
        }
        int dots = spec.indexOf("..");
        if (dots < 0) {
            List<Object> list = new ArrayList<>();
            for (String part : spec.split(",", -1)) {
                if (part.isBlank()) {
                    throw new IllegalArgumentException(spec.isBlank() ? "no value; write LOW..HIGH, a list a,b,c or *"
                            : "an empty value in the list '" + spec + "'");
                }
                if (list.size() == MAX_VALUES) throw new IllegalArgumentException("a list takes at most " + MAX_VALUES
                        + " values");
                list.add(key.parse(part));
            }
            return discrete(key, spec, ordered(key, list));
        }
        String lowText = spec.substring(0, dots);
        String rest = spec.substring(dots + 2);
        int colon = rest.indexOf(':');
        String highText = colon < 0 ? rest : rest.substring(0, colon);
        String stepText = colon < 0 ? null : rest.substring(colon + 1);
        switch (key.kind()) {
            case BOOL: {
                if (stepText != null) throw new IllegalArgumentException("a boolean range takes no step");
                return discrete(key, spec, ordered(key, List.of(key.parse(lowText), key.parse(highText))));
            }
            case CHOICE:
                throw new IllegalArgumentException("choices have no order: write '*' or a list a,b,c");
            case COUNT: {
                long low = (Long) key.parse(lowText);
                long high = (Long) key.parse(highText);
                long step = stepText == null ? 1 : stepCount(stepText);
                checkOrder(low, high, lowText, highText);
                return discrete(key, spec, steps(low, high, step));
            }
            default: {
                long low = (Long) key.parse(lowText);
                long high = (Long) key.parse(highText);
                checkOrder(low, high, lowText, highText);
                if (stepText == null) return new Range(key, spec, List.of(), low, high);
                long step = Durations.parse(stepText);
                if (step <= 0) throw new IllegalArgumentException("the step must be more than 0");
                return discrete(key, spec, steps(low, high, step));
            }
        }
    }

    /** A count range's step: a whole number of at least 1; the key's own limits bound its values, not its step. */
    private static long stepCount(String text) {
        try {
            long step = Long.parseLong(text.trim());
            if (step > 0) return step;
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("the step '" + text.trim() + "' is not a whole number of at least 1");
    }

    /**
     * {@code low, low + step, ...} up to {@code high}, at most {@value #MAX_VALUES} values. Counted by index, not by
     * adding to the value, so a range that ends near {@code Long.MAX_VALUE} cannot wrap around.
     */
    private static List<Object> steps(long low, long high, long step) {
        long span = high - low; // negative only if it overflowed: far too many values either way
        long count = span < 0 ? Long.MAX_VALUE : span / step + 1;
        if (count > MAX_VALUES) {
            throw new IllegalArgumentException((span < 0 ? "too many" : Long.toString(count))
                    + " values; a stepped range takes at most " + MAX_VALUES
                    + " (take a larger step)");
        }
        List<Object> list = new ArrayList<>();
        for (long i = 0; i < count; i++) list.add(low + i * step);
        return list;
    }

    private static void checkOrder(long low, long high, String lowText, String highText) {
        if (low > high) throw new IllegalArgumentException(lowText + " is more than " + highText);
    }

    private static Range discrete(Key key, String spec, List<Object> values) {
        return new Range(key, spec, values, 0, 0);
    }

    /** Numbers ascending without repeats, false before true; choices as written (the first is the simplest). */
    private static List<Object> ordered(Key key, List<Object> list) {
        if (key.kind() == Key.Kind.CHOICE) return List.copyOf(new java.util.LinkedHashSet<>(list));
        Comparator<Object> order = key.kind() == Key.Kind.BOOL
                ? Comparator.comparing(o -> (Boolean) o)
                : Comparator.comparing(o -> (Long) o);
        TreeSet<Object> sorted = new TreeSet<>(order);
        sorted.addAll(list);
        return List.copyOf(sorted);
    }

    /** The range as the user wrote it, for headers. */
    @Override
    public String toString() {
        return name() + "=" + spec;
    }
}
