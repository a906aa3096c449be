package gilsim.cpython;

/**
 * One CPython version a scenario can name ({@code --set python=NAME}): which GIL it runs, how that GIL's drop request
 * and {@code threading.Lock} are built in the real interpreter, and whether the model was held against a real one.
 * {@link PythonVersions} holds one of these per version; the model is chosen by {@link #gil()} and, from 3.2 on, by
 * the policy ({@link #runs}), and the model builds the interpreter, explains a run and refuses a policy: nothing here
 * names a policy.
 *
 * @param name          what {@code --set python=} takes, e.g. {@code 3.12}, {@code 3.14t}
 * @param gil           which model runs: the old GIL, the GIL of {@code ceval_gil}, or none
 * @param dropRequest   where the real interpreter keeps the drop request; the model does not read it yet (with one
 *                      holder at a time the two scopes mark the same state, docs/model.md). For a free-threaded build
 *                      it is where the request lives if the GIL is enabled, which the model never does
 * @param lock          what the real {@code threading.Lock} is; the model does not read it yet
 * @param validatedWith the real interpreter installed here (pyenv) that the model was run beside, e.g.
 *                      {@code 3.12.1}; null when the model comes from the version's source alone
 * @param validatedIn   the page that holds that comparison; null exactly when {@code validatedWith} is
 * @param sources       the CPython files, issues and pull requests the model of this version is read from
 */
public record PythonVersion(String name, GilKind gil, DropRequestScope dropRequest, LockKind lock,
                            String validatedWith, String validatedIn, String sources) {

    /**
     * Which model of the GIL a version runs: its interpreter, how its runs are explained, and why it refuses a policy
     * that does not go with it ({@link GilPolicies.Policy#versions()}).
     */
    public enum GilKind {
        /** 2.7 and 3.1: {@link OldGil}, a semaphore released and taken back every check interval. */
        OLD("old GIL (OldGil)", "the old GIL (released every checkinterval ticks)",
                (policy, setup, oldGil) -> new OldGil(setup.machine(), setup.trace(), setup.threads(), oldGil),
                (policy, f) -> "Under the old GIL (python=" + f.python() + ") the holder releases the GIL and asks for "
                        + "it again every " + f.checkinterval() + " ticks, with no timed wait and no drop request: "
                        + "waiters got it by " + f.switches() + " switches, when a woken waiter reached it first.",
                (version, policy) -> "python=" + version.name() + " has the old GIL (a lock released every check "
                        + "interval), which has no hand-off policy: policy=" + policy.name() + " varies the GIL of "
                        + firstOfCeval() + " and later; drop policy or set python=" + firstOfCeval()
                        + " or later"),
        /**
         * 3.2 and later: {@link Gil}, the timed wait and drop request of {@code ceval_gil}, under {@code policy}. With
         * every thread on one core, the woken waiter preempts the dropper whatever the policy, and that explains the run.
         */
        CEVAL("ceval_gil (Gil, policy)", "the GIL of ceval_gil under policy",
                (policy, setup, oldGil) -> policy.factory().apply(setup),
                (policy, f) -> f.pinned() ? "With every thread on one core, a woken waiter preempts the thread that "
                        + "released the GIL, so it runs before that thread can take the GIL back; a wake-up that "
                        + "does not preempt (preempt_percent) leaves it to wait for the next release."
                        : policy.explanation().apply(f),
                // Every policy goes with ceval_gil (GilPolicies.Policy insists).
                (version, policy) -> null),
        /** A free-threaded build with the GIL disabled: {@link NoGil}, as {@code policy=free-threaded}. */
        NONE("free-threaded (NoGil)", "free-threaded", (policy, setup, oldGil) -> new NoGil(setup.machine()),
                (policy, f) -> NoGil.EXPLANATION,
                (version, policy) -> "python=" + version.name() + " is free-threaded and has no GIL to hand off: "
                        + "policy=" + policy.name() + " varies the GIL of " + firstOfCeval() + " and later; "
                        + "drop policy or set python=" + withGil(version.name(), version.gil()));

        /** How {@code gilsim scenarios} names the model beside a version. */
        public final String label;
        /** How the {@code python} key's help names the versions that run it, after their names. */
        public final String keyHelp;
        private final Factory factory;
        private final Explainer explainer;
        private final Refusal refusal;

        GilKind(String label, String keyHelp, Factory factory, Explainer explainer, Refusal refusal) {
            this.label = label;
            this.keyHelp = keyHelp;
            this.factory = factory;
            this.explainer = explainer;
            this.refusal = refusal;
        }

        /** Whether a thread ever waits for a GIL under this model. */
        public boolean hasGil() {
            return this != NONE;
        }

        private interface Factory {
            Interpreter build(GilPolicies.Policy policy, GilSetup setup, OldGilCosts oldGil);
        }

        private interface Explainer {
            String explain(GilPolicies.Policy policy, RunFigures figures);
        }

        private interface Refusal {
            String of(PythonVersion version, GilPolicies.Policy policy);
        }
    }

    /** Where a waiter's request that the holder drop the GIL is kept. */
    public enum DropRequestScope {
        /** The old GIL has no drop request: the holder lets go every check interval unasked. */
        NONE,
        /**
         * One {@code gil_drop_request} flag that any holder honours: per interpreter from 3.9 (bpo-40513), one per
         * process before that, which is the same with one interpreter; cleared by whoever takes the GIL.
         */
        INTERPRETER,
        /**
         * {@code _PY_GIL_DROP_REQUEST_BIT} in the eval breaker of the last holder's thread state (gh-112175,
         * PR #115194); the new holder clears its own bit.
         */
        THREAD
    }

    /** What {@code threading.Lock} is built on. */
    public enum LockKind {
        /** {@code PyThread_type_lock}: a POSIX semaphore on Linux; the releaser can take it straight back. */
        SEMAPHORE,
        /** {@code PyMutex} and the parking lot (gh-117721): FIFO per address, handed off past 1 ms of waiting. */
        PYMUTEX
    }

    public PythonVersion {
        if ((validatedWith == null) != (validatedIn == null)) {
            throw new IllegalArgumentException(name + ": a validation names both the interpreter and the page");
        }
        if (validatedWith != null && !validatedWith.startsWith(withGil(name, gil) + ".")) {
            throw new IllegalArgumentException(name + ": validated with " + validatedWith + ", another version");
        }
    }

    /** Whether the model was run beside a real interpreter of this version on this machine. */
    public boolean validated() {
        return validatedWith != null;
    }

    /** The version with a GIL that a free-threaded build is built from ({@code 3.14t}: {@code 3.14}). */
    private static String withGil(String name, GilKind gil) {
        return gil == GilKind.NONE && name.endsWith("t") ? name.substring(0, name.length() - 1) : name;
    }

    /** The model a run of this version under {@code policy} runs: its own, or from 3.2 on the policy's. */
    public GilKind runs(GilPolicies.Policy policy) {
        return gil == GilKind.CEVAL ? policy.gil() : gil;
    }

    /**
     * Why this version cannot run under {@code policy}, or null: a policy other than CPython's own varies the GIL
     * of 3.2 and later, which 2.7 and 3.1 do not have, and a free-threaded build has no GIL to hand off
     * ({@code free-threaded} is the same thing); {@link GilPolicies.Policy#versions()} says which go together.
     */
    public String refusal(GilPolicies.Policy policy) {
        return policy.goesWith(gil) ? null : gil.refusal.of(this, policy);
    }

    /** The interpreter of this version under {@code policy}, which must have passed {@link #refusal}. */
    public Interpreter build(GilPolicies.Policy policy, GilSetup setup, OldGilCosts oldGil) {
        GilKind model = runs(policy);
        return model.factory.build(policy, setup, oldGil);
    }

    /**
     * The sentence that says how waiters got the GIL in a run of this version under {@code policy} where none
     * starved; with no GIL, the whole explanation of the run.
     */
    public String explanation(GilPolicies.Policy policy, RunFigures figures) {
        return runs(policy).explainer.explain(policy, figures);
    }

    /** Its line in {@code gilsim scenarios}' list of versions: whether the model was held against a real one. */
    public String docsLine() {
        return validated() ? "validated against CPython " + validatedWith + " here (" + validatedIn + ")"
                : "modelled from source alone: no " + name + " interpreter here to validate against";
    }

    /** The first version of {@code ceval_gil}, 3.2: where the policies begin. */
    private static String firstOfCeval() {
        return PythonVersions.namesWith(GilKind.CEVAL).get(0);
    }

    /**
     * One line for a run's summary when the model of this version was never run beside a real interpreter of it,
     * else null.
     */
    public String unvalidatedNote() {
        return validated() ? null : "python=" + name + " is modelled from its source; no " + name
                + " interpreter was at hand to validate against";
    }
}
