package gilsim.sync;

import gilsim.sim.TraceEvent;
import gilsim.sim.TraceListener;

/** What a condition variable reports; {@code cond} names it ({@code gil}, {@code switch}). */
public sealed interface CondEvent extends TraceEvent.Family {
    String cond();

    /** Every event of the family, a method each: a class that must see them all implements this. */
    interface Handler {
        void onCondWait(CondWait e);
        void onCondSignal(CondSignal e);
        void onCondTimeout(CondTimeout e);
        void onCondAbsorb(CondAbsorb e);
    }

    /** A thread began waiting; {@code position} counts from 0 at the front of the queue. */
    record CondWait(long timeNs, String cond, int thread, int position, int queued, long deadlineNs)
            implements CondEvent {
        public void deliverTo(TraceListener l) { if (l instanceof Handler h) h.onCondWait(this); else passOn(l); }

        public void accept(TraceListener.OfFamilies l) { if (l instanceof Handler h) h.onCondWait(this); }
    }

    /** A signal: it woke {@code woken}, or nobody ({@code -1}, the signal is lost). */
    record CondSignal(long timeNs, String cond, int signaller, int woken) implements CondEvent {
        public void deliverTo(TraceListener l) { if (l instanceof Handler h) h.onCondSignal(this); else passOn(l); }

        public void accept(TraceListener.OfFamilies l) { if (l instanceof Handler h) h.onCondSignal(this); }
    }

    /**
     * A signal assigned to {@code absorber}, whose timed wait has expired but who has not run yet (glibc's groups
     * only): it wakes nobody now; the absorber passes it on with a signal of its own when it runs.
     */
    record CondAbsorb(long timeNs, String cond, int signaller, int absorber) implements CondEvent {
        public void deliverTo(TraceListener l) { if (l instanceof Handler h) h.onCondAbsorb(this); else passOn(l); }

        public void accept(TraceListener.OfFamilies l) { if (l instanceof Handler h) h.onCondAbsorb(this); }
    }

    /** A timed wait expired before any signal reached it. */
    record CondTimeout(long timeNs, String cond, int thread) implements CondEvent {
        public void deliverTo(TraceListener l) { if (l instanceof Handler h) h.onCondTimeout(this); else passOn(l); }

        public void accept(TraceListener.OfFamilies l) { if (l instanceof Handler h) h.onCondTimeout(this); }
    }

    /** The family's events a listener wants: it overrides their methods, and the others go to {@code onOther}. */
    interface Listener extends Handler, TraceListener.OfFamilies {
        default void onCondWait(CondWait e) { onOther(e); }
        default void onCondSignal(CondSignal e) { onOther(e); }
        default void onCondTimeout(CondTimeout e) { onOther(e); }
        default void onCondAbsorb(CondAbsorb e) { onOther(e); }
    }
}
