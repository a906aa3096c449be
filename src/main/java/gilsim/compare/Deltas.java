package gilsim.compare;

import gilsim.metrics.Figures;
import gilsim.metrics.Metric;
import gilsim.metrics.Metrics;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An arm's figures against the as-is arm's: what the fix buys (shorter waits) and what it costs (a thread's share or
 * pace, switches, a pool's latency and throughput). For each compared metric ({@link Metric.Compared}) the
 * difference is the arm's figure minus the as-is one, and the change the relative difference ({@code -0.056}: 5.6 %
 * less), as its declaration asks; either is null where the as-is figure is undefined (or 0, for a change) or either
 * run lacks the part (a pool, a thread).
 *
 * @param figures         the run's, the GIL's and the pool's compared metrics, in {@link Metrics#compared} order
 * @param threads         one per thread of the arm, matched to the as-is arm's thread of the same name
 * @param largestPaceLoss the thread whose rounds a second fell the most, and by how much; null when none fell
 */
public record Deltas(long maxWaitNs, long waitP99Ns, Map<Metric<?, ?>, Delta> figures, List<ThreadDelta> threads,
                     ThreadDelta largestPaceLoss) {
    public Deltas {
        figures = Collections.unmodifiableMap(new LinkedHashMap<>(figures));
        threads = List.copyOf(threads);
    }

    /**
     * One metric's difference (a {@code Long} or a {@code Double}) and relative change, each null where the
     * declaration asks for none or it is undefined.
     */
    public record Delta(Number difference, Double change) {
        static final Delta NONE = new Delta(null, null);
    }

    /** One thread's differences, by metric, in {@link Metrics#compared} order. */
    public record ThreadDelta(String name, Map<Metric<?, ?>, Delta> figures) {
        public ThreadDelta {
            figures = Collections.unmodifiableMap(new LinkedHashMap<>(figures));
        }

        public Delta of(Metric<?, ?> m) {
            return figures.getOrDefault(m, Delta.NONE);
        }

        /** The share's difference, a fraction of the run; null without one. */
        public Double gilShare() {
            return (Double) of(Metrics.GIL_SHARE).difference();
        }

        /** The relative change of its rounds per second. */
        public Double roundsPerSecondChange() {
            return of(Metrics.ROUNDS_PER_S).change();
        }
    }

    /** The run-level, GIL and pool metrics compare shows. */
    public static final List<Metric<?, ?>> RUN_FIGURES = concat(Metrics.compared(Metrics.RUN),
            Metrics.compared(Metrics.GIL), Metrics.compared(Metrics.POOL));
    /** The thread metrics compare shows. */
    public static final List<Metric<?, ?>> THREAD_FIGURES = Metrics.compared(Metrics.THREAD_ALL);

    /**
     * The compared metrics that {@code compare} and the report page showed before the metric table drove them: the
     * views that placed them by hand (in the CSV's published column order, the text's share in points and pace as
     * rounds a second, the page's rows and its buys and costs) keep those places and forms. Every other compared
     * metric shows in each view in a generic form read off its declaration; this set does not grow.
     */
    public static final Set<Metric<?, ?>> LAID_OUT = Set.of(Metrics.GIL_SHARE, Metrics.ROUNDS, Metrics.ROUNDS_PER_S,
            Metrics.SWITCHES, Metrics.DROP_REQUESTS, Metrics.FORCED_SWITCHES, Metrics.LATENCY_P99_NS,
            Metrics.LATENCY_RAW_P99_NS, Metrics.LATENCY_MAX_NS, Metrics.THROUGHPUT_RPS, Metrics.ORDER_VERDICT);

    public static Deltas of(ArmFigures arm, ArmFigures asIs) {
        List<ThreadDelta> threads = new ArrayList<>();
        ThreadDelta loss = null;
        // A free-threaded run has no share to lose: a share's difference needs a GIL on both sides.
        boolean shares = arm.tookGil() && asIs.tookGil();
        for (Figures t : arm.threads()) {
            Figures base = asIs.thread(t.name());
            Map<Metric<?, ?>, Delta> figures = new LinkedHashMap<>();
            for (Metric<?, ?> m : THREAD_FIGURES) {
                figures.put(m, m == Metrics.GIL_SHARE && !shares ? Delta.NONE : delta(m, t, base));
            }
            ThreadDelta d = new ThreadDelta(t.name(), figures);
            threads.add(d);
            Double pace = d.roundsPerSecondChange();
            if (pace != null && pace < 0 && (loss == null || pace < loss.roundsPerSecondChange())) loss = d;
        }
        Map<Metric<?, ?>, Delta> figures = new LinkedHashMap<>();
        for (Metric<?, ?> m : RUN_FIGURES) figures.put(m, delta(m, arm.part(m), asIs.part(m)));
        return new Deltas(arm.maxWait().ns() - asIs.maxWait().ns(), arm.waitP99().ns() - asIs.waitP99().ns(),
                figures, threads, loss);
    }

    /** The metric's difference and change as its declaration asks; none when either side lacks the part. */
    private static Delta delta(Metric<?, ?> m, Figures now, Figures before) {
        if (now == null || before == null) return Delta.NONE;
        Object a = now.get(m);
        Object b = before.get(m);
        Number difference = null;
        if (m.compared().delta().difference()) {
            if (a instanceof Long x && b instanceof Long y) difference = x - y;
            else if (a instanceof Double x && b instanceof Double y) difference = x - y;
        }
        Double change = m.compared().delta().change() ? change(num(a), num(b)) : null;
        return new Delta(difference, change);
    }

    private static Double num(Object v) {
        return v instanceof Number n ? n.doubleValue() : null;
    }

    /** {@code now / before - 1}; null when either is undefined or {@code before} is 0. */
    static Double change(Double now, Double before) {
        if (now == null || before == null || before == 0) return null;
        return now / before - 1;
    }

    /** The difference of a run-level, GIL or pool metric. */
    public Delta of(Metric<?, ?> m) {
        return figures.getOrDefault(m, Delta.NONE);
    }

    /** The difference for the thread of that name, or null. */
    public ThreadDelta thread(String name) {
        for (ThreadDelta t : threads) if (t.name().equals(name)) return t;
        return null;
    }

    @SafeVarargs
    static List<Metric<?, ?>> concat(List<Metric<?, ?>>... lists) {
        List<Metric<?, ?>> out = new ArrayList<>();
        for (List<Metric<?, ?>> l : lists) out.addAll(l);
        return List.copyOf(out);
    }
}
