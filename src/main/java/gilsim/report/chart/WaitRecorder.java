package gilsim.report.chart;

import gilsim.metrics.LatencyHistograms;
import gilsim.report.TimeWindow;
import gilsim.sim.TraceEvent;
import gilsim.sim.TraceEvent.GilTake;
import gilsim.sim.TraceEvent.GilWant;
import gilsim.sim.TraceListener;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Each thread's GIL waits (take_gil entry to GIL taken) that end in the window, streamed into one HdrHistogram per
 * thread: memory stays flat however long the run. A wait still open at the end counts up to the end, as in the
 * summary's verdict.
 */
final class WaitRecorder implements TraceListener {
    private final List<String> threads;
    private final TimeWindow window;
    private final List<Histogram> waits = new ArrayList<>();
    private final long[] wantSinceNs;

    WaitRecorder(List<String> threads, TimeWindow window) {
        this.threads = List.copyOf(threads);
        this.window = window;
        for (int i = 0; i < threads.size(); i++) waits.add(LatencyHistograms.create());
        wantSinceNs = new long[threads.size()];
        Arrays.fill(wantSinceNs, -1);
    }

    @Override
    public void on(TraceEvent event) {
        if (event instanceof GilWant e) {
            wantSinceNs[e.thread()] = e.timeNs();
        } else if (event instanceof GilTake e) {
            record(e.thread(), e.timeNs());
        }
    }

    @Override
    public void finish(long endNs) {
        for (int t = 0; t < wantSinceNs.length; t++) if (wantSinceNs[t] >= 0) record(t, endNs);
    }

    private void record(int thread, long endNs) {
        long since = wantSinceNs[thread];
        wantSinceNs[thread] = -1;
        if (since < 0 || endNs < window.fromNs() || endNs > window.toNs()) return;
        Histogram h = waits.get(thread);
        h.recordValue(Math.min(endNs - since, h.getHighestTrackableValue()));
    }

    List<String> threads() {
        return threads;
    }

    List<Histogram> waits() {
        return waits;
    }
}
