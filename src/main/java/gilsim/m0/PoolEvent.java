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
        public void accept(Handler h) {
            h.onJobTaken(this);
        }
    }

    /** A thread began yielding its turn ({@code sched_yield} until an attach), or ended it. */
    record TurnYield(long timeNs, int thread, boolean start, boolean boundHit) implements PoolEvent {
        @Override
        public void accept(Handler h) {
            h.onTurnYield(this);
        }
    }

    /** A thread attached after a wait or a yield, which starts a new run of its slice. */
    record SliceStart(long timeNs, int thread) implements PoolEvent {
        @Override
        public void accept(Handler h) {
            h.onSliceStart(this);
        }
    }

    /** A request was answered; {@code sentNs} is when its client sent it. */
    record JobAnswered(long timeNs, int thread, long job, long sentNs) implements PoolEvent {
        @Override
        public void accept(Handler h) {
            h.onJobAnswered(this);
        }
    }

    /** A thread attached with no wait while another pool thread was parked on the GIL. */
    record RetakePastWaiter(long timeNs, int thread, int parked) implements PoolEvent {
        @Override
        public void accept(Handler h) {
            h.onRetakePastWaiter(this);
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
        void onJobTaken(JobTaken e);

        void onTurnYield(TurnYield e);

        void onSliceStart(SliceStart e);

        void onJobAnswered(JobAnswered e);

        void onRetakePastWaiter(RetakePastWaiter e);
    }

    /** The family's events a listener wants: it overrides their methods, and the others do nothing. */
    interface Listener extends Handler, TraceListener.OfFamilies {
        @Override
        default void onJobTaken(JobTaken e) {}

        @Override
        default void onTurnYield(TurnYield e) {}

        @Override
        default void onSliceStart(SliceStart e) {}

        @Override
        default void onJobAnswered(JobAnswered e) {}

        @Override
        default void onRetakePastWaiter(RetakePastWaiter e) {}
    }
}
