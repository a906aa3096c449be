package gilsim.scenario;

import gilsim.program.Step;
import gilsim.program.ThreadSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The built-in scenarios, registered by name. */
public final class Builtins {
    private Builtins() {}

    /** What the main thread does between sleeps: the loop's perf_counter() calls and max(); measured in docs/model.md. */
    static final long MAIN_LOOP_NS = 2_000;

    private static final Map<String, Scenario> REGISTRY = new TreeMap<>();

    static {
        register(shortRelease());
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
        List<Key> keys = new ArrayList<>();
        for (Key k : Defaults.common()) keys.add(k);
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
}
