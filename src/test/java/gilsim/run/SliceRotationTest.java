package gilsim.run;

import gilsim.metrics.Figures;
import gilsim.metrics.Metrics;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.Runs;
import gilsim.metrics.Summary;
import gilsim.report.SummaryJson;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The m0 pool's incident: the three-drops-three-waiters rotation, its fix, and the arms of the seed's probe. */
class SliceRotationTest {
    private static final long MS = 1_000_000L;
    /** view 300us + overhead 25us = 325us: four job starts (0, 325, 650, 975 us) fit in a 1 ms slice. */
    private static final String FOUR_A_SLICE = "overhead=25us";

    private static Summary run(long seed, String... sets) {
        return Runs.run("slice-rotation", seed, sets);
    }

    private static String why(long seed, String... sets) {
        return "replay: " + Runs.replay("slice-rotation", seed, sets);
    }

    private static String whyOnKeys(long seed, String... sets) {
        return "replay: " + Runs.replayOnKeys("slice-rotation", seed, sets);
    }

    /**
     * On the model's keys alone nothing breaks the rotation: the same two threads alternate and the other two wait
     * the whole run.
     */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void threeJobsASliceAgainstThreeWaitersStarvesTwoThreads(long seed) {
        Summary s = Runs.onKeys("slice-rotation", seed);
        String why = whyOnKeys(seed);
        assertEquals("starves", s.verdict(), why);
        assertEquals(2, s.starvedThreads().size(), why);
        for (Figures t : s.threads()) {
            if (s.starvedThreads().contains(t.name())) {
                assertTrue(t.get(Metrics.WAIT_MAX_NS) >= 300 * MS, t.name() + " " + why);
            } else {
                // The other two alternate, sharing the GIL between them.
                assertTrue(t.get(Metrics.GIL_SHARE) > 0.4, t.name() + " share " + t.get(Metrics.GIL_SHARE) + " "
                        + why);
            }
        }
        assertEquals("out-of-order", s.pool().get(Metrics.ORDER_VERDICT), why);
        assertEquals(3.0, s.pool().get(Metrics.JOBS_PER_SLICE_MEAN), 0.2, why);
        assertTrue(s.pool().get(Metrics.RETAKES_PAST_PARKED_WAITER) > 1000, why);
    }

    /**
     * On the default machine a rare slow wake-up (its latency table's tail) now and then breaks the rotation, as the
     * seed's "until noise breaks it" says, and another pair alternates: more than two threads starve at one time or another, and the longest
     * stall is still hundreds of milliseconds (the seed's real maxima: 335 to 1637 ms against a bound of 250).
     */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void onTheDefaultMachineNoiseBreaksTheRotationAndStallsOfHundredsOfMillisecondsRemain(long seed) {
        Summary s = run(seed);
        assertEquals("starves", s.verdict(), why(seed));
        assertTrue(s.starvedThreads().size() > 2, s.starvedThreads() + "; " + why(seed));
        long longest = 0;
        for (Figures t : s.threads()) longest = Math.max(longest, t.get(Metrics.WAIT_MAX_NS));
        assertTrue(longest >= 250 * MS, "longest wait " + longest + " ns; " + why(seed));
        assertEquals("out-of-order", s.pool().get(Metrics.ORDER_VERDICT), why(seed));
        assertEquals(3.0, s.pool().get(Metrics.JOBS_PER_SLICE_MEAN), 0.2, why(seed));
    }

    /**
     * The three p99s of a starving pool. The raw one leaves the two stranded requests among thousands; the corrected
     * one (the headline, latency_p99) counts their wait once per request interval; wrk's leaves out what wrk never
     * sees answered, so while the stall outlasts the run it reads as the raw one, and once noise ends the stalls it
     * follows the corrected one.
     */
    @Test
    void theCorrectedP99SeesAStallTheRawOneMissesAndWrkSeesItOnlyOnceItEnds() {
        // On the keys alone, so that the stall outlasts the run unless the test adds noise itself.
        Summary s = Runs.onKeys("slice-rotation", 1);
        assertTrue(s.pool().get(Metrics.LATENCY_RAW_P99_NS) < 20 * MS, whyOnKeys(1));
        assertTrue(s.pool().get(Metrics.LATENCY_P99_NS) > 1_000 * MS, whyOnKeys(1));
        assertEquals(s.pool().get(Metrics.LATENCY_RAW_P99_NS), s.pool().get(Metrics.LATENCY_WRK_P99_NS),
                0.01 * s.pool().get(Metrics.LATENCY_RAW_P99_NS),
                whyOnKeys(1));
        // A run shorter than wrk's timeout: the stranded requests' ages are under 2 s, and still not wrk's.
        Summary shorter = Runs.onKeys("slice-rotation", 1, "duration=1s");
        assertTrue(shorter.pool().get(Metrics.LATENCY_P99_NS) > 500 * MS, whyOnKeys(1, "duration=1s"));
        assertEquals(shorter.pool().get(Metrics.LATENCY_RAW_P99_NS), shorter.pool().get(Metrics.LATENCY_WRK_P99_NS),
                0.01 * shorter.pool().get(Metrics.LATENCY_RAW_P99_NS), whyOnKeys(1, "duration=1s"));
        String[] noise = {"load_gap=20ms", "duration=10s"};
        Summary n = Runs.onKeys("slice-rotation", 1, noise);
        assertTrue(n.pool().get(Metrics.LATENCY_MAX_NS) < 2_000 * MS,
                "every stall ends under wrk's timeout; " + whyOnKeys(1, noise));
        assertTrue(n.pool().get(Metrics.LATENCY_WRK_P99_NS) > 5 * n.pool().get(Metrics.LATENCY_RAW_P99_NS), whyOnKeys(1,
                noise));
        assertEquals(n.pool().get(Metrics.LATENCY_P99_NS), n.pool().get(Metrics.LATENCY_WRK_P99_NS),
                0.01 * n.pool().get(Metrics.LATENCY_P99_NS), whyOnKeys(1, noise));
        // Stalls longer than wrk's timeout: wrk keeps none of them, the corrected p99 all.
        String[] steal = {"load_gap=333ms", "load_run=2ms", "duration=10s"};
        Summary l = Runs.onKeys("slice-rotation", 1, steal);
        assertTrue(l.pool().get(Metrics.LATENCY_MAX_NS) > 2_000 * MS, whyOnKeys(1, steal));
        assertTrue(l.pool().get(Metrics.LATENCY_WRK_P99_NS) < 0.5 * l.pool().get(Metrics.LATENCY_P99_NS), whyOnKeys(1,
                steal));
    }

    @Test
    void fourJobsASliceTurnsTheQueueFullCircle() {
        Summary s = run(1, FOUR_A_SLICE);
        assertEquals("fair", s.verdict(), why(1, FOUR_A_SLICE));
        assertEquals("in-order", s.pool().get(Metrics.ORDER_VERDICT), why(1, FOUR_A_SLICE));
        assertEquals(4.0, s.pool().get(Metrics.JOBS_PER_SLICE_MEAN), 0.2, why(1, FOUR_A_SLICE));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"overhead=75us", FOUR_A_SLICE})
    void theKeepRuleIsFairAtBothLoadsAndAlmostNeverRetakesPastAWaiter(String load) {
        Summary off = run(1, load, "keep=false");
        Summary on = run(1, load, "keep=true");
        assertEquals("fair", on.verdict(), why(1, load, "keep=true"));
        assertEquals("in-order", on.pool().get(Metrics.ORDER_VERDICT), why(1, load, "keep=true"));
        assertTrue(on.pool().get(Metrics.KEPT) > 1000, why(1, load, "keep=true"));
        // Orders of magnitude fewer re-takes past a parked waiter (the seed: 15,751 down to 16 to 43).
        assertTrue(on.pool().get(Metrics.RETAKES_PAST_PARKED_WAITER) * 100
                < off.pool().get(Metrics.RETAKES_PAST_PARKED_WAITER),
                off.pool().get(Metrics.RETAKES_PAST_PARKED_WAITER) + " -> "
                        + on.pool().get(Metrics.RETAKES_PAST_PARKED_WAITER));
    }

    @Test
    void withoutTheTurnItIsAConvoyAndTheProbeSeesIt() {
        Summary s = run(1, "turn=false");
        assertEquals("out-of-order", s.pool().get(Metrics.ORDER_VERDICT), why(1, "turn=false"));
        assertEquals(0, s.pool().get(Metrics.YIELDS), why(1, "turn=false"));
    }

    /**
     * One thread never hands the GIL to another: its first take is the only switch, nobody ever waits for the GIL,
     * so no timed wait runs out, no drop request is sent and no switch is forced; it holds the GIL the whole time
     * it holds it at all, and the barrier has nobody to yield to.
     */
    @Test
    void aPoolOfOneHasNoBarrier() {
        Summary s = run(1, "threads=1");
        String why = why(1, "threads=1");
        assertEquals(1, s.gil().get(Metrics.SWITCHES), "only the first take counts as a switch; " + why);
        assertEquals(0, s.gil().get(Metrics.DROP_REQUESTS), why);
        assertEquals(0, s.gil().get(Metrics.FORCED_SWITCHES), why);
        assertEquals(0, s.gil().get(Metrics.TIMEOUTS), why);
        assertEquals(1, s.threads().size(), why);
        Figures t = s.threads().get(0);
        assertEquals(1.0, t.get(Metrics.GIL_SHARE), 1e-9, "the only thread has every hold; " + why);
        assertEquals(0, t.get(Metrics.WAIT_MAX_NS), "nobody else holds the GIL, so no take ever waits; " + why);
        assertEquals(0, t.get(Metrics.WAKEUPS_LOST), why);
        assertTrue(t.get(Metrics.GIL_ACQUISITIONS) > 1000, t.get(Metrics.GIL_ACQUISITIONS) + " takes; " + why);
        assertEquals(List.of(), s.starvedThreads(), why);
        assertEquals(0, s.pool().get(Metrics.YIELDS), why);
        assertEquals(0, s.pool().get(Metrics.YIELD_BOUND_HITS), why);
        assertEquals(0, s.pool().get(Metrics.KEPT), why);
        assertEquals(0, s.pool().get(Metrics.RETAKES_PAST_PARKED_WAITER), why);
        assertEquals(0, s.pool().get(Metrics.PASSED_OVER_MAX), why);
        assertEquals("in-order", s.pool().get(Metrics.ORDER_VERDICT), why);
        assertTrue(s.pool().get(Metrics.ANSWERED) > 1000, why);
        Figures only = s.poolThreads().get(0);
        // The one thread takes every job: all answered ones and at most one still in progress at the end.
        long inProgress = only.get(Metrics.JOBS) - s.pool().get(Metrics.ANSWERED);
        assertTrue(inProgress == 0 || inProgress == 1,
                only.get(Metrics.JOBS) + " jobs, " + s.pool().get(Metrics.ANSWERED) + " answered; " + why);
        assertEquals(0, only.get(Metrics.GIL_WAIT_MAX_NS), why);
    }

    @Test
    void theBarrierWithNoWaitersDisturbsNobody() {
        // One connection: one job at a time, so no pool thread is ever parked on the GIL.
        Summary s = run(1, "connections=1");
        assertEquals(0, s.pool().get(Metrics.YIELDS));
        assertEquals(0, s.pool().get(Metrics.YIELD_BOUND_HITS));
        assertEquals(0, s.pool().get(Metrics.RETAKES_PAST_PARKED_WAITER));
        assertEquals("fair", s.verdict());
    }

    /**
     * The rotation comes from glibc's order (a woken waiter that waits again goes to the back). With a strict
     * FIFO by first arrival, the drops inside a slice wake the same front waiter and it keeps its place, so the
     * slice-end hand-off goes round all the threads.
     */
    @Test
    void aStrictFifoWakeOrderRemovesTheRotation() {
        Summary glibc = run(1, "wake_order=glibc");
        Summary fifo = run(1, "wake_order=fifo");
        assertEquals("starves", glibc.verdict());
        assertEquals("fair", fifo.verdict(), why(1, "wake_order=fifo"));
        assertEquals("in-order", fifo.pool().get(Metrics.ORDER_VERDICT), why(1, "wake_order=fifo"));
    }

    /** Nothing in the pool names a thread count: drops against waiters decide (2 drops, w = threads - 1 waiters). */
    @ParameterizedTest(name = "threads={0}")
    @ValueSource(ints = {2, 3, 5})
    void otherThreadCountsAtThreeJobsASliceAreFair(int threads) {
        Summary s = run(1, "threads=" + threads);
        assertEquals("fair", s.verdict(), why(1, "threads=" + threads));
    }

    @Test
    void sameSeedSameBytesAndTheFileIsTheSameScenario() {
        String a = SummaryJson.of(run(5));
        assertEquals(a, SummaryJson.of(run(5)));
        assertEquals(a, SummaryJson.of(Runs.run("scenarios/slice-rotation.yaml", 5)));
        assertEquals(List.of("fair", "starves"),
                List.of(run(6, "keep=true").verdict(), run(7, "keep=false").verdict()));
    }

    /** jobs sets the view itself: a view given beside it would be ignored, so the two together are refused. */
    @Test
    void jobsAndAViewOfOnesOwnAreRefusedTogether() {
        gilsim.scenario.Scenario s = gilsim.scenario.Builtins.get("slice-rotation");
        gilsim.scenario.InputError e = org.junit.jupiter.api.Assertions.assertThrows(gilsim.scenario.InputError.class,
                () -> s.params(List.of("jobs=2", "view=100us")));
        assertTrue(e.getMessage().contains("jobs=2 sets the view itself") && e.getMessage().contains("view=100us would "
                + "be ignored"), e.getMessage());
        // Either alone runs: jobs picks its view (slice/2 + 1 % of slice - overhead), a view alone is taken as given.
        assertEquals("435us", new Simulation(s, s.params(List.of("jobs=2", "duration=10ms")), 1).params().asText()
                .get("view"));
        assertEquals("100us", new Simulation(s, s.params(List.of("view=100us", "duration=10ms")), 1).params().asText()
                .get("view"));
    }
}
