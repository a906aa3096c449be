package gilsim.cpython;

import static gilsim.cpython.PythonVersion.GilKind.CEVAL;
import static gilsim.cpython.PythonVersion.GilKind.NONE;

import gilsim.cpython.PythonVersion.GilKind;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The hand-off policies, registered by name ({@code --set policy=NAME}), one {@link Policy} each; each class says
 * what it changes. A new policy is its class and one entry here: its name, factory, the versions it can run under,
 * the sentence that explains a run under it and its line in docs/model.md.
 */
public final class GilPolicies {
    /**
     * One policy.
     *
     * @param name        what {@code --set policy=} takes
     * @param gil         the GIL it runs: {@code CEVAL} for a policy of take_gil and drop_gil, {@code NONE} for none
     * @param versions    the GILs of the versions it may be set with; under any other, {@link PythonVersion#refusal}
     *                    says why not. CPython's own goes with every version: 2.7 and the free-threaded builds run
     *                    their own GIL whatever it says
     * @param factory     the interpreter it builds for a version of {@code ceval_gil}
     * @param explanation the sentence that says, from the run's figures, how waiters got the GIL in a run where none
     *                    starved (a run of every thread on one core says that instead, {@link GilKind#CEVAL})
     * @param docsLine    its line in docs/model.md's list of policies, after {@code - `NAME`: }
     */
    public record Policy(String name, GilKind gil, Set<GilKind> versions, Function<GilSetup, Interpreter> factory,
                         Function<RunFigures, String> explanation, String docsLine) {
        public Policy {
            versions = Set.copyOf(versions);
            if (!versions.contains(CEVAL)) throw new IllegalArgumentException(name + ": a policy varies ceval_gil");
        }

        /** Whether it may be set with a version that runs {@code version}. */
        public boolean goesWith(GilKind version) {
            return versions.contains(version);
        }
    }

    private static final Map<String, Policy> REGISTRY = new LinkedHashMap<>();

    static {
        // The first is the default.
        add(new Policy("cpython", CEVAL, EnumSet.allOf(GilKind.class), s -> new Gil(s, new ResetBudget()),
                f -> "Waiters got the GIL by " + f.switches() + " switches (" + f.dropRequests() + " of them asked for "
                        + "by a drop request after a " + f.interval() + " wait with no switch, " + f.forcedSwitches()
                        + " forced).",
                "`ResetBudget`, CPython's own: the algorithm above, a fresh timed wait of the whole interval on every "
                        + "pass"));
        add(new Policy("paused-budget", CEVAL, EnumSet.of(CEVAL),
                s -> new Gil(s, new PausedBudget(s.threads(), Gil.clampInterval(s.intervalNs()))),
                f -> "The waiter's budget is paused, not reset, by a wake-up that finds the GIL re-taken, so it ran "
                        + "out after " + f.interval() + " of waiting: " + f.dropRequests() + " drop requests forced "
                        + f.forcedSwitches() + " switches.",
                "`PausedBudget`: a waiter's budget runs from its arrival and restarts only after a switch or its own "
                        + "drop request; a wake-up that finds the GIL re-taken does not restart it (Stutzbach's 2009 "
                        + "suggestion, quoted in #161868)"));
        add(new Policy("fifo-ticket", CEVAL, EnumSet.of(CEVAL), s -> new Gil(s, new FifoTicket()),
                f -> "Each drop handed the GIL to the waiter that arrived first, so no thread could take it back "
                        + "past a waiter: " + f.switches() + " switches.",
                "`FifoTicket`: `drop_gil` hands the GIL straight to the first-arrived waiter and keeps it for that "
                        + "waiter until it runs; nobody can barge past it"));
        add(new Policy("free-threaded", NONE, EnumSet.of(CEVAL, NONE), s -> new NoGil(s.machine()),
                f -> NoGil.EXPLANATION,
                "`NoGil`: no GIL, as a free-threaded build (PEP 703): take and drop return at once"));
    }

    private static void add(Policy p) {
        REGISTRY.put(p.name(), p);
    }

    private GilPolicies() {}

    /** The names in registration order; the first, CPython's own, is the default. */
    public static List<String> names() {
        return List.copyOf(REGISTRY.keySet());
    }

    /** Every policy, in the order of {@link #names()}. */
    public static List<Policy> all() {
        return List.copyOf(REGISTRY.values());
    }

    /** The default, CPython's own: the first registered. */
    public static Policy byDefault() {
        return REGISTRY.values().iterator().next();
    }

    /** The policy {@code name}, which must be registered. */
    public static Policy of(String name) {
        Policy p = REGISTRY.get(name);
        if (p == null) throw new IllegalArgumentException("unknown policy " + name + " (policies: " + names() + ")");
        return p;
    }

    /** Builds an interpreter under policy {@code name}, which must be registered. */
    public static Interpreter build(String name, GilSetup setup) {
        return of(name).factory().apply(setup);
    }
}
