package gilsim.metrics;

import org.HdrHistogram.Histogram;

/**
 * The one histogram shape for latencies: nanoseconds up to an hour, 2 significant digits (1% resolution), so that
 * a zero wait reads as 0; about 36 KB each, allocated once per thread per run however long the run.
 */
public final class LatencyHistograms {
    static final long HIGHEST_NS = 3_600_000_000_000L;

    private LatencyHistograms() {}

    public static Histogram create() {
        return new Histogram(HIGHEST_NS, 2);
    }

    static long clamp(long ns) {
        return Math.max(0, Math.min(HIGHEST_NS, ns));
    }
}
