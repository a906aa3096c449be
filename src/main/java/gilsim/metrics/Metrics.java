package gilsim.metrics;

import gilsim.metrics.Metric.Unit;
import gilsim.metrics.Summary.GilSummary;
import gilsim.metrics.Summary.LockThread;
import gilsim.metrics.Summary.PoolSummary;
import gilsim.metrics.Summary.PoolThread;
import gilsim.metrics.Summary.ThreadSummary;
import java.util.List;

/**
 * Every metric a run reports, declared once, in the order outputs print them. Times are nanoseconds; a wait still
 * open at the end of the run counts up to the end; percentiles come from HdrHistograms and never exceed the exact
 * maximum beside them.
 */
public final class Metrics {
    private Metrics() {}

    /** The run as a whole: the verdict and what a search keeps of each run. */
    public static final List<Metric<Summary>> RUN = List.of(
            new Metric<>("verdict", Unit.TEXT, "fair, or starves when some thread's GIL wait exceeded starve_after",
                    null, 0, Summary::verdict),
            new Metric<>("starved_count", Unit.COUNT, "threads with a GIL wait past starve_after", null, 0,
                    s -> (long) s.starvedThreads().size()),
            new Metric<>("max_wait_ns", Unit.NS, "the longest GIL wait of any thread", null, 0, Summary::maxWaitNs),
            new Metric<>("starved_threads", Unit.LIST, "the threads that starved", null, 0,
                    Summary::starvedThreads));

    /** Each thread's GIL figures. */
    public static final List<Metric<ThreadSummary>> THREAD = List.of(
            new Metric<>("gil_acquisitions", Unit.COUNT, "times the thread took the GIL", "takes", 8,
                    ThreadSummary::gilAcquisitions),
            new Metric<>("gil_share", Unit.SHARE, "the fraction of the run the thread held the GIL", "share", 8,
                    ThreadSummary::gilShare),
            new Metric<>("wait_p50_ns", Unit.NS, "median GIL wait, from take_gil's entry to the take", "wait p50",
                    10, ThreadSummary::waitP50Ns),
            new Metric<>("wait_p99_ns", Unit.NS, "99th percentile of the GIL waits", "wait p99", 10,
                    ThreadSummary::waitP99Ns),
            new Metric<>("wait_max_ns", Unit.NS, "the longest GIL wait (exact)", "wait max", 10,
                    ThreadSummary::waitMaxNs),
            new Metric<>("wakeups_lost", Unit.COUNT,
                    "wake-ups by a GIL signal that found the GIL taken again, so the thread waited anew", "lost", 8,
                    ThreadSummary::wakeupsLost));

    /**
     * Each thread's rounds, the completed passes of its outer loop (the first loop of its program's top-level steps),
     * and when its program ended; written after {@link #THREAD} in each thread's JSON object, and as a second table
     * in the text. Null (JSON) and {@code -} (text) where undefined; all of them for a pool's threads.
     */
    public static final List<Metric<ThreadSummary>> THREAD_ROUNDS = List.of(
            new Metric<>("rounds", Unit.COUNT, "completed passes of the thread's outer loop (null: no outer loop)",
                    "rounds", 8, ThreadSummary::rounds),
            new Metric<>("round_p50_ns", Unit.NS, "median round, one pass from its start to the next's (null: no "
                    + "completed round)", "round p50", 10, ThreadSummary::roundP50Ns),
            new Metric<>("round_p99_ns", Unit.NS, "99th percentile of the rounds", "round p99", 10,
                    ThreadSummary::roundP99Ns),
            new Metric<>("round_max_ns", Unit.NS, "the longest round (exact)", "round max", 10,
                    ThreadSummary::roundMaxNs),
            new Metric<>("slowdown", Unit.RATIO, "median round over the nominal one, the step durations of one pass "
                    + "(null: no completed round, or a nominal round of 0 or of no finite length)", "slowdown", 9,
                    ThreadSummary::slowdown),
            new Metric<>("finished_ns", Unit.NS, "when the thread's program ended (null: it still ran at the end)",
                    "finished", 10, ThreadSummary::finishedNs));

    /** The GIL's counters. */
    public static final List<Metric<GilSummary>> GIL = List.of(
            new Metric<>("switches", Unit.COUNT, "hand-offs of the GIL to another thread (switch_number)",
                    "switches", 0, GilSummary::switches),
            new Metric<>("drop_requests", Unit.COUNT, "drop requests set by waiters whose wait ran out with no switch",
                    "drop requests", 0, GilSummary::dropRequests),
            new Metric<>("forced_switches", Unit.COUNT, "drops that waited for another thread to take (FORCE_SWITCHING)",
                    "forced switches", 0, GilSummary::forcedSwitches),
            new Metric<>("timeouts", Unit.COUNT, "timed waits on the GIL's condition variable that expired",
                    "timeouts", 0, GilSummary::timeouts));

    /**
     * Each thread's use of each of the scenario's {@code threading.Lock}s (scenarios with locks only): under
     * {@code locks[].threads[]} in the JSON, one table per lock in the text. A wait is one {@code acquire()} call, from
     * the call until it returns holding the lock and the GIL (a call still waiting at the end counts to the end), as a
     * real run measures it around the call with the wall clock.
     */
    public static final List<Metric<LockThread>> LOCK_THREAD = List.of(
            new Metric<>("acquisitions", Unit.COUNT, "acquire() calls that returned with the lock", "acquired", 9,
                    LockThread::acquisitions),
            new Metric<>("contended", Unit.COUNT, "of those, the calls that found the lock taken and waited", "waited",
                    8, LockThread::contended),
            new Metric<>("took_from_other", Unit.COUNT, "acquisitions whose previous holder was another thread: the "
                    + "lock changed hands", "changes", 8, LockThread::tookFromOther),
            new Metric<>("handed_off", Unit.COUNT, "acquisitions the releaser handed straight to the thread (a "
                    + "PyMutex's fair hand-off to a waiter past 1 ms; never for a semaphore)", "hand-offs", 9,
                    LockThread::handedOff),
            new Metric<>("races_lost", Unit.COUNT, "wake-ups by a release that found the lock taken again, so the "
                    + "thread waited anew", "lost", 6, LockThread::racesLost),
            new Metric<>("acquire_wait_mean_ns", Unit.NS, "mean acquire() wait, from the call to its return holding "
                    + "the lock and the GIL (null: never acquired)", "wait mean", 10, LockThread::waitMeanNs),
            new Metric<>("acquire_wait_max_ns", Unit.NS, "the longest acquire() wait (exact)", "wait max", 10,
                    LockThread::waitMaxNs));

    /** The m0 pool's figures (pool scenarios only). */
    public static final List<Metric<PoolSummary>> POOL = List.of(
            new Metric<>("jobs_per_slice_mean", Unit.MEAN, "jobs served in a run of a thread's slice, on average",
                    null, 0, PoolSummary::jobsPerSliceMean),
            new Metric<>("kept", Unit.COUNT, "jobs taken inside the slice without dropping the GIL (keep rule)", null, 0,
                    PoolSummary::kept),
            new Metric<>("yields", Unit.COUNT, "turns yielded to a parked waiter", null, 0, PoolSummary::yields),
            new Metric<>("yield_bound_hits", Unit.COUNT, "yields that ran out their bound with no attach", null, 0,
                    PoolSummary::yieldBoundHits),
            new Metric<>("retakes_past_parked_waiter", Unit.COUNT,
                    "GIL re-takes with no wait while another pool thread was parked on it", null, 0,
                    PoolSummary::retakesPastParkedWaiter),
            new Metric<>("order_verdict", Unit.TEXT, "the order probe: in-order or out-of-order", null, 0,
                    PoolSummary::orderVerdict),
            new Metric<>("passed_over_max", Unit.COUNT, "most later requests answered before any one request", null, 0,
                    PoolSummary::passedOverMax),
            new Metric<>("passed_over_100", Unit.COUNT, "requests passed over by more than 100 later answers", null, 0,
                    PoolSummary::passedOver100),
            new Metric<>("answered", Unit.COUNT, "requests answered", null, 0, PoolSummary::answered),
            new Metric<>("latency_p99_ns", Unit.NS, "99th percentile of request latency, send to answer (a request "
                    + "unanswered at the end counts its age), corrected for coordinated omission as wrk corrects it: "
                    + "an estimate of what an open stream of requests would see (docs/model.md)", null, 0,
                    PoolSummary::latencyP99Ns),
            new Metric<>("latency_raw_p99_ns", Unit.NS, "the same uncorrected, the closed-loop client's own samples: "
                    + "blind to a stall that holds back the few connections it strands", null, 0,
                    PoolSummary::latencyRawP99Ns),
            new Metric<>("latency_wrk_p99_ns", Unit.NS, "latency_p99_ns as wrk 4 prints it: answered requests "
                    + "only, none over 2 s (its default timeout)", null, 0, PoolSummary::latencyWrkP99Ns),
            new Metric<>("latency_max_ns", Unit.NS, "the longest request latency (a request unanswered at the end "
                    + "counts its age)", null, 0, PoolSummary::latencyMaxNs),
            new Metric<>("throughput_rps", Unit.RATE, "requests answered per second of simulated time", null, 0,
                    PoolSummary::throughputRps));

    /** Each pool thread's histograms (m0's M0_POOL_DEBUG): queue wait, GIL wait after the pop, service time. */
    public static final List<Metric<PoolThread>> POOL_THREAD = List.of(
            new Metric<>("jobs", Unit.COUNT, "jobs the thread took", "jobs", 8, PoolThread::jobs),
            new Metric<>("queue_wait_p99_ns", Unit.NS, "99th percentile of a job's time in the queue", null, 0,
                    PoolThread::queueWaitP99Ns),
            new Metric<>("queue_wait_max_ns", Unit.NS, "the longest time a job spent in the queue", "queue wait max",
                    14, PoolThread::queueWaitMaxNs),
            new Metric<>("gil_wait_p99_ns", Unit.NS, "99th percentile of the GIL wait after a pop", null, 0,
                    PoolThread::gilWaitP99Ns),
            new Metric<>("gil_wait_max_ns", Unit.NS, "the longest GIL wait after a pop", "GIL wait max", 14,
                    PoolThread::gilWaitMaxNs),
            new Metric<>("service_p99_ns", Unit.NS, "99th percentile of service time, GIL taken to answer", null, 0,
                    PoolThread::serviceP99Ns),
            new Metric<>("service_max_ns", Unit.NS, "the longest service time", "service max", 14,
                    PoolThread::serviceMaxNs));
}
