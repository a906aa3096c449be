package gilsim.report.chart;

import gilsim.metrics.Spans;
import gilsim.report.TimeWindow;
import gilsim.sim.TraceEvent;
import gilsim.cpython.GilEvent.GilDrop;
import gilsim.cpython.GilEvent.GilTake;
import gilsim.cpython.GilEvent.GilWant;
import gilsim.os.RunState;
import gilsim.os.OsEvent.ThreadState;
import gilsim.sim.TraceListener;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Follows each thread's activity through a run and keeps the segments and marks that fall in the window, so its
 * memory grows with the window, not with the run.
 */
final class TimelineRecorder implements TraceListener {
    private final List<String> names;
    private final TimeWindow window;
    private final RunState[] state;
    /** Whether each thread waits for or holds the GIL, as the run's one derivation of waits and holds says. */
    private final Spans spans;
    private final Activity[] activity;
    private final long[] sinceNs;
    private final List<Timeline.Segment> segments = new ArrayList<>();
    private final List<Timeline.Mark> marks = new ArrayList<>();

    TimelineRecorder(List<String> names, TimeWindow window, Spans spans) {
        this.names = List.copyOf(names);
        this.window = window;
        int n = names.size();
        state = new RunState[n];
        Arrays.fill(state, RunState.BLOCKED);
        this.spans = spans;
        activity = new Activity[n];
        Arrays.fill(activity, Activity.OFF);
        sinceNs = new long[n];
    }

    @Override
    public void on(TraceEvent event) {
        if (event instanceof ThreadState e) {
            state[e.thread()] = e.state();
            update(e.thread(), e.timeNs());
        } else if (event instanceof GilWant e) {
            update(e.thread(), e.timeNs());
        } else if (event instanceof GilTake e) {
            update(e.thread(), e.timeNs());
        } else if (event instanceof GilDrop e) {
            update(e.thread(), e.timeNs());
        } else {
            MarkKind.Placed m = MarkKind.placed(event);
            if (m != null) mark(m.thread(), m.kind(), event.timeNs());
        }
    }

    @Override
    public void finish(long endNs) {
        for (int t = 0; t < names.size(); t++) close(t, endNs);
    }

    Timeline timeline() {
        return new Timeline(names, window, List.copyOf(segments), List.copyOf(marks));
    }

    private void update(int t, long nowNs) {
        Activity now = activityOf(t);
        if (now == activity[t]) return;
        close(t, nowNs);
        activity[t] = now;
        sinceNs[t] = nowNs;
    }

    private Activity activityOf(int t) {
        return Activity.of(spans.holding(t), spans.waiting(t), state[t]);
    }

    private void close(int t, long nowNs) {
        if (nowNs <= sinceNs[t] || !window.overlaps(sinceNs[t], nowNs)) return;
        segments.add(new Timeline.Segment(t, activity[t], Math.max(sinceNs[t], window.fromNs()),
                Math.min(nowNs, window.toNs())));
    }

    private void mark(int thread, MarkKind kind, long timeNs) {
        if (window.contains(timeNs)) marks.add(new Timeline.Mark(thread, kind, timeNs));
    }
}
