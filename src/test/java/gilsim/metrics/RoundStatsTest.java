package gilsim.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.os.OsEvent;
import gilsim.os.RunState;
import gilsim.program.ProgramEvent;
import gilsim.program.Step;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Rounds from events by hand: counts, percentiles of the histogram, the exact maximum, slowdown, the end. */
class RoundStatsTest {
    private static final long MS = 1_000_000;

    private static List<Step> loop(int times, long computeNs) {
        return List.of(new Step.Loop(times, List.of(new Step.Compute(computeNs))));
    }

    @Test
    void roundsOf1To100msGiveTheMedianThe99thAndTheExactLongest() {
        RoundStats r = new RoundStats(1, List.of(loop(100, 10 * MS)), 10_000 * MS);
        long at = 0;
        for (int i = 1; i <= 100; i++) {
            r.onRoundStart(new ProgramEvent.RoundStart(at, 0));
            at += i * MS;
        }
        r.onLoopEnd(new ProgramEvent.LoopEnd(at, 0));
        r.onThreadState(new OsEvent.ThreadState(at, 0, RunState.EXITED, -1));
        RoundStats.PerThread t = r.thread(0);
        assertEquals(100, t.rounds());
        // The 50th of 100 rounds is 50 ms, the 99th 99 ms; a histogram of 3 significant digits reads them to 0.1 %.
        assertTrue(t.p50Ns() >= 50 * MS && t.p50Ns() <= 50 * MS + 50_000, "p50 " + t.p50Ns());
        assertTrue(t.p99Ns() >= 99 * MS && t.p99Ns() <= 99 * MS + 99_000, "p99 " + t.p99Ns());
        assertEquals(100 * MS, t.maxNs());
        // Nominal round 10 ms: the median is five of them.
        assertEquals(5.0, t.slowdown(), 0.005);
        assertEquals(5_050 * MS, t.finishedNs());
    }

    @Test
    void undefinedFiguresAreNull() {
        // 0: no outer loop; 1: a loop whose first pass never ends; 2: a pass of 0 ns; 3: a pool thread (no program).
        RoundStats r = new RoundStats(4, List.of(List.of(new Step.Compute(MS)), loop(-1, 3 * MS), loop(2, 0)),
                100 * MS);
        r.onThreadState(new OsEvent.ThreadState(MS, 0, RunState.EXITED, -1));
        r.onRoundStart(new ProgramEvent.RoundStart(0, 1));
        r.onRoundStart(new ProgramEvent.RoundStart(5 * MS, 2));
        r.onRoundStart(new ProgramEvent.RoundStart(5 * MS, 2));
        r.onLoopEnd(new ProgramEvent.LoopEnd(5 * MS, 2));
        assertEquals(new RoundStats.PerThread(null, null, null, null, null, MS), r.thread(0));
        assertEquals(new RoundStats.PerThread(0L, null, null, null, null, null), r.thread(1));
        assertEquals(new RoundStats.PerThread(2L, 0L, 0L, 0L, null, null), r.thread(2));
        assertEquals(new RoundStats.PerThread(null, null, null, null, null, null), r.thread(3));
    }
}
