package gilsim.run;

import gilsim.metrics.Metrics;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.metrics.Summary;
import gilsim.scenario.Builtins;
import gilsim.scenario.InputError;
import gilsim.scenario.MachineProfile;
import gilsim.scenario.Params;
import gilsim.scenario.Scenario;
import gilsim.scenario.ScenarioFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A machine profile (--machine) and the preemption percentage change the run as they say, and nothing else. */
class MachineProfileRunTest {
    @TempDir
    Path dir;

    private MachineProfile profile(String text) throws Exception {
        Path f = dir.resolve("m.yaml");
        Files.writeString(f, text);
        return MachineProfile.load(f);
    }

    private static Summary run(Scenario s, Params p) {
        return new Simulation(s, p, 1).run();
    }

    @Test
    void aProfileSetsTheLatencyDistributionTheSlackAndThePreemptionRate() throws Exception {
        MachineProfile m = profile("source: test\nwake_latency:\n  quantiles:\n    - [0.0, 20us]\n"
                + "    - [0.5, 60us]\n    - [1.0, 100us]\ntimer_slack: 70us\npreempt_probability: 0.9\n");
        Scenario s = Builtins.get("short-release");
        Params p = s.params(List.of(), m);
        assertEquals(70_000L, p.ns("timer_slack"));
        assertEquals(90L, p.count("preempt_percent"));
        // The profile's latency already counts the waker's cost of signalling: a waking release costs nothing more;
        // and the woken waiter's way out of its futex wait.
        assertEquals(0L, p.ns("sem_wake"));
        assertEquals(0L, p.ns("futex_return"));
        assertEquals(5_000L, s.params(List.of(), MachineProfile.NONE).ns("futex_return"));
        assertEquals(5_000L, s.params(List.of("futex_return=5us"), m).ns("futex_return"), "--set still overrides it");
        assertEquals(15_000L, s.params(List.of(), MachineProfile.NONE).ns("sem_wake"));
        assertEquals(5_000L, s.params(List.of("sem_wake=5us"), m).ns("sem_wake"), "--set still overrides it");
        Params over = s.params(List.of("timer_slack=10us"), m);
        assertEquals(10_000L, over.ns("timer_slack"), "--set still overrides the profile");
        Summary sum = run(s, p);
        assertTrue(sum.paramValues().get("machine") instanceof Map<?, ?> mm && "test".equals(mm.get("source")));
        // Where wake-ups decide the waits (work past the interval, main fair), another distribution gives other waits.
        assertNotEquals(run(s, s.params(List.of("work=6ms"))).thread("main").get(Metrics.WAIT_P50_NS),
                run(s, s.params(List.of("work=6ms"), m)).thread("main").get(Metrics.WAIT_P50_NS));
        // Setting the latency makes it uniform again, the rest of the profile kept.
        assertTrue(p.machineLatency());
        Params uniform = s.params(List.of("wake_latency=20us", "wake_jitter=0ns"), m);
        assertFalse(uniform.machineLatency());
        assertEquals(70_000L, uniform.ns("timer_slack"));
        assertFalse(((Map<?, ?>) uniform.json().get("machine")).containsKey("wake_latency_quantiles_ns"));
        assertNotEquals(run(s, s.params(List.of("work=6ms"), m)).thread("main").get(Metrics.WAIT_P50_NS),
                run(s, s.params(List.of("work=6ms", "wake_latency=20us", "wake_jitter=0ns"), m)).thread("main")
                        .get(Metrics.WAIT_P50_NS), "a uniform latency gives other waits than the profile's table");
        assertFalse(s.params(List.of(), m).with("wake_jitter", 0L).machineLatency());
    }

    /**
     * With no profile named the run is on the default machine, vm-2core (its keys, its latency table, its
     * background); {@code --machine none} is the model's keys alone; a scenario file's own value wins over either
     * profile's, and a file may name the default or none itself.
     */
    @Test
    void withoutAProfileTheRunIsOnTheDefaultMachine(@TempDir Path dir) throws Exception {
        Scenario s = Builtins.get("short-release");
        Params byDefault = s.params(List.of());
        assertSame(MachineProfile.defaultMachine(), byDefault.machine());
        assertTrue(byDefault.machineLatency());
        assertEquals(0L, byDefault.ns("futex_return"));
        assertTrue(byDefault.ns("load_gap") > 0, "the default machine has its background");
        assertEquals(byDefault.asText(), s.params(List.of(), MachineProfile.named(Path.of("vm-2core"))).asText());
        Params none = s.params(List.of(), MachineProfile.named(Path.of("none")));
        assertNull(none.machine());
        assertFalse(none.machineLatency());
        assertEquals(0L, none.ns("load_gap"));
        assertEquals("60us", none.asText().get("wake_latency"));
        assertFalse(none.json().containsKey("machine"));

        Path f = dir.resolve("own.yaml");
        Files.writeString(f, "name: own\nparams:\n  timer_slack: 0ns\n  load_gap: 0ns\n"
                + "threads:\n  - name: t\n    program: [{compute: 1ms}]\n");
        Scenario own = ScenarioFile.load(f);
        Params ownParams = own.params(List.of());
        assertEquals(0L, ownParams.ns("timer_slack"), "the file's own timer_slack wins over the default machine's");
        assertEquals(0L, ownParams.ns("load_gap"));
        assertEquals(byDefault.ns("checkpoint"), ownParams.ns("checkpoint"), "the rest is the default machine's");
        Files.writeString(f, "name: own\nmachine: none\n"
                + "threads:\n  - name: t\n    program: [{compute: 1ms}]\n");
        assertNull(ScenarioFile.load(f).params(List.of()).machine());
    }

    /**
     * A profile's wake-up latency is the release race's whole way from a release to the woken waiter holding the GIL,
     * so the model's own release race on it (short-release with 1 ms of work, as calibrate's race) wins each release
     * with the profile's probability at its length: with [0, 0ns], [0.002, 2us], [0.1, 10us], [0.5, 20us], [1, 40us],
     * 0.2 % of 2 us releases, 10 % of 10 us and 50 % of 20 us, each within 3 points over 5 s (3,300 to 5,000 races).
     * With futex_return's 5 us added on top, as before 2026-12-07, main never won a 2 us release and won 24 % of the
     * 20 us ones against a profile's 39 % (docs/calibration.md, "Does the calibrated model reproduce the race?").
     */
    @Test
    void theModelsReleaseRaceWinsAtTheProfilesShares() throws Exception {
        MachineProfile m = profile("wake_latency:\n  quantiles:\n    - [0.0, 0ns]\n    - [0.002, 2us]\n"
                + "    - [0.1, 10us]\n    - [0.5, 20us]\n    - [1.0, 40us]\n");
        Scenario s = Builtins.get("short-release");
        for (long[] point : new long[][] {{2, 2}, {10, 100}, {20, 500}}) {
            Summary sum = run(s, s.params(List.of("work=1ms", "duration=5s", "release=" + point[0] + "us"), m));
            long won = sum.thread("main").get(Metrics.GIL_ACQUISITIONS) - 1;
            long lost = sum.thread("main").get(Metrics.WAKEUPS_LOST);
            double share = won / (double) (won + lost);
            assertTrue(won + lost > 3_000, won + " won, " + lost + " lost");
            assertEquals(point[1] / 1000.0, share, 0.03, point[0] + " us releases: " + won + " won, " + lost + " lost");
            if (point[0] == 2) assertTrue(won > 0, "a 2 us release is won now and then: " + won);
        }
    }

    @Test
    void aProfileSetsTheCheckpointSpacingAndSetStillOverridesIt() throws Exception {
        String latency = "wake_latency:\n  quantiles:\n    - [0.0, 20us]\n    - [1.0, 100us]\n";
        Scenario s = Builtins.get("short-release");
        assertEquals(2_500L, s.params(List.of(), profile(latency)).ns("checkpoint"),
                "none in the profile: the default");
        MachineProfile m = profile(latency + "checkpoint: 1800ns\n");
        assertEquals(1_800L, s.params(List.of(), m).ns("checkpoint"));
        assertEquals(3_000L, s.params(List.of("checkpoint=3000ns"), m).ns("checkpoint"));
        // the spacing changes who wins a crowded drop, so four spinners run otherwise
        Scenario four = gilsim.scenario.ScenarioFile.load(Path.of("scenarios/cpu-bound-4.yaml"));
        List<String> two = List.of("duration=2s");
        assertNotEquals(run(four, four.params(two, profile(latency))).thread("a").get(Metrics.WAIT_P99_NS),
                run(four, four.params(two, m)).thread("a").get(Metrics.WAIT_P99_NS));
        InputError zero = assertThrows(InputError.class, () -> profile(latency + "checkpoint: 0ns\n"));
        assertEquals(dir.resolve("m.yaml") + ":5: checkpoint: more than 0ns (a profile fits the spacing; 0, no "
                + "check point, is a scenario's choice)", zero.getMessage());
    }

    /** calibrate's other crowded-race keys: each set before --set, and growth is a whole per cent to 400. */
    @Test
    void aProfileSetsTheCrowdedRaceKeys() throws Exception {
        String latency = "wake_latency:\n  quantiles:\n    - [0.0, 20us]\n    - [1.0, 100us]\n";
        MachineProfile m = profile(latency + "checkpoint: 3100ns\ndrop_reaction: 1750ns\nwait_entry: 1100ns\n"
                + "wait_entry_jitter: 500ns\nwait_entry_growth: 70\n");
        Scenario s = Builtins.get("short-release");
        Params p = s.params(List.of("wait_entry_growth=20"), m);
        assertEquals(3_100L, p.ns("checkpoint"));
        assertEquals(1_750L, p.ns("drop_reaction"));
        assertEquals(1_100L, p.ns("wait_entry"));
        assertEquals(500L, p.ns("wait_entry_jitter"));
        assertEquals(20L, p.count("wait_entry_growth"), "--set overrides the profile");
        assertEquals(70L, s.params(List.of(), m).count("wait_entry_growth"));
        InputError growth = assertThrows(InputError.class, () -> profile(latency + "wait_entry_growth: 401\n"));
        assertEquals(dir.resolve("m.yaml") + ":5: wait_entry_growth: '401' is not a whole per cent from 0 to 400",
                growth.getMessage());
        // the latency-2 shape runs otherwise when the requester's entry grows with the queue's quiet time
        Scenario lat = gilsim.scenario.ScenarioFile.load(Path.of("scenarios/latency-2.yaml"));
        List<String> two = List.of("duration=3s");
        MachineProfile flat = profile(latency + "wait_entry_growth: 0\n");
        assertNotEquals(run(lat, lat.params(two, flat)).thread("main").get(Metrics.WAIT_MAX_NS),
                run(lat, lat.params(two, m)).thread("main").get(Metrics.WAIT_MAX_NS));
    }

    /**
     * wait_entry_same_core: a profile sets it (true or false, nothing else), --set overrides it, and with a growing
     * entry the latency-2 shape runs otherwise under it.
     */
    @Test
    void aProfileSetsTheQuietTimesRule() throws Exception {
        String latency = "wake_latency:\n  quantiles:\n    - [0.0, 20us]\n    - [1.0, 100us]\n";
        MachineProfile same = profile(latency + "wait_entry_growth: 10\nwait_entry_same_core: true\n");
        Scenario s = Builtins.get("short-release");
        assertEquals(true, s.params(List.of(), same).bool("wait_entry_same_core"));
        assertEquals(false, s.params(List.of("wait_entry_same_core=false"), same).bool("wait_entry_same_core"));
        assertEquals(null, profile(latency).waitEntrySameCore());
        assertEquals(false, s.params(List.of(), profile(latency)).bool("wait_entry_same_core"), "the default");
        InputError bad = assertThrows(InputError.class, () -> profile(latency + "wait_entry_same_core: yes\n"));
        assertEquals(dir.resolve("m.yaml") + ":5: wait_entry_same_core: expected true or false", bad.getMessage());
        Scenario lat = gilsim.scenario.ScenarioFile.load(Path.of("scenarios/latency-2.yaml"));
        // growth 10: at 40 (or 20) main never takes the GIL under either rule, the two spinners handing it to each
        // other with main's timeouts phase-locked behind their switches, and the rule has nothing to move
        MachineProfile any = profile(latency + "wait_entry_growth: 10\nwait_entry_same_core: false\n");
        List<String> two = List.of("duration=3s");
        assertNotEquals(run(lat, lat.params(two, any)).thread("main").get(Metrics.WAIT_MAX_NS),
                run(lat, lat.params(two, same)).thread("main").get(Metrics.WAIT_MAX_NS));
    }

    /**
     * The machine's own background (calibrate's section 6): a profile sets load_gap, load_run and load_idle_first
     * before --set, load_gap 0ns alone says none was measured, each key is checked where it stands, and the load
     * ends the short-release stall that lasts the whole run without it.
     */
    @Test
    void aProfileSetsTheMachinesOwnBackground() throws Exception {
        String latency = "wake_latency:\n  quantiles:\n    - [0.0, 20us]\n    - [1.0, 100us]\n";
        MachineProfile m = profile(latency + "load_gap: 20ms\nload_run: 1500us\nload_idle_first: true\n");
        assertEquals(new MachineProfile.Background(20_000_000, 1_500_000, true), m.background());
        Scenario s = Builtins.get("short-release");
        Params p = s.params(List.of(), m);
        assertEquals(20_000_000L, p.ns("load_gap"));
        assertEquals(1_500_000L, p.ns("load_run"));
        assertTrue(p.bool("load_idle_first"));
        assertEquals(0L, s.params(List.of("load_gap=0ns"), m).ns("load_gap"), "--set still overrides it");
        assertEquals(null, profile(latency).background());
        assertEquals(0L, s.params(List.of(), profile(latency)).ns("load_gap"), "none in the profile: the default");
        MachineProfile none = profile(latency + "load_gap: 0ns\n");
        assertEquals(new MachineProfile.Background(0, 0, false), none.background());
        assertEquals(1_000_000L, s.params(List.of(), none).ns("load_run"), "no load: load_run stays the default");
        // without the load main starves from start to end; 1.5 ms every 20 ms on each core, preempting the worker
        // there (not load_idle_first: main's core is idle while it waits), ends the stall
        List<String> one = List.of("duration=1s");
        MachineProfile own = profile(latency + "load_gap: 20ms\nload_run: 1500us\nload_idle_first: false\n");
        long quiet = run(s, s.params(one, none)).thread("main").get(Metrics.WAIT_MAX_NS);
        long loaded = run(s, s.params(one, own)).thread("main").get(Metrics.WAIT_MAX_NS);
        assertTrue(quiet >= 900_000_000L && loaded < quiet / 2, quiet + " ns quiet, " + loaded + " ns loaded");
        String f = dir.resolve("m.yaml").toString();
        String needsGap = "needs load_gap (the background's mean gap per core; 0ns for none)";
        Map<String, String> bad = Map.of(
                "load_run: 1ms\n", f + ":5: load_run: " + needsGap,
                "load_idle_first: true\n", f + ":5: load_idle_first: " + needsGap,
                "load_gap: 5us\nload_run: 1ms\n", f + ":5: load_gap: 0ns or at least 10us",
                "load_gap: 1s\n", f + ":5: load_gap: needs load_run (how long each of the background's tasks runs)",
                "load_gap: 1s\nload_run: 500ns\n", f + ":6: load_run: at least 1us",
                "load_gap: 1s\nload_run: 2ms\nload_idle_first: often\n", f + ":7: load_idle_first: expected true or false");
        for (Map.Entry<String, String> e : bad.entrySet()) {
            InputError err = assertThrows(InputError.class, () -> profile(latency + e.getKey()), e.getKey());
            assertEquals(e.getValue(), err.getMessage());
        }
    }

    /**
     * The model's rules a profile's race keys were fitted under ({@code model:}, written by calibrate --set) go with
     * them into every run on the profile, --set still overriding; only the rules, each checked as --set checks it.
     */
    @Test
    void aProfileCarriesTheModelsRulesItWasFittedUnder() throws Exception {
        String latency = "wake_latency:\n  quantiles:\n    - [0.0, 20us]\n    - [1.0, 100us]\n";
        MachineProfile m = profile(latency + "wait_entry: 600ns\nwait_entry_jitter: 300ns\nmodel:\n  run_to_parity: false\n"
                + "  timer_expiry: uniform\n");
        assertEquals(Map.of("run_to_parity", "false", "timer_expiry", "uniform"), m.model());
        Scenario s = gilsim.scenario.ScenarioFile.load(Path.of("scenarios/cpu-bound-4.yaml"));
        Params p = s.params(List.of(), m);
        assertFalse(p.bool("run_to_parity"));
        assertEquals("uniform", p.choice("timer_expiry"));
        assertEquals(600L, p.ns("wait_entry"));
        assertEquals("hrtimer", s.params(List.of("timer_expiry=hrtimer"), m).choice("timer_expiry"),
                "--set still overrides the profile");
        assertEquals(true, s.params(List.of(), profile(latency)).bool("run_to_parity"), "the default");
        List<String> shortRun = List.of("duration=1s");
        assertNotEquals(run(s, s.params(shortRun, m)).thread("a").get(Metrics.WAIT_MAX_NS),
                run(s, s.params(shortRun, profile(latency + "wait_entry: 600ns\nwait_entry_jitter: 300ns\n"))).thread("a").get(Metrics.WAIT_MAX_NS));

        String file = dir.resolve("m.yaml").toString();
        InputError unknown = assertThrows(InputError.class, () -> profile(latency + "model:\n  run_to_parit: true\n"));
        assertTrue(unknown.getMessage().startsWith(file + ":6: model: 'run_to_parit' is not one of the model's rules "
                + "a profile may fix; did you mean 'run_to_parity'?"), unknown.getMessage());
        InputError measured = assertThrows(InputError.class, () -> profile(latency + "model:\n  wait_entry: 1us\n"));
        assertTrue(measured.getMessage().startsWith(file + ":6: model: 'wait_entry' is not one"), measured.getMessage());
        InputError value = assertThrows(InputError.class, () -> profile(latency + "model:\n  timer_expiry: soon\n"));
        assertTrue(value.getMessage().startsWith(file + ":6: model: timer_expiry: "), value.getMessage());
        InputError shape = assertThrows(InputError.class, () -> profile(latency + "model: hrtimer\n"));
        assertTrue(shape.getMessage().startsWith(file + ":5: model: expected a mapping"), shape.getMessage());
    }

    /** The race's two speeds: both keys whole per cents to 100, and a fast share moves four spinners' waits. */
    @Test
    void aProfileSetsTheRacesTwoSpeeds() throws Exception {
        String latency = "wake_latency:\n  quantiles:\n    - [0.0, 20us]\n    - [1.0, 100us]\n";
        MachineProfile m = profile(latency + "fast_race_percent: 30\nfast_race_reaction: 50\n");
        Scenario s = gilsim.scenario.ScenarioFile.load(Path.of("scenarios/cpu-bound-4.yaml"));
        Params p = s.params(List.of("duration=3s"), m);
        assertEquals(30L, p.count("fast_race_percent"));
        assertEquals(50L, p.count("fast_race_reaction"));
        InputError share = assertThrows(InputError.class, () -> profile(latency + "fast_race_percent: 101\n"));
        assertEquals(dir.resolve("m.yaml") + ":5: fast_race_percent: '101' is not a whole per cent from 0 to 100",
                share.getMessage());
        MachineProfile one = profile(latency + "fast_race_percent: 0\n");
        assertNotEquals(run(s, s.params(List.of("duration=3s"), one)).thread("a").get(Metrics.WAIT_MAX_NS),
                run(s, p).thread("a").get(Metrics.WAIT_MAX_NS));
    }

    @Test
    void aProfileOfTheDefaultsUniformBandStillStarvesTheReproducer() throws Exception {
        MachineProfile m = profile("wake_latency:\n  quantiles:\n    - [0.0, 30us]\n    - [1.0, 90us]\n");
        Scenario s = Builtins.get("short-release");
        assertEquals("starves", run(s, s.params(List.of(), m)).verdict());
    }

    /** The explanation names the wake-up latency the run drew from: the profile's median (40 us here), not 60us. */
    @Test
    void theExplanationGivesTheProfilesMedianWakeUp() throws Exception {
        MachineProfile m = profile("wake_latency:\n  quantiles:\n    - [0.0, 10us]\n    - [0.4, 30us]\n"
                + "    - [0.6, 50us]\n    - [1.0, 90us]\n");
        Scenario s = Builtins.get("short-release");
        String why = gilsim.report.Explanation.of(run(s, s.params(List.of(), m)));
        assertTrue(why.contains("(a wake-up takes about 40us, the median on "), why);
        String keys = gilsim.report.Explanation.of(run(s, s.params(List.of(), MachineProfile.NONE)));
        assertTrue(keys.contains("(a wake-up takes about 60us)"), keys);
    }

    @Test
    void withoutWakeUpPreemptionPinnedThreadsWaitForTheTimeSlice() {
        Scenario s = Builtins.get("short-release");
        Summary always = run(s, s.params(List.of("pinned=true", "preempt_percent=100")));
        Summary never = run(s, s.params(List.of("pinned=true", "preempt_percent=0")));
        // Preempting at once, main runs within its wake-up; never preempting, it waits for the worker's slice.
        assertTrue(always.thread("main").get(Metrics.WAIT_MAX_NS) <= 1_100_000, always.thread("main").toString());
        assertTrue(never.thread("main").get(Metrics.WAIT_MAX_NS) >= 1_400_000, never.thread("main").toString());
    }

    /**
     * A profile's {@code timer_wake} reaches the run: the summary's {@code params.machine} lists it, and four spinners'
     * timed waits, which run out every switch interval, come back on its table's times (so the waits differ from the
     * same profile without it). A broken table is one line naming its field.
     */
    @Test
    void aProfileTimerWakeTableDrivesTheTimersAndIsChecked() throws Exception {
        String base = "source: test\nwake_latency:\n  quantiles:\n    - [0.0, 20us]\n    - [1.0, 100us]\n";
        MachineProfile with = profile(base + "timer_wake:\n  quantiles:\n    - [0.0, 50us]\n    - [0.5, 100us]\n"
                + "    - [1.0, 2ms]\n");
        MachineProfile without = profile(base);
        Scenario s = gilsim.scenario.ScenarioFile.load(java.nio.file.Path.of("scenarios/cpu-bound-4.yaml"));
        Summary sum = run(s, s.params(List.of(), with));
        Map<?, ?> machine = (Map<?, ?>) sum.paramValues().get("machine");
        assertEquals(List.of(List.of(0.0, 50_000L), List.of(0.5, 100_000L), List.of(1.0, 2_000_000L)),
                machine.get("timer_wake_quantiles_ns"));
        assertEquals(null, ((Map<?, ?>) run(s, s.params(List.of(), without)).paramValues().get("machine"))
                .get("timer_wake_quantiles_ns"));
        assertNotEquals(sum.thread("a").get(Metrics.WAIT_P99_NS),
                run(s, s.params(List.of(), without)).thread("a").get(Metrics.WAIT_P99_NS));
        InputError e = assertThrows(InputError.class, () -> profile(base
                + "timer_wake:\n  quantiles:\n    - [0.0, 90us]\n    - [1.0, 10us]\n"));
        assertTrue(e.getMessage().matches(".*m\\.yaml:\\d+: timer_wake\\.quantiles\\[1\\]: .*increase.*"),
                e.getMessage());
    }

    @Test
    void aBrokenProfileIsOneLineNamingTheFileLineAndField() throws Exception {
        InputError e = assertThrows(InputError.class, () -> profile(
                "wake_latency:\n  quantiles:\n    - [0.0, 90us]\n    - [1.0, 10us]\n"));
        assertTrue(e.getMessage().matches(".*m\\.yaml:4: wake_latency\\.quantiles\\[1\\]: .*increase.*"),
                e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    @Test
    void aProfilesPythonIsAVersion() throws Exception {
        String latency = "wake_latency:\n  quantiles:\n    - [0.0, 20us]\n    - [1.0, 100us]\n";
        assertEquals("3.13.0", profile("python: \"3.13.0\"\n" + latency).python());
        assertEquals(null, profile(latency).python(), "a profile written before calibrate wrote it");
        assertTrue(profile(latency).measuredOn("3.11.7"), "a profile that does not say warns of nothing");
        InputError e = assertThrows(InputError.class, () -> profile("python: three\n" + latency));
        assertTrue(e.getMessage().matches(".*m\\.yaml:1: python: 'three' is not a version such as 3\\.12\\.1"),
                e.getMessage());
    }

    @Test
    void aScenarioFileNamesItsMachineProfileBesideIt() throws Exception {
        profile("source: beside\nwake_latency:\n  quantiles:\n    - [0.0, 20us]\n    - [1.0, 40us]\n"
                + "preempt_probability: 0.5\n");
        Path file = dir.resolve("s.yaml");
        Files.writeString(file, "name: s\nmachine: m.yaml\nthreads:\n  - name: a\n    program:\n"
                + "      - loop: [compute: 1ms, sleep: 1ms]\n");
        Scenario s = gilsim.scenario.Scenarios.resolve(file.toString());
        Params p = s.params(List.of());
        assertEquals(50L, p.count("preempt_percent"));
        assertEquals("beside", p.machine().source());
        MachineProfile other = profile("source: cli\nwake_latency:\n  quantiles:\n    - [0.0, 1us]\n"
                + "    - [1.0, 2us]\n");
        assertEquals("cli", s.params(List.of(), other).machine().source(), "--machine overrides the file's");
        Files.writeString(file, "name: s\nmachine: nosuch.yaml\nthreads:\n  - name: a\n    program:\n"
                + "      - loop: [compute: 1ms]\n");
        InputError e = assertThrows(InputError.class, () -> gilsim.scenario.Scenarios.resolve(file.toString()));
        assertTrue(e.getMessage().startsWith(file + ":2: machine: "), e.getMessage());
    }
}
