package gilsim.report.html;

import gilsim.metrics.Latencies;
import gilsim.metrics.Spans;
import gilsim.sim.TraceEvent;
import gilsim.sim.TraceListener;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.AbstractHistogram;

/**
 * Each thread's GIL waits over the whole run, one HdrHistogram per thread; a wait still open when the run ends counts
 * to the end, and its length is kept apart so the page can say so.
 */
final class Waits implements TraceListener, Spans.Sink {
    private final long durationNs;
    private final List<AbstractHistogram> byThread = new ArrayList<>();
    /** Each thread's wait cut by the end of the run, or -1. */
    private final long[] openNs;

    Waits(int threads, long durationNs) {
        this.durationNs = durationNs;
        this.openNs = new long[threads];
        java.util.Arrays.fill(openNs, -1);
        for (int t = 0; t < threads; t++) byThread.add(Latencies.newHistogram(durationNs));
    }

    @Override
    public void on(TraceEvent event) {}

    @Override
    public void span(Spans.Span s) {
        if (s.kind() != Spans.Kind.WAIT) return;
        byThread.get(s.thread()).recordValue(Math.min(s.lengthNs(), durationNs));
        if (s.open()) openNs[s.thread()] = Math.min(s.lengthNs(), durationNs);
    }

    List<AbstractHistogram> byThread() {
        return byThread;
    }

    long[] openNs() {
        return openNs.clone();
    }
}
