package gilsim.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.handoff.HandoffStats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Traces the scheduler around real runs of calibrate's frequent race (four threads spinning in Python, 1 s) on this
 * machine's {@code python3}, plain and through the hand-off recorder, and checks what no load can flip: the run has
 * crowded forced drops (some 180 a second on a quiet machine; a loaded one fewer), each read from the kernel's events
 * alone; the recorded run's shim and trace see the same drops within a factor of two (on the runs of
 * docs/calibration.md they agreed within 2 %); and the tracing instance is gone afterwards. Needs Linux, root and
 * tracefs mounted ({@code .ci/run} mounts it): where it cannot trace, the test fails with the reason.
 */
class SchedRecorderTest {
    @Test
    void plainAndRecordedRunsAreReadFromTheSchedulersTraceAndTheInstanceIsRemoved() throws IOException {
        assertNull(SchedRecorder.unavailable(), "calibrate cannot trace the scheduler here");
        Path python = Interpreters.find("python3");
        String script = PythonScript.compile(CrowdedRace.Race.FREQUENT.threads(), CrowdedRace.SWITCH_INTERVAL_NS,
                1_000_000_000L);

        RealSide.TracedRun plain = SchedRecorder.run(python, script, 60_000, false);
        assertNull(plain.handoffs(), "a plain run has nothing preloaded");
        assertEquals(List.of("a", "b", "c", "d"),
                plain.observation().threads().stream().map(Observation.ThreadRounds::name).toList());
        HandoffStats.CrowdedRun p = plain.crowded();
        assertTrue(p.drops() >= 20, "1 s of four spinners: " + p);
        assertTrue(p.toRequester() >= 0 && p.toRequester() <= p.drops(), p.toString());

        RealSide.TracedRun recorded = SchedRecorder.run(python, script, 60_000, true);
        assertNotNull(recorded.handoffs());
        HandoffStats.CrowdedRun byShim = HandoffStats.crowdedByRun(List.of(recorded.handoffs())).get(0);
        HandoffStats.CrowdedRun byTrace = recorded.crowded();
        assertTrue(byShim.drops() >= 20, byShim.toString());
        assertTrue(byTrace.drops() >= byShim.drops() / 2 && byTrace.drops() <= 2 * byShim.drops(),
                "the same run's drops, by the trace " + byTrace + " and by the shim " + byShim);

        try (Stream<Path> left = Files.list(SchedRecorder.TRACEFS.resolve("instances"))) {
            String mine = "gilsim-" + ProcessHandle.current().pid() + "-";
            assertEquals(List.of(), left.filter(i -> i.getFileName().toString().startsWith(mine)).toList());
        }
    }

    /**
     * Calibrate's traced pinned hand-off, 2 s ({@code --quick}) on this machine's {@code python3}: main sleeps 1 ms
     * and waits for the worker's next release, some 480 hand-offs a second with its one or two wake-ups each on a
     * quiet machine. What no load flips: hundreds of wake-ups are read, the losses are fewer than the hand-offs, and
     * most wake-ups went on (on a quiet machine 95 to 97 %; a thread that lost more than half of them would starve).
     */
    @Test
    void thePinnedHandOffIsReadFromARealRun() {
        PinnedHandoff.Measured m = PinnedHandoff.measure(Interpreters.find("python3"), true);
        assertNull(m.skipped(), m.skipped());
        var h = m.handoffs();
        assertTrue(h.wakeUps() >= PinnedHandoff.MIN_WAKE_UPS && m.usable(), h.toString());
        assertTrue(h.handoffs() >= 100 && h.handoffs() <= h.wakeUps() && h.lost() < h.handoffs(), h.toString());
        assertTrue(h.keptOnShare() > 0.5, h.toString());
        assertEquals(h.handoffs() - 1, h.afterLost() + h.afterWon(), h.toString());
    }
}
