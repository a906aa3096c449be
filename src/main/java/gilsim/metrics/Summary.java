package gilsim.metrics;

import java.util.List;
import java.util.Map;

/**
 * The result of one run: what the JSON summary and the human summary print. Times are nanoseconds.
 *
 * @param params      every key's value as {@code --set} takes it back
 * @param paramValues the same keys typed for JSON (numbers, booleans; durations as text and {@code KEY_ns})
 * @param locks       the scenario's {@code threading.Lock}s that some thread called; empty for none
 */
public record Summary(String scenario, long seed, Map<String, String> params, Map<String, Object> paramValues,
                      long simulatedNs, long events,
                      String verdict, List<String> starvedThreads, List<ThreadSummary> threads, GilSummary gil,
                      PoolSummary pool, List<LockSummary> locks) {

    public static final String FAIR = "fair";
    public static final String STARVES = "starves";

    /**
     * One thread's figures. The rounds (completed passes of its outer loop) and after are null where undefined: see
     * {@link RoundStats}; all of them for a pool's threads, which run no program.
     *
     * @param slowdown   the median round over the nominal one (one pass of the outer loop as written)
     * @param finishedNs when the thread's program ended; null while it still ran at the end
     */
    public record ThreadSummary(String name, long gilAcquisitions, double gilShare, long waitMaxNs, long waitP99Ns,
                                long waitP50Ns, long wakeupsLost, Long rounds, Long roundP50Ns, Long roundP99Ns,
                                Long roundMaxNs, Double slowdown, Long finishedNs) {}

    public record GilSummary(long switches, long dropRequests, long forcedSwitches, long timeouts) {}

    /**
     * The m0 pool's figures; absent for scenarios without a pool.
     *
     * @param latencyP99Ns    corrected for coordinated omission as wrk corrects it (docs/model.md)
     * @param latencyRawP99Ns the closed-loop client's own samples, uncorrected
     * @param latencyWrkP99Ns corrected, over what wrk would have recorded: answered, none past its timeout
     */
    public record PoolSummary(double jobsPerSliceMean, long kept, long yields, long yieldBoundHits,
                              long retakesPastParkedWaiter, String orderVerdict, long passedOverMax,
                              long passedOver100, long answered, long latencyP99Ns, long latencyRawP99Ns,
                              long latencyWrkP99Ns, long latencyMaxNs, double throughputRps,
                              List<PoolThread> threads) {}

    /** One pool thread's three histograms (M0_POOL_DEBUG's): queue wait, GIL wait after the pop, service time. */
    public record PoolThread(String name, long jobs, long queueWaitP99Ns, long queueWaitMaxNs, long gilWaitP99Ns,
                             long gilWaitMaxNs, long serviceP99Ns, long serviceMaxNs) {}

    /**
     * A scenario's {@code threading.Lock}: what the run's version builds it on ({@code semaphore}, {@code pymutex})
     * and one row per thread that called {@code acquire()} on it.
     */
    public record LockSummary(String name, String model, List<LockThread> threads) {}

    /**
     * One thread's use of one lock ({@code LockStats}).
     *
     * @param waitMeanNs null when the thread never had the lock
     */
    public record LockThread(String name, long acquisitions, long contended, long tookFromOther, long handedOff,
                             long racesLost, Long waitMeanNs, long waitMaxNs) {}

    /** The longest GIL wait of any thread. */
    public long maxWaitNs() {
        long max = 0;
        for (ThreadSummary t : threads) max = Math.max(max, t.waitMaxNs());
        return max;
    }

    public boolean starves() {
        return STARVES.equals(verdict);
    }

    public ThreadSummary thread(String name) {
        for (ThreadSummary t : threads) if (t.name().equals(name)) return t;
        throw new IllegalArgumentException("no thread " + name);
    }
}
