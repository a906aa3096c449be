package gilsim.run;

import gilsim.metrics.Figures;
import gilsim.metrics.Metrics;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import gilsim.metrics.Summary;
import gilsim.report.SummaryJson;
import gilsim.report.SummaryText;
import gilsim.scenario.Builtins;
import gilsim.scenario.Scenario;
import gilsim.scenario.ScenarioFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each thread's rounds in the summary, against values worked out by hand from the scenario's steps. */
class RoundsSummaryTest {
    private static final long MS = 1_000_000L;

    private static Summary run(Path dir, String yaml) throws IOException {
        Path f = dir.resolve("rounds.yaml");
        Files.writeString(f, "name: rounds\n" + yaml);
        Scenario s = ScenarioFile.load(f);
        return new Simulation(s, s.params(List.of(), null), 1).run();
    }

    private static JsonNode json(Summary s, String thread) throws IOException {
        for (JsonNode t : new ObjectMapper().readTree(SummaryJson.of(s)).get("threads")) {
            if (t.get("name").asText().equals(thread)) return t;
        }
        throw new AssertionError("no thread " + thread);
    }

    @Test
    void aThreadAloneRunsTenRoundsOf2msAtItsNominalPaceAndEndsAt20ms(@TempDir Path dir) throws IOException {
        Summary s = run(dir, "threads:\n  - name: a\n    program:\n      - loop: {times: 10, body: [compute: 2ms]}\n");
        JsonNode a = json(s, "a");
        // Alone, a thread holds the GIL from its start: each pass is its 2 ms of Python, to the nanosecond.
        assertEquals(10, a.get("rounds").asLong());
        assertEquals(2 * MS, a.get("round_p50_ns").asLong());
        assertEquals(2 * MS, a.get("round_p99_ns").asLong());
        assertEquals(2 * MS, a.get("round_max_ns").asLong());
        assertEquals(1.0, a.get("slowdown").asDouble(), 0);
        assertEquals(20 * MS, a.get("finished_ns").asLong());
        assertEquals(20 * MS, s.simulatedNs());
        String text = SummaryText.of(s);
        assertTrue(text.contains("thread       rounds  round p50  round p99  round max  slowdown   finished\n"
                + "a                10     2.0 ms     2.0 ms     2.0 ms     1.00x    20.0 ms\n"), text);
    }

    @Test
    void twoCpuBoundThreadsTakeTurnsSoEachRoundTakesAboutTwiceItsSteps(@TempDir Path dir) throws IOException {
        String t = "    program:\n      - loop: {times: 20, body: [compute: 10ms]}\n";
        Summary s = run(dir, "params:\n  cores: 2\nthreads:\n  - name: a\n" + t + "  - name: b\n" + t);
        for (String name : List.of("a", "b")) {
            Figures th = s.thread(name);
            assertEquals(20, th.get(Metrics.ROUNDS));
            // One GIL: a round is its own 10 ms plus the other's 10 ms (two 5 ms intervals each), plus hand-offs.
            assertTrue(th.get(Metrics.SLOWDOWN) >= 1.9 && th.get(Metrics.SLOWDOWN) <= 2.2, name + " slowdown "
                    + th.get(Metrics.SLOWDOWN));
            assertTrue(th.get(Metrics.ROUND_P50_NS) <= th.get(Metrics.ROUND_P99_NS)
                    && th.get(Metrics.ROUND_P99_NS) <= th.get(Metrics.ROUND_MAX_NS), name);
            // One GIL: a thread ends after its own 200 ms of Python and all but the last 5 ms slices of the other's
            // (the one to finish second ends after all 400 ms); 380 ms leaves room for two such slices.
            assertTrue(th.get(Metrics.FINISHED_NS) >= 380 * MS && th.get(Metrics.FINISHED_NS) <= s.simulatedNs(), name
                    + " " + th.get(Metrics.FINISHED_NS));
        }
        assertEquals(s.simulatedNs(), Math.max(s.thread("a").get(Metrics.FINISHED_NS),
                s.thread("b").get(Metrics.FINISHED_NS)));
        assertTrue(s.simulatedNs() >= 400 * MS, "both threads' 400 ms of Python, one at a time: " + s.simulatedNs());
    }

    @Test
    void figuresAThreadCannotHaveAreNullInJsonAndADashInText(@TempDir Path dir) throws IOException {
        Summary s = run(dir, "params:\n  duration: 100ms\nthreads:\n"
                + "  - name: once\n    program:\n      - compute: 3ms\n"
                + "  - name: slow\n    program:\n      - loop:\n          - compute: 1s\n"
                + "  - name: free\n    program:\n      - loop: {times: 1, body: [compute: 0ns]}\n      - sleep: 1ms\n");
        JsonNode once = json(s, "once");
        // No outer loop: no rounds at all, but the program ended.
        assertTrue(once.get("rounds").isNull() && once.get("round_p50_ns").isNull() && once.get("slowdown").isNull());
        assertTrue(once.get("finished_ns").asLong() >= 3 * MS);
        // A pass of 1 s in a run of 100 ms: no completed round, and still running at the end.
        JsonNode slow = json(s, "slow");
        assertEquals(0, slow.get("rounds").asLong());
        for (String f : List.of("round_p50_ns", "round_p99_ns", "round_max_ns", "slowdown", "finished_ns")) {
            assertTrue(slow.get(f).isNull(), "slow " + f + " " + slow.get(f));
        }
        // A pass of 0 ns completes but has no slowdown: nothing to divide by.
        JsonNode free = json(s, "free");
        assertEquals(1, free.get("rounds").asLong());
        assertEquals(0, free.get("round_max_ns").asLong());
        assertTrue(free.get("slowdown").isNull());
        assertFalse(free.get("finished_ns").isNull());
        String text = SummaryText.of(s);
        assertTrue(text.contains("\nslow              0          -          -          -         -          -\n"),
                text);
    }

    @Test
    void aPoolsThreadsRunNoProgramSoTheirRoundsAreNullAndTheTextHasNoRoundsTable() throws IOException {
        Scenario sc = Builtins.get("slice-rotation");
        Summary s = new Simulation(sc, sc.params(List.of("duration=50ms")), 1).run();
        for (Figures t : s.threads()) {
            assertNull(t.get(Metrics.ROUNDS));
            assertNull(t.get(Metrics.FINISHED_NS));
            assertTrue(json(s, t.name()).get("round_p99_ns").isNull());
        }
        assertFalse(SummaryText.of(s).contains("round p50"), SummaryText.of(s));
    }
}
