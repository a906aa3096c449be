package gilsim.sync;

import gilsim.os.Machine;
import gilsim.os.SimThread;
import gilsim.sim.Trace;
import gilsim.sync.MutexEvent.MutexAcquire;
import gilsim.sync.MutexEvent.MutexBlock;
import gilsim.sync.MutexEvent.MutexReleased;
import gilsim.sync.MutexEvent.MutexTaken;
import gilsim.sync.MutexEvent.MutexWake;
import java.util.ArrayDeque;

/**
 * A normal pthread mutex as glibc implements it (a futex word, no spinning, no fairness), and so also a Python
 * {@code threading.Lock} through 3.12 and in 3.13.0, which CPython builds on a POSIX semaphore with the same
 * behaviour ({@code Python/thread_pthread.h}, USE_SEMAPHORES: acquire is {@code sem_wait} or {@code sem_clockwait},
 * release {@code sem_post}): a thread that finds it taken sleeps on the futex; an unlock wakes the longest sleeper
 * (the kernel's FIFO for SCHED_OTHER threads), which must then run and try again, and a thread that gets there
 * first takes it instead (barging). The releaser itself, going on to take it again, nearly always does.
 *
 * <p>Only contention costs time: an uncontended lock and unlock are instants, as every critical section is. What
 * makes a critical section span time is a preemption inside it, which {@link Machine} decides. A scenario's lock
 * ({@link #acquire}, {@link #release}) also charges the releaser the FUTEX_WAKE system call of a {@code sem_post}
 * that wakes a sleeper ({@code sem_wake}), during which the token is already free, as glibc's {@code sem_post}
 * frees it before the call; {@code gil->mutex} is charged nothing.
 */
public final class Mutex extends PythonLock {
    /** The thread holding the mutex, or null. */
    private SimThread holder;
    /** Threads asleep on the futex, oldest first. */
    private final ArrayDeque<SimThread> sleepers = new ArrayDeque<>();

    /** Whether every take and release is reported, not only contention (a scenario's locks; not gil->mutex). */
    private final boolean reportTakes;

    public Mutex(String name, Machine machine, Trace trace) {
        this(name, machine, trace, false, ReleaseCost.fixed(0));
    }

    public Mutex(String name, Machine machine, Trace trace, boolean reportTakes) {
        this(name, machine, trace, reportTakes, ReleaseCost.fixed(0));
    }

    /**
     * @param wakeCost CPU time {@link #release} spends in a {@code sem_post} that wakes a sleeper ({@code sem_wake})
     */
    public Mutex(String name, Machine machine, Trace trace, boolean reportTakes, ReleaseCost wakeCost) {
        super(name, machine, trace, wakeCost);
        this.reportTakes = reportTakes;
    }

    @Override
    public String model() {
        return "semaphore";
    }

    /**
     * {@code lock.acquire()} through 3.12 ({@code acquire_timed}; {@code PyThread_acquire_lock_timed_with_retries}
     * in 3.13.0): first a non-blocking try holding the GIL; only a lock that is taken costs a drop of the GIL, the
     * wait, and a take of the GIL once the lock is had.
     */
    @Override
    public void acquire(SimThread t, Detach gil, Runnable then) {
        Runnable acquired = reportAcquire(t, then);
        if (tryLock(t)) {
            acquired.run();
        } else {
            gil.dropGil(t, () -> lock(t, () -> gil.takeGil(t, acquired)));
        }
    }

    @Override
    public void release(SimThread t, Runnable then) {
        if (unlock(t)) afterWake(t, then);
        else then.run();
    }

    /** Takes the mutex for the running thread {@code t} and runs {@code then}; sleeps first while it is taken. */
    public void lock(SimThread t, Runnable then) {
        if (tryLock(t)) {
            then.run();
            return;
        }
        trace.emit(new MutexBlock(machine.nowNs(), name, t.id, holder.id));
        sleepers.addLast(t);
        machine.block(t, () -> lock(t, then)); // woken by an unlock: try again, and maybe lose to a barging thread
    }

    /** Takes the mutex for {@code t} if it is free ({@code sem_trywait}, or an uncontended lock). */
    public boolean tryLock(SimThread t) {
        if (holder != null) return false;
        holder = t;
        if (reportTakes) trace.emit(new MutexTaken(machine.nowNs(), name, t.id));
        return true;
    }

    /** Releases the mutex {@code t} holds and wakes the longest sleeper, if any; true when it woke one. */
    public boolean unlock(SimThread t) {
        if (holder != t) throw new IllegalStateException(t + " unlocks " + name + " held by " + holder);
        holder = null;
        if (reportTakes) trace.emit(new MutexReleased(machine.nowNs(), name, t.id));
        SimThread next = sleepers.pollFirst();
        if (next == null) return false;
        if (reportTakes) trace.emit(new MutexWake(machine.nowNs(), name, t.id, next.id));
        machine.wake(next);
        return true;
    }

    public boolean isLocked() {
        return holder != null;
    }
}
