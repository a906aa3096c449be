package gilsim.report.html;

import gilsim.metrics.Latencies;
import gilsim.metrics.Spans;
import gilsim.sim.TraceEvent;
import gilsim.sim.TraceListener;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.AbstractHistogram;

/** Each thread's GIL waits over the whole run, one HdrHistogram per thread (an open wait counts to the end). */
final class Waits implements TraceListener, Spans.Sink {
    private final long durationNs;
    private final List<AbstractHistogram> byThread = new ArrayList<>();

    Waits(int threads, long durationNs) {
        this.durationNs = durationNs;
        for (int t = 0; t < threads; t++) byThread.add(Latencies.newHistogram(durationNs));
    }

    @Override
    public void on(TraceEvent event) {}

    @Override
    public void span(Spans.Span s) {
        if (s.kind() == Spans.Kind.WAIT) byThread.get(s.thread()).recordValue(Math.min(s.lengthNs(), durationNs));
    }

    List<AbstractHistogram> byThread() {
        return byThread;
    }
}
