package gilsim.metrics;

import java.util.Arrays;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.IntCountsHistogram;

/**
 * A stream of durations in bounded memory: counts in the buckets of an HdrHistogram of 3 significant digits (0.1 %,
 * finer than any figure gilsim prints), and the exact maximum beside them. A percentile never reads above that
 * maximum (a bucket's top can), so no figure exceeds what happened.
 *
 * <p>The buckets and the percentile are HdrHistogram's own (2.2's {@code getValueAtPercentile}; LatenciesTest holds
 * the two to the same figures), kept here in chunks of 1024 counts made as values reach them, each with its total.
 * A pool run records about one duration per engine event, and a percentile skips whole chunks: an
 * HdrHistogram resized itself up to the longest value of each of a run's dozen histograms, and walked every count
 * below a percentile: 14 % of the JFR samples of a pool run (docs/notes/benchmarks-log.md).
 */
public final class Latencies {
    /** HdrHistogram's layout for 3 digits and a lowest value of 1: 2048 sub-buckets, the upper 1024 per bucket. */
    private static final int HALF_MAGNITUDE = 10;
    private static final int HALF_COUNT = 1 << HALF_MAGNITUDE;
    private static final long SUB_BUCKET_MASK = 2 * HALF_COUNT - 1;
    private static final int LEADING_ZERO_BASE = 64 - HALF_MAGNITUDE - 1;
    /** Chunks enough for any long: bucket indices run to 53. */
    private static final int CHUNKS = 64 - HALF_MAGNITUDE + 1;

    /** Nothing lasts longer than the run: a value above this is recorded as this. */
    private final long highestNs;
    /** Counts by HdrHistogram's counts index: chunk {@code index >> 10}, entry {@code index & 1023}; null unused. */
    private final int[][] chunks = new int[CHUNKS][];
    private final long[] chunkTotals = new long[CHUNKS];
    private long count;
    private long maxNs;

    /** @param highestNs the longest duration to expect: the run's length (nothing lasts longer than the run) */
    public Latencies(long highestNs) {
        this.highestNs = Math.max(2, highestNs);
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
        int index = countsIndex(v);
        int chunk = index >>> HALF_MAGNITUDE;
        int[] counts = chunks[chunk];
        if (counts == null) counts = chunks[chunk] = new int[HALF_COUNT];
        counts[index & (HALF_COUNT - 1)]++;
        chunkTotals[chunk]++;
        count++;
        maxNs = Math.max(maxNs, v);
    }

    /** Counts every value {@code other} holds here too, as if each had been recorded here. */
    public void add(Latencies other) {
        if (other.highestNs != highestNs) throw new IllegalArgumentException("histograms of different ranges");
        for (int chunk = 0; chunk < CHUNKS; chunk++) {
            int[] from = other.chunks[chunk];
            if (from == null) continue;
            int[] to = chunks[chunk];
            if (to == null) {
                chunks[chunk] = from.clone();
            } else {
                for (int i = 0; i < HALF_COUNT; i++) to[i] += from[i];
            }
            chunkTotals[chunk] += other.chunkTotals[chunk];
        }
        count += other.count;
        maxNs = Math.max(maxNs, other.maxNs);
    }

    public long count() {
        return count;
    }

    /** The exact longest value; 0 when none was recorded. */
    public long maxNs() {
        return maxNs;
    }

    /** The value at percentile {@code p} (0 to 100), to 3 significant digits and never above {@link #maxNs}. */
    public long percentileNs(double p) {
        return count == 0 ? 0 : Math.min(maxNs, valueAtPercentile(p));
    }

    /** HdrHistogram's getValueAtPercentile: the top of the first bucket whose running count reaches p. */
    private long valueAtPercentile(double p) {
        double requested = Math.min(Math.max(Math.nextAfter(p, Double.NEGATIVE_INFINITY), 0.0D), 100.0D);
        long atPercentile = Math.max((long) Math.ceil(requested * count / 100.0D), 1);
        long total = 0;
        for (int chunk = 0; chunk < CHUNKS; chunk++) {
            if (total + chunkTotals[chunk] < atPercentile) {
                total += chunkTotals[chunk];
                continue;
            }
            int[] counts = chunks[chunk];
            for (int i = 0; ; i++) {
                total += counts[i];
                if (total >= atPercentile) {
                    int index = (chunk << HALF_MAGNITUDE) + i;
                    return p == 0.0 ? lowestValue(index) : lowestValue(index) + bucketSize(index) - 1;
                }
            }
        }
        throw new IllegalStateException("counts add up to less than " + count);
    }

    /**
     * The value at percentile {@code p} (0 to 100) corrected for coordinated omission, with wrk 4's arithmetic. A
     * closed-loop client's request that stalls holds back the requests its connection would have sent meanwhile,
     * and wrk corrects its histogram for them before it prints a percentile ({@code stats_correct} in wrk's
     * {@code src/stats.c}, called from {@code main} in {@code src/wrk.c}): every recorded latency L adds one sample at
     * L - I, L - 2I, ... while the sample is above I, where I ({@code intervalNs}) is the run's length over the
     * requests one connection completed on average. A stall of one second at I = 6 ms thus counts as some 160
     * samples rather than one. The rank is wrk's ({@code stats_percentile}: the first value whose running count
     * reaches round(p / 100 * count + 0.5)); each recorded value stands for its bucket, as {@link #percentileNs}
     * reads it (the bucket's top, never above {@link #maxNs}), so the figure holds to the histogram's 3 significant
     * digits and, with nothing to correct, is the plain one. (wrk walks its counts from the least recorded latency
     * up, so an added sample below that would be skipped; a closed loop's least latency is below its mean interval
     * I, under every added sample.)
     *
     * @param intervalNs I; 0 or less leaves the histogram uncorrected, as wrk does when no connection completed one
     *                   request on average
     */
    public long correctedPercentileNs(double p, long intervalNs) {
        if (count == 0) return 0;
        // The recorded values (each bucket's, as percentileNs reads it) and their counts, ascending.
        int distinct = 0;
        long[] values = new long[64];
        long[] counts = new long[64];
        for (int chunk = 0; chunk < CHUNKS; chunk++) {
            if (chunkTotals[chunk] == 0) continue;
            int[] c = chunks[chunk];
            for (int i = 0; i < HALF_COUNT; i++) {
                if (c[i] == 0) continue;
                if (distinct == values.length) {
                    values = Arrays.copyOf(values, 2 * distinct);
                    counts = Arrays.copyOf(counts, 2 * distinct);
                }
                int index = (chunk << HALF_MAGNITUDE) + i;
                values[distinct] = Math.min(maxNs, lowestValue(index) + bucketSize(index) - 1);
                counts[distinct++] = c[i];
            }
        }
        // Running counts of the recorded values; apart from them, the values wrk adds samples for (those over twice
        // the interval: the stalls, few), each with how many.
        long[] countsUpTo = new long[distinct + 1];
        int[] stalls = new int[distinct];
        long[] added = new long[distinct];
        int stalled = 0;
        long total = 0;
        for (int i = 0; i < distinct; i++) {
            countsUpTo[i + 1] = countsUpTo[i] + counts[i];
            added[i] = added(values[i], intervalNs);
            if (added[i] > 0) stalls[stalled++] = i;
            total += counts[i] * (1 + added[i]);
        }
        long rank = Math.round(p / 100.0 * total + 0.5);
        // The smallest x with at least rank samples at or below it; the count below x grows with x.
        long lo = 0;
        long hi = maxNs;
        while (lo < hi) {
            long x = lo + (hi - lo) / 2;
            long atOrBelow = countsUpTo[valuesAtOrBelow(values, distinct, x)];
            for (int s = 0; s < stalled; s++) {
                int i = stalls[s];
                atOrBelow += counts[i] * addedAtOrBelow(values[i], added[i], x, intervalNs);
            }
            if (atOrBelow >= rank) hi = x;
            else lo = x + 1;
        }
        return lo;
    }

    /** How many of the ascending {@code values[0..distinct)} are at or below {@code x}. */
    private static int valuesAtOrBelow(long[] values, int distinct, long x) {
        int lo = 0;
        int hi = distinct;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (values[mid] <= x) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

    /** Of the {@code k} samples wrk adds below the latency {@code v} (v - I, v - 2I, ...), those at or below x. */
    private static long addedAtOrBelow(long v, long k, long x, long intervalNs) {
        if (v <= x) return k;
        // Those v - jI with j >= ceil((v - x) / I), up to j = k.
        long first = Math.max(1, ceilDiv(v - x, intervalNs));
        return Math.max(0, k - first + 1);
    }

    /** Samples wrk adds for one recorded latency: one at L - kI for every k >= 1 with L - kI > I. */
    private static long added(long latencyNs, long intervalNs) {
        return intervalNs <= 0 ? 0 : Math.max(0, ceilDiv(latencyNs, intervalNs) - 2);
    }

    /** a / b rounded up, for b > 0 (Math.ceilDiv is Java 18's). */
    private static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }

    /** HdrHistogram's countsArrayIndex for a value. */
    private static int countsIndex(long v) {
        int bucket = LEADING_ZERO_BASE - Long.numberOfLeadingZeros(v | SUB_BUCKET_MASK);
        int subBucket = (int) (v >>> bucket);
        return ((bucket + 1) << HALF_MAGNITUDE) + subBucket - HALF_COUNT;
    }

    /** HdrHistogram's valueFromIndex: the lowest value of the index's bucket. */
    private static long lowestValue(int index) {
        int bucket = (index >> HALF_MAGNITUDE) - 1;
        int subBucket = (index & (HALF_COUNT - 1)) + HALF_COUNT;
        if (bucket < 0) {
            subBucket -= HALF_COUNT;
            bucket = 0;
        }
        return (long) subBucket << bucket;
    }

    /** How many values share the index's bucket (HdrHistogram's sizeOfEquivalentValueRange). */
    private static long bucketSize(int index) {
        return 1L << Math.max(0, (index >> HALF_MAGNITUDE) - 1);
    }
}
