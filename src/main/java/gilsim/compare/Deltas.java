package gilsim.compare;

import java.util.ArrayList;
import java.util.List;

/**
 * An arm's figures against the as-is arm's: what the fix buys (shorter waits) and what it costs (a thread's share or
 * pace, switches, a pool's latency and throughput). Differences are the arm's figure minus the as-is one; a change
 * is the relative difference ({@code -0.056}: 5.6 % less), null where the as-is figure is 0 or either is undefined.
 *
 * @param threads         one per thread of the arm, matched to the as-is arm's thread of the same name
 * @param largestPaceLoss the thread whose rounds a second fell the most, and by how much; null when none fell
 * @param latencyP99Ns    pools only (else null), as are the other latency figures and {@code throughputChange}
 * @param latencyRawP99Ns the difference of the raw p99s ({@link ArmFigures.PoolFigures})
 */
public record Deltas(long maxWaitNs, long waitP99Ns, long switches, long dropRequests, long forcedSwitches,
                     List<ThreadDelta> threads, ThreadDelta largestPaceLoss, Long latencyP99Ns,
                     Double latencyP99Change, Long latencyRawP99Ns, Double latencyRawP99Change,
                     Double throughputChange) {
    public Deltas {
        threads = List.copyOf(threads);
    }

    /**
     * One thread's difference.
     *
     * @param gilShare              the share's difference, a fraction of the run (-0.056: 5.6 points less); null
     *                              when the as-is arm has no thread of this name, or either arm took no GIL (a
     *                              free-threaded run has no share to lose)
     * @param roundsPerSecondChange the relative change of its rounds per second
     */
    public record ThreadDelta(String name, Double gilShare, Double roundsPerSecondChange) {}

    public static Deltas of(ArmFigures arm, ArmFigures asIs) {
        List<ThreadDelta> threads = new ArrayList<>();
        ThreadDelta loss = null;
        boolean shares = arm.tookGil() && asIs.tookGil();
        for (ArmFigures.ThreadFigures t : arm.threads()) {
            ArmFigures.ThreadFigures base = asIs.thread(t.name());
            ThreadDelta d = base == null ? new ThreadDelta(t.name(), null, null)
                    : new ThreadDelta(t.name(), shares ? t.gilShare() - base.gilShare() : null,
                    change(t.roundsPerSecond(), base.roundsPerSecond()));
            threads.add(d);
            Double pace = d.roundsPerSecondChange();
            if (pace != null && pace < 0 && (loss == null || pace < loss.roundsPerSecondChange())) loss = d;
        }
        ArmFigures.PoolFigures p = arm.pool();
        ArmFigures.PoolFigures q = asIs.pool();
        boolean pools = p != null && q != null;
        return new Deltas(arm.maxWait().ns() - asIs.maxWait().ns(), arm.waitP99().ns() - asIs.waitP99().ns(),
                arm.switches() - asIs.switches(), arm.dropRequests() - asIs.dropRequests(),
                arm.forcedSwitches() - asIs.forcedSwitches(), threads, loss,
                pools ? p.latencyP99Ns() - q.latencyP99Ns() : null,
                pools ? change((double) p.latencyP99Ns(), (double) q.latencyP99Ns()) : null,
                pools ? p.latencyRawP99Ns() - q.latencyRawP99Ns() : null,
                pools ? change((double) p.latencyRawP99Ns(), (double) q.latencyRawP99Ns()) : null,
                pools ? change(p.throughputRps(), q.throughputRps()) : null);
    }

    /** {@code now / before - 1}; null when either is undefined or {@code before} is 0. */
    static Double change(Double now, Double before) {
        if (now == null || before == null || before == 0) return null;
        return now / before - 1;
    }

    /** The difference for the thread of that name, or null. */
    public ThreadDelta thread(String name) {
        for (ThreadDelta t : threads) if (t.name().equals(name)) return t;
        return null;
    }
}
