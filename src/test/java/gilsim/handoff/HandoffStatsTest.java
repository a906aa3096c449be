package gilsim.handoff;

import gilsim.sync.CondVar;
import static gilsim.handoff.HandoffEvent.Kind.DROP;
import static gilsim.handoff.HandoffEvent.Kind.FORCED_WAIT;
import static gilsim.handoff.HandoffEvent.Kind.TAKE;
import static gilsim.handoff.HandoffEvent.Kind.TIMED_OUT;
import static gilsim.handoff.HandoffEvent.Kind.WAIT;
import static gilsim.handoff.HandoffEvent.Kind.WOKEN;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The statistics on hand-worked logs: each figure is counted here by reading the events as take_gil would. */
class HandoffStatsTest {
    private static final int A = 0;
    private static final int B = 1;
    private static final int C = 2;

    private static HandoffLog log(Object... steps) {
        return log(List.of("a", "b", "c"), steps);
    }

    /** A 100 ms log of {@code threads} from (time, thread, kind) triples. */
    private static HandoffLog log(List<String> threads, Object... steps) {
        List<HandoffEvent> events = new ArrayList<>();
        for (int i = 0; i < steps.length; i += 3) {
            events.add(new HandoffEvent((Long) steps[i], (Integer) steps[i + 1], (HandoffEvent.Kind) steps[i + 2]));
        }
        return new HandoffLog("hand", threads, 100_000_000L, events, 0, true, false);
    }

    /** A crowded forced drop {@code gapNs} after the requester b's re-wait, then {@code taker} takes the GIL. */
    private static HandoffLog crowdedDrop(long gapNs, int taker) {
        return log(
                0L, A, TAKE,
                1_000L, B, WAIT,
                2_000L, C, WAIT,
                5_001_000L, B, TIMED_OUT,
                5_002_000L, B, WAIT,
                5_002_000L + gapNs, A, DROP,
                5_050_000L, taker, WOKEN,
                5_051_000L, taker, TAKE);
    }

    @Test
    void crowdedDropsRunByRunKeepEachRunsShareAndGapApart() {
        List<HandoffLog> runs = List.of(crowdedDrop(400, B), crowdedDrop(2_500, C));
        // each drop as the entry fit reads it: its gap, how long before it the other waiter (c, waiting since 2 us)
        // had called wait, who took the GIL, and when (the take at 5.051 ms)
        assertEquals(List.of(
                new HandoffStats.CrowdedRun(1, 1, 400L,
                        List.of(new HandoffStats.CrowdedDrop(400, 5_000_400, -1, true, 5_051_000))),
                new HandoffStats.CrowdedRun(1, 0, 2_500L,
                        List.of(new HandoffStats.CrowdedDrop(2_500, 5_002_500, -1, false, 5_051_000)))),
                HandoffStats.crowdedByRun(runs));
        assertEquals("100 % of 1 at 0.40 us, 0 % of 1 at 2.50 us", HandoffText.crowded(HandoffStats.crowdedByRun(runs)));
        // pooled, the two runs are one half-share at a gap between theirs
        HandoffStats pooled = HandoffStats.of(runs);
        assertEquals(2, pooled.crowdedForcedDrops());
        assertEquals(1, pooled.crowdedToRequester());
        assertArrayEquals(new long[] {400L, 2_500L}, pooled.crowdedRewaitToDropNs());
        // c's call to wait came about 5 ms before both drops: the last band holds them
        assertEquals(new HandoffStats.QuietBand(3_200_000, Long.MAX_VALUE, false, 2, 1), pooled.byQuiet().get(3));
        assertEquals(0, pooled.byQuiet().get(0).drops());
        assertEquals("over 3200us 50 % of 2", HandoffText.byQuiet(pooled));
    }

    /**
     * The quiet time a crowded drop is read at is since the other waiters' newest call to wait: of the waiters other
     * than the requester b, c called wait first (at 30 ms, after a wake-up that found the GIL taken) and d later (at
     * 50 ms, after a timeout). At the drop d's call is 502 us past: the 200 to 800 us band, not c's 20.5 ms.
     */
    @Test
    void aCrowdedDropIsReadAtTheOtherWaitersNewestCallToWait() {
        int d = 3;
        List<HandoffLog> run = List.of(log(List.of("a", "b", "c", "d"),
                0L, A, TAKE,
                1_000L, d, WAIT,
                2_000L, C, WAIT,
                29_999_000L, A, DROP,       // not asked for: a takes it back at once
                29_999_100L, A, TAKE,
                30_000_000L, C, WOKEN,      // c is woken, finds the GIL taken and waits again: behind d so far
                30_000_500L, C, WAIT,
                40_000_000L, B, WAIT,
                50_000_000L, d, TIMED_OUT,  // d asks for a drop and waits again, now behind c
                50_001_000L, d, WAIT,
                50_500_000L, B, TIMED_OUT,  // so does b, the requester a sees last
                50_501_000L, B, WAIT,
                50_503_000L, A, DROP,       // forced, 2 us after b's re-wait, with c and d waiting
                50_510_000L, C, WOKEN,
                50_511_000L, C, TAKE));
        HandoffStats s = HandoffStats.of(run);
        assertEquals(1, s.crowdedForcedDrops());
        assertEquals(List.of(new HandoffStats.CrowdedDrop(2_000, 502_000, -1, false, 50_511_000)),
                HandoffStats.crowdedByRun(run).get(0).each());
        assertEquals(new HandoffStats.QuietBand(200_000, 800_000, false, 1, 0), s.byQuiet().get(1));
        assertEquals(0, s.byQuiet().get(3).drops());
    }

    /**
     * The same drop with each call to wait's CPU: b re-waits on CPU 1, d (newest, 502 us before the drop) had called
     * on CPU 0. With c's latest call (30.0005 ms) on CPU 1 the same-core quiet time is c's, 20.5025 ms; with it on
     * CPU 0 no other waiter called from b's CPU (as quiet as growth goes); with one call of the three unstamped
     * there is none (-1). The quiet time of every waiter stays d's 502 us.
     */
    @Test
    void aCrowdedDropsSameCoreQuietTimeIsOfTheWaitersThatCalledOnTheRequestersCpu() {
        assertEquals(20_502_500L, sameCoreQuiet(1, 0));
        assertEquals(CondVar.WaitEntry.QUIET_FOREVER_NS, sameCoreQuiet(0, 0));
        assertEquals(-1L, sameCoreQuiet(1, -1));
    }

    private static long sameCoreQuiet(int cCpu, int dCpu) {
        int d = 3;
        List<HandoffEvent> events = List.of(
                new HandoffEvent(0L, A, TAKE),
                new HandoffEvent(1_000L, d, WAIT, dCpu),
                new HandoffEvent(2_000L, C, WAIT, cCpu),
                new HandoffEvent(29_999_000L, A, DROP),
                new HandoffEvent(29_999_100L, A, TAKE),
                new HandoffEvent(30_000_000L, C, WOKEN),
                new HandoffEvent(30_000_500L, C, WAIT, cCpu),
                new HandoffEvent(40_000_000L, B, WAIT, 1),
                new HandoffEvent(50_000_000L, d, TIMED_OUT),
                new HandoffEvent(50_001_000L, d, WAIT, dCpu),
                new HandoffEvent(50_500_000L, B, TIMED_OUT),
                new HandoffEvent(50_501_000L, B, WAIT, 1),
                new HandoffEvent(50_503_000L, A, DROP),
                new HandoffEvent(50_510_000L, C, WOKEN),
                new HandoffEvent(50_511_000L, C, TAKE));
        HandoffLog log = new HandoffLog("hand", List.of("a", "b", "c", "d"), 100_000_000L, events, 0, true, true);
        HandoffStats.CrowdedDrop drop = HandoffStats.of(List.of(log)).crowdedDrops().get(0);
        assertEquals(502_000, drop.quietNs());
        return drop.sameCoreQuietNs();
    }

    private static HandoffStats stats(Object... steps) {
        return HandoffStats.of(List.of(log(steps)));
    }

    @Test
    void aCrowdedForcedDropWonByTheOlderWaiter() {
        HandoffStats s = stats(
                0L, A, TAKE,
                1_000L, B, WAIT,           // b waits from 1 us
                2_000_000L, C, WAIT,       // c arrives at 2 ms
                5_001_000L, B, TIMED_OUT,  // b's wait runs out with no switch: b asks a to drop
                5_002_000L, B, WAIT,
                5_004_000L, A, DROP,       // a forced drop, c waiting too: crowded
                5_005_000L, A, FORCED_WAIT,
                5_060_000L, C, WOKEN,      // the signal went to c
                5_061_000L, C, TAKE,       // c takes: another waiter than the requester
                5_062_000L, A, WAIT,
                10_002_000L, B, TIMED_OUT, // a switch happened during b's wait: no request
                10_002_500L, B, WAIT);
        assertEquals(1, s.takes());
        assertEquals(1, s.switches());
        assertEquals(1, s.requests());
        assertEquals(2, s.timeouts());
        assertEquals(1, s.forcedDrops());
        assertEquals(0, s.forcedToRequester());
        assertEquals(1, s.forcedToOther());
        assertEquals(1, s.crowdedForcedDrops());
        assertEquals(1, s.crowdedToOther());
        assertEquals(1, s.crowdedWokeOther());
        assertEquals(0, s.requesterAwake());
        assertEquals(1, s.forcedWaits());
        assertArrayEquals(new long[] {3_061_000L}, s.waitsNs("c"));
        assertArrayEquals(new long[0], s.waitsNs("b")); // still waiting at the end: not a completed wait
        assertArrayEquals(new long[] {56_000L}, s.wakeLatencyNs());
    }

    @Test
    void aWakeUpThatFindsTheGilTakenAndARequesterAwakeAtTheDrop() {
        HandoffStats s = stats(
                0L, A, TAKE,
                1_000L, B, WAIT,
                5_001_000L, B, TIMED_OUT,  // request; b has not waited again when a drops
                5_001_500L, A, DROP,
                5_001_600L, A, TAKE,       // a re-takes its own GIL (a check point's drop and re-take): no switch
                5_002_000L, B, WAIT,
                6_000_000L, A, DROP,
                6_000_100L, A, TAKE,
                6_050_000L, B, WOKEN,      // woken by the second drop, finds the GIL taken
                6_050_500L, B, WAIT,
                7_000_000L, A, DROP,
                7_080_000L, B, WOKEN,
                7_080_500L, B, TAKE);
        assertEquals(3, s.takes());
        assertEquals(1, s.switches());
        assertEquals(1, s.requests());
        assertEquals(1, s.forcedDrops()); // the second and third drops came after a's own re-take reset the request
        assertEquals(1, s.requesterAwake());
        assertEquals(0, s.forcedToRequester()); // a took it back itself, neither the requester nor another waiter
        assertEquals(0, s.forcedToOther());
        assertEquals(2, s.wakeups());
        assertEquals(1, s.wastedWakeups());
        assertEquals(1, s.takesAfterWaiting());
        assertEquals(3, s.waitsBeforeTakes());
        assertArrayEquals(new long[] {7_079_500L}, s.waitsNs("b"));
    }

    /**
     * Lateness after the deadline: b's wait from 1 us runs out at 5.201 ms (200 us late), its re-wait at 5.202 ms at
     * 10.302 ms (100 us); c's wait ends woken, which is no lateness; a's, from 10 ms, at 15 ms (0 late). Sorted.
     */
    @Test
    void aTimedOutWaitIsLateByItsReturnLessTheCallAndTheInterval() {
        HandoffLog log = log(
                1_000L, B, WAIT,
                2_000L, C, WAIT,
                5_201_000L, B, TIMED_OUT,
                5_202_000L, B, WAIT,
                6_000_000L, C, WOKEN,
                10_000_000L, A, WAIT,
                10_302_000L, B, TIMED_OUT,
                15_000_000L, A, TIMED_OUT);
        assertArrayEquals(new long[] {0L, 100_000L, 200_000L}, HandoffStats.timedOutLatenessNs(List.of(log),
                5_000_000L));
    }

    /**
     * Two crowded forced drops among four threads. b asks a to drop (5.001 ms); d, whose wait ran out just after the
     * drop, takes the GIL although c's latest call to wait (2 us) is older than d's (3 us): a taker that timed out,
     * not the oldest call. a, the dropper, waits again 6 us after d's take. Then a asks d to drop (10.011 ms) and c,
     * signalled, takes it: its latest call (2 us) older than b's (5.002 ms); d waits again 9 us after.
     */
    @Test
    void whoTookACrowdedDropAndHowSoonTheDropperWaitedAgain() {
        int d = 3;
        HandoffStats s = HandoffStats.of(List.of(log(List.of("a", "b", "c", "d"),
                0L, A, TAKE,
                1_000L, B, WAIT,
                2_000L, C, WAIT,
                3_000L, d, WAIT,
                5_001_000L, B, TIMED_OUT,   // no switch since b's wait: a drop request
                5_002_000L, B, WAIT,
                5_003_000L, A, DROP,
                5_003_500L, d, TIMED_OUT,   // the GIL is free: no request
                5_004_000L, d, TAKE,
                5_010_000L, A, WAIT,
                10_011_000L, A, TIMED_OUT,  // no switch since a's wait: a request
                10_012_000L, A, WAIT,
                10_013_000L, d, DROP,
                10_050_000L, C, WOKEN,
                10_051_000L, C, TAKE,
                10_060_000L, d, WAIT)));
        assertEquals(2, s.crowdedForcedDrops());
        assertEquals(2, s.crowdedToOther());
        assertEquals(1, s.crowdedToOtherTimedOut());
        assertEquals(1, s.crowdedToOtherOldestCall());
        assertArrayEquals(new long[] {6_000L, 9_000L}, s.dropperRewaitNs());
        // a took at 0 and dropped at 5.003 ms for b; d took at 5.004 ms and dropped at 10.013 ms for a
        assertArrayEquals(new long[] {5_003_000L, 5_009_000L}, s.forcedHoldNs());
    }

    @Test
    void eventsBeforeTheFirstTakeAreNotCounted() {
        HandoffStats s = stats(
                0L, B, WAIT,
                10L, A, DROP,
                20L, B, WOKEN,
                30L, B, TAKE,
                40L, B, DROP);
        assertEquals(0, s.takes()); // the first take starts the count
        assertEquals(1, s.drops());
        assertEquals(0, s.wakeups());
        assertArrayEquals(new long[0], s.waitsNs("b"));
    }

    @Test
    void percentilesAreNearestRank() {
        long[] v = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        assertEquals(5, HandoffStats.percentile(v, 50));
        assertEquals(10, HandoffStats.percentile(v, 99));
        assertEquals(1, HandoffStats.percentile(v, 1));
        assertEquals(-1, HandoffStats.percentile(new long[0], 50));
    }

    /**
     * Runs' timer wake-ups pool by adding their counts, only when every run was read from the scheduler's trace, and
     * print as two lines.
     */
    @Test
    void timerWakeUpsPoolAndPrint() {
        HandoffStats.CrowdedRun a = new HandoffStats.CrowdedRun(70, 60, null, List.of(),
                new HandoffStats.TimerWakes(300, 100, 50, 46, 15, 9));
        HandoffStats.CrowdedRun b = new HandoffStats.CrowdedRun(30, 20, null, List.of(),
                new HandoffStats.TimerWakes(200, 20, 25, 20, 4, 0));
        HandoffStats.CrowdedRun pooled = HandoffStats.CrowdedRun.pooled(List.of(a, b));
        assertEquals(new HandoffStats.TimerWakes(500, 120, 75, 66, 19, 9), pooled.timerWakes());
        assertEquals(24.0, pooled.timerWakes().latePercent(), 1e-9);
        assertEquals("  plain runs' timed waits that ran out: 24 % of 500 woke late;" + System.lineSeparator()
                + "  the requester took 88 % of 75 of the drops after on-time ones, 47 % of 19 after late ones"
                + System.lineSeparator(), HandoffText.timerWakes(pooled, "  "));
        // a run read from the shim's log has none: the pooled runs then have none either, and print nothing
        HandoffStats.CrowdedRun c = new HandoffStats.CrowdedRun(10, 5, null);
        assertEquals(null, HandoffStats.CrowdedRun.pooled(List.of(a, c)).timerWakes());
        assertEquals("", HandoffText.timerWakes(HandoffStats.CrowdedRun.pooled(List.of(a, c)), "  "));
    }
}
