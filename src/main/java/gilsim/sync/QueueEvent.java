package gilsim.sync;

import gilsim.sim.TraceEvent;
import gilsim.sim.TraceListener;

/** What an {@link ItemQueue} reports; {@code items} is the queue's length after the event. */
public sealed interface QueueEvent extends TraceEvent {
    String queue();

    record QueuePut(long timeNs, String queue, int thread, long items) implements QueueEvent {
        @Override
        public void accept(Handler h) {
            h.onQueuePut(this);
        }
    }

    record QueueGet(long timeNs, String queue, int thread, long items) implements QueueEvent {
        @Override
        public void accept(Handler h) {
            h.onQueueGet(this);
        }
    }

    /** {@code thread} found the queue empty and waits, {@code waiting} getters in all. */
    record QueueWait(long timeNs, String queue, int thread, int waiting) implements QueueEvent {
        @Override
        public void accept(Handler h) {
            h.onQueueWait(this);
        }
    }

    /** Calls this event's method in {@code h}. */
    void accept(Handler h);

    /**
     * A handler of the family gets the event through its method for the class ({@link TraceEvent#deliverTo}); any
     * other listener through {@code on}.
     */
    @Override
    default void deliverTo(TraceListener listener) {
        if (listener instanceof Handler h) accept(h);
        else listener.on(this);
    }

    /** Every event of the family, a method each: a class that must see them all implements this. */
    interface Handler {
        void onQueuePut(QueuePut e);

        void onQueueGet(QueueGet e);

        void onQueueWait(QueueWait e);
    }

    /** The family's events a listener wants: it overrides their methods, and the others do nothing. */
    interface Listener extends Handler, TraceListener.OfFamilies {
        @Override
        default void onQueuePut(QueuePut e) {}

        @Override
        default void onQueueGet(QueueGet e) {}

        @Override
        default void onQueueWait(QueueWait e) {}
    }
}
