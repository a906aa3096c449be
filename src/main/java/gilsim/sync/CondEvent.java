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
        public void deliverTo(TraceListener l) {
            if (l instanceof Handler h) h.onCondWait(this);
            else TraceEvent.passOn(this, l);
        }

        @Override
        public void accept(Handler h) {
            h.onCondWait(this);
        }
    }

    /** A signal: it woke {@code woken}, or nobody ({@code -1}, the signal is lost). */
    record CondSignal(long timeNs, String cond, int signaller, int woken) implements CondEvent {
        @Override
        public void deliverTo(TraceListener l) {
            if (l instanceof Handler h) h.onCondSignal(this);
            else TraceEvent.passOn(this, l);
        }

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
        public void deliverTo(TraceListener l) {
            if (l instanceof Handler h) h.onCondAbsorb(this);
            else TraceEvent.passOn(this, l);
        }

        @Override
        public void accept(Handler h) {
            h.onCondAbsorb(this);
        }
    }

    /** A timed wait expired before any signal reached it. */
    record CondTimeout(long timeNs, String cond, int thread) implements CondEvent {
        @Override
        public void deliverTo(TraceListener l) {
            if (l instanceof Handler h) h.onCondTimeout(this);
            else TraceEvent.passOn(this, l);
        }

        @Override
        public void accept(Handler h) {
            h.onCondTimeout(this);
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
        void onCondWait(CondWait e);

        void onCondSignal(CondSignal e);

        void onCondTimeout(CondTimeout e);

        void onCondAbsorb(CondAbsorb e);
    }

    /**
     * The family's events a listener wants: it overrides their methods; the others go to {@link #onCondEvent}, which does
     * nothing unless overridden.
     */
    interface Listener extends Handler, TraceListener.OfFamilies {
        /** Every event of the family whose own method this listener does not override. */
        default void onCondEvent(CondEvent e) {}

        @Override
        default void onCondWait(CondWait e) {
            onCondEvent(e);
        }

        @Override
        default void onCondSignal(CondSignal e) {
            onCondEvent(e);
        }

        @Override
        default void onCondTimeout(CondTimeout e) {
            onCondEvent(e);
        }

        @Override
        default void onCondAbsorb(CondAbsorb e) {
            onCondEvent(e);
        }
    }
}
