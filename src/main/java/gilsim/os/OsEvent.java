package gilsim.os;

import gilsim.sim.TraceEvent;
import gilsim.sim.TraceListener;

/** What the machine reports: threads changing scheduler state. Threads are named by their index in the run. */
public sealed interface OsEvent extends TraceEvent {
    /** A thread changed scheduler state; {@code core} is the core it runs on, or -1. */
    record ThreadState(long timeNs, int thread, RunState state, int core) implements OsEvent {
        @Override
        public void deliverTo(TraceListener l) {
            if (l instanceof Handler h) h.onThreadState(this);
            else TraceEvent.passOn(this, l);
        }

        @Override
        public void accept(Handler h) {
            h.onThreadState(this);
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
        void onThreadState(ThreadState e);
    }

    /**
     * The family's events a listener wants: it overrides their methods; the others go to {@link #onOsEvent}, which does
     * nothing unless overridden.
     */
    interface Listener extends Handler, TraceListener.OfFamilies {
        /** Every event of the family whose own method this listener does not override. */
        default void onOsEvent(OsEvent e) {}

        @Override
        default void onThreadState(ThreadState e) {
            onOsEvent(e);
        }
    }
}
