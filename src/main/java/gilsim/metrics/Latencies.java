package gilsim.metrics;

import org.HdrHistogram.Histogram;

/**
 * A stream of durations in bounded memory: an HdrHistogram of 3 significant digits (0.1 %, finer than any figure
 * gilsim prints) that grows its range with the longest value recorded, and the exact maximum beside it. A percentile
 * never reads above that maximum (a histogram bucket's top can), so no figure exceeds what happened.
 */
public final class Latencies {
    private final Histogram histogram = newHistogram();
    private long maxNs;

    /** The one histogram shape for durations: 3 significant digits, its range growing with what it records. */
    public static Histogram newHistogram() {
        Histogram h = new Histogram(3);
        h.setAutoResize(true);
        return h;
    }

    public void record(long ns) {
        long v = Math.max(0, ns);
        histogram.recordValue(v);
        maxNs = Math.max(maxNs, v);
    }

    public long count() {
        return histogram.getTotalCount();
    }

    /** The exact longest value; 0 when none was recorded. */
    public long maxNs() {
        return maxNs;
    }

    /** The value at percentile {@code p} (0 to 100), to 3 significant digits and never above {@link #maxNs}. */
    public long percentileNs(double p) {
        return count() == 0 ? 0 : Math.min(maxNs, histogram.getValueAtPercentile(p));
    }

    /** The histogram itself, for charts that draw the whole distribution. */
    public Histogram histogram() {
        return histogram;
    }
}
