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
}
