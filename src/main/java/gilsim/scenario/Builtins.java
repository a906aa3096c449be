package gilsim.scenario;

import gilsim.m0.PoolRule;
import gilsim.m0.PoolSpec;
import gilsim.os.WakeCore;
import gilsim.program.Step;
import gilsim.program.ThreadSpec;
import gilsim.sim.Durations;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The built-in scenarios, registered by name. */
public final class Builtins {
    private Builtins() {}

    /**
     * The most pool threads: the GIL and the statistics keep state per thread; 1024 threads on 1024 cores run 2 s
     * of slice-rotation in about a second and 260 MB (measured); the pools m0 is measured with have 4.
     */
    static final long MAX_POOL_THREADS = 1024;
    /**
     * The most client connections: each is one request in flight and a timer; 100000 connections with 1024 threads
     * run 200 ms of slice-rotation in under a second (measured).
     */
    static final long MAX_CONNECTIONS = 100_000;

    /** What the main thread does between sleeps: the loop's perf_counter() calls and max(); measured in docs/model.md. */
    static final long MAIN_LOOP_NS = 2_000;

    private static final Map<String, Scenario> REGISTRY = new TreeMap<>();

    static {
        register(shortRelease());
        register(sliceRotation());
    }

    private static void register(Scenario s) {
        REGISTRY.put(s.name(), s);
    }

    public static Scenario get(String name) {
        return REGISTRY.get(name);
    }

    public static List<String> names() {
        return List.copyOf(REGISTRY.keySet());
    }

    /** CPython #161868: a thread that releases the GIL for microseconds every few milliseconds starves another. */
    static Scenario shortRelease() {
        List<Key> keys = new ArrayList<>(Defaults.common());
        keys.add(Key.duration("work", "2ms", "worker: Python run between releases"));
        keys.add(Key.duration("release", "2us", "worker: time off the GIL (zlib.crc32 over 6,000 bytes)"));
        keys.add(Key.duration("sleep", "1ms", "main: time.sleep() between its turns"));
        return new Scenario("short-release",
                "CPython #161868: a worker releases the GIL for `release` every `work`; main sleeps `sleep` in a loop",
                "built-in", keys, p -> {
                    int core = p.bool("pinned") ? 0 : -1;
                    ThreadSpec main = new ThreadSpec("main", core, List.of(new Step.Loop(-1, List.of(
                            new Step.Sleep(p.ns("sleep")), new Step.Compute(MAIN_LOOP_NS)))));
                    ThreadSpec worker = new ThreadSpec("worker", core, List.of(new Step.Loop(-1, List.of(
                            new Step.Compute(p.ns("work")), new Step.Release(p.ns("release"))))));
                    return new Workload.Threads(List.of(main, worker));
                });
    }

    /**
     * The m0 WSGI pool's slice barrier: four threads, a 0.3 ms view, sixteen closed-loop connections. With three
     * jobs to a slice and three parked waiters, two threads alternate and two starve; keep=true is the fix.
     */
    /** The most jobs a slice the jobs key sets: above it slice/k + 1 % of slice fits k + 1 jobs. */
    static final int MAX_JOBS = 10;

    static Scenario sliceRotation() {
        List<Key> keys = new ArrayList<>();
        for (Key k : Defaults.common()) {
            // m0's probe ran on 4 vCPUs. The previous-core wake-up rule was traced on 2 (docs/model.md, "Which core
            // a woken thread runs on"); the probe's machine was not, so the replay keeps the idle-core rule its
            // figures were matched with.
            keys.add(switch (k.name()) {
                case "cores" -> k.withDefault("4");
                case "wake_core" -> k.withDefault(WakeCore.IDLE.id);
                default -> k;
            });
        }
        keys.add(Key.count("threads", "4", MAX_POOL_THREADS, "pool threads (1 to 1024)"));
        keys.add(Key.count("connections", "16", MAX_CONNECTIONS,
                "closed-loop client connections (1 to 100000)"));
        keys.add(Key.duration("view", "300us", "the view's Python time per job, holding the GIL"));
        keys.add(Key.duration("overhead", "75us", "attached time per job beside the view"));
        keys.add(new Key("jobs", Key.Kind.COUNT, "0", List.of(), 0, MAX_JOBS, "jobs that fit a slice (1 to "
                + MAX_JOBS + "): sets view so that a job takes slice/jobs + 1 % of slice, and refuses a view set beside it; 0: "
                + "view as given"));
        keys.add(Key.duration("client_gap", "100us", "from a response to its connection's next request"));
        keys.add(Key.duration("slice", "1ms", "TURN_SLICE_NS: a thread's run of the GIL"));
        keys.add(Key.duration("waited", "50us", "TURN_WAITED_NS: a re-attach this long starts a new run"));
        keys.add(Key.duration("yield_bound", "1ms", "TURN_YIELD_NS: the longest yield until an attach"));
        for (PoolRule r : PoolRule.values()) {
            keys.add(Key.bool(r.key, String.valueOf(r.onByDefault), r.variable + ": " + r.help));
        }
        return new Scenario("slice-rotation",
                "m0's blocking pool: `threads` threads serve `connections` clients a `view`+`overhead` job each",
                "built-in", keys, Builtins::pool);
    }

    /** The pool of a params set: shared by the built-in and scenario files with a {@code pool} block. */
    static Workload pool(Params p) {
        Params q = withJobView(p);
        return new Workload.Pool(new PoolSpec(q.intCount("threads"), q.intCount("connections"), q.ns("view"),
                q.ns("overhead"), q.ns("client_gap"), q.ns("slice"), q.ns("waited"), q.ns("yield_bound"),
                PoolRule.switchedOn(q::bool)));
    }

    /**
     * {@code jobs=k}: the view that makes k jobs fit a slice. A thread starts jobs while less than a slice has passed
     * since its run began, so k = ceil(slice / job) of them fit when slice/k < job <= slice/(k-1); the job is put 1 %
     * of the slice above slice/k (the docs' tables used slice/k + 10 us with the 1 ms slice), which stays in that
     * range up to k = 10. Returns {@code p} with that view, or {@code p} itself when jobs is 0.
     */
    public static Params withJobView(Params p) {
        if (!p.has("jobs") || p.count("jobs") == 0) return p;
        long k = p.count("jobs");
        long jobNs = p.ns("slice") / k + p.ns("slice") / 100;
        long viewNs = jobNs - p.ns("overhead");
        if (viewNs < 0) {
            throw new Scenario.Unrunnable(new Scenario.Problem(0, List.of("jobs", "slice", "overhead"), "jobs=" + k
                    + " needs a job of " + Durations.format(jobNs) + " (slice/" + k + " + 1 % of slice), shorter than "
                    + "overhead (" + Durations.format(p.ns("overhead")) + ")"));
        }
        return p.with("view", viewNs);
    }
}
