package gilsim.cpython;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The hand-off policies, registered by name ({@code --set policy=NAME}); a new policy is one class and one line here.
 */
public final class GilPolicies {
    /** A registered policy: its name, one line saying what it is, and how an interpreter is built with it. */
    public record Entry(String name, String description, Function<GilSetup, Interpreter> build) {}

    private static final Map<String, Entry> REGISTRY = new LinkedHashMap<>();

    static {
        register("cpython", "CPython 3.2 to main: every wake-up restarts a full timed wait of the switch interval",
                s -> new Gil(s, new ResetBudget()));
        register("paused-budget", "a waiter's budget is paused, not reset, by a wake-up that finds the GIL re-taken",
                s -> new Gil(s, new PausedBudget(s.threads(), Gil.clampInterval(s.intervalNs()))));
        register("fifo-ticket", "drop_gil hands the GIL to the waiter that arrived first; nobody barges past it",
                s -> new Gil(s, new FifoTicket()));
        register("free-threaded", "no GIL (PEP 703, GIL disabled): threads run Python in parallel",
                s -> new NoGil(s.machine()));
    }

    private GilPolicies() {}

    private static void register(String name, String description, Function<GilSetup, Interpreter> build) {
        REGISTRY.put(name, new Entry(name, description, build));
    }

    /** The names in registration order; the first is the default. */
    public static List<String> names() {
        return List.copyOf(REGISTRY.keySet());
    }

    /** Builds an interpreter under policy {@code name}, which must be registered. */
    public static Interpreter build(String name, GilSetup setup) {
        Entry e = REGISTRY.get(name);
        if (e == null) throw new IllegalArgumentException("unknown policy " + name + " (policies: " + names() + ")");
        return e.build().apply(setup);
    }
}
