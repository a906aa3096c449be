package gilsim.sync;

import gilsim.os.Machine;
import gilsim.os.SimThread;
import gilsim.sim.Trace;
import gilsim.sync.MutexEvent.MutexBlock;
import gilsim.sync.MutexEvent.MutexReleased;
import gilsim.sync.MutexEvent.MutexTaken;
import java.util.ArrayDeque;

/**
 * A normal pthread mutex as glibc implements it (a futex word, no spinning, no fairness), and so also a Python
 * {@code threading.Lock}, which CPython builds on a POSIX semaphore with the same behaviour: a thread that finds it
 * taken sleeps on the futex; an unlock wakes the longest sleeper (the kernel's FIFO for SCHED_OTHER threads), which
 * must then run and try again, and a thread that gets there first takes it instead (barging).
 *
 * <p>Only contention costs time: an uncontended lock and unlock are instants, as every critical section is. What
 * makes a critical section span time is a preemption inside it, which {@link Machine} decides.
 */
public final class Mutex {
    private final String name;
    private final Machine machine;
    private final Trace trace;
    /** The thread holding the mutex, or null. */
    private SimThread holder;
    /** Threads asleep on the futex, oldest first. */
    private final ArrayDeque<SimThread> sleepers = new ArrayDeque<>();

    /** Whether every take and release is reported, not only contention (a scenario's locks; not gil->mutex). */
    private final boolean reportTakes;

    public Mutex(String name, Machine machine, Trace trace) {
        this(name, machine, trace, false);
    }

    public Mutex(String name, Machine machine, Trace trace, boolean reportTakes) {
        this.name = name;
        this.machine = machine;
        this.trace = trace;
        this.reportTakes = reportTakes;
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

    /** Releases the mutex {@code t} holds and wakes the longest sleeper, if any. */
    public void unlock(SimThread t) {
        if (holder != t) throw new IllegalStateException(t + " unlocks " + name + " held by " + holder);
        holder = null;
        if (reportTakes) trace.emit(new MutexReleased(machine.nowNs(), name, t.id));
        SimThread next = sleepers.pollFirst();
        if (next != null) machine.wake(next);
    }

    public boolean isLocked() {
        return holder != null;
    }
}
