package gilsim.metrics;

import gilsim.metrics.Metric.Compared.Better;
import gilsim.metrics.Metric.Compared.Delta;
import gilsim.metrics.Metric.Scope;
import gilsim.metrics.Metric.Unit;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Every metric a run reports, declared once, in the order outputs print them. Times are nanoseconds; a wait still
 * open at the end of the run counts up to the end; percentiles come from HdrHistograms and never exceed the exact
 * maximum beside them.
 *
 * <p>To add a metric: collect it (a field and a reader in {@link GilStats}, {@link PoolStats}, {@link LockStats},
 * {@link RequestStats} or {@link RoundStats}) and declare it here, in the list of its part of the run, with how it is read off the
 * collectors ({@link ThreadSource} and its kin). The run's JSON, text and {@code --seeds}, {@code gilsim metrics} and
 * the search (its CSV and expressions) follow the lists; give it {@code compared(...)} and {@code gilsim compare}
 * (text, JSON, CSV, differences against the as-is arm) and the report page's arms table show it too.
 */
public final class Metrics {
    private Metrics() {}

    /** What a run-level metric is read from: every thread's figures and the starvation limit. */
    public record RunSource(List<Figures> threads, long starveAfterNs) {}

    /** What a thread's metric is read from: its GIL figures, its rounds and the run's length. */
    public record ThreadSource(GilStats.PerThread gil, RoundStats.PerThread rounds, long runNs) {}

    /** What a pool metric is read from: the pool's instruments and the run's length. */
    public record PoolSource(PoolStats pool, long runNs) {}

    /** What a request metric is read from: the requests' instruments and the run's length. */
    public record RequestSource(RequestStats requests, long runNs) {}

    /** What a pool thread's metric is read from: its pool histograms and its GIL figures (its GIL wait). */
    public record PoolThreadSource(PoolStats.PerThread pool, GilStats.PerThread gil) {}

    // The run as a whole. -------------------------------------------------------------------------------------------

    public static final Metric<RunSource, String> VERDICT = run("verdict", Unit.TEXT,
            "fair, or starves when some thread's GIL wait exceeded starve_after",
            r -> starved(r).isEmpty() ? Summary.FAIR : Summary.STARVES);
    public static final Metric<RunSource, Long> STARVED_COUNT = run("starved_count", Unit.COUNT,
            "threads with a GIL wait past starve_after", r -> (long) starved(r).size());
    public static final Metric<RunSource, Long> MAX_WAIT_NS = run("max_wait_ns", Unit.NS,
            "the longest GIL wait of any thread", r -> {
                long max = 0;
                for (Figures t : r.threads()) max = Math.max(max, t.get(Metrics.WAIT_MAX_NS));
                return max;
            });
    public static final Metric<RunSource, List<String>> STARVED_THREADS = run("starved_threads", Unit.LIST,
            "the threads that starved", Metrics::starved);

    // Each thread's GIL figures. ------------------------------------------------------------------------------------

    public static final Metric<ThreadSource, Long> GIL_ACQUISITIONS = thread("gil_acquisitions", Unit.COUNT,
            "times the thread took the GIL", "takes", 8, t -> t.gil().acquisitions());
    public static final Metric<ThreadSource, Double> GIL_SHARE = thread("gil_share", Unit.SHARE,
            "the fraction of the run the thread held the GIL", "share", 8,
            t -> t.runNs() == 0 ? 0 : (double) t.gil().holdNs() / t.runNs())
            .compared("share", Delta.DIFFERENCE, Better.HIGHER);
    public static final Metric<ThreadSource, Long> WAIT_P50_NS = thread("wait_p50_ns", Unit.NS,
            "median GIL wait, from take_gil's entry to the take", "wait p50", 10,
            t -> t.gil().waitPercentileNs(50));
    public static final Metric<ThreadSource, Long> WAIT_P99_NS = thread("wait_p99_ns", Unit.NS,
            "99th percentile of the GIL waits", "wait p99", 10, t -> t.gil().waitPercentileNs(99));
    public static final Metric<ThreadSource, Long> WAIT_MAX_NS = thread("wait_max_ns", Unit.NS,
            "the longest GIL wait (exact)", "wait max", 10, t -> t.gil().waitMaxNs());
    public static final Metric<ThreadSource, Long> WAKEUPS_LOST = thread("wakeups_lost", Unit.COUNT,
            "wake-ups by a GIL signal that found the GIL taken again, so the thread waited anew", "lost", 8,
            t -> t.gil().wakeupsLost());

    // Each thread's rounds. -----------------------------------------------------------------------------------------

    public static final Metric<ThreadSource, Long> ROUNDS = thread("rounds", Unit.COUNT,
            "completed passes of the thread's outer loop (null: no outer loop)", "rounds", 8,
            t -> t.rounds().rounds()).compared("rounds", Delta.NONE, Better.HIGHER);
    public static final Metric<ThreadSource, Long> ROUND_P50_NS = thread("round_p50_ns", Unit.NS,
            "median round, one pass from its start to the next's (null: no completed round)", "round p50", 10,
            t -> t.rounds().p50Ns());
    public static final Metric<ThreadSource, Long> ROUND_P99_NS = thread("round_p99_ns", Unit.NS,
            "99th percentile of the rounds", "round p99", 10, t -> t.rounds().p99Ns());
    public static final Metric<ThreadSource, Long> ROUND_MAX_NS = thread("round_max_ns", Unit.NS,
            "the longest round (exact)", "round max", 10, t -> t.rounds().maxNs());
    public static final Metric<ThreadSource, Double> SLOWDOWN = thread("slowdown", Unit.RATIO,
            "median round over the nominal one, the step durations of one pass (null: no completed round, or a "
                    + "nominal round of 0 or of no finite length)", "slowdown", 9, t -> t.rounds().slowdown());
    public static final Metric<ThreadSource, Long> FINISHED_NS = thread("finished_ns", Unit.NS,
            "when the thread's program ended (null: it still ran at the end)", "finished", 10,
            t -> t.rounds().finishedNs());

    /** A thread's pace, which {@code compare} reads: not in the run's own outputs, which give the rounds. */
    public static final Metric<ThreadSource, Double> ROUNDS_PER_S = thread("rounds_per_s", Unit.RATE,
            "rounds per second of simulated time (null: no rounds, or no time)", null, 0,
            t -> t.rounds().rounds() == null || t.runNs() == 0 ? null : t.rounds().rounds() / (t.runNs() / 1e9))
            .compared("rounds/s", Delta.CHANGE, Better.HIGHER);

    // The GIL's counters. -------------------------------------------------------------------------------------------

    public static final Metric<GilStats, Long> SWITCHES = gil("switches",
            "hand-offs of the GIL to another thread (switch_number)", "switches", GilStats::switches)
            .compared("switches", Delta.DIFFERENCE, Better.LOWER);
    public static final Metric<GilStats, Long> DROP_REQUESTS = gil("drop_requests",
            "drop requests set by waiters whose wait ran out with no switch", "drop requests", GilStats::dropRequests)
            .compared("drop requests", Delta.DIFFERENCE, Better.NEITHER);
    public static final Metric<GilStats, Long> FORCED_SWITCHES = gil("forced_switches",
            "drops that waited for another thread to take (FORCE_SWITCHING)", "forced switches",
            GilStats::forcedSwitches).compared("forced switches", Delta.DIFFERENCE, Better.NEITHER);
    public static final Metric<GilStats, Long> TIMEOUTS = gil("timeouts",
            "timed waits on the GIL's condition variable that expired", "timeouts", GilStats::timeouts);

    // Each thread's use of each scenario lock. ----------------------------------------------------------------------

    public static final Metric<LockStats.Use, Long> LOCK_ACQUISITIONS = lock("acquisitions", Unit.COUNT,
            "acquire() calls that returned with the lock", "acquired", 9, LockStats.Use::acquisitions);
    public static final Metric<LockStats.Use, Long> LOCK_CONTENDED = lock("contended", Unit.COUNT,
            "of those, the calls that found the lock taken and waited", "waited", 8, LockStats.Use::contended);
    public static final Metric<LockStats.Use, Long> LOCK_TOOK_FROM_OTHER = lock("took_from_other", Unit.COUNT,
            "acquisitions whose previous holder was another thread: the lock changed hands", "changes", 8,
            LockStats.Use::tookFromOther);
    public static final Metric<LockStats.Use, Long> LOCK_HANDED_OFF = lock("handed_off", Unit.COUNT,
            "acquisitions the releaser handed straight to the thread (a PyMutex's fair hand-off to a waiter past "
                    + "1 ms; never for a semaphore)", "hand-offs", 9, LockStats.Use::handedOff);
    public static final Metric<LockStats.Use, Long> LOCK_RACES_LOST = lock("races_lost", Unit.COUNT,
            "wake-ups by a release that found the lock taken again, so the thread waited anew", "lost", 6,
            LockStats.Use::racesLost);
    public static final Metric<LockStats.Use, Long> LOCK_WAIT_MEAN_NS = lock("acquire_wait_mean_ns", Unit.NS,
            "mean acquire() wait, from the call to its return holding the lock and the GIL (null: never acquired)",
            "wait mean", 10, LockStats.Use::waitMeanNs);
    public static final Metric<LockStats.Use, Long> LOCK_WAIT_MAX_NS = lock("acquire_wait_max_ns", Unit.NS,
            "the longest acquire() wait (exact)", "wait max", 10, LockStats.Use::waitMaxNs);

    // The m0 pool. --------------------------------------------------------------------------------------------------

    public static final Metric<PoolSource, Double> JOBS_PER_SLICE_MEAN = pool("jobs_per_slice_mean", Unit.MEAN,
            "jobs served in a run of a thread's slice, on average", p -> p.pool().jobsPerSliceMean());
    public static final Metric<PoolSource, Long> KEPT = pool("kept", Unit.COUNT,
            "jobs taken inside the slice without dropping the GIL (keep rule)", p -> p.pool().kept());
    public static final Metric<PoolSource, Long> YIELDS = pool("yields", Unit.COUNT,
            "turns yielded to a parked waiter", p -> p.pool().yields());
    public static final Metric<PoolSource, Long> YIELD_BOUND_HITS = pool("yield_bound_hits", Unit.COUNT,
            "yields that ran out their bound with no attach", p -> p.pool().yieldBoundHits());
    public static final Metric<PoolSource, Long> RETAKES_PAST_PARKED_WAITER = pool("retakes_past_parked_waiter",
            Unit.COUNT, "GIL re-takes with no wait while another pool thread was parked on it",
            p -> p.pool().retakes());
    public static final Metric<PoolSource, String> ORDER_VERDICT = pool("order_verdict", Unit.TEXT,
            "the order probe: in-order or out-of-order", p -> p.pool().orderVerdict())
            .compared("order", Delta.NONE, Better.NEITHER);
    public static final Metric<PoolSource, Long> PASSED_OVER_MAX = pool("passed_over_max", Unit.COUNT,
            "most later requests answered before any one request", p -> p.pool().passedOverMax());
    public static final Metric<PoolSource, Long> PASSED_OVER_100 = pool("passed_over_100", Unit.COUNT,
            "requests passed over by more than 100 later answers", p -> p.pool().passedOver100());
    public static final Metric<PoolSource, Long> ANSWERED = pool("answered", Unit.COUNT, "requests answered",
            p -> p.pool().answered());
    public static final Metric<PoolSource, Long> LATENCY_P99_NS = pool("latency_p99_ns", Unit.NS,
            "99th percentile of request latency, send to answer (a request unanswered at the end counts its age), "
                    + "corrected for coordinated omission as wrk corrects it: an estimate of what an open stream of "
                    + "requests would see (docs/model.md)", p -> p.pool().latencyP99Ns(p.runNs()))
            .compared("latency p99", Delta.DIFFERENCE_AND_CHANGE, Better.LOWER);
    public static final Metric<PoolSource, Long> LATENCY_RAW_P99_NS = pool("latency_raw_p99_ns", Unit.NS,
            "the same uncorrected, the closed-loop client's own samples: blind to a stall that holds back the few "
                    + "connections it strands", p -> p.pool().latencyRawP99Ns())
            .compared("raw p99", Delta.DIFFERENCE_AND_CHANGE, Better.LOWER);
    public static final Metric<PoolSource, Long> LATENCY_WRK_P99_NS = pool("latency_wrk_p99_ns", Unit.NS,
            "latency_p99_ns as wrk 4 prints it: answered requests only, none over 2 s (its default timeout)",
            p -> p.pool().latencyWrkP99Ns(p.runNs()));
    public static final Metric<PoolSource, Long> LATENCY_MAX_NS = pool("latency_max_ns", Unit.NS,
            "the longest request latency (a request unanswered at the end counts its age)",
            p -> p.pool().latencyMaxNs()).compared("latency max", Delta.NONE, Better.LOWER);
    public static final Metric<PoolSource, Double> THROUGHPUT_RPS = pool("throughput_rps", Unit.RATE,
            "requests answered per second of simulated time", p -> p.pool().throughputRps(p.runNs()))
            .compared("throughput", Delta.CHANGE, Better.HIGHER, "throughput_change");

    // Each pool thread. ---------------------------------------------------------------------------------------------

    public static final Metric<PoolThreadSource, Long> JOBS = poolThread("jobs", "jobs the thread took", "jobs", 8,
            Unit.COUNT, t -> t.pool().jobs());
    public static final Metric<PoolThreadSource, Long> QUEUE_WAIT_P99_NS = poolThread("queue_wait_p99_ns",
            "99th percentile of a job's time in the queue", null, 0, Unit.NS, t -> t.pool().queueWaitP99Ns());
    public static final Metric<PoolThreadSource, Long> QUEUE_WAIT_MAX_NS = poolThread("queue_wait_max_ns",
            "the longest time a job spent in the queue", "queue wait max", 14, Unit.NS,
            t -> t.pool().queueWaitMaxNs());
    public static final Metric<PoolThreadSource, Long> GIL_WAIT_P99_NS = poolThread("gil_wait_p99_ns",
            "99th percentile of the GIL wait after a pop", null, 0, Unit.NS, t -> t.gil().waitPercentileNs(99));
    public static final Metric<PoolThreadSource, Long> GIL_WAIT_MAX_NS = poolThread("gil_wait_max_ns",
            "the longest GIL wait after a pop", "GIL wait max", 14, Unit.NS, t -> t.gil().waitMaxNs());
    public static final Metric<PoolThreadSource, Long> SERVICE_P99_NS = poolThread("service_p99_ns",
            "99th percentile of service time, GIL taken to answer", null, 0, Unit.NS, t -> t.pool().serviceP99Ns());
    public static final Metric<PoolThreadSource, Long> SERVICE_MAX_NS = poolThread("service_max_ns",
            "the longest service time", "service max", 14, Unit.NS, t -> t.pool().serviceMaxNs());

    // The requests of a scenario with arrivals. ---------------------------------------------------------------------

    public static final Metric<RequestSource, Long> REQUESTS_ARRIVED = requests("arrived", Unit.COUNT,
            "requests that arrived", r -> r.requests().arrived());
    public static final Metric<RequestSource, Long> REQUESTS_ANSWERED = requests("answered", Unit.COUNT,
            "requests answered", r -> r.requests().answered());
    public static final Metric<RequestSource, Long> REQUEST_LATENCY_P50_NS = requests("latency_p50_ns", Unit.NS,
            "median request latency, arrival to answer (a request unanswered at the end counts its age)",
            r -> r.requests().latency().percentileNs(50))
            .compared("latency p50", Delta.DIFFERENCE_AND_CHANGE, Better.LOWER);
    public static final Metric<RequestSource, Long> REQUEST_LATENCY_P99_NS = requests("latency_p99_ns", Unit.NS,
            "99th percentile of request latency, as the requests saw it; open-loop arrivals come on their own "
                    + "schedule, so it needs no correction for coordinated omission (closed-loop clients: "
                    + "latency_corrected_p99)", r -> r.requests().latency().percentileNs(99))
            .compared("latency p99", Delta.DIFFERENCE_AND_CHANGE, Better.LOWER);
    public static final Metric<RequestSource, Long> REQUEST_LATENCY_CORRECTED_P99_NS = requests(
            "latency_corrected_p99_ns", Unit.NS, "for closed-loop clients, latency_p99 corrected for coordinated "
                    + "omission as wrk corrects it, as the m0 pool's latency_p99 is (null for open-loop arrivals, "
                    + "which need no correction)", r -> r.requests().correctedP99Ns(r.runNs()));
    public static final Metric<RequestSource, Long> REQUEST_LATENCY_MAX_NS = requests("latency_max_ns", Unit.NS,
            "the longest request latency (exact)", r -> r.requests().latency().maxNs())
            .compared("latency max", Delta.NONE, Better.LOWER);
    public static final Metric<RequestSource, Long> REQUEST_QUEUE_WAIT_P99_NS = requests("queue_wait_p99_ns",
            Unit.NS, "99th percentile of a request's time in queues, arrival (or put) to the get that took it",
            r -> r.requests().queueWait().percentileNs(99));
    public static final Metric<RequestSource, Long> REQUEST_GIL_WAIT_P99_NS = requests("gil_wait_p99_ns", Unit.NS,
            "99th percentile of the time the threads holding a request waited for the GIL",
            r -> r.requests().gilWait().percentileNs(99));
    public static final Metric<RequestSource, Long> REQUEST_SERVICE_P99_NS = requests("service_p99_ns", Unit.NS,
            "99th percentile of the rest of a request's time in a thread's hands: running, and any other wait",
            r -> r.requests().service().percentileNs(99));
    public static final Metric<RequestSource, Double> REQUEST_THROUGHPUT_RPS = requests("throughput_rps", Unit.RATE,
            "requests answered per second of simulated time", r -> r.requests().throughputRps(r.runNs()))
            .compared("throughput", Delta.CHANGE, Better.HIGHER, "throughput_change");

    // The lists, in the order outputs print them. ------------------------------------------------------------------

    /** The run as a whole: the verdict and what a search keeps of each run. */
    public static final List<Metric<RunSource, ?>> RUN = List.of(VERDICT, STARVED_COUNT, MAX_WAIT_NS,
            STARVED_THREADS);

    /** Each thread's GIL figures. */
    public static final List<Metric<ThreadSource, ?>> THREAD = List.of(GIL_ACQUISITIONS, GIL_SHARE, WAIT_P50_NS,
            WAIT_P99_NS, WAIT_MAX_NS, WAKEUPS_LOST);

    /**
     * Each thread's rounds, the completed passes of its outer loop (the first loop of its program's top-level steps),
     * and when its program ended; written after {@link #THREAD} in each thread's JSON object, and as a second table
     * in the text. Null (JSON) and {@code -} (text) where undefined; all of them for a pool's threads.
     */
    public static final List<Metric<ThreadSource, ?>> THREAD_ROUNDS = List.of(ROUNDS, ROUND_P50_NS, ROUND_P99_NS,
            ROUND_MAX_NS, SLOWDOWN, FINISHED_NS);

    /** Each thread's figures that only {@code compare} shows (the run's own outputs print the two lists above). */
    public static final List<Metric<ThreadSource, ?>> THREAD_COMPARED_ONLY = List.of(ROUNDS_PER_S);

    /** Every thread metric: what a thread's {@link Figures} hold. */
    public static final List<Metric<ThreadSource, ?>> THREAD_ALL = concat(THREAD, THREAD_ROUNDS,
            THREAD_COMPARED_ONLY);

    /** The GIL's counters. */
    public static final List<Metric<GilStats, ?>> GIL = List.of(SWITCHES, DROP_REQUESTS, FORCED_SWITCHES, TIMEOUTS);

    /**
     * Each thread's use of each of the scenario's {@code threading.Lock}s (scenarios with locks only): under
     * {@code locks[].threads[]} in the JSON, one table per lock in the text. A wait is one {@code acquire()} call, from
     * the call until it returns holding the lock and the GIL (a call still waiting at the end counts to the end), as a
     * real run measures it around the call with the wall clock.
     */
    public static final List<Metric<LockStats.Use, ?>> LOCK_THREAD = List.of(LOCK_ACQUISITIONS, LOCK_CONTENDED,
            LOCK_TOOK_FROM_OTHER, LOCK_HANDED_OFF, LOCK_RACES_LOST, LOCK_WAIT_MEAN_NS, LOCK_WAIT_MAX_NS);

    /** The m0 pool's figures (pool scenarios only). */
    public static final List<Metric<PoolSource, ?>> POOL = List.of(JOBS_PER_SLICE_MEAN, KEPT, YIELDS,
            YIELD_BOUND_HITS, RETAKES_PAST_PARKED_WAITER, ORDER_VERDICT, PASSED_OVER_MAX, PASSED_OVER_100, ANSWERED,
            LATENCY_P99_NS, LATENCY_RAW_P99_NS, LATENCY_WRK_P99_NS, LATENCY_MAX_NS, THROUGHPUT_RPS);

    /** Each pool thread's histograms (m0's M0_POOL_DEBUG): queue wait, GIL wait after the pop, service time. */
    public static final List<Metric<PoolThreadSource, ?>> POOL_THREAD = List.of(JOBS, QUEUE_WAIT_P99_NS,
            QUEUE_WAIT_MAX_NS, GIL_WAIT_P99_NS, GIL_WAIT_MAX_NS, SERVICE_P99_NS, SERVICE_MAX_NS);

    /** The requests of a scenario with arrivals: how many, their latency and its parts, the throughput. */
    public static final List<Metric<RequestSource, ?>> REQUESTS = List.of(REQUESTS_ARRIVED, REQUESTS_ANSWERED,
            REQUEST_LATENCY_P50_NS, REQUEST_LATENCY_P99_NS, REQUEST_LATENCY_CORRECTED_P99_NS, REQUEST_LATENCY_MAX_NS,
            REQUEST_QUEUE_WAIT_P99_NS,
            REQUEST_GIL_WAIT_P99_NS, REQUEST_SERVICE_P99_NS, REQUEST_THROUGHPUT_RPS);

    /**
     * What {@code compare} and the report page show of each scope, in their order: the declaration's, except that a
     * word (a verdict) comes after the figures it sums up.
     */
    public static List<Metric<?, ?>> compared(List<? extends Metric<?, ?>> metrics) {
        List<Metric<?, ?>> out = new ArrayList<>();
        for (Metric<?, ?> m : metrics) if (m.isCompared() && m.unit().numeric()) out.add(m);
        for (Metric<?, ?> m : metrics) if (m.isCompared() && !m.unit().numeric()) out.add(m);
        return List.copyOf(out);
    }

    // How declarations are written. ---------------------------------------------------------------------------------

    /** The threads whose longest wait (an open one counts to the end) exceeds starve_after, in thread order. */
    private static List<String> starved(RunSource r) {
        List<String> out = new ArrayList<>();
        for (Figures t : r.threads()) if (t.get(WAIT_MAX_NS) > r.starveAfterNs()) out.add(t.name());
        return List.copyOf(out);
    }

    private static <V> Metric<RunSource, V> run(String name, Unit unit, String meaning, Function<RunSource, V> f) {
        return new Metric<>(name, unit, Scope.RUN, meaning, null, 0, null, f);
    }

    private static <V> Metric<ThreadSource, V> thread(String name, Unit unit, String meaning, String label, int width,
                                                      Function<ThreadSource, V> f) {
        return new Metric<>(name, unit, Scope.THREAD, meaning, label, width, null, f);
    }

    /** The text prints the GIL's counters on one line, each value and then its label. */
    private static Metric<GilStats, Long> gil(String name, String meaning, String label, Function<GilStats, Long> f) {
        return new Metric<>(name, Unit.COUNT, Scope.GIL, meaning, label, 0, null, f);
    }

    private static <V> Metric<LockStats.Use, V> lock(String name, Unit unit, String meaning, String label, int width,
                                                     Function<LockStats.Use, V> f) {
        return new Metric<>(name, unit, Scope.LOCK_THREAD, meaning, label, width, null, f);
    }

    /** The pool's lines of the text are written out (PoolText): no column. */
    private static <V> Metric<PoolSource, V> pool(String name, Unit unit, String meaning, Function<PoolSource, V> f) {
        return new Metric<>(name, unit, Scope.POOL, meaning, null, 0, null, f);
    }

    /** The requests' lines of the text are written out (RequestText): no column. */
    private static <V> Metric<RequestSource, V> requests(String name, Unit unit, String meaning,
                                                         Function<RequestSource, V> f) {
        return new Metric<>(name, unit, Scope.REQUESTS, meaning, null, 0, null, f);
    }

    private static Metric<PoolThreadSource, Long> poolThread(String name, String meaning, String label, int width,
                                                             Unit unit, Function<PoolThreadSource, Long> f) {
        return new Metric<>(name, unit, Scope.POOL_THREAD, meaning, label, width, null, f);
    }

    @SafeVarargs
    private static <S> List<Metric<S, ?>> concat(List<Metric<S, ?>>... lists) {
        List<Metric<S, ?>> out = new ArrayList<>();
        for (List<Metric<S, ?>> l : lists) out.addAll(l);
        return List.copyOf(out);
    }
}
