package gilsim.sync;

import gilsim.os.Machine;
import gilsim.os.SimThread;
import gilsim.sim.Trace;
import gilsim.sync.QueueEvent.QueueGet;
import gilsim.sync.QueueEvent.QueuePut;
import gilsim.sync.QueueEvent.QueueWait;
import java.util.ArrayDeque;

/**
 * An unbounded FIFO of items with blocking takers, as Python's {@code queue.Queue} (maxsize 0) behaves: a put never
 * blocks and notifies one waiting getter ({@code not_empty.notify()}, which wakes the longest waiter of the
 * condition's deque); a getter that finds the queue empty waits at the back. Waking grants nothing: the woken getter
 * must run and look again, and another getter that got there first may have taken the item.
 *
 * <p>A getter joins the waiters while it still holds the GIL ({@link #enlist}) and blocks only after dropping it
 * ({@link #await}), as {@code Condition.wait} appends its waiter lock before it lets go: a put in between (while the
 * getter waits for a forced switch to complete, say) notifies it, and it then does not block at all.
 */
public final class ItemQueue {
    private final String name;
    private final Machine machine;
    private final Trace trace;
    /** Items put and not yet taken. */
    private long items;
    /** Getters waiting for an item, longest first. */
    private final ArrayDeque<Waiter> waiters = new ArrayDeque<>();

    /** A getter's place among the waiters: {@code Condition.wait}'s waiter lock. */
    public static final class Waiter {
        private final SimThread thread;
        /** A put has notified it (released its waiter lock). */
        private boolean notified;
        /** It is asleep in {@link #await}. */
        private boolean asleep;

        private Waiter(SimThread thread) {
            this.thread = thread;
        }
    }

    public ItemQueue(String name, Machine machine, Trace trace) {
        this.name = name;
        this.machine = machine;
        this.trace = trace;
    }

    public void put(SimThread t) {
        items++;
        trace.emit(new QueuePut(machine.nowNs(), name, t.id, items));
        Waiter w = waiters.pollFirst();
        if (w == null) return;
        w.notified = true;
        if (w.asleep) {
            w.asleep = false;
            machine.wake(w.thread);
        }
    }

    /** Takes an item for {@code t} if there is one. */
    public boolean tryGet(SimThread t) {
        if (items == 0) return false;
        items--;
        trace.emit(new QueueGet(machine.nowNs(), name, t.id, items));
        return true;
    }

    /** {@code t} found the queue empty and joins the waiters, at the back, still holding the GIL. */
    public Waiter enlist(SimThread t) {
        Waiter w = new Waiter(t);
        waiters.addLast(w);
        trace.emit(new QueueWait(machine.nowNs(), name, t.id, waiters.size()));
        return w;
    }

    /** Blocks the waiter's thread until a put notifies it, unless one has; then runs {@code then} (to look again). */
    public void await(Waiter w, Runnable then) {
        if (w.notified) {
            then.run();
        } else {
            w.asleep = true;
            machine.block(w.thread, then);
        }
    }
}
