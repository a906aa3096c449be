package gilsim.cpython;

import java.util.ArrayList;
import java.util.List;

/**
 * The CPython versions a scenario can name ({@code --set python=VERSION}) and the GIL each one has:
 * <ul>
 *   <li>{@code 2.7}, {@code 3.1}: the old GIL, {@link OldGil} (a semaphore released every check interval);
 *   <li>{@code 3.2} to {@code 3.13}: the GIL of {@code ceval_gil}, {@link Gil}, under the {@code policy} key
 *       (CPython's own by default). 3.2 to 3.12 keep one drop request per interpreter and 3.13 one bit per thread;
 *       with one GIL holder at a time the two behave the same, so the model does not tell them apart (docs/model.md);
 *   <li>{@code 3.13t}: the free-threaded build, {@link NoGil}, as {@code policy=free-threaded}.
 * </ul>
 * The hand-off {@code policy} is a variant of the 3.2+ GIL; it does not apply to the old GIL, and 3.13t has none.
 */
public final class PythonVersions {
    /** The default: the newest version with the per-interpreter drop request. */
    public static final String DEFAULT = "3.12";
    /** The free-threaded build. */
    public static final String FREE_THREADED = "3.13t";

    private PythonVersions() {}

    /** Every accepted value, oldest first. */
    public static List<String> names() {
        List<String> names = new ArrayList<>(List.of("2.7", "3.1"));
        for (int minor = 2; minor <= 13; minor++) names.add("3." + minor);
        names.add(FREE_THREADED);
        return List.copyOf(names);
    }

    /** Whether {@code python} had the GIL before 3.2: a lock released and taken back every check interval. */
    public static boolean oldGil(String python) {
        return python.equals("2.7") || python.equals("3.1");
    }

    /**
     * Why {@code python} and {@code policy} cannot go together, or null: a policy other than CPython's own varies
     * the 3.2+ GIL, which 2.7 and 3.1 do not have; 3.13t has no GIL to hand off (free-threaded is the same thing).
     */
    public static String problem(String python, String policy) {
        String cpython = GilPolicies.names().get(0);
        if (oldGil(python) && !policy.equals(cpython)) {
            return "python=" + python + " has the old GIL (a lock released every check interval), which has no "
                    + "hand-off policy: policy=" + policy + " varies the GIL of 3.2 and later; drop policy or set "
                    + "python=3.2 or later";
        }
        if (python.equals(FREE_THREADED) && !policy.equals(cpython) && !policy.equals("free-threaded")) {
            return "python=3.13t is free-threaded and has no GIL to hand off: policy=" + policy
                    + " varies the GIL of 3.2 and later; drop policy or set python=3.13";
        }
        return null;
    }

    /** The interpreter of {@code python} under {@code policy}; the pair must have passed {@link #problem}. */
    public static Interpreter build(String python, String policy, GilSetup setup, OldGilCosts oldGil) {
        if (oldGil(python)) {
            return new OldGil(setup.machine(), setup.trace(), setup.threads(), oldGil);
        }
        if (python.equals(FREE_THREADED)) return GilPolicies.build("free-threaded", setup);
        return GilPolicies.build(policy, setup);
    }
}
