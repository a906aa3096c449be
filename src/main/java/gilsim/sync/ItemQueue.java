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
 *
 * <p>An item is whatever the putter hands over (a request, or {@link #PLAIN} for an item that carries nothing); the
 * queue gives items back in the order they were put.
 */
public final class ItemQueue {
    private final String name;
    private final Machine machine;
    private final Trace trace;
    /** An item that carries nothing: what a program's {@code put} hands over when its thread holds no request. */
    public static final Object PLAIN = new Object();

    /** Items put and not yet taken, oldest first. */
    private final ArrayDeque<Object> items = new ArrayDeque<>();
    /** Getters waiting for an item, longest first. */
    private final ArrayDeque<Waiter> waiters = new ArrayDeque<>();

    /**
     * A getter's place among the waiters: {@code Condition.wait}'s waiter lock. An event loop's wait on several queues
     * ({@code select}) is one waiter in each of them: the first put to any notifies it, and the others pass it by.
     */
    public static final class Waiter {
        private final SimThread thread;
        /** A put has notified it (released its waiter lock). */
        private boolean notified;
        /** It is asleep in {@link #await}. */
        private boolean asleep;

        public Waiter(SimThread thread) {
            this.thread = thread;
        }
    }

    public ItemQueue(String name, Machine machine, Trace trace) {
        this.name = name;
        this.machine = machine;
        this.trace = trace;
    }

    /** {@code thread} puts {@code item} (-1: from outside the process, as a request arriving from the network). */
    public void put(int thread, Object item) {
        items.addLast(item);
        trace.emit(new QueuePut(machine.nowNs(), name, thread, items.size()));
        Waiter w = waiters.pollFirst();
        // A waiter of several queues that another put has notified already is no longer waiting here.
        while (w != null && w.notified) w = waiters.pollFirst();
        if (w == null) return;
        w.notified = true;
        if (w.asleep) {
            w.asleep = false;
            machine.wake(w.thread);
        }
    }

    /** Takes the oldest item for {@code t}, or null when there is none. */
    public Object tryGet(SimThread t) {
        Object item = items.pollFirst();
        if (item == null) return null;
        trace.emit(new QueueGet(machine.nowNs(), name, t.id, items.size()));
        return item;
    }

    /** {@code t} found the queue empty and joins the waiters, at the back, still holding the GIL. */
    public Waiter enlist(SimThread t) {
        return enlist(new Waiter(t));
    }

    /** The same, for a waiter that may wait on other queues too ({@code select}). */
    public Waiter enlist(Waiter w) {
        waiters.addLast(w);
        trace.emit(new QueueWait(machine.nowNs(), name, w.thread.id, waiters.size()));
        return w;
    }

    /** Takes {@code w} off this queue's waiters, when a put to another queue it waited on has woken it. */
    public void withdraw(Waiter w) {
        waiters.remove(w);
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
