package gilsim.report.chart;

import gilsim.metrics.Spans;
import gilsim.report.TimeWindow;
import gilsim.sim.TraceListener;
import java.util.ArrayList;
import java.util.List;

/**
 * Keeps the segments and marks of each thread's lane ({@link ActivityLanes}) that fall in the window, so its memory
 * grows with the window, not with the run.
 */
final class TimelineRecorder implements ActivityLanes.Sink {
    private final List<String> names;
    private final TimeWindow window;
    private final ActivityLanes lanes;
    private final List<Timeline.Segment> segments = new ArrayList<>();
    private final List<Timeline.Mark> marks = new ArrayList<>();

    /** @param view the run's view of each thread's activity */
    TimelineRecorder(List<String> names, TimeWindow window, Spans view) {
        this.names = List.copyOf(names);
        this.window = window;
        this.lanes = new ActivityLanes(names.size(), view, this);
    }

    /** What the run must be given to record it. */
    TraceListener listener() {
        return lanes;
    }

    Timeline timeline() {
        return new Timeline(names, window, List.copyOf(segments), List.copyOf(marks));
    }

    @Override
    public void segment(int thread, Activity activity, long fromNs, long toNs) {
        if (!window.overlaps(fromNs, toNs)) return;
        segments.add(new Timeline.Segment(thread, activity, Math.max(fromNs, window.fromNs()),
                Math.min(toNs, window.toNs())));
    }

    @Override
    public void mark(int thread, MarkKind kind, long timeNs) {
        if (window.contains(timeNs)) marks.add(new Timeline.Mark(thread, kind, timeNs));
    }
}
