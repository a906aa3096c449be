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
        public void deliverTo(TraceListener listener) {
            if (listener instanceof Listener l) l.onRoundStart(this);
            else listener.on(this);
        }
    }

    /** The thread's outer loop ran its last pass (a loop of N passes); the round begun last ends here. */
    record LoopEnd(long timeNs, int thread) implements ProgramEvent {}

    /** A listener with a method for the family's event of every round ({@link TraceEvent#deliverTo}). */
    interface Listener {
        void onRoundStart(RoundStart e);
    }
}
