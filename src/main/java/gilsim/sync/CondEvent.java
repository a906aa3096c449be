package gilsim.sync;

import gilsim.sim.TraceEvent;
import gilsim.sim.TraceListener;

/** What a condition variable reports; {@code cond} names it ({@code gil}, {@code switch}). */
public sealed interface CondEvent extends TraceEvent {
    String cond();

    /** A thread began waiting; {@code position} counts from 0 at the front of the queue. */
    record CondWait(long timeNs, String cond, int thread, int position, int queued, long deadlineNs)
            implements CondEvent {
        @Override
        public void accept(Handler h) {
            h.onCondWait(this);
        }
    }

    /** A signal: it woke {@code woken}, or nobody ({@code -1}, the signal is lost). */
    record CondSignal(long timeNs, String cond, int signaller, int woken) implements CondEvent {
        @Override
        public void accept(Handler h) {
            h.onCondSignal(this);
        }
    }

    /**
     * A signal assigned to {@code absorber}, whose timed wait has expired but who has not run yet (glibc's groups
     * only): it wakes nobody now; the absorber passes it on with a signal of its own when it runs.
     */
    record CondAbsorb(long timeNs, String cond, int signaller, int absorber) implements CondEvent {
        @Override
        public void accept(Handler h) {
            h.onCondAbsorb(this);
        }
    }

    /** A timed wait expired before any signal reached it. */
    record CondTimeout(long timeNs, String cond, int thread) implements CondEvent {
        @Override
        public void accept(Handler h) {
            h.onCondTimeout(this);
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
        void onCondWait(CondWait e);

        void onCondSignal(CondSignal e);

        void onCondTimeout(CondTimeout e);

        void onCondAbsorb(CondAbsorb e);
    }

    /** The family's events a listener wants: it overrides their methods, and the others do nothing. */
    interface Listener extends Handler, TraceListener.OfFamilies {
        @Override
        default void onCondWait(CondWait e) {}

        @Override
        default void onCondSignal(CondSignal e) {}

        @Override
        default void onCondTimeout(CondTimeout e) {}

        @Override
        default void onCondAbsorb(CondAbsorb e) {}
    }
}
