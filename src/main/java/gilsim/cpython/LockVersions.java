package gilsim.cpython;

import gilsim.os.Machine;
import gilsim.sim.Trace;
import gilsim.sync.Mutex;
import gilsim.sync.PyMutex;
import gilsim.sync.PythonLock;
import gilsim.sync.ReleaseCost;

/**
 * Which {@code threading.Lock} a CPython version has, decided here and nowhere else:
 * <ul>
 *   <li>2.7 and 3.1 to 3.12: a POSIX semaphore ({@code PyThread_type_lock}, {@code Python/thread_pthread.h} with
 *       USE_SEMAPHORES), {@link Mutex};</li>
 *   <li>{@code 3.N} and {@code 3.Nt} with N &gt;= 13: a {@code PyMutex} on the parking lot, {@link PyMutex}: gh-117721
 *       moved {@code _thread.lock} to PyMutex on main (PR #125110, 3.14) and to 3.13 (PR #125116, first released in
 *       3.13.1). 3.13.0 alone still has the semaphore: its {@code lock.acquire} calls
 *       {@code PyThread_acquire_lock_timed_with_retries}, which calls {@code sem_clockwait} (the installed 3.13.0's
 *       {@code libpython3.13.so}, disassembled). A version names its newest patch release, so 3.13 is the PyMutex;
 *       free-threaded builds spin before they park ({@link PyMutex#FREE_THREADED_SPINS}).</li>
 * </ul>
 */
public final class LockVersions {
    private LockVersions() {}

    /**
     * Whether {@code python} ("3.12", "3.13", "3.14t", ...) builds {@code threading.Lock} on a PyMutex: its
     * {@link PythonVersion#lock()} in the registry; false for a name the registry does not know.
     */
    public static boolean pyMutex(String python) {
        return PythonVersions.names().contains(python)
                && PythonVersions.of(python).lock() == PythonVersion.LockKind.PYMUTEX;
    }

    /** {@code MAX_SPIN_COUNT} of {@code Python/lock.c} for {@code python}: 40 in a free-threaded build, else 0. */
    public static int maxSpins(String python) {
        return pyMutex(python) && PythonVersions.of(python).gil() == PythonVersion.GilKind.NONE
                ? PyMutex.FREE_THREADED_SPINS : 0;
    }

    /** What the lock of {@code python} is built on, as the summary names it. */
    public static String model(String python) {
        return pyMutex(python) ? "pymutex" : "semaphore";
    }

    /**
     * A scenario's lock named {@code name} under {@code python}.
     *
     * @param wakeCost CPU time of a release whose {@code sem_post} wakes a sleeping waiter ({@code sem_wake})
     */
    public static PythonLock build(String name, String python, Machine machine, Trace trace, ReleaseCost wakeCost) {
        return pyMutex(python) ? new PyMutex(name, machine, trace, maxSpins(python), wakeCost)
                : new Mutex(name, machine, trace, true, wakeCost);
    }
}
