package gilsim.metrics;

import gilsim.program.ProgramEvent;
import java.util.Arrays;

/**
 * Times the passes of each thread's outer loop from its {@link ProgramEvent}s: a round runs from its
 * {@link ProgramEvent.RoundStart} to the next one, or to the loop's {@link ProgramEvent.LoopEnd}. A round still open
 * at the end of the run is not a completed round and is never reported. The one reading of rounds that a run's
 * summary ({@link RoundStats}) and a validation's simulated side share.
 */
public final class RoundTimer {
    /** Receives each completed round as it ends. */
    public interface Sink {
        void round(int thread, long ns);
    }

    private final long[] sinceNs;
    private final Sink sink;

    public RoundTimer(int threadCount, Sink sink) {
        this.sinceNs = new long[threadCount];
        this.sink = sink;
        Arrays.fill(sinceNs, -1);
    }

    public void roundStart(ProgramEvent.RoundStart r) {
        close(r.thread(), r.timeNs());
        sinceNs[r.thread()] = r.timeNs();
    }

    public void loopEnd(ProgramEvent.LoopEnd e) {
        close(e.thread(), e.timeNs());
    }

    private void close(int t, long nowNs) {
        if (sinceNs[t] >= 0) sink.round(t, nowNs - sinceNs[t]);
        sinceNs[t] = -1;
    }
}
