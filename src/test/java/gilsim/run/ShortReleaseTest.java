package gilsim.run;

import gilsim.metrics.Metrics;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.Runs;
import gilsim.metrics.Summary;
import gilsim.report.SummaryJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The #161868 replay: what the seed measured, and what the mechanism predicts around it. */
class ShortReleaseTest {
    private static final long MS = 1_000_000L;

    private static Summary run(long seed, String... sets) {
        return Runs.run("short-release", seed, sets);
    }

    private static String why(long seed, String... sets) {
        return "replay: " + Runs.replay("short-release", seed, sets);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void atTheDefaultsMainStarves(long seed) {
        Summary s = run(seed);
        assertEquals("starves", s.verdict(), why(seed));
        assertTrue(s.thread("main").get(Metrics.WAIT_MAX_NS) >= 500 * MS, why(seed));
        assertEquals(java.util.List.of("main"), s.starvedThreads(), why(seed));
        // The mechanism: main is woken by the releases and loses the race every time, so no drop is ever asked.
        assertTrue(s.thread("main").get(Metrics.WAKEUPS_LOST) > 100, why(seed));
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void pinnedToOneCoreItDoesNotHappen(long seed) {
        Summary s = run(seed, "pinned=true");
        assertEquals("fair", s.verdict(), why(seed, "pinned=true"));
        assertTrue(s.thread("main").get(Metrics.WAIT_MAX_NS) <= 15 * MS, why(seed, "pinned=true"));
    }

    @Test
    void workLongerThanTheIntervalIsFair() {
        Summary s = run(1, "work=6ms");
        assertEquals("fair", s.verdict(), why(1, "work=6ms"));
        assertTrue(s.thread("main").get(Metrics.WAIT_MAX_NS) <= 3 * 5 * MS, why(1, "work=6ms"));
    }

    /** Releases more often than every interval starve; less often do not. The boundary follows the interval. */
    @ParameterizedTest(name = "interval={0}")
    @CsvSource({"2ms, 1800us, 2200us", "5ms, 4500us, 5500us", "10ms, 9ms, 11ms", "20ms, 18ms, 22ms"})
    void theBoundaryMovesWithTheInterval(String interval, String below, String above) {
        String[] starving = {"interval=" + interval, "work=" + below};
        String[] fair = {"interval=" + interval, "work=" + above};
        assertEquals("starves", run(1, starving).verdict(), why(1, starving));
        Summary s = run(1, fair);
        assertEquals("fair", s.verdict(), why(1, fair));
        long intervalNs = gilsim.sim.Durations.parseOrMinus1(interval);
        assertTrue(s.thread("main").get(Metrics.WAIT_MAX_NS) <= 3 * intervalNs, why(1, fair));
    }

    @Test
    void aPausedBudgetIsFair() {
        Summary s = run(1, "policy=paused-budget");
        assertEquals("fair", s.verdict(), why(1, "policy=paused-budget"));
        assertTrue(s.thread("main").get(Metrics.WAIT_MAX_NS) <= 2 * 5 * MS, why(1, "policy=paused-budget"));
        assertTrue(s.gil().get(Metrics.DROP_REQUESTS) > 100, why(1, "policy=paused-budget"));
    }

    @Test
    void aReleaseLongerThanTheWakeUpLatencyHandsTheGilToMain() {
        Summary s = run(1, "release=200us");
        assertEquals("fair", s.verdict(), why(1, "release=200us"));
        // main gets the GIL after (nearly) every sleep, by hand-off at a release, without any drop request.
        assertTrue(s.thread("main").get(Metrics.GIL_ACQUISITIONS) > 800, why(1, "release=200us"));
        assertEquals(0, s.gil().get(Metrics.DROP_REQUESTS), why(1, "release=200us"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"policy=fifo-ticket", "policy=free-threaded", "wake_order=fifo"})
    void otherPoliciesRunAndAreJudged(String set) {
        Summary s = run(1, set);
        if (!set.equals("wake_order=fifo")) assertEquals("fair", s.verdict(), why(1, set));
        // With two threads there is only ever one waiter, so the wake order cannot matter.
        if (set.equals("wake_order=fifo")) assertEquals("starves", s.verdict(), why(1, set));
    }

    @Test
    void sameSeedSameBytes() {
        assertEquals(SummaryJson.of(run(42)), SummaryJson.of(run(42)));
        assertEquals(SummaryJson.of(run(42, "pinned=true")), SummaryJson.of(run(42, "pinned=true")));
    }

    @Test
    void otherSeedsOtherTimingsSameVerdict() {
        Summary a = run(11);
        Summary b = run(12);
        assertTrue(!SummaryJson.of(a).equals(SummaryJson.of(b)), "different seeds should draw different latencies");
        assertEquals(a.verdict(), b.verdict());
    }

    @Test
    void theScenarioFileIsTheSameScenario() {
        for (String set : new String[] {"pinned=false", "pinned=true", "work=6ms"}) {
            assertEquals(SummaryJson.of(run(3, set)),
                    SummaryJson.of(Runs.run("scenarios/short-release.yaml", 3, set)), set);
        }
    }
}
