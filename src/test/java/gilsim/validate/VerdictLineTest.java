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
        assertEquals("starves", row.real().verdict());
        assertEquals("fair", row.sim().verdict());
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
