package gilsim.report.html;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The run cut into equal buckets, and per lane the time spent in each activity in each bucket (for the GIL lane:
 * held, free), the hand-offs per bucket, and the marks per bucket: what the page draws where it keeps no detail.
 */
final class Buckets {
    /** A share is written as one letter, a (none) to z (all): 1/25 steps are finer than a pixel column shows. */
    private static final int STEPS = 25;

    private final int threads;
    private final int buckets;
    private final long widthNs;
    /** Per lane, per bucket, per code: nanoseconds. The GIL lane (index threads) has codes 0 held, 1 free. */
    private final long[][] ns;
    private final int[] handoffs;
    /** Per thread, per mark kind, per bucket: how many; null until the first mark of that kind on that thread. */
    private final int[][][] marks;

    Buckets(int threads, int buckets, long durationNs) {
        this.threads = threads;
        this.buckets = buckets;
        this.widthNs = Math.max(1, (durationNs + buckets - 1) / buckets);
        int codes = PagePalette.ACTIVITIES.size();
        ns = new long[threads + 1][buckets * codes];
        handoffs = new int[buckets];
        marks = new int[threads][PagePalette.MARKS.size()][];
    }

    /** {@code [fromNs, toNs)} of lane {@code lane} in activity {@code code}. */
    void add(int lane, int code, long fromNs, long toNs) {
        int codes = PagePalette.ACTIVITIES.size();
        for (int b = bucket(fromNs); b < buckets && b * widthNs < toNs; b++) {
            long start = Math.max(fromNs, b * widthNs);
            long end = Math.min(toNs, (b + 1) * widthNs);
            if (end > start) ns[lane][b * codes + code] += end - start;
        }
    }

    long widthNs() {
        return widthNs;
    }

    int buckets() {
        return buckets;
    }

    void handoff(long timeNs) {
        handoffs[bucket(timeNs)]++;
    }

    void mark(int thread, int kind, long timeNs) {
        if (marks[thread][kind] == null) marks[thread][kind] = new int[buckets];
        marks[thread][kind][bucket(timeNs)]++;
    }

    private int bucket(long timeNs) {
        return (int) Math.min(buckets - 1, timeNs / widthNs);
    }

    /**
     * The buckets up to the run's end: per lane a string of letters, one per activity per bucket (its share of the
     * bucket's time); hand-offs per bucket; and the marks as [thread, kind, bucket, count] rows.
     */
    Map<String, Object> data(long endNs) {
        int codes = PagePalette.ACTIVITIES.size();
        int used = (int) Math.min(buckets, (endNs + widthNs - 1) / widthNs);
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("widthNs", widthNs);
        List<String> shares = new ArrayList<>();
        for (long[] lane : ns) {
            StringBuilder b = new StringBuilder(used * codes);
            for (int i = 0; i < used; i++) {
                long total = 0;
                for (int c = 0; c < codes; c++) total += lane[i * codes + c];
                for (int c = 0; c < codes; c++) {
                    long share = total == 0 ? 0 : Math.round((double) STEPS * lane[i * codes + c] / total);
                    b.append((char) ('a' + share));
                }
            }
            shares.add(b.toString());
        }
        d.put("shares", shares);
        d.put("steps", STEPS);
        d.put("handoffs", java.util.Arrays.copyOf(handoffs, used));
        List<int[]> rows = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            for (int k = 0; k < marks[t].length; k++) {
                if (marks[t][k] == null) continue;
                for (int b = 0; b < used; b++) if (marks[t][k][b] > 0) rows.add(new int[] {t, k, b, marks[t][k][b]});
            }
        }
        d.put("marks", rows);
        return d;
    }
}
