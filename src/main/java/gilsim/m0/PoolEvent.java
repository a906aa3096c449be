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
        public void deliverTo(TraceListener l) {
            if (l instanceof Handler h) h.onJobTaken(this);
            else TraceEvent.passOn(this, l);
        }

        @Override
        public void accept(Handler h) {
            h.onJobTaken(this);
        }
    }

    /** A thread began yielding its turn ({@code sched_yield} until an attach), or ended it. */
    record TurnYield(long timeNs, int thread, boolean start, boolean boundHit) implements PoolEvent {
        @Override
        public void deliverTo(TraceListener l) {
            if (l instanceof Handler h) h.onTurnYield(this);
            else TraceEvent.passOn(this, l);
        }

        @Override
        public void accept(Handler h) {
            h.onTurnYield(this);
        }
    }

    /** A thread attached after a wait or a yield, which starts a new run of its slice. */
    record SliceStart(long timeNs, int thread) implements PoolEvent {
        @Override
        public void deliverTo(TraceListener l) {
            if (l instanceof Handler h) h.onSliceStart(this);
            else TraceEvent.passOn(this, l);
        }

        @Override
        public void accept(Handler h) {
            h.onSliceStart(this);
        }
    }

    /** A request was answered; {@code sentNs} is when its client sent it. */
    record JobAnswered(long timeNs, int thread, long job, long sentNs) implements PoolEvent {
        @Override
        public void deliverTo(TraceListener l) {
            if (l instanceof Handler h) h.onJobAnswered(this);
            else TraceEvent.passOn(this, l);
        }

        @Override
        public void accept(Handler h) {
            h.onJobAnswered(this);
        }
    }

    /** A thread attached with no wait while another pool thread was parked on the GIL. */
    record RetakePastWaiter(long timeNs, int thread, int parked) implements PoolEvent {
        @Override
        public void deliverTo(TraceListener l) {
            if (l instanceof Handler h) h.onRetakePastWaiter(this);
            else TraceEvent.passOn(this, l);
        }

        @Override
        public void accept(Handler h) {
            h.onRetakePastWaiter(this);
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
        void onJobTaken(JobTaken e);

        void onTurnYield(TurnYield e);

        void onSliceStart(SliceStart e);

        void onJobAnswered(JobAnswered e);

        void onRetakePastWaiter(RetakePastWaiter e);
    }

    /**
     * The family's events a listener wants: it overrides their methods; the others go to {@link #onPoolEvent}, which does
     * nothing unless overridden.
     */
    interface Listener extends Handler, TraceListener.OfFamilies {
        /** Every event of the family whose own method this listener does not override. */
        default void onPoolEvent(PoolEvent e) {}

        @Override
        default void onJobTaken(JobTaken e) {
            onPoolEvent(e);
        }

        @Override
        default void onTurnYield(TurnYield e) {
            onPoolEvent(e);
        }

        @Override
        default void onSliceStart(SliceStart e) {
            onPoolEvent(e);
        }

        @Override
        default void onJobAnswered(JobAnswered e) {
            onPoolEvent(e);
        }

        @Override
        default void onRetakePastWaiter(RetakePastWaiter e) {
            onPoolEvent(e);
        }
    }
}
