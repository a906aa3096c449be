package gilsim.sync;

import gilsim.sim.TraceEvent;
import gilsim.sim.TraceListener;

/** What an {@link ItemQueue} reports; {@code items} is the queue's length after the event. */
public sealed interface QueueEvent extends TraceEvent {
    String queue();

    record QueuePut(long timeNs, String queue, int thread, long items) implements QueueEvent {
        @Override
        public void deliverTo(TraceListener l) {
            if (l instanceof Handler h) h.onQueuePut(this);
            else TraceEvent.passOn(this, l);
        }

        @Override
        public void accept(Handler h) {
            h.onQueuePut(this);
        }
    }

    record QueueGet(long timeNs, String queue, int thread, long items) implements QueueEvent {
        @Override
        public void deliverTo(TraceListener l) {
            if (l instanceof Handler h) h.onQueueGet(this);
            else TraceEvent.passOn(this, l);
        }

        @Override
        public void accept(Handler h) {
            h.onQueueGet(this);
        }
    }

    /** {@code thread} found the queue empty and waits, {@code waiting} getters in all. */
    record QueueWait(long timeNs, String queue, int thread, int waiting) implements QueueEvent {
        @Override
        public void deliverTo(TraceListener l) {
            if (l instanceof Handler h) h.onQueueWait(this);
            else TraceEvent.passOn(this, l);
        }

        @Override
        public void accept(Handler h) {
            h.onQueueWait(this);
        }
    }

    /**
     * Every record implements this: a handler of the family gets the event through its method for the class
     * ({@link TraceEvent#deliverTo}).
     */
    @Override
    void deliverTo(TraceListener listener);

    /**
     * Calls this event's method in {@code h}: how a listener that holds others hands the event on to each
     * ({@code gilsim.metrics.RunListeners}). Not {@link #deliverTo}, so that the JIT's profile of that one sees only the
     * trace's own listeners.
     */
    void accept(Handler h);

    /** Every event of the family, a method each: a class that must see them all implements this. */
    interface Handler {
        void onQueuePut(QueuePut e);

        void onQueueGet(QueueGet e);

        void onQueueWait(QueueWait e);
    }

    /**
     * The family's events a listener wants: it overrides their methods; the others go to {@link #onQueueEvent}, which does
     * nothing unless overridden.
     */
    interface Listener extends Handler, TraceListener.OfFamilies {
        /** Every event of the family whose own method this listener does not override. */
        default void onQueueEvent(QueueEvent e) {}

        @Override
        default void onQueuePut(QueuePut e) {
            onQueueEvent(e);
        }

        @Override
        default void onQueueGet(QueueGet e) {
            onQueueEvent(e);
        }

        @Override
        default void onQueueWait(QueueWait e) {
            onQueueEvent(e);
        }
    }
}
