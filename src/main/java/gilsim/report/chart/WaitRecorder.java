package gilsim.report.chart;

import gilsim.metrics.Latencies;
import gilsim.metrics.Spans;
import gilsim.report.TimeWindow;
import gilsim.sim.TraceEvent;
import gilsim.sim.TraceListener;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.AbstractHistogram;

/**
 * Each thread's GIL waits (take_gil entry to GIL taken) that end in the window, streamed into one HdrHistogram per
 * thread: memory stays flat however long the run. A wait still open at the end counts up to the end, as in the
 * summary's verdict.
 */
final class WaitRecorder implements TraceListener, Spans.Sink {
    private final List<String> threads;
    private final TimeWindow window;
    private final List<AbstractHistogram> waits = new ArrayList<>();

    WaitRecorder(List<String> threads, TimeWindow window) {
        this.threads = List.copyOf(threads);
        this.window = window;
        for (int i = 0; i < threads.size(); i++) waits.add(Latencies.newHistogram(window.toNs()));
    }

    @Override
    public void on(TraceEvent event) {}

    @Override
    public void span(Spans.Span s) {
        if (s.kind() != Spans.Kind.WAIT || s.endNs() < window.fromNs() || s.endNs() > window.toNs()) return;
        waits.get(s.thread()).recordValue(s.lengthNs());
    }

    List<String> threads() {
        return threads;
    }

    List<AbstractHistogram> waits() {
        return waits;
    }
}
