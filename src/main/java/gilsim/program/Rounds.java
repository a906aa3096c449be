package gilsim.program;

import java.util.List;

/**
 * A program's rounds as written: its outer loop (the first loop of its top-level steps, whose passes the runner
 * reports as {@link ProgramEvent}s) and the nominal length of one pass, the sum of its steps' durations. A run's
 * round times are read against it (a thread's slowdown, a validation's starvation threshold).
 */
public final class Rounds {
    private Rounds() {}

    /** The first loop of the top-level steps; null when there is none. */
    public static Step.Loop outerLoop(List<Step> program) {
        for (Step s : program) if (s instanceof Step.Loop l) return l;
        return null;
    }

    /** Whether the outer loop runs forever (and has steps to run). */
    public static boolean outerLoopForever(List<Step> program) {
        Step.Loop l = outerLoop(program);
        return l != null && l.times() < 0 && !l.body().isEmpty();
    }

    /**
     * The step durations of one pass of the outer loop, saturating at Long.MAX_VALUE; -1 with no loop (or one of no
     * pass or no step) or an endless pass (a loop forever inside it).
     */
    public static long nominalRoundNs(List<Step> program) {
        Step.Loop l = outerLoop(program);
        if (l == null || l.times() == 0 || l.body().isEmpty()) return -1;
        return length(l.body());
    }

    /**
     * The steps' total duration, saturating at Long.MAX_VALUE; -1 when a loop inside runs forever or a step's length
     * is unknown here.
     */
    static long length(List<Step> steps) {
        long total = 0;
        for (Step s : steps) {
            long d;
            if (s instanceof Step.Timed t) d = t.ns();
            else if (s instanceof Step.Lock || s instanceof Step.Unlock || s instanceof Step.Put
                    || s instanceof Step.Get || s instanceof Step.Answer) {
                continue; // no time of their own: a wait for a lock or an item is not nominal
            } else if (s instanceof Step.Select) {
                return -1; // which branch runs, and how often, is the run's
            } else if (s instanceof Step.Loop l) {
                if (l.times() == 0) continue;
                long body = length(l.body());
                if (body < 0 || (l.times() < 0 && body > 0)) return -1;
                if (l.times() < 0) continue; // a loop forever over nothing never runs: the runner skips it
                d = body == 0 ? 0 : (body > Long.MAX_VALUE / l.times() ? Long.MAX_VALUE : body * l.times());
            } else {
                throw new AssertionError("a step with no nominal length: " + s);
            }
            total = saturatedAdd(total, d);
        }
        return total;
    }

    /** a + b, or Long.MAX_VALUE where it would overflow. */
    public static long saturatedAdd(long a, long b) {
        long r = a + b;
        return ((a ^ r) & (b ^ r)) < 0 ? Long.MAX_VALUE : r;
    }
}
