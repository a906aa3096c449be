package gilsim.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gilsim.metrics.Stat;
import org.junit.jupiter.api.Test;

/** The disagreement line gives each side's starved runs and, where both have rounds, their longest rounds. */
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
