package gilsim.os;

import gilsim.sim.TraceEvent;
import gilsim.sim.TraceListener;

/** What the machine reports: threads changing scheduler state. Threads are named by their index in the run. */
public sealed interface OsEvent extends TraceEvent.Family {
    /** A thread changed scheduler state; {@code core} is the core it runs on, or -1. */
    /** Every event of the family, a method each: a class that must see them all implements this. */
    interface Handler {
        void onThreadState(ThreadState e);
    }

    record ThreadState(long timeNs, int thread, RunState state, int core) implements OsEvent {
        public void deliverTo(TraceListener l) { if (l instanceof Handler h) h.onThreadState(this); else passOn(l); }

        public void accept(TraceListener.OfFamilies l) { if (l instanceof Handler h) h.onThreadState(this); }
    }

    /** The family's events a listener wants: it overrides their methods, and the others go to {@code onOther}. */
    interface Listener extends Handler, TraceListener.OfFamilies {
        default void onThreadState(ThreadState e) { onOther(e); }
    }
}
