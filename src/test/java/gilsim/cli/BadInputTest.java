package gilsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input: one line on stderr naming the file, line and field; exit code 2; no stack trace; nothing on stdout. */
class BadInputTest {
    @TempDir
    Path dir;

    private static String[] result(String... args) {
        // A refusal is immediate: the defects these cases guard against ran for seconds or until memory was gone.
        return assertTimeoutPreemptively(Duration.ofSeconds(10), () -> run(args), () -> String.join(" ", args));
    }

    /** {@code {exit code, stdout, stderr}}; PythonVersionInputTest uses it too. */
    static String[] run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out), new PrintWriter(err));
        return new String[] {String.valueOf(code), out.toString(), err.toString()};
    }

    static void assertRejected(String[] r, String... mustContain) {
        assertEquals("2", r[0], r[2]);
        assertEquals("", r[1], "nothing on stdout");
        assertEquals(1, r[2].strip().lines().count(), "one line: " + r[2]);
        assertFalse(r[2].contains("Exception") || r[2].contains("\tat "), "no stack trace: " + r[2]);
        for (String m : mustContain) assertTrue(r[2].contains(m), "'" + m + "' missing from: " + r[2]);
    }

    private Path file(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void unknownKey() {
        assertRejected(result("run", "short-release", "--set", "wrok=2ms"), "--set wrok=2ms", "unknown key 'wrok'");
    }

    @Test
    void malformedDuration() {
        assertRejected(result("run", "short-release", "--set", "work=2 parsecs"), "work", "not a duration");
    }

    @Test
    void zeroAndNegativeCounts() {
        assertRejected(result("run", "short-release", "--set", "cores=0"), "cores", "at least 1");
        assertRejected(result("run", "short-release", "--set", "cores=-2"), "cores", "at least 1");
    }

    @Test
    void missingFile() {
        assertRejected(result("run", dir.resolve("nope.yaml").toString()), "nope.yaml", "cannot read");
    }

    @Test
    void aBadOptionIsOneLineNotTheWholeUsage() {
        assertRejected(result("run", "short-release", "--seed", "abc"), "--seed abc: not a whole number",
                "gilsim run --help");
        assertRejected(result("run", "short-release", "--bogus"), "unknown option '--bogus'");
    }

    /** A slip of the keyboard gets the nearest name, in the tool's own words. */
    @Test
    void theNearestNameIsOffered() {
        assertRejected(result("runn", "short-release"), "no command 'runn'; did you mean 'run'?");
        assertRejected(result("run", "short-relase"), "did you mean 'short-release'?");
        assertRejected(result("run", "short-release", "--set", "pined=true"), "unknown key 'pined'",
                "did you mean 'pinned'?");
        assertRejected(result("search", "short-release", "--over", "wrk=1ms..2ms"), "did you mean 'work'?");
        assertRejected(result("run", "short-release", "--sed", "2"), "unknown option '--sed'; did you mean '--se");
        // Nothing near: no guess.
        assertRejected(result("run", "short-release", "--set", "zzzzzz=1"), "unknown key 'zzzzzz'");
        assertFalse(result("run", "short-release", "--set", "zzzzzz=1")[2].contains("did you mean"));
    }

    /** A key of the file's own that no step reads: a search over it would try identical runs (a false all-clear). */
    @Test
    void aKeyNothingReadsIsRefusedBySearchAndNamedByRun() throws IOException {
        Path p = file("unused.yaml", "name: unused\nparams: {workers: 4, io_work: 20us, duration: 20ms}\nthreads:\n"
                + "  - name: accept\n    program: [{loop: [{sleep: 1ms}, {compute: $io_work}]}]\n");
        assertRejected(result("search", p.toString(), "--over", "workers=2..8", "--property",
                "round_p99(accept) < 10ms"), "--over workers=2..8: workers changes nothing in " + p, "line 2");
        String[] run = result("run", p.toString());
        assertEquals("0", run[0], run[2]);
        assertEquals(List.of("gilsim: warning: workers changes nothing in " + p + ": no step, count or parameter reads "
                + "it (params.workers, line 2; a step reads a key as $workers)"), run[2].lines().toList());
        // The key a step reads is searched as before.
        assertEquals("0", result("search", p.toString(), "--over", "io_work=10us..50us", "--examples", "2")[0]);
    }

    @Test
    void versionAndHelpTakeNothingElse() {
        assertRejected(result("--version", "extra"), "--version takes nothing else; unexpected 'extra'");
        assertRejected(result("scenarios", "extra"), "unexpected argument 'extra'");
    }

    @Test
    void aTabOrABadIndentationIsSaidOnItsLine() throws IOException {
        Path tab = file("tab.yaml", "name: t\nthreads:\n\t- name: a\n");
        assertRejected(result("run", tab.toString()), tab + ":3: a tab in the indentation");
        Path indent = file("indent.yaml", "name: t\nthreads:\n  - name: a\n   program: []\n");
        assertRejected(result("run", indent.toString()), indent + ":4: the indentation does not fit");
    }

    @Test
    void unknownScenarioName() {
        assertRejected(result("run", "short-relase"), "short-relase", "no built-in scenario");
    }

    @Test
    void malformedYaml() throws IOException {
        Path p = file("bad.yaml", "name: x\nthreads:\n  - name: a\n    program: [compute: 1ms\n");
        assertRejected(result("run", p.toString()), p.toString() + ":", "malformed YAML");
    }

    @Test
    void badDurationInAFileNamesTheLineAndField() throws IOException {
        Path p = file("dur.yaml", "name: x\nthreads:\n  - name: a\n    program:\n      - loop:\n"
                + "          - compute: 2 ms please\n");
        assertRejected(result("run", p.toString()), p + ":6:", "threads[0].program[0].loop[0].compute",
                "not a duration");
    }

    @Test
    void unknownFieldAndZeroCountInAFile() throws IOException {
        Path p = file("field.yaml", "name: x\nparams:\n  cores: 0\nthreads:\n  - name: a\n    program:\n"
                + "      - compute: 1ms\n");
        assertRejected(result("run", p.toString()), p + ":3:", "params.cores", "at least 1");
        Path q = file("field2.yaml", "name: x\nthreads:\n  - name: a\n    progam:\n      - compute: 1ms\n");
        assertRejected(result("run", q.toString()), q + ":5:", "threads[0].progam", "unknown field");
    }

    @Test
    void anEndlessLoopThatTakesNoTimeIsRefused() throws IOException {
        Path p = file("idle.yaml", "name: x\nthreads:\n  - name: a\n    program:\n      - loop:\n"
                + "          - compute: 0ns\n");
        assertRejected(result("run", p.toString()), p + ":5:", "a loop with no duration",
                "threads[0].program[0].loop takes 0ns");
    }

    @Test
    void aRunawayIsStoppedAndSaysSo() {
        String[] r = result("run", "short-release", "--set", "max_events=100");
        assertEquals("3", r[0]);
        assertTrue(r[2].contains("event budget of 100 events"), r[2]);
    }

    @Test
    void helpAndVersion() {
        String[] h = result("--help");
        assertEquals("0", h[0]);
        assertTrue(h[1].contains("run"), h[1]);
        String[] v = result("--version");
        assertEquals("0", v[0]);
        assertTrue(v[1].startsWith("gilsim "), v[1]);
    }

    @Test
    void jsonIsExactlyOneObject() throws IOException {
        String[] r = result("run", "short-release", "--json");
        assertEquals("0", r[0]);
        var node = new com.fasterxml.jackson.databind.ObjectMapper().readTree(r[1]);
        assertTrue(node.isObject());
        for (String f : new String[] {"scenario", "seed", "params", "simulated_ns", "events", "verdict",
                "starved_threads", "threads", "gil"}) {
            assertTrue(node.has(f), f);
        }
    }

    // Values the parser used to accept and the model could not run: each refused when read, naming key and limit.

    @Test
    void aTimesliceOfNothingIsRefusedNotAStackTrace() {
        assertRejected(result("run", "short-release", "--set", "timeslice=0ns"), "--set timeslice=0ns",
                "timeslice: must be at least 1us");
    }

    @Test
    void countsNearTwoToTheThirtyOneAreRefusedWithTheCeiling() {
        assertRejected(result("run", "short-release", "--set", "cores=3000000000"), "--set cores=3000000000",
                "cores: must be at most 1024");
        assertRejected(result("run", "slice-rotation", "--set", "threads=2147483647"), "threads: must be at most 1024");
        assertRejected(result("run", "slice-rotation", "--set", "connections=2147483647"),
                "connections: must be at most 100000");
        assertRejected(result("run", "short-release", "--set", "max_events=9223372036854775807"),
                "max_events: must be at most 1000000000");
        assertRejected(result("run", "short-release", "--set", "cores=99999999999999999999999"),
                "cores: must be at most 1024");
    }

    @Test
    void durationsWhoseSumsWouldOverflowAreRefused() {
        assertRejected(result("run", "short-release", "--set", "duration=4611686018s"),
                "duration: must be at most 3600s");
        assertRejected(result("run", "short-release", "--set", "work=4611686018s"), "work: must be at most 3600s");
        assertRejected(result("run", "slice-rotation", "--set", "view=9999999999999999999999s"),
                "view: must be at most 3600s");
        assertRejected(result("run", "short-release", "--set", "interval=0ns"), "interval: must be at least 1ns");
    }

    @Test
    void aLimitInAFileNamesTheFileLineAndField() throws IOException {
        Path p = file("big.yaml", "name: x\nparams:\n  duration: 1s\n  cores: 3000000000\nthreads:\n  - name: a\n"
                + "    program:\n      - compute: 1ms\n");
        assertRejected(result("run", p.toString()), p + ":4:", "params.cores: must be at most 1024");
        Path q = file("step.yaml", "name: x\nthreads:\n  - name: a\n    program:\n      - compute: 3601s\n");
        assertRejected(result("run", q.toString()), q + ":5:", "threads[0].program[0].compute",
                "must be at most 3600s");
    }

    @Test
    void loopsOfNoDurationAreRefusedWhenReadNotStoppedByTheBudget() throws IOException {
        Path p = file("release.yaml", "name: x\nthreads:\n  - name: a\n    program:\n      - loop: [release: 0ns]\n");
        assertRejected(result("run", p.toString()), p + ":5:", "a loop with no duration",
                "every step of threads[0].program[0].loop takes 0ns, so it would never advance time");
        assertRejected(result("run", "short-release", "--set", "work=0ns", "--set", "release=0ns", "--set",
                "sleep=0ns"), "--set work=0ns --set release=0ns --set sleep=0ns", "a loop with no duration",
                "worker's loop");
        assertRejected(result("run", "slice-rotation", "--set", "view=0ns", "--set", "overhead=0ns", "--set",
                "client_gap=0ns"), "a pool with no duration");
        assertRejected(result("search", "short-release", "--set", "work=0ns", "--set", "release=0ns", "--over",
                "interval=1ms..5ms"), "a loop with no duration");
    }

    @Test
    void aKeyOfTheFileSetToZeroNamesTheFileLineAndTheOption() throws IOException {
        Path p = file("io.yaml", "name: x\nparams:\n  io: 1ms\nthreads:\n  - name: a\n    program:\n"
                + "      - loop:\n          - sleep: $io\n");
        assertRejected(result("run", p.toString(), "--set", "io=0ns"), p + ":7 with --set io=0ns",
                "a loop with no duration");
    }

    @Test
    void aSpaceInADurationIsRefusedTheSameWayInSetAndInAFile() throws IOException {
        assertRejected(result("run", "short-release", "--set", "work=5 ms"), "work: '5 ms' is not a duration",
                "write 5ms, no space");
        Path p = file("space.yaml", "name: x\nthreads:\n  - name: a\n    program:\n      - compute: 5 ms\n");
        assertRejected(result("run", p.toString()), p + ":5:", "threads[0].program[0].compute",
                "write 5ms, no space");
    }

    @Test
    void anEmptyLoopSaysALoopNeedsAStep() throws IOException {
        Path p = file("empty.yaml", "name: x\nthreads:\n  - name: a\n    program:\n      - loop: []\n");
        assertRejected(result("run", p.toString()), p + ":5:", "threads[0].program[0].loop",
                "a loop needs at least one step");
    }

    @Test
    void wakeJitterAboveTheLatencyIsRefusedBeforeTheRun() {
        assertRejected(result("run", "short-release", "--set", "wake_jitter=100us"), "--set wake_jitter=100us",
                "wake_jitter (100us) must not exceed wake_latency (60us)");
    }

    @Test
    void aCoreTheMachineLacksIsRefusedWithTheLineOfTheCore() throws IOException {
        Path p = file("core.yaml", "name: x\nthreads:\n  - name: a\n    core: 2\n    program: [compute: 1ms]\n");
        assertRejected(result("run", p.toString()), p + ":4:", "threads[0].core: core 2 does not exist on a "
                + "machine of 2 cores");
    }

    @Test
    void anythingButASmallRegularFileIsRefusedBeforeItIsRead() throws IOException {
        if (Files.exists(Path.of("/dev/zero"))) {
            assertRejected(result("run", "/dev/zero"), "/dev/zero: cannot read: not a regular file");
        }
        assertRejected(result("run", dir.toString()), dir + ": cannot read: not a regular file (a directory)");
        Path big = file("big.yaml", "#".repeat(2 << 20));
        assertRejected(result("run", big.toString()), big + ": cannot read: larger than 1 MiB");
    }
}
