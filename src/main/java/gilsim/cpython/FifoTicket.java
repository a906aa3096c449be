package gilsim.cpython;

import gilsim.sync.WakeOrder;

/**
 * drop_gil hands the GIL to the waiter that arrived first: the GIL is free, but kept for that waiter until it runs
 * and takes it, so nobody can barge past it (the releasing thread included). Waits are CPython's otherwise.
 */
final class FifoTicket implements GilPolicy {
    /** The thread the GIL was handed to and not yet taken by, or -1. */
    private int handedTo = -1;

    /** A ticket only makes sense in arrival order. */
    @Override
    public WakeOrder wakeOrder(WakeOrder configured) {
        return WakeOrder.FIFO;
    }

    @Override
    public TimedWait timedWait(int thread, long nowNs, long switchNumber, long intervalNs) {
        return new TimedWait(nowNs + intervalNs, switchNumber);
    }

    @Override
    public boolean keptForAnother(int thread) {
        return handedTo >= 0 && handedTo != thread;
    }

    @Override
    public void woken(int thread) {
        handedTo = thread;
    }

    @Override
    public void taken(int thread) {
        handedTo = -1;
    }
}
