package gilsim.run;

import gilsim.metrics.Metrics;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.metrics.Summary;
import gilsim.scenario.Scenario;
import gilsim.scenario.ScenarioFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run of programs ends when every thread's program has ended, not at duration. */
class ProgramEndTest {
    private static final long MS = 1_000_000L;

    @Test
    void twoThreadsOf300msOfPythonEndTogetherAfterAbout600ms(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("ends.yaml");
        Files.writeString(f, "name: ends\nthreads:\n  - name: a\n    program:\n      - compute: 300ms\n"
                + "  - name: b\n    program:\n      - compute: 300ms\n");
        Scenario s = ScenarioFile.load(f);
        Summary sum = new Simulation(s, s.params(List.of(), null), 1).run();
        // One GIL: the two runs take turns, so the pair needs 600 ms of CPU time plus the hand-offs' wake-ups.
        assertTrue(sum.simulatedNs() >= 600 * MS && sum.simulatedNs() < 620 * MS, "ended at " + sum.simulatedNs());
        assertEquals(0.5, sum.thread("a").get(Metrics.GIL_SHARE), 0.02);
        // A thread left running keeps the run going to its duration.
        Files.writeString(f, "name: ends\nthreads:\n  - name: a\n    program:\n      - compute: 300ms\n"
                + "  - name: b\n    program:\n      - loop:\n          - compute: 1ms\n");
        s = ScenarioFile.load(f);
        assertEquals(2_000 * MS, new Simulation(s, s.params(List.of(), null), 1).run().simulatedNs());
    }
}
