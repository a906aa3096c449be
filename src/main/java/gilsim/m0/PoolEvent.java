package gilsim.m0;

import gilsim.sim.TraceEvent;
import gilsim.sim.TraceListener;

/** What the m0 pool reports: jobs, turns and slices. */
public sealed interface PoolEvent extends TraceEvent {
    /**
     * A thread took job number {@code job} (numbered in the order clients sent them) off the queue; {@code kept}:
     * inside its slice, without dropping the GIL.
     */
    record JobTaken(long timeNs, int thread, long job, long sentNs, boolean kept) implements PoolEvent {
        @Override
        public void deliverTo(TraceListener listener) {
            if (listener instanceof Listener l) l.onJobTaken(this);
            else listener.on(this);
        }
    }

    /** A thread began yielding its turn ({@code sched_yield} until an attach), or ended it. */
    record TurnYield(long timeNs, int thread, boolean start, boolean boundHit) implements PoolEvent {
        @Override
        public void deliverTo(TraceListener listener) {
            if (listener instanceof Listener l) l.onTurnYield(this);
            else listener.on(this);
        }
    }

    /** A thread attached after a wait or a yield, which starts a new run of its slice. */
    record SliceStart(long timeNs, int thread) implements PoolEvent {
        @Override
        public void deliverTo(TraceListener listener) {
            if (listener instanceof Listener l) l.onSliceStart(this);
            else listener.on(this);
        }
    }

    /** A request was answered; {@code sentNs} is when its client sent it. */
    record JobAnswered(long timeNs, int thread, long job, long sentNs) implements PoolEvent {
        @Override
        public void deliverTo(TraceListener listener) {
            if (listener instanceof Listener l) l.onJobAnswered(this);
            else listener.on(this);
        }
    }

    /** A thread attached with no wait while another pool thread was parked on the GIL. */
    record RetakePastWaiter(long timeNs, int thread, int parked) implements PoolEvent {
        @Override
        public void deliverTo(TraceListener listener) {
            if (listener instanceof Listener l) l.onRetakePastWaiter(this);
            else listener.on(this);
        }
    }

    /** A listener with a method for each of the family's events ({@link TraceEvent#deliverTo}). */
    interface Listener {
        void onJobTaken(JobTaken e);

        void onTurnYield(TurnYield e);

        void onSliceStart(SliceStart e);

        void onJobAnswered(JobAnswered e);

        void onRetakePastWaiter(RetakePastWaiter e);
    }
}
