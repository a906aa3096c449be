package gilsim.validate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import gilsim.metrics.Stat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The disagreement line gives each side's starved runs and, where both have rounds, their longest rounds; Fisher's test
 * and Holm's correction over an interpreter's threads.
 */
class VerdictLineTest {
    private static final double MS = 1e6;

    private static Comparison.Side side(int runs, int starved, double... maxRoundNs) {
        Stat max = maxRoundNs.length == 0 ? Stat.NONE : Stat.of(maxRoundNs);
        return new Comparison.Side(runs, 100, Stat.NONE, Stat.NONE, Stat.NONE, max, Stat.NONE, starved);
    }

    @Test
    void aSplitNearTheThresholdShowsBothSidesLongestRounds() {
        // Worked by hand: real rounds of 212 and 345 ms in 2 of 3 runs past 200 ms, sim 188 to 219 ms in 1 of 3.
        Comparison.Row row = new Comparison.Row("main", 100_000_000L, 200_000_000L,
                side(3, 2, 212 * MS, 345 * MS, 180 * MS), side(3, 1, 188 * MS, 219 * MS, 190 * MS), 0.1, 1);
        assertEquals("; longest rounds real 180ms..345ms, sim 188ms..219ms, threshold 200ms",
                ValidationText.longestRounds(row));
        assertEquals(Comparison.Verdict.MIXED, row.real().verdict());
        assertEquals(Comparison.Verdict.MIXED, row.sim().verdict());
        assertEquals(Comparison.Agreement.AGREE, row.agreement());
    }

    @Test
    void fishersExactTestWorkedByHand() {
        // 3 of 3 against 0 of 3: margins 3 and 3 of 6; P(3) = P(0) = 1/20, P(1) = P(2) = 9/20, so p = 2/20.
        assertEquals(0.1, Comparison.fisherExact(3, 0, 0, 3), 1e-12);
        // 3 of 3 against 1 of 3: 4 starved of 6; P(1) = P(3) = 3/15, P(2) = 9/15, so p = 6/15.
        assertEquals(0.4, Comparison.fisherExact(3, 0, 1, 2), 1e-12);
        // 10 of 10 against 1 of 10: P(10) = P(1) = 10 / C(20, 11) = 10/167960 each.
        assertEquals(20.0 / 167_960, Comparison.fisherExact(10, 0, 1, 9), 1e-12);
        assertEquals(1, Comparison.fisherExact(0, 3, 0, 3), 0);
    }

    @Test
    void oppositeVerdictsOrCountsBeyondChanceDisagreeOtherDifferencesAreTooCloseToCall() {
        assertEquals(Comparison.Agreement.DISAGREE, row(side(3, 3), side(3, 0)).agreement()); // p 0.1, but all vs none
        assertEquals(Comparison.Agreement.DISAGREE, row(side(1, 1), side(1, 0)).agreement());
        assertEquals(Comparison.Agreement.CLOSE, row(side(3, 3), side(3, 1)).agreement()); // p 0.4
        assertEquals(Comparison.Agreement.CLOSE, row(side(3, 2), side(3, 0)).agreement());
        assertEquals(Comparison.Agreement.DISAGREE, row(side(10, 10), side(10, 1)).agreement()); // p 1.2e-4
        assertEquals(Comparison.Agreement.DISAGREE, row(side(10, 9), side(10, 1)).agreement()); // both mixed, p 0.001
        assertEquals(Comparison.Agreement.AGREE, row(side(10, 6), side(10, 4)).agreement());
        assertEquals(Comparison.Agreement.AGREE, row(side(3, 0), side(3, 0)).agreement());
    }

    @Test
    void holmsCorrectionWorkedByHand() {
        // Sorted 0.01, 0.03, 0.04 of three: 0.01 * 3, then 0.03 * 2, then 0.04 * 1 but not below the one before.
        assertArrayEquals(new double[] {0.03, 0.06, 0.06}, Comparison.holm(new double[] {0.01, 0.04, 0.03}), 1e-12);
        assertArrayEquals(new double[] {0.9, 0.5}, Comparison.holm(new double[] {0.9, 0.25}), 1e-12);
        assertArrayEquals(new double[] {1, 1}, Comparison.holm(new double[] {0.6, 0.7}), 1e-12); // 0.6 * 2, capped
        assertArrayEquals(new double[0], Comparison.holm(new double[0]), 0);
    }

    @Test
    void oneOfThreeIdenticalThreadsOffByChanceIsTooCloseToCallAfterTheCorrection() {
        // Grid 80's latency-3 on 3.13.0: real 5, 5, 5 and 3 of 5 starved, sim 18, 19, 19 and 20 of 20. bg2 alone
        // gives p = C(5,3) / C(25,23) = 10/300; over four tested threads Holm makes it 4 * 10/300.
        // A thread fair on both sides cannot be tested and is not counted.
        List<Comparison.Row> rows = Comparison.corrected(List.of(
                named("main", side(5, 5), side(20, 18)), named("bg0", side(5, 5), side(20, 19)),
                named("bg1", side(5, 5), side(20, 19)), named("bg2", side(5, 3), side(20, 20)),
                named("idle", side(5, 0), side(20, 0))));
        Comparison.Row bg2 = rows.get(3);
        assertEquals(10.0 / 300, bg2.fisherP(), 1e-12);
        assertEquals(Comparison.Agreement.DISAGREE, named("bg2", side(5, 3), side(20, 20)).agreement());
        assertEquals(40.0 / 300, bg2.holmP(), 1e-12);
        assertEquals(4, bg2.tested());
        assertEquals(Comparison.Agreement.CLOSE, bg2.agreement());
        assertEquals(1, rows.get(4).holmP(), 0);
        assertEquals("Fisher's exact p 0.033, 0.13 after Holm's correction over 4 threads",
                ValidationText.fisherText(bg2));

        // A difference far beyond chance still disagrees, by the test and not only as starves against fair: grid
        // 79's 0 of 5 against 17 of 20 (sim mixed): of the 17 starved runs among 25, none real has
        // P(0) = C(20,17) / C(25,17), and every other table is likelier, so p = 1140 / 1081575.
        List<Comparison.Row> far = Comparison.corrected(List.of(
                named("main", side(5, 5), side(20, 18)), named("a", side(5, 0), side(20, 17))));
        double p = 1140.0 / 1_081_575;
        assertEquals(p, far.get(1).fisherP(), 1e-12);
        assertEquals(2 * p, far.get(1).holmP(), 1e-12);
        assertEquals(Comparison.Agreement.DISAGREE, far.get(1).agreement());
    }

    private static Comparison.Row named(String name, Comparison.Side real, Comparison.Side sim) {
        return new Comparison.Row(name, 255_000L, 100_255_000L, real, sim, 0.1, 0);
    }

    private static Comparison.Row row(Comparison.Side real, Comparison.Side sim) {
        return new Comparison.Row("main", 100_000_000L, 200_000_000L, real, sim, 0.1, 0);
    }

    @Test
    void aSideWithoutRoundsOrAThreadWithoutAThresholdGivesNone() {
        Comparison.Row stuck = new Comparison.Row("main", 1_000_000L, 101_000_000L, side(1, 1),
                side(1, 0, 5 * MS), Double.NaN, 0);
        assertEquals("", ValidationText.longestRounds(stuck));
        Comparison.Row noLoop = new Comparison.Row("main", -1, -1, side(1, 0, 5 * MS), side(1, 0, 6 * MS), 0, 0);
        assertEquals("", ValidationText.longestRounds(noLoop));
    }
}
