package gilsim.compare;

import gilsim.metrics.Summary;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * One arm's run, the figures the comparison shows, each read off the run's {@link Summary} (so each equals what
 * {@code gilsim run ... --json} prints for the same scenario, keys and seed). Times are nanoseconds.
 *
 * @param runArgs the {@code gilsim} words that replay the arm: {@code run NAME [--machine FILE] [--set KEY=VALUE]...
 *                --seed N}, every {@code --set} the user's and then the arm's
 * @param maxWait the longest GIL wait of any thread, and whose (the first such thread in thread order)
 * @param waitP99 the highest 99th percentile of a thread's GIL waits, and whose
 * @param pool    the pool's figures; null for a scenario without a pool
 */
public record ArmFigures(Arm arm, List<String> runArgs, Summary summary, String verdict,
                         List<String> starvedThreads, Wait maxWait, Wait waitP99, List<ThreadFigures> threads,
                         long switches, long dropRequests, long forcedSwitches, PoolFigures pool) {
    public ArmFigures {
        runArgs = List.copyOf(runArgs);
        starvedThreads = List.copyOf(starvedThreads);
        threads = List.copyOf(threads);
    }

    /** A wait and the thread that waited it. */
    public record Wait(String thread, long ns) {}

    /**
     * One thread's share of the GIL and its pace.
     *
     * @param gilShare        the fraction of the run it held the GIL
     * @param rounds          completed passes of its outer loop; null for a thread with none (a pool's)
     * @param roundsPerSecond rounds per second of simulated time; null with no rounds or no time
     */
    public record ThreadFigures(String name, double gilShare, Long rounds, Double roundsPerSecond) {}

    /**
     * A pool's service: request latency, throughput and the order probe's verdict.
     *
     * @param latencyP99Ns    corrected for coordinated omission as wrk corrects it (docs/model.md): a stall counts
     *                        once per request interval it held a connection, not once
     * @param latencyRawP99Ns the same uncorrected, the closed-loop client's own samples
     */
    public record PoolFigures(long latencyP99Ns, long latencyRawP99Ns, long latencyMaxNs, double throughputRps,
                              String orderVerdict) {}

    public static ArmFigures of(Arm arm, List<String> runArgs, Summary s) {
        List<ThreadFigures> threads = new ArrayList<>();
        for (Summary.ThreadSummary t : s.threads()) {
            Double perSecond = t.rounds() == null || s.simulatedNs() == 0 ? null
                    : t.rounds() / (s.simulatedNs() / 1e9);
            threads.add(new ThreadFigures(t.name(), t.gilShare(), t.rounds(), perSecond));
        }
        Summary.PoolSummary p = s.pool();
        PoolFigures pool = p == null ? null
                : new PoolFigures(p.latencyP99Ns(), p.latencyRawP99Ns(), p.latencyMaxNs(), p.throughputRps(),
                        p.orderVerdict());
        Summary.GilSummary g = s.gil();
        return new ArmFigures(arm, runArgs, s, s.verdict(), s.starvedThreads(),
                worst(s, Summary.ThreadSummary::waitMaxNs), worst(s, Summary.ThreadSummary::waitP99Ns), threads,
                g.switches(), g.dropRequests(), g.forcedSwitches(), pool);
    }

    /** The thread with the largest figure; the first of equals, so the same run always names the same thread. */
    private static Wait worst(Summary s, ToLongFunction<Summary.ThreadSummary> figure) {
        if (s.threads().isEmpty()) return new Wait(null, 0);
        Summary.ThreadSummary worst = s.threads().get(0);
        for (Summary.ThreadSummary t : s.threads()) {
            if (figure.applyAsLong(t) > figure.applyAsLong(worst)) worst = t;
        }
        return new Wait(worst.name(), figure.applyAsLong(worst));
    }

    /** The thread of that name, or null when this run has none (an arm may change the thread count). */
    public ThreadFigures thread(String name) {
        for (ThreadFigures t : threads) if (t.name().equals(name)) return t;
        return null;
    }

    /**
     * Whether any thread took a GIL: not in a free-threaded run, where a GIL share is 0 for every thread and says
     * nothing about its progress.
     */
    public boolean tookGil() {
        return summary.threads().stream().anyMatch(t -> t.gilAcquisitions() > 0);
    }

    public boolean starves() {
        return Summary.STARVES.equals(verdict);
    }
}
