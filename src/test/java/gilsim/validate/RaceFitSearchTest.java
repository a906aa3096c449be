package gilsim.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.ToDoubleFunction;
import org.junit.jupiter.api.Test;

/** The search for the requester's window ({@link RaceFit#search}) on hand-made misfits, without running the model. */
class RaceFitSearchTest {
    /**
     * A narrow valley in which more growth wants less entry: steep across it ({@code across}, 100 per unit squared),
     * shallow along it ({@code along}), least at 700 ns growing 5 %. On its floor 10 ns of entry trade for 1 % of
     * growth, so 600 ns at 15 % is on the floor with misfit 0.16, and every move of one key alone from there climbs the
     * wall (50 ns: across = 1, a misfit of 100): a search moving one key at a time stops there.
     */
    @Test
    void followsAValleyInWhichMoreGrowthWantsLessEntry() {
        ToDoubleFunction<RaceFit.Window> valley = w -> {
            double across = (w.entryNs() - 700) / 50.0 + (w.growthPercent() - 5) / 5.0;
            double along = ((w.entryNs() - 700) / 50.0 - (w.growthPercent() - 5) / 5.0) / 10;
            return 100 * across * across + along * along;
        };
        RaceFit.Window found = RaceFit.search(RaceFit.Window.of(600, 15), valley);
        assertEquals(RaceFit.Window.of(700, 5), found);
    }

    /** A bowl the axes cut straight: the search walks from the start to its least point, both keys on their grids. */
    @Test
    void findsTheLeastPointOfABowl() {
        ToDoubleFunction<RaceFit.Window> bowl = w -> Math.pow((w.entryNs() - 1250) / 100.0, 2)
                + Math.pow((w.growthPercent() - 33) / 10.0, 2);
        assertEquals(RaceFit.Window.of(1250, 33), RaceFit.search(RaceFit.Window.of(600, 0), bowl));
    }

    /**
     * Shares shaped as the model's: each race's requester share a logistic curve of entry and growth, the growth
     * weighing five times as much in the rare race as in the frequent one, matched to real shares of 61 and 77 % by
     * {@link RaceFit#misfit}. The search from the drop-by-drop fit's kind of start (600 ns, no growth) reaches the
     * least misfit of the whole grid (entries to 3 us, growths to 60 %), found by trying every window.
     */
    @Test
    void reachesTheWholeGridsLeastMisfitOfTwoShares() {
        ToDoubleFunction<RaceFit.Window> shares = w -> RaceFit.misfit(List.of(
                share(6100, 10_000, logistic((w.entryNs() + 4.0 * w.growthPercent() - 700) / 60)),
                share(1540, 2_000, logistic((w.entryNs() + 20.0 * w.growthPercent() - 650) / 80))));
        double least = Double.MAX_VALUE;
        for (long e = RaceFit.ROUND_NS; e <= 3_000; e += RaceFit.ROUND_NS) {
            for (int g = 0; g <= 60; g++) least = Math.min(least, shares.applyAsDouble(RaceFit.Window.of(e, g)));
        }
        RaceFit.Window found = RaceFit.search(RaceFit.Window.of(600, 0), shares);
        double at = shares.applyAsDouble(found);
        assertTrue(at <= least * 1.01 + 1e-9, "found " + found + " with misfit " + at + ", least on the grid " + least);
    }

    private static double logistic(double x) {
        return 1 / (1 + Math.exp(-x));
    }

    /** A race with these real drops, and the model's share {@code model} of 100,000 drops. */
    private static RaceFit.Share share(long realWon, long realDrops, double model) {
        return new RaceFit.Share(realWon, realDrops, Math.round(model * 100_000), 100_000);
    }
}
