package gilsim.handoff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The crowded race read second by second: hand-made runs whose seconds have known gap medians. */
class RaceSpeedsTest {
    private static final long S = 1_000_000_000L;

    /** A run whose second {@code i} has {@code perSecond} drops with gaps spread evenly around {@code medians[i]}. */
    private static HandoffStats.CrowdedRun run(int perSecond, long... medians) {
        List<HandoffStats.CrowdedDrop> each = new ArrayList<>();
        for (int s = 0; s < medians.length; s++) {
            for (int i = 0; i < perSecond; i++) {
                long gap = medians[s] - 50 + 100L * i / (perSecond - 1); // median +- 50 ns
                each.add(new HandoffStats.CrowdedDrop(gap, 0, -1, false, s * S + i * (S / perSecond)));
            }
        }
        return new HandoffStats.CrowdedRun(each.size(), 0, null, each);
    }

    @Test
    void secondsInTwoGroupsApartAreTwoSpeeds() {
        // Four seconds at 300 ns, six at 700 ns, in two runs.
        List<HandoffStats.CrowdedRun> runs = List.of(run(31, 300, 300, 700, 700, 700), run(31, 700, 300, 300, 700, 700));
        RaceSpeeds s = RaceSpeeds.of(runs);
        assertTrue(s.two());
        assertEquals(10, s.seconds());
        assertEquals(4, s.fastSeconds());
        assertEquals(458, s.fastBelowNs()); // sqrt(300 * 700): between the groups
        assertEquals(300, s.fastGapP50Ns());
        assertEquals(700, s.slowGapP50Ns());
        assertEquals(40, s.fastPercent());
        assertEquals(45, s.fastReactionPercent()); // 300 / 700 = 43 %, to the nearest 5
        assertEquals(4 * 31, s.drops(runs, true).size());
        assertEquals(6 * 31, s.drops(runs, false).size());
        assertTrue(s.drops(runs, true).stream().allMatch(d -> d.gapNs() <= 350));
        assertEquals(java.util.Map.of("seconds", 10, "fast_seconds", 4, "slow_gap_p50_ns", 700L, "fast_gap_p50_ns", 300L),
                s.json());
    }

    /** Ten seconds, four fast (300 ns) and six slow (700 ns): fast below 458 ns. */
    private static RaceSpeeds twoSpeeds() {
        return RaceSpeeds.of(List.of(run(31, 300, 300, 700, 700, 700), run(31, 700, 300, 300, 700, 700)));
    }

    /** Another race's runs: two fast, one slow, one without a gap. */
    private static List<HandoffStats.CrowdedRun> otherRaceRuns() {
        return List.of(new HandoffStats.CrowdedRun(40, 30, 310L), new HandoffStats.CrowdedRun(60, 45, 457L),
                new HandoffStats.CrowdedRun(20, 9, 640L), new HandoffStats.CrowdedRun(0, 0, null));
    }

    /**
     * Another race's runs read against these speeds (fast below 458 ns), whole run by whole run: two of three fast,
     * one without a gap not read; with one speed, none is fast.
     */
    @Test
    void anotherRacesRunsAreReadAgainstTheseSpeeds() {
        RaceSpeeds s = twoSpeeds();
        List<HandoffStats.CrowdedRun> rare = otherRaceRuns();
        assertEquals(65, s.fastPercentOfRuns(rare)); // 2 of 3, to the nearest 5
        assertEquals(0, s.fastPercentOfRuns(List.of(new HandoffStats.CrowdedRun(0, 0, null))));
        assertEquals(0, RaceSpeeds.of(List.of(run(31, 600, 650, 700))).fastPercentOfRuns(rare), "one speed");
    }

    /**
     * The time at the fast speed over both races: these 10 seconds (4 fast) and the other race's 3 runs read (2
     * fast), weighed by their length: (4 + 2 x 4 s) / (10 + 3 x 4 s) = 55 %; runs of 2 s weigh less, 8 / 16 = 50 %.
     */
    @Test
    void theFastShareCountsBothRacesTimeByItsLength() {
        RaceSpeeds s = twoSpeeds();
        List<HandoffStats.CrowdedRun> rare = otherRaceRuns();
        assertEquals(40, s.fastPercent());
        assertEquals(55, s.fastPercentWith(rare, 4_000_000_000L));
        assertEquals(50, s.fastPercentWith(rare, 2_000_000_000L));
        assertEquals(40, s.fastPercentWith(List.of(), 4_000_000_000L), "no other run: this race's own");
        assertEquals(0, RaceSpeeds.of(List.of(run(31, 600, 650, 700))).fastPercentWith(rare, 4_000_000_000L),
                "one speed");
    }

    @Test
    void secondsCloseTogetherAreOneSpeed() {
        // 600 to 750 ns: the best split's groups are nearer than MAX_FAST_RATIO
        List<HandoffStats.CrowdedRun> runs = List.of(run(31, 600, 650, 700, 750, 600, 650));
        RaceSpeeds s = RaceSpeeds.of(runs);
        assertFalse(s.two());
        assertEquals(6, s.seconds());
        assertEquals(0, s.fastPercent());
        assertEquals(100, s.fastReactionPercent());
        assertEquals(6 * 31, s.drops(runs, false).size(), "every drop is slow with one speed");
        assertEquals(0, s.drops(runs, true).size());
    }

    @Test
    void oneFastSecondIsNotASpeed() {
        RaceSpeeds s = RaceSpeeds.of(List.of(run(31, 300, 700, 700, 700, 700)));
        assertFalse(s.two(), "a speed needs two seconds");
    }

    @Test
    void aSecondWithTooFewDropsIsNotRead() {
        RaceSpeeds s = RaceSpeeds.of(List.of(run(31, 300, 300, 700, 700), run(5, 300, 300, 300)));
        assertEquals(4, s.seconds());
        assertEquals(2, s.fastSeconds());
    }

    @Test
    void theTextSaysTheSpeedsAndTheirGaps() {
        RaceSpeeds two = RaceSpeeds.of(List.of(run(31, 300, 300, 700, 700, 700), run(31, 700, 300, 300, 700, 700)));
        assertEquals("two speeds, 4 of 10 seconds fast (gap p50 0.30 us), the rest 0.70 us", HandoffText.speeds(two));
        RaceSpeeds one = RaceSpeeds.of(List.of(run(31, 600, 650, 700)));
        assertEquals("one speed over 3 seconds (gap p50 0.65 us)", HandoffText.speeds(one));
        RaceSpeeds none = RaceSpeeds.of(List.of(run(5, 300, 700)));
        assertEquals("no second had 20 crowded forced drops", HandoffText.speeds(none));
    }

    @Test
    void theSplitIsTheOneOfLeastSpreadInTheLogarithm() {
        assertEquals(0, RaceSpeeds.split(new long[] {500}));
        assertEquals(2, RaceSpeeds.split(new long[] {300, 310, 700, 720, 750}));
        assertEquals(3, RaceSpeeds.split(new long[] {100, 110, 120, 1_000}));
    }
}
