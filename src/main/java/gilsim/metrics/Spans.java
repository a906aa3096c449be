package gilsim.metrics;

import gilsim.cpython.GilEvent.GilDrop;
import gilsim.cpython.GilEvent.GilTake;
import gilsim.cpython.GilEvent.GilWant;
import gilsim.sim.TraceEvent;
import gilsim.sim.TraceListener;
import java.util.Arrays;
import java.util.List;

/**
 * The one place GIL waits and holds are derived from the event stream. A wait runs from take_gil's entry to the
 * take; a hold from the take to the drop. A span still open when the run ends closes at the end, marked open.
 * Statistics, charts, traces and the story read these spans; none keeps its own "waiting since".
 *
 * <p>It must be the first listener of a run, so that everything after it sees an event with the spans it closed.
 * It matches the event classes themselves, never their family interface: on HotSpot an {@code instanceof} against
 * an interface scans the class's secondary supers, and on every event of a run that cost 0.6 ms a pool run.
 */
public final class Spans implements TraceListener {
    public enum Kind { WAIT, HOLD }

    /** A wait or a hold of {@code thread}, {@code [startNs, endNs]}; {@code open}: cut by the end of the run. */
    public record Span(Kind kind, int thread, long startNs, long endNs, boolean open) {
        public long lengthNs() {
            return endNs - startNs;
        }
    }

    /** Receives each span as it closes, in time order. */
    public interface Sink {
        void span(Span span);
    }

    private final long[] waitSinceNs;
    private final long[] holdSinceNs;
    private Sink[] sinks = new Sink[0];

    public Spans(int threads) {
        waitSinceNs = new long[threads];
        holdSinceNs = new long[threads];
        Arrays.fill(waitSinceNs, -1);
        Arrays.fill(holdSinceNs, -1);
    }

    public void add(Sink sink) {
        sinks = Arrays.copyOf(sinks, sinks.length + 1);
        sinks[sinks.length - 1] = sink;
    }

    /** Whether {@code thread} is in take_gil now. */
    public boolean waiting(int thread) {
        return waitSinceNs[thread] >= 0;
    }

    /** Whether {@code thread} holds the GIL now. */
    public boolean holding(int thread) {
        return holdSinceNs[thread] >= 0;
    }

    @Override
    public List<Class<? extends TraceEvent>> reads() {
        return List.of(GilWant.class, GilTake.class, GilDrop.class);
    }

    @Override
    public void on(TraceEvent event) {
        if (event instanceof GilWant e) {
            on(e);
        } else if (event instanceof GilTake e) {
            on(e);
        } else if (event instanceof GilDrop e) {
            on(e);
        }
    }

    void on(GilWant e) {
        waitSinceNs[e.thread()] = e.timeNs();
    }

    void on(GilTake e) {
        close(Kind.WAIT, waitSinceNs, e.thread(), e.timeNs(), false);
        holdSinceNs[e.thread()] = e.timeNs();
    }

    void on(GilDrop e) {
        close(Kind.HOLD, holdSinceNs, e.thread(), e.timeNs(), false);
    }

    @Override
    public void finish(long endNs) {
        for (int t = 0; t < waitSinceNs.length; t++) {
            close(Kind.WAIT, waitSinceNs, t, endNs, true);
            close(Kind.HOLD, holdSinceNs, t, endNs, true);
        }
    }

    private void close(Kind kind, long[] sinceNs, int thread, long endNs, boolean open) {
        long since = sinceNs[thread];
        if (since < 0) return;
        sinceNs[thread] = -1;
        Span span = new Span(kind, thread, since, endNs, open);
        for (Sink s : sinks) s.span(span);
    }
}
