package gilsim.cpython;

/**
 * One CPython version a scenario can name ({@code --set python=NAME}): which GIL it runs, how that GIL's drop request
 * and {@code threading.Lock} are built in the real interpreter, and whether the model was held against a real one.
 * {@link PythonVersions} holds one of these per version; the model is chosen by {@link #gil()} alone.
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

    /** Which model of the GIL a version runs. */
    public enum GilKind {
        /** 2.7 and 3.1: {@link OldGil}, a semaphore released and taken back every check interval. */
        OLD,
        /** 3.2 and later: {@link Gil}, the timed wait and drop request of {@code ceval_gil}, under {@code policy}. */
        CEVAL,
        /** A free-threaded build with the GIL disabled: {@link NoGil}, as {@code policy=free-threaded}. */
        NONE
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

    /**
     * Why this version cannot run under {@code policy}, or null: a policy other than CPython's own varies the GIL
     * of 3.2 and later, which 2.7 and 3.1 do not have, and a free-threaded build has no GIL to hand off
     * ({@code free-threaded} is the same thing).
     */
    public String refusal(String policy) {
        String cpython = GilPolicies.names().get(0);
        if (policy.equals(cpython)) return null;
        return switch (gil) {
            case OLD -> "python=" + name + " has the old GIL (a lock released every check interval), which has no "
                    + "hand-off policy: policy=" + policy + " varies the GIL of 3.2 and later; drop policy or set "
                    + "python=3.2 or later";
            case NONE -> policy.equals("free-threaded") ? null : "python=" + name + " is free-threaded and has no "
                    + "GIL to hand off: policy=" + policy + " varies the GIL of 3.2 and later; drop policy or set "
                    + "python=" + withGil(name, gil);
            case CEVAL -> null;
        };
    }

    /** The interpreter of this version under {@code policy}, which must have passed {@link #refusal}. */
    public Interpreter build(String policy, GilSetup setup, OldGilCosts oldGil) {
        return switch (gil) {
            case OLD -> new OldGil(setup.machine(), setup.trace(), setup.threads(), oldGil);
            case CEVAL -> GilPolicies.build(policy, setup);
            case NONE -> GilPolicies.build("free-threaded", setup);
        };
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
