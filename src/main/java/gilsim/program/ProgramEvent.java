package gilsim.program;

import gilsim.sim.TraceEvent;
import gilsim.sim.TraceListener;

/**
 * What a thread's program reports: the passes of its outer loop (the first loop of its top-level steps), the
 * rounds a real run of the same program measures. Threads are named by their index in the run.
 */
public sealed interface ProgramEvent extends TraceEvent {
    /** A pass of the thread's outer loop begins: the thread holds the GIL and is about to run its first step. */
    record RoundStart(long timeNs, int thread) implements ProgramEvent {
        @Override
        public void deliverTo(TraceListener l) {
            if (l instanceof Handler h) h.onRoundStart(this);
            else TraceEvent.passOn(this, l);
        }

        @Override
        public void accept(Handler h) {
            h.onRoundStart(this);
        }
    }

    /** The thread's outer loop ran its last pass (a loop of N passes); the round begun last ends here. */
    record LoopEnd(long timeNs, int thread) implements ProgramEvent {
        @Override
        public void deliverTo(TraceListener l) {
            if (l instanceof Handler h) h.onLoopEnd(this);
            else TraceEvent.passOn(this, l);
        }

        @Override
        public void accept(Handler h) {
            h.onLoopEnd(this);
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
        void onRoundStart(RoundStart e);

        void onLoopEnd(LoopEnd e);
    }

    /**
     * The family's events a listener wants: it overrides their methods; the others go to {@link #onProgramEvent}, which does
     * nothing unless overridden.
     */
    interface Listener extends Handler, TraceListener.OfFamilies {
        /** Every event of the family whose own method this listener does not override. */
        default void onProgramEvent(ProgramEvent e) {}

        @Override
        default void onRoundStart(RoundStart e) {
            onProgramEvent(e);
        }

        @Override
        default void onLoopEnd(LoopEnd e) {
            onProgramEvent(e);
        }
    }
}
