package gilsim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.m0.PoolRule;
import gilsim.m0.PoolSpec;
import gilsim.program.Step;
import gilsim.program.ThreadSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Scenario files and built-ins read into the threads, steps and parameters a run gets. */
class ScenarioFileTest {
    private static final long US = 1_000L;
    private static final long MS = 1_000_000L;

    @TempDir
    Path dir;

    private static final String CONVOY = """
            name: pinned-convoy
            description: two threads, one pinned
            params:
              cores: 4
              interval: 2ms
              io_wait: 100us      # a key of the file's own
              handle: 20us
              burst: 10ms
            threads:
              - name: io
                core: 3
                program:
                  - compute: $handle
                  - loop:
                      - sleep: $io_wait
                      - compute: $handle
                      - release: 5us
              - name: cpu
                program:
                  - loop:
                      times: 3
                      body:
                        - compute: $burst
                  - loop: {times: 2, body: [sleep: 1ms, loop: [compute: 1.5ms]]}
            """;

    private static List<ThreadSpec> threads(Scenario s, Params p) {
        return ((Workload.Threads) s.workload().apply(p)).threads();
    }

    @Test
    void aFileWithParamsKeyReferencesLoopsAndACoreParsesIntoTheseSteps() {
        Scenario s = ScenarioFile.parse("convoy.yaml", CONVOY);
        assertEquals("pinned-convoy", s.name());
        assertEquals("two threads, one pinned", s.description());
        assertEquals("convoy.yaml", s.origin());
        List<ThreadSpec> threads = threads(s, s.params());
        assertEquals(List.of(
                new ThreadSpec("io", 3, List.of(
                        new Step.Compute(20 * US),
                        new Step.Loop(-1, List.of(new Step.Sleep(100 * US), new Step.Compute(20 * US),
                                new Step.Release(5 * US))))),
                new ThreadSpec("cpu", -1, List.of(
                        new Step.Loop(3, List.of(new Step.Compute(10 * MS))),
                        new Step.Loop(2, List.of(new Step.Sleep(MS),
                                new Step.Loop(-1, List.of(new Step.Compute(1_500 * US)))))))), threads);
    }

    @Test
    void theFileSetsCommonKeysAndAddsItsOwnAfterThem() {
        Scenario s = ScenarioFile.parse("convoy.yaml", CONVOY);
        Map<String, String> text = s.params().asText();
        assertEquals("4", text.get("cores"));
        assertEquals("2ms", text.get("interval"));
        assertEquals("2s", text.get("duration"), "a common key the file leaves alone keeps its default");
        List<String> names = List.copyOf(text.keySet());
        assertEquals(List.of("io_wait", "handle", "burst"), names.subList(names.size() - 3, names.size()));
        assertEquals(Key.Kind.DURATION, s.key("io_wait").kind());
        assertEquals(4, s.keyLines().get("cores"), "the line each key is set on, for messages");
    }

    @Test
    void setOverridesReachTheStepsThatReferToTheKey() {
        Scenario s = ScenarioFile.parse("convoy.yaml", CONVOY);
        Params p = s.params(List.of("handle=7us", "io_wait=1ms", "cores=8"));
        ThreadSpec io = threads(s, p).get(0);
        assertEquals(new Step.Compute(7 * US), io.program().get(0));
        assertEquals(new Step.Loop(-1, List.of(new Step.Sleep(MS), new Step.Compute(7 * US),
                new Step.Release(5 * US))), io.program().get(1));
        assertEquals(8, p.count("cores"));
        assertEquals(7 * US, p.ns("handle"));
    }

    @Test
    void theShortReleaseBuiltInHasItsDocumentedDefaultsAndThreads() {
        Scenario s = Builtins.get("short-release");
        Params p = s.params(List.of(), MachineProfile.NONE); // the keys' own defaults, before the default machine's
        assertEquals("cores=2 pinned=false interval=5ms duration=2s wake_latency=60us wake_jitter=30us "
                + "wake_tail_permille=0 wake_tail_min=1ms wake_tail_max=5ms "
                + "timeslice=1500us timer_slack=50us timer_expiry=hrtimer wake_ipi=2us preempt_percent=94 refusal_window=0ns refusal_after_percent=15 wake_core=previous balance_tick=4ms balance_per_tick=true run_queue=per-core wake_move_percent=7 signal_move_percent=1 migration_cost=500us run_to_parity=true futex_sleep=8us futex_return=5us checkpoint=2500ns drop_reaction=500ns fast_race_percent=70 fast_race_reaction=55 race_dwell=7s load_gap=0ns load_run=1ms load_idle_first=false policy=cpython "
                + "gil_mutex=true wake_order=glibc-groups wait_entry=1750ns wait_entry_jitter=800ns wait_entry_growth=5 wait_entry_quiet=200us wait_entry_same_core=false wake_timed_out=false starve_after=100ms "
                + "max_events=50000000 "
                + "python=3.12 checkinterval=100 tick=5ns sem_wake=15us "
                + "sem_wake_tail_permille=5 sem_wake_tail_min=30us sem_wake_tail_max=150us sem_syscall=95ns sem_retry=22us work=2ms release=2us sleep=1ms",
                line(p));
        assertEquals(List.of(
                new ThreadSpec("main", -1, List.of(new Step.Loop(-1, List.of(new Step.Sleep(MS),
                        new Step.Compute(2 * US))))),
                new ThreadSpec("worker", -1, List.of(new Step.Loop(-1, List.of(new Step.Compute(2 * MS),
                        new Step.Release(2 * US)))))), threads(s, p));
        List<ThreadSpec> pinned = threads(s, s.params(List.of("pinned=true")));
        assertEquals(0, pinned.get(0).pinnedCore());
        assertEquals(0, pinned.get(1).pinnedCore());
    }

    @Test
    void theSliceRotationBuiltInHasItsDocumentedDefaultsAndPool() {
        Scenario s = Builtins.get("slice-rotation");
        Params p = s.params(List.of(), MachineProfile.NONE); // the keys' own defaults, before the default machine's
        assertEquals("cores=4 pinned=false interval=5ms duration=2s wake_latency=60us wake_jitter=30us "
                + "wake_tail_permille=0 wake_tail_min=1ms wake_tail_max=5ms "
                + "timeslice=1500us timer_slack=50us timer_expiry=hrtimer wake_ipi=2us preempt_percent=94 refusal_window=0ns refusal_after_percent=15 wake_core=idle balance_tick=4ms balance_per_tick=true run_queue=per-core wake_move_percent=7 signal_move_percent=1 migration_cost=500us run_to_parity=true futex_sleep=8us futex_return=5us checkpoint=2500ns drop_reaction=500ns fast_race_percent=70 fast_race_reaction=55 race_dwell=7s load_gap=0ns load_run=1ms load_idle_first=false policy=cpython "
                + "gil_mutex=true wake_order=glibc-groups wait_entry=1750ns wait_entry_jitter=800ns wait_entry_growth=5 wait_entry_quiet=200us wait_entry_same_core=false wake_timed_out=false starve_after=100ms "
                + "max_events=50000000 "
                + "python=3.12 checkinterval=100 tick=5ns sem_wake=15us "
                + "sem_wake_tail_permille=5 sem_wake_tail_min=30us sem_wake_tail_max=150us sem_syscall=95ns sem_retry=22us threads=4 "
                + "connections=16 view=300us overhead=75us jobs=0 client_gap=100us slice=1ms waited=50us yield_bound=1ms "
                + "turn=true keep=false",
                line(p));
        assertEquals(new PoolSpec(4, 16, 300 * US, 75 * US, 100 * US, MS, 50 * US, MS, Set.of(PoolRule.TURN)),
                ((Workload.Pool) s.workload().apply(p)).spec());
        assertEquals(new PoolSpec(6, 16, 300 * US, 75 * US, 100 * US, MS, 50 * US, MS, Set.of(PoolRule.TURN, PoolRule.KEEP)),
                ((Workload.Pool) s.workload().apply(s.params(List.of("threads=6", "keep=true")))).spec());
    }

    private static String line(Params p) {
        StringBuilder b = new StringBuilder();
        p.asText().forEach((k, v) -> b.append(b.length() == 0 ? "" : " ").append(k).append('=').append(v));
        return b.toString();
    }

    @Test
    void jsonGivesEveryKeyInOrderTypedWithEachDurationsNanosecondsBeside() {
        Params p = Builtins.get("short-release").params(List.of("work=3ms", "pinned=true"), MachineProfile.NONE);
        Map<String, Object> json = p.json();
        List<String> expected = new java.util.ArrayList<>();
        for (String k : p.asText().keySet()) {
            expected.add(k);
            if (p.key(k).kind() == Key.Kind.DURATION) expected.add(k + "_ns");
        }
        assertEquals(expected, List.copyOf(json.keySet()));
        assertEquals("3ms", json.get("work"));
        assertEquals(3 * MS, json.get("work_ns"));
        assertEquals(2L, json.get("cores"));
        assertEquals(Boolean.TRUE, json.get("pinned"));
        assertEquals("cpython", json.get("policy"));
        assertThrows(UnsupportedOperationException.class, () -> json.put("work", 1L));
    }

    @Test
    void eachKeyTakesItsLimitsAndRefusesOnePastThem() {
        Scenario sr = Builtins.get("short-release");
        Scenario pool = Builtins.get("slice-rotation");
        assertLimits(sr, "cores", "1", "1024", "0", "1025", "at most 1024");
        assertLimits(sr, "max_events", "1", "1000000000", "0", "1000000001", "at most 1000000000");
        assertLimits(pool, "threads", "1", "1024", "0", "1025", "at most 1024");
        assertLimits(pool, "connections", "1", "100000", "0", "100001", "at most 100000");
        assertLimits(sr, "timeslice", "1us", "3600s", "999ns", "3600000000001ns", "at least 1us");
        assertLimits(sr, "interval", "1ns", "3600s", "0ns", "3601s", "at least 1ns");
        assertLimits(sr, "duration", "1us", "3600s", "999ns", "3601s", "at most 3600s");
        assertLimits(sr, "work", "0ns", "3600s", "-1ns", "4611686018s", "at most 3600s");
    }

    private static void assertLimits(Scenario s, String key, String low, String high, String below, String above,
                                     String oneMessage) {
        s.params(List.of(key + "=" + low));
        s.params(List.of(key + "=" + high));
        InputError lo = assertThrows(InputError.class, () -> s.params(List.of(key + "=" + below)));
        InputError hi = assertThrows(InputError.class, () -> s.params(List.of(key + "=" + above)));
        assertTrue(lo.getMessage().startsWith("--set " + key + "=" + below + ": " + key + ": "), lo.getMessage());
        assertTrue(hi.getMessage().startsWith("--set " + key + "=" + above + ": " + key + ": "), hi.getMessage());
        assertTrue((lo.getMessage() + hi.getMessage()).contains(oneMessage), lo.getMessage() + hi.getMessage());
    }

    @Test
    void aSpaceBeforeTheUnitIsRefusedInSetAndInFilesAlike() {
        InputError set = assertThrows(InputError.class,
                () -> Builtins.get("short-release").params(List.of("work=5 ms")));
        assertEquals("--set work=5 ms: work: '5 ms' is not a duration: write 5ms, no space", set.getMessage());
        InputError step = assertThrows(InputError.class, () -> ScenarioFile.parse("f.yaml",
                "name: x\nthreads:\n  - name: a\n    program:\n      - compute: 5 ms\n"));
        assertEquals("f.yaml:5: threads[0].program[0].compute: '5 ms' is not a duration: write 5ms, no space",
                step.getMessage());
        InputError param = assertThrows(InputError.class, () -> ScenarioFile.parse("f.yaml",
                "name: x\nparams:\n  io: 5 ms\nthreads:\n  - name: a\n    program: [compute: 1ms]\n"));
        assertEquals("f.yaml:3: params.io: '5 ms' is not a duration: write 5ms, no space", param.getMessage());
    }

    @Test
    void aReleaseOfNoTimeTakesNone() {
        assertTrue(!Step.takesTime(List.of(new Step.Release(0), new Step.Compute(0), new Step.Sleep(0))));
        assertTrue(Step.takesTime(List.of(new Step.Release(1))));
        assertTrue(!Step.takesTime(List.of(new Step.Loop(0, List.of(new Step.Compute(5))))),
                "a loop of no passes takes no time");
        assertEquals("program[1].loop[0].loop", Step.idleLoop(List.of(new Step.Compute(1),
                new Step.Loop(-1, List.of(new Step.Loop(-1, List.of(new Step.Release(0))), new Step.Sleep(1)))),
                "program"));
        // Repeating steps of no time makes events without moving the clock: 2^31 passes hang as surely as forever.
        assertEquals("program[0].loop", Step.idleLoop(List.of(new Step.Loop(3, List.of(new Step.Compute(0)))),
                "program"));
        assertNull(Step.idleLoop(List.of(new Step.Loop(1, List.of(new Step.Compute(0)))), "program"),
                "a single pass is just its steps");
    }

    @Test
    void anEndlessLoopOfNoTimeIsRefusedWithItsLine() {
        InputError e = assertThrows(InputError.class, () -> ScenarioFile.parse("f.yaml",
                "name: x\nthreads:\n  - name: a\n    program:\n      - compute: 1ms\n      - loop:\n"
                        + "          - release: 0ns\n          - compute: 0ns\n"));
        assertEquals("f.yaml:6: a loop with no duration: every step of threads[0].program[1].loop takes 0ns, "
                + "so it would never advance time", e.getMessage());
        InputError body = assertThrows(InputError.class, () -> ScenarioFile.parse("f.yaml",
                "name: x\nthreads:\n  - name: a\n    program:\n      - loop: {times: 2, body: [loop: {body: "
                        + "[sleep: 0ns]}]}\n"));
        assertEquals("f.yaml:5: a loop with no duration: every step of threads[0].program[0].loop.body[0].loop "
                + "takes 0ns, so it would never advance time", body.getMessage());
    }

    @Test
    void aKeyThatEmptiesALoopIsRefusedWhenSet() {
        Scenario s = ScenarioFile.parse("f.yaml", "name: x\nparams:\n  io: 1ms\nthreads:\n  - name: a\n"
                + "    program:\n      - loop:\n          - sleep: $io\n          - release: $io\n");
        InputError e = assertThrows(InputError.class, () -> s.params(List.of("io=0ns")));
        assertEquals("f.yaml:7 with --set io=0ns: a loop with no duration: every step of "
                + "threads[0].program[0].loop takes 0ns, so it would never advance time", e.getMessage());
        s.params(List.of("io=1ns"));
    }

    @Test
    void theBuiltInsRefuseValuesThatStopTimeTogether() {
        InputError worker = assertThrows(InputError.class, () -> Builtins.get("short-release")
                .params(List.of("work=0ns", "release=0ns")));
        assertEquals("--set work=0ns --set release=0ns: a loop with no duration: every step of worker's loop "
                + "(program[0].loop) takes 0ns, so it would never advance time", worker.getMessage());
        Builtins.get("short-release").params(List.of("work=0ns", "sleep=0ns"));
        Builtins.get("short-release").params(List.of("release=0ns", "sleep=0ns"));
        InputError pool = assertThrows(InputError.class, () -> Builtins.get("slice-rotation")
                .params(List.of("view=0ns", "overhead=0ns", "client_gap=0ns")));
        assertTrue(pool.getMessage().startsWith("--set view=0ns --set overhead=0ns --set client_gap=0ns: "
                + "a pool with no duration"), pool.getMessage());
        Builtins.get("slice-rotation").params(List.of("view=0ns", "overhead=0ns"));
        Builtins.get("slice-rotation").params(List.of("client_gap=0ns"));
    }

    @Test
    void wakeJitterAboveTheLatencyIsRefusedWhereItIsSet() {
        InputError set = assertThrows(InputError.class, () -> Builtins.get("short-release")
                .params(List.of("wake_jitter=61us")));
        assertTrue(set.getMessage().startsWith("--set wake_jitter=61us: wake_jitter (61us) must not exceed "
                + "wake_latency (60us)"), set.getMessage());
        Builtins.get("short-release").params(List.of("wake_jitter=60us"));
        InputError file = assertThrows(InputError.class, () -> ScenarioFile.parse("f.yaml",
                "name: x\nparams:\n  cores: 2\n  wake_latency: 10us\nthreads:\n  - name: a\n    program: "
                        + "[compute: 1ms]\n"));
        assertTrue(file.getMessage().startsWith("f.yaml:4: wake_jitter (30us) must not exceed wake_latency "
                + "(10us)"), file.getMessage());
    }

    @Test
    void aPinnedCoreMustExistUnlessEveryThreadIsPinnedToCoreZero() {
        String text = "name: x\nthreads:\n  - name: a\n    core: 1\n    program: [compute: 1ms]\n";
        Scenario s = ScenarioFile.parse("f.yaml", text);
        InputError e = assertThrows(InputError.class, () -> s.params(List.of("cores=1")));
        assertEquals("f.yaml:4 with --set cores=1: threads[0].core: core 1 does not exist on a machine of 1 cores",
                e.getMessage());
        s.params(List.of("cores=1", "pinned=true"));
    }

    @Test
    void emptyLoopsAndProgramsSayWhatIsMissing() {
        InputError loop = assertThrows(InputError.class, () -> ScenarioFile.parse("f.yaml",
                "name: x\nthreads:\n  - name: a\n    program:\n      - loop: []\n"));
        assertEquals("f.yaml:5: threads[0].program[0].loop: a loop needs at least one step", loop.getMessage());
        InputError body = assertThrows(InputError.class, () -> ScenarioFile.parse("f.yaml",
                "name: x\nthreads:\n  - name: a\n    program:\n      - loop: {times: 2, body: []}\n"));
        assertEquals("f.yaml:5: threads[0].program[0].loop.body: a loop needs at least one step",
                body.getMessage());
        InputError program = assertThrows(InputError.class, () -> ScenarioFile.parse("f.yaml",
                "name: x\nthreads:\n  - name: a\n    program: []\n"));
        assertEquals("f.yaml:4: threads[0].program: a program needs at least one step", program.getMessage());
    }

    @Test
    void aStepLongerThanAnyRunIsRefused() {
        InputError e = assertThrows(InputError.class, () -> ScenarioFile.parse("f.yaml",
                "name: x\nthreads:\n  - name: a\n    program:\n      - sleep: 4611686018s\n"));
        assertEquals("f.yaml:5: threads[0].program[0].sleep: must be at most 3600s, got 4611686018s",
                e.getMessage());
    }

    @Test
    void loadReadsARegularFileAndRefusesAnythingElse() throws IOException {
        Path ok = dir.resolve("ok.yaml");
        Files.writeString(ok, CONVOY);
        assertEquals("pinned-convoy", ScenarioFile.load(ok).name());
        InputError folder = assertThrows(InputError.class, () -> ScenarioFile.load(dir));
        assertEquals(dir + ": cannot read: not a regular file (a directory)", folder.getMessage());
        Path big = dir.resolve("big.yaml");
        Files.writeString(big, "# " + "x".repeat(ScenarioFile.MAX_BYTES) + "\n");
        InputError tooBig = assertThrows(InputError.class, () -> ScenarioFile.load(big));
        assertEquals(big + ": cannot read: larger than 1 MiB, too large for a scenario file", tooBig.getMessage());
        Path binary = dir.resolve("bin.yaml");
        Files.write(binary, new byte[] {(byte) 0xff, (byte) 0xfe, 0});
        assertEquals(binary + ": cannot read: not UTF-8 text",
                assertThrows(InputError.class, () -> ScenarioFile.load(binary)).getMessage());
    }

    @Test
    void theScenarioFilesInTheRepositoryStillRead() {
        for (String name : List.of("convoy", "short-release", "slice-rotation")) {
            Scenario s = ScenarioFile.load(Path.of("scenarios", name + ".yaml"));
            s.workload().apply(s.params());
        }
    }
}
