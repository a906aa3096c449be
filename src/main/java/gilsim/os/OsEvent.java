package gilsim.os;

import gilsim.sim.TraceEvent;
import gilsim.sim.TraceListener;

/** What the machine reports: threads changing scheduler state. Threads are named by their index in the run. */
public sealed interface OsEvent extends TraceEvent {
    /** A thread changed scheduler state; {@code core} is the core it runs on, or -1. */
    record ThreadState(long timeNs, int thread, RunState state, int core) implements OsEvent {
        @Override
        public void deliverTo(TraceListener listener) {
            if (listener instanceof Listener l) l.onThreadState(this);
            else listener.on(this);
        }
    }

    /** A listener with a method for the family's event ({@link TraceEvent#deliverTo}). */
    interface Listener {
        void onThreadState(ThreadState e);
    }
}
