package gilsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input: one line on stderr naming the file, line and field; exit code 2; no stack trace; nothing on stdout. */
class BadInputTest {
    @TempDir
    Path dir;

    private static String[] result(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out), new PrintWriter(err));
        return new String[] {String.valueOf(code), out.toString(), err.toString()};
    }

    private static void assertRejected(String[] r, String... mustContain) {
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
        assertRejected(result("run", "short-release", "--seed", "abc"), "--seed", "'abc'", "gilsim run --help");
        assertRejected(result("run", "short-release", "--bogus"), "--bogus");
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
}
