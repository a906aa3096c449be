package gilsim.cpython;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The hand-off policies, registered by name ({@code --set policy=NAME}); each class says what it changes. A new
 * policy is one class and one line here.
 */
public final class GilPolicies {
    private static final Map<String, Function<GilSetup, Interpreter>> REGISTRY = new LinkedHashMap<>();

    static {
        REGISTRY.put("cpython", s -> new Gil(s, new ResetBudget()));
        REGISTRY.put("paused-budget",
                s -> new Gil(s, new PausedBudget(s.threads(), Gil.clampInterval(s.intervalNs()))));
        REGISTRY.put("fifo-ticket", s -> new Gil(s, new FifoTicket()));
        REGISTRY.put("free-threaded", s -> new NoGil(s.machine()));
    }

    private GilPolicies() {}

    /** The names in registration order; the first, CPython's own, is the default. */
    public static List<String> names() {
        return List.copyOf(REGISTRY.keySet());
    }

    /** Builds an interpreter under policy {@code name}, which must be registered. */
    public static Interpreter build(String name, GilSetup setup) {
        Function<GilSetup, Interpreter> build = REGISTRY.get(name);
        if (build == null) throw new IllegalArgumentException("unknown policy " + name + " (policies: " + names() + ")");
        return build.apply(setup);
    }
}
