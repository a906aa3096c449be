package gilsim.run;

import gilsim.metrics.Figures;
import gilsim.metrics.Metrics;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.Runs;
import gilsim.metrics.Summary;
import org.junit.jupiter.api.Test;

/**
 * Other processes on the machine (load_gap, load_run) are what end a real stall: they take a core at random
 * moments, and one that lands on the releasing thread at a release lets the waiter win the race. Every run here is on
 * the model's keys alone ({@code --machine none}), whose only load is the one each test sets.
 */
class BackgroundLoadTest {
    private static final long MS = 1_000_000L;

    @Test
    void withoutLoadTheShortReleaseStallLastsTheWholeRun() {
        Summary s = Runs.onKeys("short-release", 1, "duration=5s");
        assertTrue(s.thread("main").get(Metrics.WAIT_MAX_NS) >= 4_990 * MS, Runs.replayOnKeys("short-release", 1,
                "duration=5s"));
    }

    @Test
    void lightLoadEndsTheShortReleaseStallButItStillStarves() {
        String[] sets = {"duration=10s", "load_gap=100ms", "load_run=1ms"};
        Summary s = Runs.onKeys("short-release", 1, sets);
        String why = Runs.replayOnKeys("short-release", 1, sets);
        assertEquals("starves", s.verdict(), why);
        assertTrue(s.thread("main").get(Metrics.WAIT_MAX_NS) < 5_000 * MS, why);
        assertTrue(s.thread("main").get(Metrics.GIL_ACQUISITIONS) > 10, why);
    }

    /**
     * One spinner beside a thread that mostly sleeps: foreign work pinned to the spinner's core takes 2 ms of it every
     * 50 ms (4 %), while work that may move runs on the sleeper's idle core and takes the spinner's only when both
     * cores are taken, so the spinner completes more rounds.
     */
    @Test
    void movableLoadSparesTheOnlyBusyCore() {
        String[] pinned = {"duration=5s", "load_gap=50ms", "load_run=2ms"};
        String[] movable = {"duration=5s", "load_gap=50ms", "load_run=2ms", "load_idle_first=true"};
        long onItsCore = Runs.onKeys("scenarios/latency-1.yaml", 1, pinned).thread("bg0").get(Metrics.ROUNDS);
        long anywhere = Runs.onKeys("scenarios/latency-1.yaml", 1, movable).thread("bg0").get(Metrics.ROUNDS);
        assertTrue(anywhere > onItsCore * 1.02, "bg0's rounds: " + onItsCore + " with the load on its core, " + anywhere
                + " with it movable; " + Runs.replayOnKeys("scenarios/latency-1.yaml", 1, movable));
    }

    @Test
    void loadBreaksTheRotationButTheKeepRuleStaysFair() {
        String[] off = {"duration=5s", "load_gap=20ms"};
        Summary rotating = Runs.onKeys("slice-rotation", 1, off);
        // The rotation breaks and re-forms around other pairs: more than two threads starve at one time or another,
        // each for less than the whole run.
        assertTrue(rotating.starvedThreads().size() > 2, Runs.replayOnKeys("slice-rotation", 1, off));
        for (Figures t : rotating.threads()) {
            assertTrue(t.get(Metrics.WAIT_MAX_NS) < 4_000 * MS, t.name() + " " + Runs.replayOnKeys("slice-rotation", 1, off));
        }
        String[] on = {"duration=5s", "load_gap=20ms", "keep=true"};
        Summary kept = Runs.onKeys("slice-rotation", 1, on);
        assertEquals("fair", kept.verdict(), Runs.replayOnKeys("slice-rotation", 1, on));
        assertEquals("in-order", kept.pool().get(Metrics.ORDER_VERDICT), Runs.replayOnKeys("slice-rotation", 1, on));
    }

    /**
     * A rotation that never breaks strands only the starved threads' own jobs, so the raw p99 stays at the queue's;
     * one that breaks and re-forms strands two more requests each time, and the p99 wrk prints (the raw one with the
     * requests still unanswered at the end counted as its timeouts) follows the starving counts (docs/search.md, "Which
     * pool sizes hold requests back, by their p99").
     */
    @Test
    void noiseCarriesTheStarvingPoolsLatencyIntoWrksP99() {
        String[] quiet = {"threads=4"};
        Summary still = Runs.onKeys("slice-rotation", 1, quiet);
        assertEquals("starves", still.verdict(), Runs.replayOnKeys("slice-rotation", 1, quiet));
        assertTrue(still.pool().get(Metrics.LATENCY_RAW_P99_NS) < 10 * MS, Runs.replayOnKeys("slice-rotation", 1, quiet));
        for (int threads = 3; threads <= 5; threads++) {
            String[] noisy = {"threads=" + threads, "load_gap=20ms", "duration=5s"};
            Summary s = Runs.onKeys("slice-rotation", 1, noisy);
            String why = Runs.replayOnKeys("slice-rotation", 1, noisy) + ": wrk's p99 "
                    + s.pool().get(Metrics.LATENCY_WRK_P99_NS) + " ns";
            // 3 jobs a slice: 4 threads (3 waiters) rotate, 3 and 5 do not (SliceArithmeticTest).
            assertEquals(threads == 4, s.pool().get(Metrics.LATENCY_WRK_P99_NS) > 15 * MS, why);
        }
    }
}
