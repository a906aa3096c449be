package gilsim.search;

import java.util.ArrayList;
import java.util.List;

/**
 * Shrinks a failing configuration to a smallest one that still fails, key by key in the space's shrink order
 * (fewest threads, then smallest counts, false before true, the first choice, shortest durations), repeating
 * the pass until nothing moves, since a smaller value of one key can let another shrink further.
 *
 * <ul>
 *   <li>A discrete key first tries its lowest value; if that passes, a numeric key bisects between the two by
 *       position in its list, and a boolean or a choice tries the values before it in order.
 *   <li>A continuous duration first tries the low end of its range; if that passes, it bisects between a value
 *       that passes and one that fails until the two are within 1% of the failing one: the verdict flips there.
 * </ul>
 *
 * The verdict need not be monotone in a key; bisection then finds one flip, not necessarily the lowest. Every
 * decision depends only on the verdicts, so shrinking is as deterministic as the runs.
 */
public final class Shrinker {
    /** Passes over all keys; each pass but the last moved some key. */
    private static final int MAX_PASSES = 4;
    /** Bisection stops when the fair and failing values are this close, relative to the failing one. */
    private static final double FLIP_TOLERANCE = 0.01;

    /** Where the verdict of one key flips, the rest of the configuration held: a value that passes, one that fails. */
    public record Flip(String key, String passes, String fails) {}

    /** The outcome: the smallest failing configuration, its flips, and the work it took. */
    public record Result(ConfigResult smallest, List<Flip> flips, int candidates, long runs) {
        public Result {
            flips = List.copyOf(flips);
        }
    }

    private final ConfigSpace space;
    private final Evaluator evaluator;
    private int candidates;

    public Shrinker(ConfigSpace space, Evaluator evaluator) {
        this.space = space;
        this.evaluator = evaluator;
    }

    public Result shrink(ConfigResult failing) {
        if (!failing.fails()) throw new IllegalArgumentException("shrinking needs a failing configuration");
        long runsBefore = evaluator.runs();
        Config current = failing.config();
        Flip[] flips = new Flip[space.ranges().size()];
        for (int pass = 0; pass < MAX_PASSES; pass++) {
            boolean moved = false;
            for (int i : space.shrinkOrder()) {
                Range r = space.ranges().get(i);
                Object before = current.get(i);
                current = r.continuous() ? bisect(current, i, flips) : shrinkDiscrete(current, i, flips);
                if (!current.get(i).equals(before)) moved = true;
            }
            if (!moved) break;
        }
        List<Flip> found = new ArrayList<>();
        for (int i : space.shrinkOrder()) if (flips[i] != null) found.add(flips[i]);
        return new Result(evaluator.evaluate(current), found, candidates, evaluator.runs() - runsBefore);
    }

    private Config shrinkDiscrete(Config c, int i, Flip[] flips) {
        Range r = space.ranges().get(i);
        List<Object> values = r.values();
        int at = values.indexOf(c.get(i));
        if (at == 0) {
            flips[i] = null;
            return c;
        }
        if (fails(c.with(i, values.get(0)))) {
            flips[i] = null;
            return c.with(i, values.get(0));
        }
        boolean numeric = switch (r.key().kind()) {
            case COUNT, DURATION -> true;
            default -> false;
        };
        if (!numeric) {
            for (int j = 1; j < at; j++) {
                if (fails(c.with(i, values.get(j)))) return c.with(i, values.get(j));
            }
            return c;
        }
        int passes = 0;
        int failsAt = at;
        while (failsAt - passes > 1) {
            int mid = (passes + failsAt) >>> 1;
            if (fails(c.with(i, values.get(mid)))) failsAt = mid;
            else passes = mid;
        }
        flips[i] = new Flip(r.name(), r.format(values.get(passes)), r.format(values.get(failsAt)));
        return c.with(i, values.get(failsAt));
    }

    private Config bisect(Config c, int i, Flip[] flips) {
        Range r = space.ranges().get(i);
        long failsNs = (Long) c.get(i);
        if (failsNs == r.lowNs()) {
            flips[i] = null;
            return c;
        }
        if (fails(c.with(i, r.lowNs()))) {
            flips[i] = null;
            return c.with(i, r.lowNs());
        }
        long passesNs = r.lowNs();
        while (failsNs - passesNs > FLIP_TOLERANCE * failsNs && failsNs - passesNs > 1) {
            long mid = roundedMidpoint(passesNs, failsNs);
            if (fails(c.with(i, mid))) failsNs = mid;
            else passesNs = mid;
        }
        flips[i] = new Flip(r.name(), r.format(passesNs), r.format(failsNs));
        return c.with(i, failsNs);
    }

    /**
     * The midpoint, rounded to a power of ten no bigger than a tenth of the gap, so bisected values read as
     * 4.95ms rather than 4951171ns; still strictly between the two ends.
     */
    static long roundedMidpoint(long low, long high) {
        long mid = low + (high - low) / 2;
        long unit = 1;
        while (unit * 100 <= high - low) unit *= 10;
        long rounded = Math.round((double) mid / unit) * unit;
        return rounded > low && rounded < high ? rounded : mid;
    }

    private boolean fails(Config c) {
        candidates++;
        return evaluator.evaluate(c).fails();
    }
}
