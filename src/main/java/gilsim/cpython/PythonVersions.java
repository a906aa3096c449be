package gilsim.cpython;

import static gilsim.cpython.PythonVersion.DropRequestScope.INTERPRETER;
import static gilsim.cpython.PythonVersion.DropRequestScope.THREAD;
import static gilsim.cpython.PythonVersion.GilKind.CEVAL;
import static gilsim.cpython.PythonVersion.GilKind.OLD;
import static gilsim.cpython.PythonVersion.LockKind.PYMUTEX;
import static gilsim.cpython.PythonVersion.LockKind.SEMAPHORE;

import gilsim.cpython.PythonVersion.DropRequestScope;
import gilsim.cpython.PythonVersion.GilKind;
import gilsim.cpython.PythonVersion.LockKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The registry of CPython versions a scenario can name ({@code --set python=NAME}), one {@link PythonVersion} each,
 * in the order {@code names()} lists them: 2.7 and 3.1 (the old GIL), 3.2 to 3.15 (the GIL of {@code ceval_gil}, one
 * model under the {@code policy} key), then the free-threaded builds 3.13t to 3.15t (no GIL). What differs between
 * the versions and what the model leaves out is in docs/model.md; a new version is one line here.
 */
public final class PythonVersions {
    private static final GilKind NO_GIL = GilKind.NONE;
    private static final DropRequestScope NO_REQUEST = DropRequestScope.NONE;

    /** The default: the newest version with the per-interpreter drop request. */
    public static final String DEFAULT = "3.12";

    private static final String OLD_SOURCES = "Python/ceval.c (_Py_Ticker, _Py_CheckInterval), Python/thread_pthread.h "
            + "(USE_SEMAPHORES), glibc nptl/sem_post.c and sem_waitcommon.c";
    private static final String RUNTIME_SOURCES = "Python/ceval_gil.h (the newgil branch merged for 3.2; one "
            + "gil_drop_request per process)";
    private static final String INTERPRETER_SOURCES = "Python/ceval_gil.h as of 3.9.2 and 3.11.2 (gil_drop_request "
            + "per interpreter, bpo-40513; gh-96387)";
    private static final String SOURCES_312 = "Python/ceval_gil.c (gil_drop_request per interpreter, PEP 684's gil "
            + "pointer)";
    private static final String SOURCES_313 = "Python/ceval_gil.c as of 3.13.5 (_PY_GIL_DROP_REQUEST_BIT per thread, "
            + "gh-112175 / PR #115194; take_gil's goto _ready removed, PR #112979); Python/lock.c and "
            + "Python/parking_lot.c (threading.Lock on PyMutex, gh-117721)";
    private static final String SOURCES_314 = SOURCES_313 + "; Python/ceval_gil.c on main (interval in relaxed "
            + "atomics, gh-130605 / PR #130654; a thread that must exit hangs, gh-87135)";
    private static final String SOURCES_315 = SOURCES_314 + "; tstate->gil_requested (PR #139485)";
    private static final String FREE_THREADED_SOURCES = "PEP 703; Python/ceval_gil.c (gil->enabled: take_gil returns "
            + "at once while it is 0; _PyEval_EnableGILTransient)";

    private static final Map<String, PythonVersion> REGISTRY = new LinkedHashMap<>();
    private static final String VALIDATION = "docs/validation.md";

    static {
        // name, model, drop request, threading.Lock, the interpreter here it was run beside and where, sources
        add("2.7", OLD, NO_REQUEST, SEMAPHORE, "2.7.18", "docs/versions.md", OLD_SOURCES);
        add("3.1", OLD, NO_REQUEST, SEMAPHORE, null, null, OLD_SOURCES);
        for (int minor = 2; minor <= 5; minor++) {
            add("3." + minor, CEVAL, INTERPRETER, SEMAPHORE, null, null, RUNTIME_SOURCES);
        }
        add("3.6", CEVAL, INTERPRETER, SEMAPHORE, "3.6.15", VALIDATION, RUNTIME_SOURCES);
        add("3.7", CEVAL, INTERPRETER, SEMAPHORE, "3.7.16", VALIDATION, RUNTIME_SOURCES);
        add("3.8", CEVAL, INTERPRETER, SEMAPHORE, "3.8.18", VALIDATION, RUNTIME_SOURCES);
        add("3.9", CEVAL, INTERPRETER, SEMAPHORE, "3.9.18", VALIDATION, INTERPRETER_SOURCES);
        add("3.10", CEVAL, INTERPRETER, SEMAPHORE, "3.10.13", VALIDATION, INTERPRETER_SOURCES);
        add("3.11", CEVAL, INTERPRETER, SEMAPHORE, "3.11.7", VALIDATION, INTERPRETER_SOURCES);
        add("3.12", CEVAL, INTERPRETER, SEMAPHORE, "3.12.1", VALIDATION, SOURCES_312);
        add("3.13", CEVAL, THREAD, PYMUTEX, "3.13.0", VALIDATION, SOURCES_313);
        add("3.14", CEVAL, THREAD, PYMUTEX, null, null, SOURCES_314);
        add("3.15", CEVAL, THREAD, PYMUTEX, null, null, SOURCES_315);
        add("3.13t", NO_GIL, THREAD, PYMUTEX, null, null, FREE_THREADED_SOURCES + "; " + SOURCES_313);
        add("3.14t", NO_GIL, THREAD, PYMUTEX, null, null, FREE_THREADED_SOURCES + "; " + SOURCES_314);
        add("3.15t", NO_GIL, THREAD, PYMUTEX, null, null, FREE_THREADED_SOURCES + "; " + SOURCES_315);
    }

    private static void add(String name, GilKind gil, DropRequestScope dropRequest, LockKind lock,
                            String validatedWith, String validatedIn, String sources) {
        REGISTRY.put(name, new PythonVersion(name, gil, dropRequest, lock, validatedWith, validatedIn, sources));
    }

    private PythonVersions() {}

    /** Every accepted name, in registration order: oldest first, the free-threaded builds last. */
    public static List<String> names() {
        return List.copyOf(REGISTRY.keySet());
    }

    /** Every version, in the order of {@link #names()}. */
    public static List<PythonVersion> all() {
        return List.copyOf(REGISTRY.values());
    }

    /** The version {@code name}, which must be one of {@link #names()}. */
    public static PythonVersion of(String name) {
        PythonVersion v = REGISTRY.get(name);
        if (v == null) throw new IllegalArgumentException("unknown python " + name + " (versions: " + names() + ")");
        return v;
    }

    /** Whether {@code python} had the GIL before 3.2: a lock released and taken back every check interval. */
    public static boolean oldGil(String python) {
        return of(python).gil() == OLD;
    }

    /** Why {@code python} and {@code policy} cannot go together, or null: {@link PythonVersion#refusal}. */
    public static String problem(String python, String policy) {
        return of(python).refusal(GilPolicies.of(policy));
    }

    /** The interpreter of {@code python} under {@code policy}; the pair must have passed {@link #problem}. */
    public static Interpreter build(String python, String policy, GilSetup setup, OldGilCosts oldGil) {
        return of(python).build(GilPolicies.of(policy), setup, oldGil);
    }

    /** The versions whose model runs {@code gil}, in registry order (for help texts and docs). */
    public static List<String> namesWith(GilKind gil) {
        List<String> out = new ArrayList<>();
        for (PythonVersion v : REGISTRY.values()) if (v.gil() == gil) out.add(v.name());
        return out;
    }
}
