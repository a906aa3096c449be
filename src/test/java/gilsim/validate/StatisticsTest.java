package gilsim.validate;

import gilsim.metrics.Stat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.program.Step;
import gilsim.program.ThreadSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The statistics of a validation against values computed by hand. */
class StatisticsTest {
    private static final double EPS = 1e-4;

    @Test
    void meanSpreadAndConfidenceIntervalOfFourValues() {
        // mean 2.5; s = sqrt(5/3) = 1.290994; t(0.975, 3) = 3.182446; half-width = t * s / 2 = 2.054260
        Stat s = Stat.of(new double[] {1, 2, 3, 4});
        assertEquals(4, s.n());
        assertEquals(2.5, s.mean(), EPS);
        assertEquals(1, s.min(), 0);
        assertEquals(4, s.max(), 0);
        assertEquals(0.445740, s.ciLow(), EPS);
        assertEquals(4.554260, s.ciHigh(), EPS);
    }

    @Test
    void undefinedRunsAreLeftOutAndTwoValuesUseTwelvePointSeven() {
        // {2, 4}: mean 3, s = sqrt(2), t(0.975, 1) = 12.706205, half-width = 12.706205 * sqrt(2) / sqrt(2)
        Stat s = Stat.of(new double[] {Double.NaN, 2, 4});
        assertEquals(2, s.n());
        assertEquals(3, s.mean(), EPS);
        assertEquals(0, s.ciLow(), EPS, "3 - 12.706205 is cut at 0: no figure compared here is negative");
        assertEquals(3 + 12.706205, s.ciHigh(), EPS);
    }

    @Test
    void oneRunHasNoInterval() {
        Stat s = Stat.of(new double[] {5});
        assertEquals(1, s.n());
        assertEquals(5, s.mean(), 0);
        assertTrue(Double.isNaN(s.ciLow()) && Double.isNaN(s.ciHigh()));
        assertEquals("5.0 (n=1)", ValidationText.stat(s, ValidationText::rate));
        assertFalse(Stat.of(new double[] {Double.NaN}).defined());
        assertFalse(Stat.of(new double[0]).defined());
    }

    @Test
    void percentilesInterpolateLinearlyBetweenOrderStatistics() {
        double[] x = {10, 9, 8, 7, 6, 5, 4, 3, 2, 1};
        // h = (n - 1) p + 1; p50: h = 5.5 -> 5.5; p90: h = 9.1 -> 9.1; p99: h = 9.91 -> 9.91
        assertEquals(5.5, Comparison.percentile(x, 50), EPS);
        assertEquals(9.1, Comparison.percentile(x, 90), EPS);
        assertEquals(9.91, Comparison.percentile(x, 99), EPS);
        assertEquals(7, Comparison.percentile(new double[] {7}, 99), 0);
        assertTrue(Double.isNaN(Comparison.percentile(new double[0], 50)));
        // {1, 2, 4}: p50 = 2; p25: h = 1.5 -> 1.5
        assertEquals(2, Comparison.percentile(new double[] {4, 1, 2}, 50), EPS);
        assertEquals(1.5, Comparison.percentile(new double[] {4, 1, 2}, 25), EPS);
    }

    @Test
    void kolmogorovSmirnovDistanceIsTheLargestGapBetweenTheEmpiricalCdfs() {
        assertEquals(1.0, Comparison.ks(new double[] {1, 2, 3}, new double[] {4, 5, 6}), EPS);
        // At 2: 2/4 against 0; at 3: 3/4 against 1/4; at 4: 1 against 2/4. The gap is 1/2.
        assertEquals(0.5, Comparison.ks(new double[] {1, 2, 3, 4}, new double[] {3, 4, 5, 6}), EPS);
        assertEquals(0.0, Comparison.ks(new double[] {2, 1}, new double[] {1, 2}), EPS);
        // {1, 2, 3, 4} against {2.5, 2.5}: at 2, 1/2 against 0; at 2.5, 1/2 against 1. The gap is 1/2.
        assertEquals(0.5, Comparison.ks(new double[] {1, 2, 3, 4}, new double[] {2.5, 2.5}), EPS);
        // {1, 5} against {2, 3, 4}: at 1, 1/2 against 0; at 4, 1/2 against 1. The gap is 1/2.
        assertEquals(0.5, Comparison.ks(new double[] {1, 5}, new double[] {2, 3, 4}), EPS);
        // Fewer than two rounds a side: no distance.
        assertTrue(Double.isNaN(Comparison.ks(new double[] {1}, new double[] {1, 2})));
        assertTrue(Double.isNaN(Comparison.ks(new double[0], new double[] {1, 2})));
    }

    @Test
    void aThreadStarvesWhenARoundOrTheUncoveredTailPassesTheThreshold() {
        assertTrue(Comparison.starves(List.of(1L, 2L, 3L), 6, 2, false));
        assertFalse(Comparison.starves(List.of(1L, 2L, 3L), 6, 3, false));
        // A loop forever: 10 of run, 6 in completed rounds, a tail of 4 still open.
        assertTrue(Comparison.starves(List.of(1L, 2L, 3L), 10, 3, true));
        assertFalse(Comparison.starves(List.of(1L, 2L, 3L), 10, 3, false));
        assertTrue(Comparison.starves(List.of(), 10, 3, true));
        assertFalse(Comparison.starves(List.of(100L), 100, -1, true)); // no nominal round, no rule
    }

    @Test
    void aSideSaysStarvesWhenEveryRunDoesAndFairWhenNone() {
        ThreadSpec t = new ThreadSpec("t", -1, List.of(new Step.Loop(-1, List.of(new Step.Compute(10)))));
        Observation starved = obs("real", 100, List.of(10L, 80L));
        Observation fine = obs("real", 100, List.of(10L, 10L, 10L));
        // starve_after 50 + nominal 10 = 60: the 80 starves; 100 - 30 = 70 of open tail starves too.
        Comparison.Result r = Comparison.of(List.of(t), 50, List.of(starved, fine, fine), List.of(fine, fine),
                List.of(List.of(), List.of("t")));
        Comparison.Row row = r.rows().get(0);
        assertEquals(60, row.thresholdNs());
        assertEquals(3, row.real().starvedRuns());
        assertEquals(Comparison.Verdict.STARVES, row.real().verdict());
        assertEquals(2, row.sim().starvedRuns());
        assertEquals(1, row.simOwnStarved());
        r = Comparison.of(List.of(t), 80, List.of(starved, fine, fine), List.of(fine, fine), List.of());
        row = r.rows().get(0);
        assertEquals(0, row.real().starvedRuns());
        assertEquals(Comparison.Verdict.FAIR, row.sim().verdict());
        assertEquals(Comparison.Agreement.AGREE, row.agreement());
        assertTrue(r.agree());
    }

    @Test
    void figuresPerRunThenOverRuns() {
        ThreadSpec t = new ThreadSpec("t", -1, List.of(new Step.Loop(-1, List.of(new Step.Compute(10)))));
        // Run 1: 4 rounds in 1 s; run 2: 2 rounds in 1 s. Rates 4 and 2; p50 2.5 and 15; max 4 and 20.
        Observation a = obs("real", 1_000_000_000L, List.of(1L, 2L, 3L, 4L));
        Observation b = obs("real", 1_000_000_000L, List.of(10L, 20L));
        Comparison.Side s = Comparison.side(List.of(a, b), 0, -1, true);
        assertEquals(6, s.rounds());
        assertEquals(3, s.roundsPerSecond().mean(), EPS);
        assertEquals(2, s.roundsPerSecond().min(), EPS);
        assertEquals((2.5 + 15) / 2, s.p50Ns().mean(), EPS);
        assertEquals(12, s.maxNs().mean(), EPS);
        assertEquals(0.5, s.cpuShare().mean(), EPS);
        assertEquals(2.0, Comparison.Row.ratio(Stat.of(new double[] {2}), Stat.of(new double[] {4})), EPS);
        assertTrue(Double.isNaN(Comparison.Row.ratio(Stat.of(new double[] {0}), Stat.of(new double[] {4}))));
    }

    @Test
    void stepAccuracyIsWeightedByCountOverRuns() {
        Observation a = new Observation("real", "x", 1, List.of(), List.of(
                new Observation.StepAccuracy("compute", 2_000_000, 2_100_000, 10),
                new Observation.StepAccuracy("sleep", 1_000_000, 1_080_000, 5)));
        Observation b = new Observation("real", "x", 1, List.of(), List.of(
                new Observation.StepAccuracy("compute", 2_000_000, 2_000_000, 30)));
        List<Comparison.StepLine> steps = Comparison.steps(List.of(a, b));
        assertEquals(2, steps.size());
        assertEquals("compute", steps.get(0).step());
        assertEquals(2_025_000, steps.get(0).meanNs(), EPS);
        assertEquals(40, steps.get(0).count());
        assertEquals(1_080_000, steps.get(1).meanNs(), EPS);
    }

    /**
     * A worker that ran 0.25 of a 1 s run (250 ms of CPU) over 200 rounds, 220 ms of it in 400 compute steps of
     * 550 us: 30 ms outside them, 150 us a round. A second run without its steps reported counts nothing; a thread
     * without rounds is left out.
     */
    @Test
    void cpuOutsideTheComputeStepsIsPerRoundOverTheRunsThatReportThem() {
        ThreadSpec worker = new ThreadSpec("worker", -1, List.of(new Step.Loop(-1, List.of(new Step.Compute(10)))));
        ThreadSpec idle = new ThreadSpec("idle", -1, List.of(new Step.Compute(10)));
        List<Long> rounds = java.util.Collections.nCopies(200, 5_000_000L);
        Observation a = new Observation("real", "a", 1_000_000_000L, List.of(
                new Observation.ThreadRounds("worker", rounds, 0.25),
                new Observation.ThreadRounds("idle", List.of(), 0.0)), List.of(
                new Observation.StepAccuracy("worker compute", 550_000, 550_000, 400),
                new Observation.StepAccuracy("worker sleep", 2_000_000, 3_000_000, 200)));
        Observation b = new Observation("real", "b", 1_000_000_000L, List.of(
                new Observation.ThreadRounds("worker", rounds, 0.9),
                new Observation.ThreadRounds("idle", List.of(), 0.0)), List.of());
        List<Comparison.OutsideCpu> outside = Comparison.outside(List.of(worker, idle), List.of(a, b));
        assertEquals(1, outside.size(), outside.toString());
        assertEquals("worker", outside.get(0).thread());
        assertEquals(150_000, outside.get(0).perRoundNs(), 1e-3);
        assertEquals(200, outside.get(0).rounds());
    }

    private static Observation obs(String side, long wallNs, List<Long> rounds) {
        return new Observation(side, side, wallNs, List.of(new Observation.ThreadRounds("t", rounds, 0.5)),
                List.of());
    }
}
