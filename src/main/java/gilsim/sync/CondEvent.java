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
        public void deliverTo(TraceListener listener) {
            if (listener instanceof Listener l) l.onCondWait(this);
            else listener.on(this);
        }
    }

    /** A signal: it woke {@code woken}, or nobody ({@code -1}, the signal is lost). */
    record CondSignal(long timeNs, String cond, int signaller, int woken) implements CondEvent {
        @Override
        public void deliverTo(TraceListener listener) {
            if (listener instanceof Listener l) l.onCondSignal(this);
            else listener.on(this);
        }
    }

    /**
     * A signal assigned to {@code absorber}, whose timed wait has expired but who has not run yet (glibc's groups
     * only): it wakes nobody now; the absorber passes it on with a signal of its own when it runs.
     */
    record CondAbsorb(long timeNs, String cond, int signaller, int absorber) implements CondEvent {}

    /** A timed wait expired before any signal reached it. */
    record CondTimeout(long timeNs, String cond, int thread) implements CondEvent {
        @Override
        public void deliverTo(TraceListener listener) {
            if (listener instanceof Listener l) l.onCondTimeout(this);
            else listener.on(this);
        }
    }

    /** A listener with a method for each of the family's events of every hand-off ({@link TraceEvent#deliverTo}). */
    interface Listener {
        void onCondWait(CondWait e);

        void onCondSignal(CondSignal e);

        void onCondTimeout(CondTimeout e);
    }
}
