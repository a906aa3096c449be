package gilsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import gilsim.sim.Durations;
import gilsim.validate.Calibration;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gilsim calibrate}: bad input in one line, exit 2, before anything is measured; and one short real
 * calibration ({@code --quick --force}: a busy test machine measures anyway) on this machine's python3, checked only
 * on what noise cannot flip.
 */
class CalibrateCommandTest {
    @TempDir
    Path dir;

    @AfterEach
    void restore() {
        MachineLoad.reset();
    }

    private record Run(int code, String out, String err) {}

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out), new PrintWriter(err));
        return new Run(code, out.toString(), err.toString());
    }

    private static void assertOneLine(Run r, String start) {
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().startsWith("gilsim: " + start), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertEquals("", r.out());
    }

    @Test
    void busyMachineIsRefused() {
        MachineLoad.load = () -> 3.1;
        MachineLoad.cores = () -> 2;
        Path yaml = dir.resolve("m.yaml");
        Run r = run("calibrate", "--out", yaml.toString());
        assertOneLine(r, "the machine is too busy to measure: load 3.10 on 2 cores; ");
        assertTrue(r.err().contains("--force"), r.err());
        assertFalse(Files.exists(yaml));
    }

    @Test
    void badInputIsOneLineBeforeMeasuring() {
        assertOneLine(run("calibrate", "--python", dir.resolve("nope").toString()), "--python ");
        Path notPython = dir.resolve("fake-python");
        try {
            Files.writeString(notPython, "#!/bin/sh\necho hello\n");
            assertTrue(notPython.toFile().setExecutable(true));
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        Run r = run("calibrate", "--python", notPython.toString());
        assertOneLine(r, "--python " + notPython + ": not a Python interpreter");
        assertOneLine(run("calibrate", "--out", dir.resolve("missing/m.yaml").toString()),
                "--out " + dir.resolve("missing/m.yaml") + ": directory ");
        assertOneLine(run("calibrate", "--out", dir.toString()), "--out " + dir + ": is a directory");
    }

    @Test
    void raceRunsOutOfRangeIsOneLineBeforeMeasuring() {
        assertOneLine(run("calibrate", "--race-runs", "0"), "--race-runs: 0 is not a number of runs from 1 to 100");
        assertOneLine(run("calibrate", "--race-runs", "101"), "--race-runs: 101 is not a number of runs from 1 to 100");
    }

    @Test
    void aModelRuleToFitUnderIsCheckedBeforeMeasuring() {
        assertOneLine(run("calibrate", "--set", "run_to_parit=true"),
                "--set run_to_parit=true: 'run_to_parit' is not one of the model's rules a profile may fix");
        assertOneLine(run("calibrate", "--set", "timer_expiry=soon"), "--set timer_expiry=soon: timer_expiry: ");
        assertOneLine(run("calibrate", "--set", "run_to_parity"), "--set run_to_parity: expected KEY=VALUE");
        assertOneLine(run("calibrate", "--set", "run_to_parity=true", "--set", "run_to_parity=false"),
                "--set run_to_parity=false: run_to_parity is set twice");
    }

    @Test
    void tooOldPythonIsRefused() throws Exception {
        // an "interpreter" that answers the version probe as Python 2.7.18 would
        Path py27 = dir.resolve("python2.7");
        Files.writeString(py27, "#!/bin/sh\necho '[2, 7, 18]'\n");
        assertTrue(py27.toFile().setExecutable(true));
        Run r = run("calibrate", "--python", py27.toString());
        assertOneLine(r, "--python " + py27 + ": Python 2.7.18 is too old to calibrate with: it needs Python 3.6 or "
                + "newer");
    }

    @Test
    void quickCalibrationOnThisMachine() throws Exception {
        Path yaml = dir.resolve("machine.yaml");
        long t0 = System.nanoTime();
        Run r = run("calibrate", "--quick", "--force", "--json", "--out", yaml.toString());
        long tookMs = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(0, r.code(), "python3 3.6+ must be on the PATH\n" + r.err());
        assertTrue(tookMs < Calibration.QUICK_TIMEOUT_MS, "took " + tookMs + " ms");
        JsonNode o = new ObjectMapper().readTree(r.out());
        assertEquals(1, r.out().strip().lines().count(), "one JSON object");
        JsonNode points = o.get("race").get("points");
        assertTrue(points.size() >= 9, points.toString());
        for (JsonNode p : points) {
            double share = p.get("share").asDouble();
            assertTrue(share >= 0 && share <= 1 && p.get("releases").asLong() > 0, p.toString());
        }
        long p50 = o.get("direct_ns").get("p50").asLong();
        assertTrue(p50 >= 1_000 && p50 <= 10_000_000, "direct median " + p50 + " ns");
        double pre = o.get("preempt").get("probability").asDouble();
        assertTrue(pre >= 0 && pre <= 1, "preempt " + pre);

        JsonNode m = new ObjectMapper(new YAMLFactory()).readTree(Files.readString(yaml));
        assertTrue(m.get("source").asText().startsWith("gilsim calibrate, CPython 3."), m.toString());
        JsonNode q = m.get("wake_latency").get("quantiles");
        assertEquals(0.0, q.get(0).get(0).asDouble(), 0.0);
        assertEquals(1.0, q.get(q.size() - 1).get(0).asDouble(), 0.0);
        for (int i = 1; i < q.size(); i++) {
            assertTrue(q.get(i).get(0).asDouble() > q.get(i - 1).get(0).asDouble(), q.toString());
            assertTrue(Durations.parse(q.get(i).get(1).asText()) > Durations.parse(q.get(i - 1).get(1).asText()),
                    q.toString());
        }
        assertTrue(Durations.parse(m.get("timer_slack").asText()) >= 0);
        // four spinners on this machine's cores: every drop is forced, and two or more others wait at each, so
        // every run of the frequent race has such drops and the profile carries the keys fitted to them
        JsonNode crowded = o.get("crowded");
        assertTrue(crowded.get("skipped").isNull(), crowded.toString());
        assertEquals(3, crowded.get("runs").size(), crowded.toString());
        for (JsonNode run : crowded.get("runs")) {
            assertTrue(run.get("crowded_forced_drops").asLong() > 0, crowded.toString());
        }
        assertEquals(2, crowded.get("rare_runs").size(), crowded.toString());
        long checkpoint = Durations.parse(m.get("checkpoint").asText());
        assertTrue(checkpoint > 0 && checkpoint % 50 == 0, m.toString());
        JsonNode keys = o.get("profile").get("race_keys");
        assertEquals(checkpoint, keys.get("checkpoint").asLong());
        assertEquals(checkpoint, gilsim.scenario.MachineProfile.load(yaml).checkpointNs());
        long entry = Durations.parse(m.get("wait_entry").asText());
        assertTrue(entry > 0 && entry % 50 == 0 && Durations.parse(m.get("wait_entry_jitter").asText()) <= entry,
                m.toString());
        assertEquals(keys.get("wait_entry_growth").asLong(), m.get("wait_entry_growth").asLong());
        // CI runs as root with tracefs: the pinned hand-off is traced, and its share is the profile's
        JsonNode pinned = o.get("pinned_handoff");
        assertTrue(pinned.get("skipped") == null, pinned.toString());
        assertTrue(pinned.get("wake_ups").asLong() >= gilsim.validate.PinnedHandoff.MIN_WAKE_UPS, pinned.toString());
        long soon = pinned.get("soon_after_loss").asLong();
        if (soon >= gilsim.validate.PinnedHandoff.MIN_SOON_AFTER_LOSS) { // the window's wake-ups apart
            long wentOnSoon = pinned.get("went_on_soon_after_loss").asLong();
            assertEquals((pinned.get("went_on").asLong() - wentOnSoon) / (double) (pinned.get("wake_ups").asLong()
                    - soon), m.get("preempt_probability").asDouble(), 0.0005, pinned.toString());
            assertEquals(1 - wentOnSoon / (double) soon, m.get("refusal_after_probability").asDouble(), 0.0005);
            assertEquals("3ms", m.get("refusal_window").asText());
        } else {
            assertEquals(pinned.get("share").asDouble(), m.get("preempt_probability").asDouble(), 0.0005);
            assertTrue(m.get("refusal_window") == null, m.toString());
        }
        // the background: a spinner on each core, then one alone, each for its whole time; the profile's keys agree
        JsonNode bg = o.get("background");
        assertEquals(o.get("cores").asInt(), bg.get("cores").size(), bg.toString());
        assertEquals(4_000_000_000L, bg.get("busy_ns").asLong());
        for (JsonNode c : bg.get("cores")) {
            assertTrue(c.get("lost_ns").asLong() >= 0 && c.get("lost_ns").asLong() < 2_000_000_000L, bg.toString());
            assertEquals(c.get("gaps_1ms").asInt(), c.get("gaps_1ms_ns").size(), bg.toString());
        }
        JsonNode load = o.get("profile").get("background");
        assertEquals(load.get("load_gap_ns").asLong(), Durations.parse(m.get("load_gap").asText()), m.toString());
        assertEquals(load.get("load_gap_ns").asLong() > 0, m.has("load_run"), m.toString());
    }
}
