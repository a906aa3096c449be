package gilsim.sync;

import gilsim.sim.TraceEvent;
import gilsim.sim.TraceListener;

/** What an {@link ItemQueue} reports; {@code items} is the queue's length after the event. */
public sealed interface QueueEvent extends TraceEvent.Family {
    String queue();

    /** Every event of the family, a method each: a class that must see them all implements this. */
    interface Handler {
        void onQueuePut(QueuePut e);
        void onQueueGet(QueueGet e);
        void onQueueWait(QueueWait e);
    }

    record QueuePut(long timeNs, String queue, int thread, long items) implements QueueEvent {
        public void deliverTo(TraceListener l) { if (l instanceof Handler h) h.onQueuePut(this); else passOn(l); }

        public void accept(TraceListener.OfFamilies l) { if (l instanceof Handler h) h.onQueuePut(this); }
    }

    record QueueGet(long timeNs, String queue, int thread, long items) implements QueueEvent {
        public void deliverTo(TraceListener l) { if (l instanceof Handler h) h.onQueueGet(this); else passOn(l); }

        public void accept(TraceListener.OfFamilies l) { if (l instanceof Handler h) h.onQueueGet(this); }
    }

    /** {@code thread} found the queue empty and waits, {@code waiting} getters in all. */
    record QueueWait(long timeNs, String queue, int thread, int waiting) implements QueueEvent {
        public void deliverTo(TraceListener l) { if (l instanceof Handler h) h.onQueueWait(this); else passOn(l); }

        public void accept(TraceListener.OfFamilies l) { if (l instanceof Handler h) h.onQueueWait(this); }
    }

    /** The family's events a listener wants: it overrides their methods, and the others go to {@code onOther}. */
    interface Listener extends Handler, TraceListener.OfFamilies {
        default void onQueuePut(QueuePut e) { onOther(e); }
        default void onQueueGet(QueueGet e) { onOther(e); }
        default void onQueueWait(QueueWait e) { onOther(e); }
    }
}
