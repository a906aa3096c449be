package gilsim.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.HdrHistogram.IntCountsHistogram;
import org.junit.jupiter.api.Test;

/** {@link Latencies} keeps HdrHistogram's buckets itself: its figures must be the ones an HdrHistogram gives. */
class LatenciesTest {
    private static final double[] PERCENTILES = {0, 0.1, 1, 25, 50, 75, 90, 99, 99.9, 99.99, 100};

    @Test
    void givesHdrHistogramsPercentilesOnRandomStreams() {
        for (long seed = 1; seed <= 40; seed++) {
            SplittableRandom r = new SplittableRandom(seed);
            long runNs = 2_000_000_000L;
            Latencies ours = new Latencies(runNs);
            IntCountsHistogram hdr = new IntCountsHistogram(3);
            long max = 0;
            int n = 1 + r.nextInt(20_000);
            // Mixtures of short, medium and run-long values, as waits, services and latencies are, plus ties.
            for (int i = 0; i < n; i++) {
                long v = switch (r.nextInt(5)) {
                    case 0 -> r.nextLong(2_048);
                    case 1 -> r.nextLong(10_000, 2_000_000);
                    case 2 -> r.nextLong(runNs + 1);
                    case 3 -> 300_000 + r.nextInt(3);
                    default -> (long) Math.exp(r.nextDouble() * Math.log(runNs));
                };
                ours.record(v);
                hdr.recordValue(v);
                max = Math.max(max, v);
            }
            String replay = "seed " + seed + " (LatenciesTest, mvn -o -q test -Dtest=LatenciesTest)";
            assertEquals(n, ours.count(), replay);
            assertEquals(max, ours.maxNs(), replay);
            for (double p : PERCENTILES) {
                assertEquals(Math.min(max, hdr.getValueAtPercentile(p)), ours.percentileNs(p), replay + ", p" + p);
            }
            double p = r.nextDouble() * 100;
            assertEquals(Math.min(max, hdr.getValueAtPercentile(p)), ours.percentileNs(p), replay + ", p" + p);
        }
    }

    @Test
    void addingOneHistogramToAnotherCountsAsRecordingBothInOne() {
        for (long seed = 1; seed <= 20; seed++) {
            SplittableRandom r = new SplittableRandom(seed);
            long runNs = 2_000_000_000L;
            Latencies all = new Latencies(runNs);
            Latencies first = new Latencies(runNs);
            Latencies second = new Latencies(runNs);
            for (int i = r.nextInt(5_000); i > 0; i--) {
                long v = (long) Math.exp(r.nextDouble() * Math.log(runNs));
                all.record(v);
                (r.nextInt(3) == 0 ? second : first).record(v);
            }
            first.add(second);
            String replay = "seed " + seed + " (LatenciesTest, mvn -o -q test -Dtest=LatenciesTest)";
            assertEquals(all.count(), first.count(), replay);
            assertEquals(all.maxNs(), first.maxNs(), replay);
            for (double p : PERCENTILES) assertEquals(all.percentileNs(p), first.percentileNs(p), replay + ", p" + p);
            assertEquals(all.correctedPercentileNs(99, 6_000_000), first.correctedPercentileNs(99, 6_000_000), replay);
        }
    }

    @Test
    void clampsToTheRunAndToZero() {
        Latencies l = new Latencies(1_000);
        l.record(-5);
        l.record(5_000);
        assertEquals(2, l.count());
        assertEquals(1_000, l.maxNs());
        assertEquals(0, l.percentileNs(50));
        assertEquals(1_000, l.percentileNs(100));
    }

    @Test
    void anEmptyStreamReadsZero() {
        Latencies l = new Latencies(1_000);
        assertEquals(0, l.percentileNs(99));
        assertEquals(0, l.maxNs());
    }

    /**
     * wrk 4's own arithmetic (src/stats.c), over a histogram indexed by value: {@code stats_correct}, then
     * {@code stats_percentile}. The oracle for {@link Latencies#correctedPercentileNs}.
     */
    private static long wrkPercentile(long[] data, long expected, double p) {
        long count = 0;
        int min = -1;
        int max = 0;
        for (int i = 0; i < data.length; i++) {
            if (data[i] == 0) continue;
            count += data[i];
            if (min < 0) min = i;
            max = i;
        }
        if (count == 0) return 0;
        if (expected > 0) { // wrk skips the correction when no connection completed a request on average
            for (long n = expected * 2; n <= max; n++) {
                long c = data[(int) n];
                long m = n - expected;
                while (c != 0 && m > expected) {
                    data[(int) m] += c;
                    count += c;
                    m -= expected;
                }
            }
        }
        long rank = Math.round(p / 100.0 * count + 0.5);
        long total = 0;
        for (int i = min; i <= max; i++) {
            total += data[i];
            if (total >= rank) return i;
        }
        return 0;
    }

    @Test
    void givesWrksCorrectedPercentilesOnRandomStreams() {
        // Values below 2048 ns have buckets of their own, so Latencies holds them exactly and must give wrk's figure
        // to the nanosecond (wrk's arithmetic does not depend on the unit).
        for (long seed = 1; seed <= 60; seed++) {
            SplittableRandom r = new SplittableRandom(seed);
            long[] data = new long[2048];
            Latencies ours = new Latencies(1L << 21);
            int n = 1 + r.nextInt(5_000);
            for (int i = 0; i < n; i++) {
                // Mostly short latencies, some stalls many intervals long: the shape of a starving pool.
                int v = r.nextInt(10) == 0 ? r.nextInt(2048) : r.nextInt(60);
                data[v]++;
                ours.record(v);
            }
            long expected = r.nextInt(4) == 0 ? 0 : 1 + r.nextInt(40);
            for (double p : new double[] {50, 90, 99, 99.9, r.nextDouble() * 100}) {
                String replay = "seed " + seed + ", interval " + expected + " ns, p" + p
                        + " (LatenciesTest, mvn -o -q test -Dtest=LatenciesTest)";
                assertEquals(wrkPercentile(data.clone(), expected, p), ours.correctedPercentileNs(p, expected), replay);
            }
        }
    }

    @Test
    void oneStallCountsOnceAnIntervalAsWrkCountsIt() {
        // 1,000 answers of 6 ms, one of 1 s, I = 6 ms: wrk adds 1 s / 6 ms - 2 = 165 samples from 994 ms down to
        // 10 ms, so 166 of 1,166 lie above 6 ms and the p99 (rank 1,155) is the 11th from the top, 934 ms.
        Latencies l = new Latencies(2_000_000_000L);
        for (int i = 0; i < 1_000; i++) l.record(6_000_000);
        l.record(1_000_000_000);
        // To 3 significant digits: each recorded value stands for its bucket.
        assertEquals(6_000_000, l.percentileNs(99), 6_000);
        assertEquals(934_000_000, l.correctedPercentileNs(99, 6_000_000), 934_000);
        assertEquals(6_000_000, l.correctedPercentileNs(50, 6_000_000), 6_000);
        assertEquals(1_000_000_000, l.correctedPercentileNs(100, 6_000_000));
        // Without the interval, wrk's figure is the plain one.
        assertEquals(6_000_000, l.correctedPercentileNs(99, 0), 6_000);
    }
}
