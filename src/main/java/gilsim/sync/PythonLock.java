package gilsim.sync;

import gilsim.os.Machine;
import gilsim.os.SimThread;
import gilsim.sim.Trace;

/**
 * A scenario's {@code threading.Lock}, as a program's {@code lock} and {@code unlock} steps use it. Which model a run
 * uses depends on the CPython version ({@code gilsim.cpython.LockVersions}): a POSIX semaphore through 3.12 (and in
 * 3.13.0), {@link Mutex}; a PyMutex on a parking lot from 3.13 (3.13.1), {@link PyMutex}.
 *
 * <p>Both report {@link MutexEvent.MutexAcquire} when {@code acquire()} is called and
 * {@link MutexEvent.MutexAcquired} when it returns, with the thread holding the lock and, in a build with a GIL, the
 * GIL: the span a real run measures around the call with the wall clock.
 */
public abstract sealed class PythonLock permits Mutex, PyMutex {
    /** The lock's name in the scenario ({@code lock: cache}). */
    final String name;
    final Machine machine;
    final Trace trace;
    /** CPU time of a release whose FUTEX_WAKE wakes a sleeper ({@code sem_wake} and its tail). */
    final ReleaseCost wakeCost;

    PythonLock(String name, Machine machine, Trace trace, ReleaseCost wakeCost) {
        this.name = name;
        this.machine = machine;
        this.trace = trace;
        this.wakeCost = wakeCost;
    }

    /** Runs {@code then} after {@code t} has spent the cost of a release that woke a sleeper. */
    final void afterWake(SimThread t, Runnable then) {
        long ns = wakeCost.draw();
        if (ns > 0) machine.cpu(t, ns, then);
        else then.run();
    }

    public final String name() {
        return name;
    }

    /** What the lock is built on, as the JSON summary names it: {@code semaphore} or {@code pymutex}. */
    public abstract String model();

    /**
     * {@code lock.acquire()} by {@code t}, which holds the GIL: runs {@code then} once {@code t} holds the lock and the
     * GIL again; {@code gil} lets go of the GIL while the call waits and takes it back.
     */
    public abstract void acquire(SimThread t, Detach gil, Runnable then);

    /**
     * {@code lock.release()} by {@code t}, which holds the lock and the GIL: runs {@code then} after it (a release
     * that wakes a sleeper spends the FUTEX_WAKE system call first, holding the GIL).
     */
    public abstract void release(SimThread t, Runnable then);

    /**
     * Reports the call to {@code acquire()} now and returns {@code then} wrapped to report its return first: the one
     * place both models make the pair.
     */
    final Runnable reportAcquire(SimThread t, Runnable then) {
        long calledNs = machine.nowNs();
        trace.emit(new MutexEvent.MutexAcquire(calledNs, name, t.id));
        return () -> {
            trace.emit(new MutexEvent.MutexAcquired(machine.nowNs(), name, t.id, calledNs));
            then.run();
        };
    }
}
