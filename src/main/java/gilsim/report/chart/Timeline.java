package gilsim.report.chart;

import gilsim.report.TimeWindow;
import java.util.List;

/** What a timeline draws: each thread's activity over a window, and the instants marked on its lane. */
record Timeline(List<String> threads, TimeWindow window, List<Segment> segments, List<Mark> marks) {
    record Segment(int thread, Activity activity, long startNs, long endNs) {}

    record Mark(int thread, MarkKind kind, long timeNs) {}
}
