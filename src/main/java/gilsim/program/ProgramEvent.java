package gilsim.program;

import gilsim.sim.TraceEvent;
import gilsim.sim.TraceListener;

/**
 * What a thread's program reports: the passes of its outer loop (the first loop of its top-level steps), the
 * rounds a real run of the same program measures. Threads are named by their index in the run.
 */
public sealed interface ProgramEvent extends TraceEvent.Family {
    /** A pass of the thread's outer loop begins: the thread holds the GIL and is about to run its first step. */
    /** Every event of the family, a method each: a class that must see them all implements this. */
    interface Handler {
        void onRoundStart(RoundStart e);
        void onLoopEnd(LoopEnd e);
    }

    record RoundStart(long timeNs, int thread) implements ProgramEvent {
        public void deliverTo(TraceListener l) { if (l instanceof Handler h) h.onRoundStart(this); else passOn(l); }

        public void accept(TraceListener.OfFamilies l) { if (l instanceof Handler h) h.onRoundStart(this); }
    }

    /** The thread's outer loop ran its last pass (a loop of N passes); the round begun last ends here. */
    record LoopEnd(long timeNs, int thread) implements ProgramEvent {
        public void deliverTo(TraceListener l) { if (l instanceof Handler h) h.onLoopEnd(this); else passOn(l); }

        public void accept(TraceListener.OfFamilies l) { if (l instanceof Handler h) h.onLoopEnd(this); }
    }

    /** The family's events a listener wants: it overrides their methods, and the others go to {@code onOther}. */
    interface Listener extends Handler, TraceListener.OfFamilies {
        default void onRoundStart(RoundStart e) { onOther(e); }
        default void onLoopEnd(LoopEnd e) { onOther(e); }
    }
}
