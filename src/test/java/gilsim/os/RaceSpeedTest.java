package gilsim.os;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The machine's two race speeds: what a reaction becomes, and that the speed is the seed's alone. */
class RaceSpeedTest {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000 * MS;

    @Test
    void oneSpeedLeavesEveryReactionAsItIs() {
        assertEquals(2_450, RaceSpeed.CONSTANT.scaled(0, 2_450));
        assertEquals(2_450, new RaceSpeed(null, 0, 45, 7 * S).scaled(50 * S, 2_450)); // draws nothing: no stream
    }

    @Test
    void alwaysFastShortensEveryReactionByItsPercentage() {
        RaceSpeed speed = new RaceSpeed(new SplittableRandom(3), 100, 45, 7 * S);
        for (long t = 0; t < 60 * S; t += 3 * S) assertEquals(1_102, speed.scaled(t, 2_450), "at " + t);
    }

    /** The speed at a moment does not depend on how often it was asked before (the draws come in one fixed order). */
    @Test
    void theSpeedIsTheSeedsAloneHoweverOftenItIsAsked() {
        long seed = 11;
        RaceSpeed often = new RaceSpeed(new SplittableRandom(seed), 30, 45, 7 * S);
        RaceSpeed seldom = new RaceSpeed(new SplittableRandom(seed), 30, 45, 7 * S);
        for (long t = 0; t <= 600 * S; t += 10 * MS) {
            boolean f = often.fast(t);
            if (t % (50 * S) == 0) assertEquals(f, seldom.fast(t), "at " + t + " (seed " + seed + ")");
        }
    }

    /**
     * Over 2,000 mean dwells the time spent fast is the percentage asked for: its spread over that many independent
     * redraws is about 1.5 points, the margin 7.
     */
    @Test
    void theShareOfTimeAtTheFastSpeedIsTheOneAskedFor() {
        long seed = 5;
        RaceSpeed speed = new RaceSpeed(new SplittableRandom(seed), 30, 45, S);
        long fast = 0;
        long n = 0;
        for (long t = 0; t < 2_000 * S; t += 50 * MS, n++) {
            if (speed.fast(t)) fast++;
        }
        double share = 100.0 * fast / n;
        assertTrue(Math.abs(share - 30) < 7, "fast " + share + " % of the time, seed " + seed
                + " (replay: mvn test -Dtest=RaceSpeedTest)");
        assertFalse(share == 0 || share == 100);
    }

    @Test
    void aPercentageOutOfRangeIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new RaceSpeed(null, 101, 45, S));
        assertThrows(IllegalArgumentException.class, () -> new RaceSpeed(null, 30, -1, S));
        assertThrows(IllegalArgumentException.class, () -> new RaceSpeed(null, 30, 45, 0));
    }
}
