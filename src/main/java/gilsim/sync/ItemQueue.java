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
 */
public final class ItemQueue {
    private final String name;
    private final Machine machine;
    private final Trace trace;
    /** Items put and not yet taken. */
    private long items;
    /** Getters waiting for an item, longest first. */
    private final ArrayDeque<SimThread> waiters = new ArrayDeque<>();

    public ItemQueue(String name, Machine machine, Trace trace) {
        this.name = name;
        this.machine = machine;
        this.trace = trace;
    }

    public void put(SimThread t) {
        items++;
        trace.emit(new QueuePut(machine.nowNs(), name, t.id, items));
        SimThread w = waiters.pollFirst();
        if (w != null) machine.wake(w);
    }

    /** Takes an item for {@code t} if there is one. */
    public boolean tryGet(SimThread t) {
        if (items == 0) return false;
        items--;
        trace.emit(new QueueGet(machine.nowNs(), name, t.id, items));
        return true;
    }

    /** Blocks the running thread {@code t} until a put wakes it; {@code onWake} then runs (and must look again). */
    public void await(SimThread t, Runnable onWake) {
        waiters.addLast(t);
        trace.emit(new QueueWait(machine.nowNs(), name, t.id, waiters.size()));
        machine.block(t, onWake);
    }
}
