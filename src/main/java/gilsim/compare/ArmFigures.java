package gilsim.compare;

import gilsim.metrics.Figures;
import gilsim.metrics.Metric;
import gilsim.metrics.Metrics;
import gilsim.metrics.Summary;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One arm's run and the figures the comparison shows, each read off the run's {@link Summary} (so each equals what
 * {@code gilsim run ... --json} prints for the same scenario, keys and seed): the metrics {@link Metrics} declares
 * {@code compared}, and the headline, the longest and the worst 99th-percentile wait and whose they are. Times are
 * nanoseconds.
 *
 * @param runArgs the {@code gilsim} words that replay the arm: {@code run NAME [--machine FILE] [--set KEY=VALUE]...
 *                --seed N}, every {@code --set} the user's and then the arm's
 * @param maxWait the longest GIL wait of any thread, and whose (the first such thread in thread order)
 * @param waitP99 the highest 99th percentile of a thread's GIL waits, and whose
 */
public record ArmFigures(Arm arm, List<String> runArgs, Summary summary, Wait maxWait, Wait waitP99) {
    public ArmFigures {
        runArgs = List.copyOf(runArgs);
    }

    /** A wait and the thread that waited it. */
    public record Wait(String thread, long ns) {}

    public static ArmFigures of(Arm arm, List<String> runArgs, Summary s) {
        return new ArmFigures(arm, runArgs, s, worst(s, Metrics.WAIT_MAX_NS), worst(s, Metrics.WAIT_P99_NS));
    }

    /** The thread with the largest figure; the first of equals, so the same run always names the same thread. */
    private static Wait worst(Summary s, Metric<?, Long> figure) {
        if (s.threads().isEmpty()) return new Wait(null, 0);
        Figures worst = s.threads().get(0);
        for (Figures t : s.threads()) if (t.get(figure) > worst.get(figure)) worst = t;
        return new Wait(worst.name(), worst.get(figure));
    }

    public String verdict() {
        return summary.verdict();
    }

    public List<String> starvedThreads() {
        return summary.starvedThreads();
    }

    public List<Figures> threads() {
        return summary.threads();
    }

    /** The thread of that name, or null when this run has none (an arm may change the thread count). */
    public Figures thread(String name) {
        for (Figures t : summary.threads()) if (t.name().equals(name)) return t;
        return null;
    }

    public Figures gil() {
        return summary.gil();
    }

    /**
     * The pool's figures; for a scenario with arrivals, its requests' under the pool metrics of the same meaning
     * (requests answered, latency p99, raw and corrected, and max, throughput; no order probe); null for a scenario
     * with neither. The corrected p99 is the raw one for open-loop arrivals, which need no correction.
     */
    public Figures pool() {
        if (summary.pool() != null || summary.requests() == null) return summary.pool();
        Figures r = summary.requests();
        Map<Metric<?, ?>, Object> values = new LinkedHashMap<>();
        for (Metric<?, ?> m : Metrics.POOL) {
            Object value = null;
            for (Metric<?, ?> same : Metrics.REQUESTS) if (same.name().equals(m.name())) value = r.get(same);
            if (m == Metrics.LATENCY_RAW_P99_NS) value = r.get(Metrics.REQUEST_LATENCY_P99_NS);
            if (m == Metrics.LATENCY_P99_NS && r.get(Metrics.REQUEST_LATENCY_CORRECTED_P99_NS) != null) {
                value = r.get(Metrics.REQUEST_LATENCY_CORRECTED_P99_NS);
            }
            values.put(m, value);
        }
        return new Figures(null, values);
    }

    /**
     * The part of the run that holds a metric of scope run, GIL or pool (a thread's: {@link #thread}); null when
     * the run has none (no pool).
     */
    public Figures part(Metric<?, ?> m) {
        return switch (m.scope()) {
            case RUN -> summary.run();
            case GIL -> summary.gil();
            case POOL -> pool();
            default -> throw new IllegalArgumentException(m.name() + " is a metric of each " + m.scope());
        };
    }

    /**
     * Whether any thread took a GIL: not in a free-threaded run, where a GIL share is 0 for every thread and says
     * nothing about its progress.
     */
    public boolean tookGil() {
        return summary.threads().stream().anyMatch(t -> t.get(Metrics.GIL_ACQUISITIONS) > 0);
    }

    public boolean starves() {
        return summary.starves();
    }
}
