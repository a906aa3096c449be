package gilsim.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Each distribution's draws against its own mean and spread, from a fixed seed. */
class DistTest {
    private static final long US = 1_000L;
    private static final long SEED = 20261130L;
    private static final int N = 200_000;
    private static final String REPLAY = "seed " + SEED + " (replay: mvn -B test -Dtest=DistTest)";

    private static long[] draws(Dist d) {
        SplittableRandom r = new SplittableRandom(SEED);
        long[] x = new long[N];
        for (int i = 0; i < N; i++) x[i] = d.sampleNs(r);
        return x;
    }

    private static double mean(long[] x) {
        double s = 0;
        for (long v : x) s += v;
        return s / x.length;
    }

    private static double sd(long[] x) {
        double m = mean(x);
        double s = 0;
        for (long v : x) s += (v - m) * (v - m);
        return Math.sqrt(s / (x.length - 1));
    }

    @Test
    void uniformHasItsMeanAndSpreadAndStaysInItsEnds() {
        Dist d = new Dist.Uniform(10 * US, 30 * US);
        long[] x = draws(d);
        assertEquals(20 * US, mean(x), 0.01 * 20 * US, REPLAY);
        assertEquals(20 * US / Math.sqrt(12), sd(x), 0.01 * 20 * US / Math.sqrt(12), REPLAY);
        assertTrue(Arrays.stream(x).allMatch(v -> v >= 10 * US && v <= 30 * US), REPLAY);
        assertEquals(20 * US, d.meanNs(), 1e-9);
    }

    @Test
    void exponentialHasItsMeanAsMeanAndSpread() {
        Dist d = new Dist.Exponential(2_000 * US);
        long[] x = draws(d);
        assertEquals(2_000 * US, mean(x), 0.01 * 2_000 * US, REPLAY);
        assertEquals(2_000 * US, sd(x), 0.02 * 2_000 * US, REPLAY);
        long[] sorted = x.clone();
        Arrays.sort(sorted);
        assertEquals(2_000 * US * Math.log(2), sorted[N / 2], 0.02 * 2_000 * US, "median = mean ln 2; " + REPLAY);
    }

    @Test
    void lognormalHasItsMedianAndItsSpreadIsTheGeometricSd() {
        Dist d = new Dist.LogNormal(1_000 * US, 2);
        long[] x = draws(d);
        long[] sorted = x.clone();
        Arrays.sort(sorted);
        assertEquals(1_000 * US, sorted[N / 2], 0.02 * 1_000 * US, REPLAY);
        // ln of the draws: standard deviation ln 2.
        double[] logs = Arrays.stream(x).mapToDouble(Math::log).toArray();
        double m = Arrays.stream(logs).average().orElseThrow();
        double s = Math.sqrt(Arrays.stream(logs).map(v -> (v - m) * (v - m)).sum() / (N - 1));
        assertEquals(Math.log(2), s, 0.01, REPLAY);
        assertEquals(d.meanNs(), mean(x), 0.02 * d.meanNs(), "mean = median e^(sigma^2/2); " + REPLAY);
    }

    @Test
    void empiricalSamplesAreDrawnEquallyAndQuantilesLinearly() {
        Dist samples = new Dist.Samples(List.of(1_000 * US, 2_000 * US, 9_000 * US));
        long[] x = draws(samples);
        assertEquals(4_000 * US, mean(x), 0.02 * 4_000 * US, REPLAY);
        assertTrue(Arrays.stream(x).allMatch(v -> v == 1_000 * US || v == 2_000 * US || v == 9_000 * US));
        Dist q = new Dist.Quantiles(List.of(0.0, 0.5, 1.0), List.of(0L, 100 * US, 300 * US));
        long[] y = draws(q);
        Arrays.sort(y);
        assertEquals(100 * US, y[N / 2], 2 * US, REPLAY);
        assertEquals(50 * US, y[N / 4], 2 * US, REPLAY);
        assertEquals(q.meanNs(), mean(y), 0.01 * q.meanNs(), REPLAY);
        assertEquals(125 * US, q.meanNs(), 1e-6);
    }

    @Test
    void theSameSeedGivesTheSameDraws() {
        Dist d = new Dist.LogNormal(500 * US, 3);
        assertTrue(Arrays.equals(draws(d), draws(d)));
    }

    @Test
    void malformedDistributionsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Dist.Uniform(5, 1));
        assertThrows(IllegalArgumentException.class, () -> new Dist.Uniform(-1, 1));
        assertThrows(IllegalArgumentException.class, () -> new Dist.Exponential(0));
        assertThrows(IllegalArgumentException.class, () -> new Dist.LogNormal(1000, 0.5));
        assertThrows(IllegalArgumentException.class, () -> new Dist.Samples(List.of()));
        assertThrows(IllegalArgumentException.class, () -> new Dist.Samples(List.of(-1L)));
        assertThrows(IllegalArgumentException.class, () -> new Dist.Quantiles(List.of(0.0, 0.9), List.of(1L, 2L)));
        assertThrows(IllegalArgumentException.class, () -> new Dist.Quantiles(List.of(0.0, 1.0), List.of(5L, 2L)));
    }
}
