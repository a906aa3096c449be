package gilsim.sync;

import gilsim.os.Machine;
import gilsim.os.SimThread;
import gilsim.sim.Trace;
import gilsim.sync.MutexEvent.MutexBlock;
import java.util.ArrayDeque;

/**
 * A normal pthread mutex as glibc implements it (a futex word, no spinning, no fairness): a thread that finds it
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

    public Mutex(String name, Machine machine, Trace trace) {
        this.name = name;
        this.machine = machine;
        this.trace = trace;
    }

    /** Takes the mutex for the running thread {@code t} and runs {@code then}; sleeps first while it is taken. */
    public void lock(SimThread t, Runnable then) {
        if (holder == null) {
            holder = t;
            then.run();
            return;
        }
        trace.emit(new MutexBlock(machine.nowNs(), name, t.id, holder.id));
        sleepers.addLast(t);
        machine.block(t, () -> lock(t, then)); // woken by an unlock: try again, and maybe lose to a barging thread
    }

    /** Releases the mutex {@code t} holds and wakes the longest sleeper, if any. */
    public void unlock(SimThread t) {
        if (holder != t) throw new IllegalStateException(t + " unlocks " + name + " held by " + holder);
        holder = null;
        SimThread next = sleepers.pollFirst();
        if (next != null) machine.wake(next);
    }

    public boolean isLocked() {
        return holder != null;
    }
}
