package gilsim.os;

import gilsim.sim.TraceEvent;
import gilsim.sim.TraceListener;

/** What the machine reports: threads changing scheduler state. Threads are named by their index in the run. */
public sealed interface OsEvent extends TraceEvent {
    /** A thread changed scheduler state; {@code core} is the core it runs on, or -1. */
    record ThreadState(long timeNs, int thread, RunState state, int core) implements OsEvent {
        @Override
        public void accept(Handler h) {
            h.onThreadState(this);
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
        void onThreadState(ThreadState e);
    }

    /** The family's events a listener wants: it overrides their methods, and the others do nothing. */
    interface Listener extends Handler, TraceListener.OfFamilies {
        @Override
        default void onThreadState(ThreadState e) {}
    }
}
