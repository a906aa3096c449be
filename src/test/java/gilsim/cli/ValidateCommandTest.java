package gilsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import gilsim.program.Rounds;
import gilsim.program.ThreadSpec;
import gilsim.scenario.InputError;
import gilsim.handoff.HandoffEvent;
import gilsim.handoff.HandoffLog;
import gilsim.handoff.HandoffStats;
import gilsim.validate.Observation;
import gilsim.validate.PythonScript;
import gilsim.validate.RealRun;
import gilsim.validate.RealSide;
import gilsim.validate.RealSides;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gilsim validate} with a fake real side: no Python runs here (the real side's own tests run it). */
class ValidateCommandTest {
    @TempDir
    Path dir;

    private Fake fake;

    /**
     * A real side that answers from the program: every round lasts its nominal length plus 5 %, and main completes
     * no round at all when it is told to starve (its open round covers the run).
     */
    static final class Fake implements RealSide {
        boolean mainStarves;
        /** When at least 0: main starves in this many real runs, the first ones, and not in the others. */
        int mainStarvesRuns = -1;
        private int observed;
        String failWith;
        /** What each run reports of its locks. */
        List<Observation.LockUse> locks = List.of();
        /** Whether this side traces the scheduler: each plain run then reads 100 of 200 crowded drops to the
         * requester, each recorded one 80 of 200. */
        boolean traces;
        final List<String> calls = new ArrayList<>();

        @Override
        public Path resolve(String nameOrPath) {
            calls.add("resolve " + nameOrPath);
            if (nameOrPath.equals("nope")) throw new InputError("--python nope: no interpreter of that name on the PATH");
            return Path.of("/fake/" + nameOrPath);
        }

        @Override
        public List<Path> defaults() {
            calls.add("defaults");
            return List.of(Path.of("/fake/python3"));
        }

        @Override
        public Observation observe(Path python, List<ThreadSpec> threads, long switchIntervalNs, long durationNs,
                                   long timeoutMs) {
            calls.add("observe " + python + " " + switchIntervalNs + " " + durationNs + " " + timeoutMs);
            if (failWith != null) throw new InputError(failWith);
            List<Observation.ThreadRounds> out = new ArrayList<>();
            int k = calls.size();
            boolean starve = mainStarvesRuns >= 0 ? observed < mainStarvesRuns : mainStarves;
            observed++;
            for (ThreadSpec t : threads) {
                long nominal = Rounds.nominalRoundNs(t.program());
                List<Long> rounds = new ArrayList<>();
                if (!(starve && t.name().equals("main")) && nominal > 0) {
                    long round = nominal * 105 / 100;
                    for (long at = 0; at + round + k <= durationNs; at += round + k) rounds.add(round + k * 1000L);
                }
                out.add(new Observation.ThreadRounds(t.name(), rounds, t.name().equals("main") ? 0.01 : 0.95));
            }
            return new Observation("real", "CPython 3.12.3 (fake) at " + python, durationNs, out, List.of(
                    new Observation.StepAccuracy("compute", 2_000_000, 2_030_000, 412),
                    new Observation.StepAccuracy("release", 2_000, 2_600, 412),
                    new Observation.StepAccuracy("sleep", 1_000_000, 1_080_000, 5)), locks);
        }

        @Override
        public RealRun.Recorded record(Path python, List<ThreadSpec> threads, long switchIntervalNs, long durationNs,
                                       long timeoutMs) {
            Observation o = observe(python, threads, switchIntervalNs, durationNs, timeoutMs);
            calls.add("record " + python);
            List<String> names = threads.stream().map(ThreadSpec::name).toList();
            // main waits 7 ms for the GIL once, after the first thread's take
            return new RealRun.Recorded(o, new HandoffLog("CPython fake", names, durationNs, List.of(
                    new HandoffEvent(1_000, 1, HandoffEvent.Kind.TAKE),
                    new HandoffEvent(2_000, 0, HandoffEvent.Kind.WAIT),
                    new HandoffEvent(5_002_000, 0, HandoffEvent.Kind.TIMED_OUT),
                    new HandoffEvent(5_002_100, 0, HandoffEvent.Kind.WAIT),
                    new HandoffEvent(5_100_000, 1, HandoffEvent.Kind.DROP),
                    new HandoffEvent(5_150_000, 0, HandoffEvent.Kind.WOKEN),
                    new HandoffEvent(7_002_000, 0, HandoffEvent.Kind.TAKE)), 0, false, false));
        }

        @Override
        public String untraceable() {
            return traces ? null : "the fake does not trace the scheduler";
        }

        @Override
        public TracedRun traced(Path python, List<ThreadSpec> threads, List<PythonScript.Arrival> arrivals,
                                long switchIntervalNs, long durationNs, long timeoutMs, boolean recorded) {
            calls.add("traced " + (recorded ? "recorded" : "plain") + " " + python);
            if (!recorded) {
                return new TracedRun(observe(python, threads, arrivals, switchIntervalNs, durationNs, timeoutMs),
                        new HandoffStats.CrowdedRun(200, 100, null), null);
            }
            RealRun.Recorded r = record(python, threads, switchIntervalNs, durationNs, timeoutMs);
            return new TracedRun(r.observation(), new HandoffStats.CrowdedRun(200, 80, null), r.handoffs());
        }
    }

    record Result(int code, String out, String err) {}

    private static Result gilsim(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out), new PrintWriter(err));
        return new Result(code, out.toString(), err.toString());
    }

    @BeforeEach
    void fake() {
        fake = new Fake();
        ValidateCommand.realSide = fake;
        MachineLoad.load = () -> 0.5;
        MachineLoad.cores = () -> 2;
    }

    @AfterEach
    void unfake() {
        ValidateCommand.realSide = RealSides.cpython();
        MachineLoad.reset();
    }

    @Test
    void aBusyMachineIsRefusedUnlessForcedAndTheScenariosIntervalReachesTheRealSide() {
        MachineLoad.load = () -> 3.1;
        badInput(gilsim("validate", "short-release", "--set", "duration=300ms", "--repeat", "1"),
                "the machine is too busy to measure: load 3.10 on 2 cores");
        assertEquals(List.of("defaults"), fake.calls, "nothing ran");
        Result r = gilsim("validate", "short-release", "--set", "duration=300ms", "--set", "interval=1ms",
                "--repeat", "1", "--force");
        assertTrue(r.code() == 0 || r.code() == 1, r.err());
        assertTrue(r.err().contains("gilsim validate: warning: measured on a busy machine (load 3.10 on 2 cores, "
                + "--force)"), r.err());
        assertEquals("observe /fake/python3 1000000 300000000 30600", fake.calls.get(fake.calls.size() - 1));
    }

    /**
     * A scenario with a lock: each interpreter's block ends with the lock's figures per thread, real beside
     * simulated, and its split run by run; the JSON carries them under the interpreter's {@code locks}.
     */
    @Test
    void aLocksFiguresArePrintedRealBesideSimulatedWithTheSplitRunByRun() throws IOException {
        fake.locks = List.of(new Observation.LockUse("t-1", "L", 700, 700 * 1_100_000L, 9_000_000, 650),
                new Observation.LockUse("t-2", "L", 650, 650 * 1_200_000L, 12_000_000, 650));
        Path scenario = Path.of("scenarios/lock-contention.yaml");
        Result r = gilsim("validate", scenario.toString(), "--set", "duration=200ms", "--set", "python=3.13",
                "--repeat", "2", "--sim-repeat", "2");
        String out = r.out();
        assertTrue(out.contains("threading.Lock per thread, simulated as a pymutex (python=3.13; --set "
                + "python=VERSION picks another)"), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("  L +t-1 +700 +\\d+ +650 +\\d+ +1\\.10ms .*9\\.00ms .*")), out);
        assertTrue(out.contains("  L, acquisitions t-1/t-2 (changes of hands) run by run: real 700/650 (1300), "
                + "700/650 (1300); sim "), out);
        JsonNode j = new ObjectMapper().readTree(gilsim("validate", scenario.toString(), "--set", "duration=200ms",
                "--set", "python=3.13", "--repeat", "2", "--sim-repeat", "2", "--json").out());
        JsonNode t2 = j.get("interpreters").get(0).get("locks").get(1);
        assertEquals("t-2", t2.get("thread").asText());
        assertEquals(650.0, t2.get("real").get("acquisitions").get("mean").asDouble());
        assertEquals(12_000_000, t2.get("real").get("acquire_wait_max_ns").get("mean").asLong());
        assertTrue(t2.get("sim").get("acquisitions").get("mean").asDouble() > 50, t2.toString());
        assertEquals(2, t2.get("sim").get("acquisitions_per_run").size());
    }

    /**
     * With {@code --handoffs} on a side that traces the scheduler, every run is made traced (none plain or recorded
     * without it), and the requester's share as the trace read both kinds of run is printed with the recorder's cost;
     * a side that cannot trace says why, in the text and the JSON.
     */
    @Test
    void handoffsReadTheSchedulersTraceOfPlainAndRecordedRunsWhereItCan() throws IOException {
        fake.traces = true;
        String[] args = {"validate", "scenarios/latency-2.yaml", "--set", "duration=200ms", "--repeat", "2",
                "--sim-repeat", "1", "--handoffs", "--python", "3.12"};
        Result r = gilsim(args);
        assertTrue(r.code() == 0 || r.code() == 1, r.err());
        assertTrue(r.out().contains("\nthe requester's share of the crowded forced drops, read from the kernel's "
                + "scheduler trace\n  plain runs 50 % of 400, recorded runs 40 % of 400: the recorder's cost +10 "
                + "points; the recorder's own log - of 0, sim "), r.out());
        assertEquals(2, fake.calls.stream().filter(c -> c.startsWith("traced plain ")).count(), fake.calls.toString());
        assertEquals(2, fake.calls.stream().filter(c -> c.startsWith("traced recorded ")).count());
        assertEquals(4, fake.calls.stream().filter(c -> c.startsWith("observe ")).count(), "each traced run once");
        JsonNode j = new ObjectMapper().readTree(gilsim(concat(args, "--json")).out());
        JsonNode traced = j.get("interpreters").get(0).get("traced");
        assertEquals(10.0, traced.get("recorder_cost_points").asDouble(), 1e-9, traced.toString());
        assertEquals(2, traced.get("plain_runs").size());
        assertEquals(80, traced.get("recorded_runs").get(1).get("crowded_to_requester").asLong());
        assertTrue(j.get("untraced").isNull(), j.get("untraced").toString());

        fake.traces = false;
        r = gilsim(args);
        assertTrue(r.out().contains("read from the kernel's scheduler trace\n  not read: the fake does not trace the "
                + "scheduler\n"), r.out());
        j = new ObjectMapper().readTree(gilsim(concat(args, "--json")).out());
        assertTrue(j.get("interpreters").get(0).get("traced").isNull());
        assertEquals("the fake does not trace the scheduler", j.get("untraced").asText());
    }

    /**
     * A profile says which interpreter it was measured on; validating another minor version against it says so in
     * the interpreter's block and in its JSON, and the same minor version (3.12.1 for the fake's 3.12.3) does not.
     */
    @Test
    void aProfileMeasuredOnAnotherVersionIsNamedInTheInterpretersBlock() throws IOException {
        String body = "wake_latency:\n  quantiles:\n    - [0.0, 20us]\n    - [1.0, 100us]\n";
        Path other = Files.writeString(dir.resolve("m311.yaml"), "source: test\npython: \"3.11.7\"\n" + body);
        Path same = Files.writeString(dir.resolve("m312.yaml"), "source: test\npython: \"3.12.1\"\n" + body);
        String[] run = {"validate", "short-release", "--set", "duration=200ms", "--repeat", "1", "--machine"};
        Result r = gilsim(concat(run, other.toString()));
        assertTrue(r.out().contains("\nprofile: " + other + " was measured on CPython 3.11.7, not this version; its "
                + "crowded-race keys are that interpreter's (`gilsim calibrate --python 3.12.3 --out FILE` measures "
                + "this one, docs/calibration.md)\n"), r.out());
        assertFalse(gilsim(concat(run, same.toString())).out().contains("\nprofile: "), "3.12.1 for 3.12.3");
        JsonNode j = new ObjectMapper().readTree(gilsim(concat(run, other.toString(), "--json")).out());
        assertTrue(j.get("interpreters").get(0).get("profile_measured_on_another_python").asBoolean(), j.toString());
        assertEquals("3.11.7", j.get("params").get("machine").get("python").asText());
        j = new ObjectMapper().readTree(gilsim(concat(run, same.toString(), "--json")).out());
        assertFalse(j.get("interpreters").get(0).get("profile_measured_on_another_python").asBoolean());
    }

    private static String[] concat(String[] head, String... tail) {
        String[] all = java.util.Arrays.copyOf(head, head.length + tail.length);
        System.arraycopy(tail, 0, all, head.length, tail.length);
        return all;
    }

    private static void badInput(Result r, String says) {
        assertEquals(2, r.code(), r.out() + r.err());
        assertEquals("", r.out());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("gilsim: "), r.err());
        assertTrue(r.err().contains(says), r.err());
    }

    @Test
    void agreeingVerdictsPrintBothSidesAndExitZero() {
        fake.mainStarves = true;
        Result r = gilsim("validate", "short-release", "--set", "duration=500ms", "--repeat", "2");
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of("defaults", "observe /fake/python3 5000000 500000000 31000",
                "observe /fake/python3 5000000 500000000 31000"), fake.calls);
        String out = r.out();
        assertTrue(out.startsWith("validate short-release: 2 real runs per interpreter against 20 simulated "
                + "(seeds 1..20), 500ms each\n"), out); // --sim-repeat's default
        assertTrue(out.contains("\nCPython 3.12.3 (fake) at /fake/python3\n"), out);
        assertTrue(out.contains("rounds/s"), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("thread +real +sim +ratio +real .*real/sim")), out);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("main ") && l.endsWith("starves/starves")), out);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("worker ") && l.endsWith("fair/fair")), out);
        assertTrue(out.contains("  compute: asked 2ms, took 2.03ms on average over 824 (+1.5%)\n"), out);
        assertTrue(out.contains("  worker rounds/s: real "), out);
        assertTrue(out.contains("main starves in 20 of 20 seeds, worker starves in 0 of 20 seeds"), out);
        assertTrue(out.endsWith("verdicts agree on every thread\n"), out);
    }

    @Test
    void disagreeingVerdictsExitOne() {
        fake.mainStarves = true;
        Result r = gilsim("validate", "short-release", "--set", "pinned=true", "--set", "duration=300ms",
                "--repeat", "1", "--sim-repeat", "1");
        assertEquals(1, r.code(), r.err());
        assertTrue(r.out().contains("(n=1)"), r.out());
        // The fake's main completes no round, so the line has no longest rounds to give.
        assertTrue(r.out().endsWith("verdicts disagree: main on CPython 3.12.3 (fake) at /fake/python3 (real "
                + "starves, 1 of 1 runs starved; sim fair, 0 of 1; Fisher's exact p 1.0)\n"), r.out());
    }

    @Test
    void verdictsTooCloseToCallAreNamedAndExitZero() throws IOException {
        // short-release starves main in every simulated seed; the fake real side in 2 runs of 3: mixed against
        // starves, Fisher's exact p 1.0, so neither agree nor disagree.
        fake.mainStarvesRuns = 2;
        Result r = gilsim("validate", "short-release", "--set", "duration=300ms", "--repeat", "3",
                "--sim-repeat", "3");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("verdicts: real main mixed (2/3), worker fair (0/3); sim main starves (3/3), "
                + "worker fair (0/3): too close to call\n"), r.out());
        assertTrue(r.out().endsWith("no verdict disagrees; too close to call: main on CPython 3.12.3 (fake) at "
                + "/fake/python3 (real mixed, 2 of 3 runs starved; sim starves, 3 of 3; Fisher's exact p 1.0)\n"),
                r.out());
        fake.calls.clear();
        fake.observed = 0;
        JsonNode main = new ObjectMapper().readTree(gilsim("validate", "short-release", "--set", "duration=300ms",
                "--repeat", "3", "--sim-repeat", "3", "--json").out()).get("interpreters").get(0).get("threads").get(0);
        assertEquals("mixed", main.get("verdict_real").asText());
        assertEquals("close", main.get("agreement").asText());
        assertTrue(main.get("agree").asBoolean());
    }

    @Test
    void jsonHasBothSidesFigures() throws IOException {
        Result r = gilsim("validate", "short-release", "--set", "work=6ms", "--duration", "300ms", "--repeat", "3",
                "--sim-repeat", "4", "--python", "a", "--python", "b", "--json");
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertEquals(r.code() == 0, j.get("agree").asBoolean());
        assertEquals("short-release", j.get("scenario").asText());
        assertEquals(300_000_000L, j.get("duration_ns").asLong());
        assertEquals(2_000_000_000L, j.get("scenario_duration_ns").asLong());
        assertEquals("R_7", j.get("percentile_estimation").asText());
        assertEquals(3, j.get("repeat").asInt());
        assertEquals(4, j.get("sim_repeat").asInt());
        assertEquals(4, j.get("sim_runs").size());
        assertEquals(4, j.get("sim_runs").get(3).get("seed").asInt());
        assertEquals(2, j.get("interpreters").size());
        JsonNode it = j.get("interpreters").get(1);
        assertEquals("/fake/b", it.get("python").asText());
        assertEquals(3, it.get("real_runs").size());
        assertEquals(3, it.get("steps").size());
        JsonNode worker = it.get("threads").get(1);
        assertEquals("worker", worker.get("name").asText());
        assertEquals(6_002_000L, worker.get("nominal_round_ns").asLong());
        assertEquals(106_002_000L, worker.get("starve_threshold_ns").asLong());
        for (String side : List.of("real", "sim")) {
            JsonNode s = worker.get(side);
            int runs = side.equals("real") ? 3 : 4;
            assertEquals(runs, s.get("runs").asInt());
            for (String f : List.of("rounds_per_s", "round_p50_ns", "round_p99_ns", "round_max_ns", "cpu_share")) {
                assertEquals(runs, s.get(f).get("n").asInt(), side + " " + f);
                assertTrue(s.get(f).get("ci95_low").isNumber(), side + " " + f);
            }
            assertTrue(s.get("round_p50_ns").get("mean").isIntegralNumber());
        }
        assertTrue(worker.get("ratio_sim_real").get("rounds_per_s").isNumber());
        assertTrue(worker.get("ks_distance").asDouble() >= 0 && worker.get("ks_distance").asDouble() <= 1);
        assertEquals("fair", worker.get("verdict_real").asText());
        assertEquals(r.code(), j.get("agree").asBoolean() ? 0 : 1);
    }

    @Test
    void thePoolIsRefusedInOneLineBeforeAnythingRuns() {
        badInput(gilsim("validate", "slice-rotation"),
                "slice-rotation runs the m0 pool, which cannot run as plain Python");
        assertEquals(List.of(), fake.calls);
    }

    @Test
    void badOptionsAreRefusedBeforeAnyRun() {
        badInput(gilsim("validate", "short-release", "--repeat", "0"), "--repeat 0: give 1 to 20");
        badInput(gilsim("validate", "short-release", "--repeat", "21"), "--repeat 21");
        badInput(gilsim("validate", "short-release", "--repeat", "x"), "--repeat");
        badInput(gilsim("validate", "short-release", "--sim-repeat", "0"), "--sim-repeat 0: give 1 to 200");
        badInput(gilsim("validate", "short-release", "--sim-repeat", "201"), "--sim-repeat 201");
        badInput(gilsim("validate", "short-release", "--duration", "0ms"), "--duration 0ms");
        badInput(gilsim("validate", "short-release", "--duration", "61s"), "--duration 61s");
        badInput(gilsim("validate", "short-release", "--duration", "5 ms"), "--duration 5 ms");
        badInput(gilsim("validate", "short-release", "--timeout", "0"), "--timeout 0");
        badInput(gilsim("validate", "short-release", "--timeout", "2", "--duration", "2s"), "shorter than a run");
        badInput(gilsim("validate", "short-release", "--set", "nokey=1"), "unknown key 'nokey'");
        badInput(gilsim("validate", "no-such-scenario"), "no built-in scenario");
        assertEquals(List.of(), fake.calls);
        badInput(gilsim("validate", "short-release", "--python", "nope"), "--python nope");
        assertEquals(List.of("resolve nope"), fake.calls);
    }

    @Test
    void outputPathsAreCheckedBeforeAnyRun() throws IOException {
        badInput(gilsim("validate", "short-release", "--chart", dir.resolve("missing/c.png").toString()),
                "does not exist");
        badInput(gilsim("validate", "short-release", "--chart", dir.resolve("c.txt").toString()),
                "write a .png or an .svg file");
        badInput(gilsim("validate", "short-release", "--chart", dir.toString()), "is a directory");
        assertEquals(List.of(), fake.calls);
        // A real run that fails writes nothing.
        fake.failWith = "python3: exited with code 1 after 0.1 s: SyntaxError";
        Path png = dir.resolve("c.png");
        badInput(gilsim("validate", "short-release", "--set", "duration=100ms", "--repeat", "1", "--chart",
                png.toString()), "SyntaxError");
        assertFalse(Files.exists(png));
        try (var files = Files.list(dir)) {
            assertEquals(0, files.count());
        }
    }

    @Test
    void theChartIsWrittenAsPngOrSvg() throws IOException {
        fake.mainStarves = true;
        Path png = dir.resolve("cdf.png");
        Path svg = dir.resolve("cdf.svg");
        Result r = gilsim("validate", "short-release", "--set", "duration=200ms", "--repeat", "1", "--chart",
                png.toString());
        assertEquals(0, r.code(), r.err());
        byte[] head = Files.readAllBytes(png);
        assertEquals((byte) 0x89, head[0]);
        assertEquals('P', head[1]);
        r = gilsim("validate", "short-release", "--set", "duration=200ms", "--repeat", "1", "--chart",
                svg.toString(), "--json");
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.readString(svg).contains("<svg"));
        try (var files = Files.list(dir)) {
            assertEquals(2, files.count()); // no temporary file left beside them
        }
    }

    @Test
    void theRealDurationIsCappedAtFiveSecondsAndSaysSo() {
        fake.mainStarves = true;
        Result r = gilsim("validate", "short-release", "--set", "duration=8s", "--set", "sleep=50ms", "--repeat",
                "1", "--sim-repeat", "1");
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of("defaults", "observe /fake/python3 5000000 5000000000 40000"), fake.calls);
        assertTrue(r.out().startsWith("validate short-release: 1 real run per interpreter against 1 simulated "
                + "(seeds 1..1), 5s each (the scenario's 8s capped at 5s for real runs; --duration sets it)\n"),
                r.out());
    }

    @Test
    void helpListsTheExitCodes() {
        Result r = gilsim("validate", "--help");
        assertEquals(0, r.code());
        assertTrue(r.out().contains("Exit codes:"), r.out());
        for (String code : List.of("  0 ", "  1 ", "  2 ")) assertTrue(r.out().contains(code), r.out());
    }
}
