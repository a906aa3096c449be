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
        public void accept(Handler h) {
            h.onRoundStart(this);
        }
    }

    /** The thread's outer loop ran its last pass (a loop of N passes); the round begun last ends here. */
    record LoopEnd(long timeNs, int thread) implements ProgramEvent {
        @Override
        public void accept(Handler h) {
            h.onLoopEnd(this);
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
        void onRoundStart(RoundStart e);

        void onLoopEnd(LoopEnd e);
    }

    /** The family's events a listener wants: it overrides their methods, and the others do nothing. */
    interface Listener extends Handler, TraceListener.OfFamilies {
        @Override
        default void onRoundStart(RoundStart e) {}

        @Override
        default void onLoopEnd(LoopEnd e) {}
    }
}
