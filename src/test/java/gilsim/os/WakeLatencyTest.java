package gilsim.os;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class WakeLatencyTest {
    private static final long US = 1_000;

    @Test
    void anEmpiricalDistributionReproducesItsQuantiles() {
        long seed = 5;
        WakeLatency.Empirical e = new WakeLatency.Empirical(new double[] {0, 0.5, 0.9, 1},
                new long[] {10 * US, 40 * US, 100 * US, 1000 * US});
        SplittableRandom r = new SplittableRandom(seed);
        long[] draws = new long[100_000];
        for (int i = 0; i < draws.length; i++) draws[i] = e.sampleNs(r);
        Arrays.sort(draws);
        String why = "seed " + seed + " (replay: mvn -B test -Dtest=WakeLatencyTest)";
        assertTrue(draws[0] >= 10 * US && draws[draws.length - 1] <= 1000 * US, why);
        assertEquals(40 * US, draws[50_000], 1 * US, why);
        assertEquals(100 * US, draws[90_000], 3 * US, why);
        assertEquals(25 * US, draws[25_000], 1 * US, "linear between quantiles: " + why);
    }

    @Test
    void theSameStreamGivesTheSameDraws() {
        WakeLatency.Empirical e = new WakeLatency.Empirical(new double[] {0, 1}, new long[] {0, 100 * US});
        SplittableRandom a = new SplittableRandom(9);
        SplittableRandom b = new SplittableRandom(9);
        for (int i = 0; i < 100; i++) assertEquals(e.sampleNs(a), e.sampleNs(b));
    }

    @Test
    void quantilesMustRunFromZeroToOneAndIncrease() {
        assertThrows(IllegalArgumentException.class, () -> new WakeLatency.Empirical(new double[] {0.1, 1},
                new long[] {1, 2}));
        assertThrows(IllegalArgumentException.class, () -> new WakeLatency.Empirical(new double[] {0, 1},
                new long[] {5, 2}));
        assertThrows(IllegalArgumentException.class, () -> new WakeLatency.Empirical(new double[] {0, 0, 1},
                new long[] {1, 2, 3}));
    }

    @Test
    void uniformDrawsStayInTheirBand() {
        WakeLatency.Uniform u = new WakeLatency.Uniform(60 * US, 30 * US);
        SplittableRandom r = new SplittableRandom(3);
        for (int i = 0; i < 10_000; i++) {
            long d = u.sampleNs(r);
            assertTrue(d >= 30 * US && d <= 90 * US, "seed 3: " + d);
        }
    }

    @Test
    void aTailTakesItsShareOfDrawsAndLeavesTheRestToTheBody() {
        long seed = 11;
        WakeLatency.WithTail t = new WakeLatency.WithTail(new WakeLatency.Uniform(60 * US, 30 * US), 15, 1000 * US,
                5000 * US);
        SplittableRandom r = new SplittableRandom(seed);
        int inTail = 0;
        int n = 200_000;
        for (int i = 0; i < n; i++) {
            long d = t.sampleNs(r);
            assertTrue(d >= 30 * US && d <= 90 * US || d >= 1000 * US && d <= 5000 * US, "draw " + d);
            if (d >= 1000 * US) inTail++;
        }
        // 15 per mille of 200,000 is 3,000; a binomial's sd here is about 54.
        assertEquals(3000, inTail, 300, "seed " + seed + " (replay: mvn -B test -Dtest=WakeLatencyTest)");
        assertThrows(IllegalArgumentException.class, () -> new WakeLatency.WithTail(t.body(), 15, 5000 * US, US));
        assertThrows(IllegalArgumentException.class, () -> new WakeLatency.WithTail(t.body(), 1001, US, US));
    }
}
