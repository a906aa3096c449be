package gilsim.metrics;

import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.IntCountsHistogram;

/**
 * A stream of durations in bounded memory: an HdrHistogram of 3 significant digits (0.1 %, finer than any figure
 * gilsim prints) over the run's length, and the exact maximum beside it. A percentile never reads above that maximum
 * (a histogram bucket's top can), so no figure exceeds what happened.
 */
public final class Latencies {
    private final AbstractHistogram histogram;
    /** Nothing lasts longer than the run: a value above this is recorded as this. */
    private final long highestNs;
    private long maxNs;

    /**
     * @param highestNs the longest duration to expect: the run's length (nothing lasts longer than the run). The
     *                  histogram starts small and grows to the longest value recorded: its buckets are the same
     *                  whatever it has grown to (they depend on the 3 digits only), and a run's percentiles walk
     *                  only the buckets its values reached, not all of the run's length.
     */
    public Latencies(long highestNs) {
        this.highestNs = Math.max(2, highestNs);
        this.histogram = new IntCountsHistogram(3);
    }

    /**
     * The one histogram shape for durations up to {@code highestNs}: 3 significant digits; int counts, since no run
     * records 2^31 of one value. Sized once for the run, so recording never resizes it.
     */
    public static AbstractHistogram newHistogram(long highestNs) {
        return new IntCountsHistogram(Math.max(2, highestNs), 3);
    }

    public void record(long ns) {
        long v = Math.max(0, Math.min(ns, highestNs));
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
}
