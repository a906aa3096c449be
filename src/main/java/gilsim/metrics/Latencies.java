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
    private long maxNs;

    /** @param highestNs the longest duration to expect: the run's length (nothing lasts longer than the run) */
    public Latencies(long highestNs) {
        this.histogram = newHistogram(highestNs);
    }

    /**
     * The one histogram shape for durations up to {@code highestNs}: 3 significant digits; int counts, since no run
     * records 2^31 of one value. Sized once for the run, so recording never resizes it.
     */
    public static AbstractHistogram newHistogram(long highestNs) {
        return new IntCountsHistogram(Math.max(2, highestNs), 3);
    }

    public void record(long ns) {
        long v = Math.max(0, Math.min(ns, histogram.getHighestTrackableValue()));
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
