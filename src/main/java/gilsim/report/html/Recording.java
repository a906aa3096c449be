package gilsim.report.html;

import gilsim.cpython.GilEvent.GilDrop;
import gilsim.cpython.GilEvent.GilTake;
import gilsim.metrics.Spans;
import gilsim.report.Beat;
import gilsim.report.TimeWindow;
import gilsim.report.chart.Activity;
import gilsim.report.chart.ActivityLanes;
import gilsim.report.chart.MarkKind;
import gilsim.sim.TraceListener;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the page's timeline draws, recorded from one run: each thread's activity (as the PNG timeline derives it), who
 * holds the GIL, the marked instants and the narration. Everything inside the detail window is kept as it happened
 * until {@code budget} items (segments, marks, narration lines) are kept; from there on, and outside the window, only
 * per-bucket summaries are kept (the share of each activity per lane, the hand-offs, the marks), at two bucket sizes,
 * so that a long run makes a page of bounded size.
 */
final class Recording implements ActivityLanes.Sink, Beat.Sink {
    /** Buckets across the whole run at the coarse and the fine summary level. */
    static final int[] LEVELS = {1000, 10_000};
    /**
     * At most this many buckets of all lanes together at one level (16 MB while recording, 2 MB of page): a pool of
     * hundreds of threads gets fewer, wider buckets.
     */
    private static final int MAX_LANE_BUCKETS = 400_000;

    private final int threads;
    private final TimeWindow window;
    private final int budget;
    /** The threads' lanes, as the PNG timeline draws them. */
    private final ActivityLanes activity;
    /** The GIL lane's code now (0 free, 1 + t held by thread t), and since when. */
    private int gilCode;
    private long gilSinceNs;
    private final Column[] lanes;
    private final Column marks = new Column();
    private final Column beats = new Column();
    private final Phrases phrases = new Phrases();
    private final List<Buckets> levels = new ArrayList<>();
    /** The state panel's changes (the GIL's fields, the condition variable's waiters, the cores). */
    private final GilState state;
    private int items;
    /** Where the budget ran out: nothing at or after it is kept in detail. */
    private long cutNs = Long.MAX_VALUE;
    private long endNs;

    /**
     * @param window the span to keep in detail, up to {@code budget} items from its start
     */
    Recording(int threads, long durationNs, TimeWindow window, int budget, Spans spans, long intervalNs) {
        this.threads = threads;
        this.window = window;
        this.budget = budget;
        this.activity = new ActivityLanes(threads, spans, this);
        this.state = new GilState(threads, window, intervalNs, t -> window.contains(t) && t < cutNs);
        lanes = new Column[threads + 1];
        for (int i = 0; i <= threads; i++) lanes[i] = new Column();
        for (int buckets : LEVELS) {
            int fits = Math.min(buckets, Math.max(10, MAX_LANE_BUCKETS / (threads + 1)));
            if (levels.isEmpty() || levels.get(levels.size() - 1).buckets() < fits) {
                levels.add(new Buckets(threads, fits, durationNs));
            }
        }
    }

    /** What the run must be given to record it: the lanes, and the state panel's changes. */
    List<TraceListener> listeners() {
        return List.of(activity, state);
    }

    @Override
    public void segment(int thread, Activity a, long fromNs, long toNs) {
        // The lane's code is the palette's order, which is Activity's.
        close(thread, a.ordinal(), fromNs, toNs);
    }

    @Override
    public void taken(GilTake e) {
        gil(1 + e.thread(), e.timeNs());
        if (e.switched()) for (Buckets s : levels) s.handoff(e.timeNs());
    }

    @Override
    public void dropped(GilDrop e) {
        gil(0, e.timeNs());
    }

    /** A mark; summarised at the coarse level only, where a bucket's hover lists them. */
    @Override
    public void mark(int thread, MarkKind kind, long timeNs) {
        // The page's mark codes are the palette's order, which is MarkKind's.
        levels.get(0).mark(thread, kind.ordinal(), timeNs);
        if (keep(timeNs, timeNs)) marks.add(timeNs, kind.ordinal(), thread);
    }

    /** A narration line, from the run's {@link gilsim.report.GilStory}. */
    @Override
    public void beat(Beat beat) {
        if (keep(beat.timeNs(), beat.timeNs())) phrases.add(beats, beat.timeNs(), beat.sentence());
    }

    /** After the threads' lanes: the GIL's lane is the last. */
    @Override
    public void end(long endNs) {
        this.endNs = endNs;
        if (endNs > gilSinceNs) close(threads, gilCode, gilSinceNs, endNs);
    }

    /** The end of the detailed span: the window's end, where the budget ran out, or the run's end. */
    long detailToNs() {
        return Math.min(Math.min(window.toNs(), cutNs), endNs);
    }

    /** Whether the detail covers the whole run, so that the page needs no summaries. */
    boolean detailIsWhole() {
        return window.fromNs() == 0 && detailToNs() >= endNs;
    }

    int items() {
        return items;
    }

    long windowFromNs() {
        return window.fromNs();
    }

    boolean budgetReached() {
        return cutNs != Long.MAX_VALUE;
    }

    /** The width of a bucket at each summary level, coarse first. */
    List<Long> bucketNs() {
        return levels.stream().map(Buckets::widthNs).toList();
    }

    /** The page's data: the detail as columns of time deltas and codes, then summaries if the detail is partial. */
    Map<String, Object> data() {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("endNs", endNs);
        d.put("detailFromNs", window.fromNs());
        d.put("detailToNs", detailToNs());
        d.put("budget", budget);
        d.put("items", items);
        d.put("budgetReached", cutNs != Long.MAX_VALUE);
        List<Object> laneData = new ArrayList<>();
        for (Column c : lanes) laneData.add(Map.of("t", c.deltas(), "c", c.ints(0)));
        d.put("lanes", laneData);
        d.put("marks", Map.of("t", marks.deltas(), "k", marks.ints(0), "l", marks.ints(1)));
        d.put("beats", Map.of("t", beats.deltas(), "p", beats.ints(0), "a", phrases.args()));
        d.put("phrases", phrases.templates());
        d.put("state", state.data(endNs));
        if (!detailIsWhole()) {
            List<Object> summaries = new ArrayList<>();
            for (Buckets s : levels) summaries.add(s.data(endNs));
            d.put("summaries", summaries);
        }
        return d;
    }

    private void gil(int now, long nowNs) {
        if (now == gilCode) return;
        if (nowNs > gilSinceNs) close(threads, gilCode, gilSinceNs, nowNs);
        gilCode = now;
        gilSinceNs = nowNs;
    }

    /** A lane's span of one code, {@code [from, nowNs)}, into the summaries and, if kept, the detail. */
    private void close(int lane, int c, long from, long nowNs) {
        int summaryCode = lane < threads ? c : c == 0 ? 1 : 0;
        for (Buckets s : levels) s.add(lane, summaryCode, from, nowNs);
        if (window.overlaps(from, nowNs) && keep(Math.max(from, window.fromNs()), nowNs)) {
            lanes[lane].add(Math.max(from, window.fromNs()), c, 0);
        }
    }

    /**
     * Whether an item at {@code atNs}, told at {@code nowNs}, is kept in detail. The budget runs out at a moment (the
     * cut): from there on nothing is kept, but what began before it still is (a segment is told when it ends), so
     * that the detailed span is whole up to the cut.
     */
    private boolean keep(long atNs, long nowNs) {
        if (!window.contains(atNs)) return false;
        if (cutNs == Long.MAX_VALUE && items >= budget) cutNs = nowNs;
        if (atNs >= cutNs) return false;
        items++;
        return true;
    }

    /** A growing column of times with a few ints each (two unless told), written out as time deltas (ns) and int arrays. */
    static final class Column {
        private long[] times = new long[256];
        private final int[][] ints;
        private int size;

        Column() {
            this(2);
        }

        Column(int width) {
            ints = new int[width][256];
        }

        void add(long timeNs, int... values) {
            if (size == times.length) {
                times = Arrays.copyOf(times, size * 2);
                for (int k = 0; k < ints.length; k++) ints[k] = Arrays.copyOf(ints[k], size * 2);
            }
            times[size] = timeNs;
            for (int k = 0; k < ints.length; k++) ints[k][size] = k < values.length ? values[k] : 0;
            size++;
        }

        int size() {
            return size;
        }

        /** Each time as the difference from the one before (the first from 0): small numbers, a small page. */
        long[] deltas() {
            long[] out = new long[size];
            long before = 0;
            for (int i = 0; i < size; i++) {
                out[i] = times[i] - before;
                before = times[i];
            }
            return out;
        }

        int[] ints(int which) {
            return Arrays.copyOf(ints[which], size);
        }
    }
}
