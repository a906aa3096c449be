package gilsim.m0;

import gilsim.sim.TraceEvent;
import gilsim.sim.TraceListener;

/** What the m0 pool reports: jobs, turns and slices. */
public sealed interface PoolEvent extends TraceEvent.Family {
    /**
     * A thread took job number {@code job} (numbered in the order clients sent them) off the queue; {@code kept}:
     * inside its slice, without dropping the GIL.
     */
    /** Every event of the family, a method each: a class that must see them all implements this. */
    interface Handler {
        void onJobTaken(JobTaken e);
        void onTurnYield(TurnYield e);
        void onSliceStart(SliceStart e);
        void onJobAnswered(JobAnswered e);
        void onRetakePastWaiter(RetakePastWaiter e);
    }

    record JobTaken(long timeNs, int thread, long job, long sentNs, boolean kept) implements PoolEvent {
        public void deliverTo(TraceListener l) { if (l instanceof Handler h) h.onJobTaken(this); else passOn(l); }

        public void accept(TraceListener.OfFamilies l) { if (l instanceof Handler h) h.onJobTaken(this); }
    }

    /** A thread began yielding its turn ({@code sched_yield} until an attach), or ended it. */
    record TurnYield(long timeNs, int thread, boolean start, boolean boundHit) implements PoolEvent {
        public void deliverTo(TraceListener l) { if (l instanceof Handler h) h.onTurnYield(this); else passOn(l); }

        public void accept(TraceListener.OfFamilies l) { if (l instanceof Handler h) h.onTurnYield(this); }
    }

    /** A thread attached after a wait or a yield, which starts a new run of its slice. */
    record SliceStart(long timeNs, int thread) implements PoolEvent {
        public void deliverTo(TraceListener l) { if (l instanceof Handler h) h.onSliceStart(this); else passOn(l); }

        public void accept(TraceListener.OfFamilies l) { if (l instanceof Handler h) h.onSliceStart(this); }
    }

    /** A request was answered; {@code sentNs} is when its client sent it. */
    record JobAnswered(long timeNs, int thread, long job, long sentNs) implements PoolEvent {
        public void deliverTo(TraceListener l) { if (l instanceof Handler h) h.onJobAnswered(this); else passOn(l); }

        public void accept(TraceListener.OfFamilies l) { if (l instanceof Handler h) h.onJobAnswered(this); }
    }

    /** A thread attached with no wait while another pool thread was parked on the GIL. */
    record RetakePastWaiter(long timeNs, int thread, int parked) implements PoolEvent {
        public void deliverTo(TraceListener l) {
            if (l instanceof Handler h) h.onRetakePastWaiter(this);
            else passOn(l);
        }

        public void accept(TraceListener.OfFamilies l) { if (l instanceof Handler h) h.onRetakePastWaiter(this); }
    }

    /** The family's events a listener wants: it overrides their methods, and the others go to {@code onOther}. */
    interface Listener extends Handler, TraceListener.OfFamilies {
        default void onJobTaken(JobTaken e) { onOther(e); }
        default void onTurnYield(TurnYield e) { onOther(e); }
        default void onSliceStart(SliceStart e) { onOther(e); }
        default void onJobAnswered(JobAnswered e) { onOther(e); }
        default void onRetakePastWaiter(RetakePastWaiter e) { onOther(e); }
    }
}
