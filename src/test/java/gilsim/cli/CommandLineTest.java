package gilsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.search.Launcher;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The command line's edges: output paths checked before any work, search limits, chart options that do not apply,
 * bench counts, help. Bad input is one line on stderr naming the option, exit code 2, no stack trace, nothing on
 * stdout and nothing created.
 */
class CommandLineTest {
    @TempDir
    Path dir;

    record Result(int code, String out, String err) {}

    private static Result gilsim(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> Main.execute(args, new PrintWriter(out), new PrintWriter(err)), String.join(" ", args));
        return new Result(code, out.toString(), err.toString());
    }

    private List<Path> tree() throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.sorted().toList();
        }
    }

    /** Exit 2, one line naming each of {@code mustContain}, no stack trace, nothing on stdout, nothing created. */
    private void assertRejected(String[] args, String... mustContain) throws IOException {
        List<Path> before = tree();
        Result r = gilsim(args);
        String what = String.join(" ", args) + " -> " + r.err();
        assertEquals(2, r.code(), what);
        assertEquals("", r.out(), what);
        assertEquals(1, r.err().strip().lines().count(), "one line: " + what);
        assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), "no stack trace: " + what);
        for (String m : mustContain) assertTrue(r.err().contains(m), "'" + m + "' missing: " + what);
        assertEquals(before, tree(), "nothing created: " + what);
    }

    private static String[] args(String... a) {
        return a;
    }

    // --- output paths ------------------------------------------------------------------------------------------

    @Test
    void aTraceIntoADirectoryOrTheRootIsRefusedBeforeTheRun() throws IOException {
        // A 600 s run would take a while; the refusal must come first.
        String longRun = "duration=600s";
        assertRejected(args("run", "short-release", "--set", longRun, "--trace", dir.toString()), "--trace",
                dir.toString(), "is a directory");
        assertRejected(args("run", "short-release", "--set", longRun, "--trace", "/"), "--trace /", "is a directory");
    }

    @Test
    void aMissingDirectoryIsNamedAndNeverCreated() throws IOException {
        Path missing = dir.resolve("missing").resolve("deeper").resolve("x.json");
        assertRejected(args("run", "short-release", "--trace", missing.toString()), "--trace", "does not exist");
        assertFalse(Files.exists(dir.resolve("missing")));
        assertRejected(args("chart", "short-release", "--kind", "timeline", "--out",
                dir.resolve("missing/x.png").toString()), "--out", "does not exist");
        assertRejected(args("search", "short-release", "--over", "work=1ms..3ms", "--csv",
                dir.resolve("missing/x.csv").toString()), "--csv", "does not exist");
        assertFalse(Files.exists(dir.resolve("missing")));
    }

    @Test
    void aFileInPlaceOfADirectoryAndADirectoryInPlaceOfAFile() throws IOException {
        Path file = Files.writeString(dir.resolve("plain.txt"), "x");
        assertRejected(args("run", "short-release", "--trace", file.resolve("t.json").toString()), "--trace",
                "is not a directory");
        Path pngDir = Files.createDirectory(dir.resolve("picture.png"));
        assertRejected(args("chart", "short-release", "--kind", "timeline", "--out", pngDir.toString()), "--out",
                "is a directory");
        assertRejected(args("chart", "short-release", "--kind", "timeline", "--out", "/"), "--out /");
        assertRejected(args("search", "short-release", "--over", "work=1ms..3ms", "--csv", dir.toString()), "--csv",
                "is a directory");
    }

    @Test
    void aPlaceThatTakesNoFileIsRefused() throws IOException {
        // /proc takes no new file, even for root; skip where there is no /proc.
        if (!Files.isDirectory(Path.of("/proc/self"))) return;
        assertRejected(args("run", "short-release", "--trace", "/proc/gilsim-trace.json"), "--trace",
                "cannot write in directory /proc");
        assertRejected(args("run", "short-release", "--trace", "/dev/null"), "--trace /dev/null",
                "not a regular file");
    }

    @Test
    void goodOutputsAreWrittenWholeWithNoTemporaryFileLeft() throws IOException {
        Path trace = dir.resolve("t.json");
        Result r = gilsim("run", "short-release", "--set", "duration=20ms", "--trace", trace.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.readString(trace).startsWith("{"));
        Path csv = dir.resolve("s.csv");
        r = gilsim("search", "short-release", "--over", "work=1ms..3ms:1ms", "--set", "duration=20ms", "--exhaustive",
                "--csv", csv.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of(dir, csv, trace), tree(), "only the two outputs");
    }

    // --- search limits -----------------------------------------------------------------------------------------

    @Test
    void emptyListsAreRefusedForEveryKind() throws IOException {
        for (String over : List.of("work=,", "pinned=,", "policy=,", "work=", "cores=1,,2", "policy=cpython,")) {
            assertRejected(args("search", "short-release", "--over", over), "--over " + over);
        }
    }

    @Test
    void rangesNearLongMaxDoNotWrapAround() throws IOException {
        // Stepping by adding to the value wrapped past Long.MAX_VALUE and never ended; now each range is counted
        // and the space is refused by size before anything runs.
        long max = Long.MAX_VALUE;
        assertRejected(args("search", "short-release", "--over", "work=1ns..100000ns:1ns",
                "--over", "interval=1ns..100000ns:1ns", "--exhaustive"), "--exhaustive",
                "more than 1000000 configurations");
        // Keys refuse values past their limit, so a span near Long.MAX names the key's limit first.
        assertRejected(args("search", "slice-rotation", "--over", "threads=" + (max - 99_999) + ".." + max),
                "--over threads=", "at most 1024");
        assertRejected(args("search", "slice-rotation", "--over", "max_events=1.." + max), "--over max_events=");
        assertRejected(args("search", "short-release", "--over", "work=0ns..1s:1ns", "--exhaustive"),
                "--over work=", "at most 100000");
    }

    @Test
    void searchCountsHaveLimits() throws IOException {
        String[] base = {"search", "short-release", "--over", "work=1ms..2ms"};
        for (String n : List.of("2147483647", "1073741824", "1000001", "0", "-1")) {
            assertRejected(concat(base, "--examples", n), "--examples " + n, "1..1,000,000");
        }
        for (String n : List.of("1073741824", "1001", "0")) {
            assertRejected(concat(base, "--seeds-per-config", n), "--seeds-per-config " + n, "1..1,000");
        }
        assertRejected(concat(base, "--jobs", "0"), "--jobs 0");
        assertRejected(concat(base, "--examples", "10", "--exhaustive"), "--examples", "--exhaustive");
    }

    @Test
    void theLargestSearchAllowedIsStillASearch() {
        // The top of the range tries configurations; it never reports "no counterexample in 0 configurations".
        Result r = gilsim("search", "short-release", "--over", "pinned=*", "--set", "duration=20ms",
                "--examples", "1000000", "--seeds-per-config", "1");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("no counterexample in 2 configurations (2 runs)"), r.out());
    }

    // --- chart options -----------------------------------------------------------------------------------------

    @Test
    void anOptionOfAnotherKindIsAnError() throws IOException {
        String out = dir.resolve("c.png").toString();
        assertRejected(args("chart", "short-release", "--kind", "cdf", "--compare", "keep=true", "--out", out),
                "--compare", "--kind cdf");
        assertRejected(args("chart", "short-release", "--kind", "timeline", "--compare", "pinned=true", "--out", out),
                "--compare", "--kind timeline");
        assertRejected(args("chart", "short-release", "--kind", "timeline", "--third", "pinned=true", "--out", out),
                "--third");
        assertRejected(args("chart", "short-release", "--kind", "cdf", "--of", "cdf", "--out", out), "--of");
        assertRejected(args("chart", "short-release", "--kind", "timeline", "--x", "work", "--out", out), "--x");
        assertRejected(args("chart", "--kind", "heatmap", "--csv", "a.csv", "--x", "a", "--y", "b", "--set",
                "work=1ms", "--out", out), "--set", "--kind heatmap");
        assertRejected(args("chart", "--kind", "heatmap", "--csv", "a.csv", "--x", "a", "--y", "b", "--window",
                "0..1ms", "--out", out), "--window");
        assertRejected(args("chart", "short-release", "--kind", "heatmap", "--csv", "a.csv", "--x", "a", "--y", "b",
                "--out", out), "takes no scenario");
    }

    @Test
    void aCompareKeyTheScenarioLacksIsNamedAsCompare() throws IOException {
        String out = dir.resolve("c.png").toString();
        Result r = gilsim("chart", "short-release", "--kind", "compare", "--compare", "keep=true", "--out", out);
        assertRejected(args("chart", "short-release", "--kind", "compare", "--compare", "keep=true", "--out", out),
                "--compare keep=true", "unknown key 'keep'");
        assertFalse(r.err().contains("--set"), r.err());
        assertRejected(args("chart", "short-release", "--kind", "compare", "--compare", "pinned=true", "--third",
                "work=fast", "--out", out), "--third work=fast", "not a duration");
        assertRejected(args("chart", "short-release", "--kind", "compare", "--compare", "pinned", "--out", out),
                "--compare pinned");
    }

    @Test
    void aRunOfNoTimeHasNothingToDraw() throws IOException {
        String out = dir.resolve("c.png").toString();
        for (String kind : List.of("timeline", "cdf")) {
            assertRejected(args("chart", "short-release", "--kind", kind, "--set", "duration=0ns", "--out", out),
                    "duration: must be at least 1us");
        }
        assertRejected(args("chart", "short-release", "--kind", "compare", "--compare", "pinned=true", "--set",
                "duration=0ns", "--out", out), "duration: must be at least 1us");
    }

    // --- bench ------------------------------------------------------------------------------------------------

    @Test
    void benchCountsAreChecked() throws IOException {
        assertRejected(args("bench", "--runs", "0"), "--runs 0");
        assertRejected(args("bench", "--runs", "-1"), "--runs -1");
        assertRejected(args("bench", "--warmup", "-1"), "--warmup -1");
        assertRejected(args("bench", "short-release", "--runs", "1", "--set", "wrok=1"), "wrok");
        Result r = gilsim("bench", "short-release", "--runs", "1", "--warmup", "0", "--set", "duration=10ms");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("scenario"), r.out());
        // The figures say which JVM made them: the collector this test's JVM runs, and its processors.
        String last = r.out().strip().lines().reduce((a, b) -> b).orElseThrow();
        String collector = java.lang.management.ManagementFactory.getGarbageCollectorMXBeans().get(0).getName();
        assertTrue(last.startsWith("# java ") && last.contains(collector)
                && last.contains(Runtime.getRuntime().availableProcessors() + " processor"), r.out());
    }

    // --- compare ----------------------------------------------------------------------------------------------

    @Test
    void compareReadsEveryScenarioAndArmBeforeItsFirstRun() throws IOException {
        String csv = dir.resolve("c.csv").toString();
        assertRejected(args("compare", "short-release", "--policies", "nogil", "--csv", csv),
                "--policies nogil", "unknown policy 'nogil'", "fifo-ticket");
        assertRejected(args("compare", "short-release", "--policies", "cpython,,fifo-ticket"), "--policies");
        assertRejected(args("compare", "short-release", "--policies", "fifo-ticket,fifo-ticket"), "given twice");
        assertRejected(args("compare", "short-release", "short-relase", "--csv", csv), "short-relase",
                "no built-in scenario");
        assertRejected(args("compare", "short-release", "short-release"), "given twice");
        assertRejected(args("compare", "short-release", "--set", "work=fast"), "--set work=fast");
        assertRejected(args("compare", "short-release", "--set", "work"), "--set work", "key=value");
        // A key of one scenario only is unknown to the other; the runs of the first never start.
        assertRejected(args("compare", "short-release", "slice-rotation", "--set", "work=1ms", "--csv", csv),
                "work", "slice-rotation");
        // The old GIL has no hand-off policy: the arm is named.
        assertRejected(args("compare", "short-release", "--set", "python=2.7", "--policies", "fifo-ticket"),
                "arm policy=fifo-ticket", "old GIL");
        assertRejected(args("compare", "short-release", "--csv", dir.resolve("no/c.csv").toString()), "--csv",
                "does not exist");
    }

    // --- help and replay lines ---------------------------------------------------------------------------------

    @Test
    void helpRunAndRunHelpGiveTheExitCodes() {
        Result viaHelp = gilsim("help", "run");
        Result viaOption = gilsim("run", "--help");
        assertEquals(0, viaHelp.code(), viaHelp.err());
        assertEquals(viaOption.out(), viaHelp.out());
        assertTrue(viaHelp.out().contains("Exit codes:"), viaHelp.out());
        for (String code : List.of("  0 ", "  2 ", "  3 ")) assertTrue(viaHelp.out().contains(code), viaHelp.out());
    }

    /** Every option of every command is in its --help and in that command's synopsis in the README. */
    @Test
    void everyOptionIsInItsHelpAndInTheReadme() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        int open = readme.indexOf("```", readme.indexOf("## Commands"));
        String block = readme.substring(open, readme.indexOf("```", open + 3));
        CommandLine top = new CommandLine(new Main());
        List<String> missing = new ArrayList<>();
        for (CommandLine sub : top.getSubcommands().values()) {
            CommandSpec spec = sub.getCommandSpec();
            if (spec.name().equals("help")) continue;
            String synopsis = synopsis(block, spec.name());
            if (synopsis.isEmpty()) missing.add("README's Commands block has no line for gilsim " + spec.name());
            String help = sub.getUsageMessage();
            for (OptionSpec o : spec.options()) {
                if (o.usageHelp() || o.versionHelp()) continue;
                Pattern word = Pattern.compile("(?<![\\w-])" + Pattern.quote(o.longestName()) + "(?![\\w-])");
                if (!word.matcher(help).find()) missing.add("gilsim " + spec.name() + " --help lacks " + o.longestName());
                if (!word.matcher(synopsis).find()) {
                    missing.add("README's synopsis of gilsim " + spec.name() + " lacks " + o.longestName());
                }
            }
        }
        assertTrue(missing.isEmpty(), String.join("\n", missing));
    }

    /** The lines of {@code block} that start with {@code gilsim NAME}, each with the indented lines after it. */
    private static String synopsis(String block, String name) {
        StringBuilder b = new StringBuilder();
        boolean in = false;
        for (String line : block.lines().toList()) {
            if (!line.startsWith(" ")) in = line.startsWith("gilsim " + name + " ") || line.equals("gilsim " + name);
            if (in) b.append(line).append('\n');
        }
        return b.toString();
    }

    @Test
    void replayLinesNameTheJarSoTheyRunAsPasted() {
        // The tests run from target/classes in the project directory: the jar is the one this build packages.
        assertEquals(List.of("java", "-jar", "target/gilsim.jar"), Launcher.words());
        Result overview = gilsim();
        assertTrue(overview.out().lines().filter(l -> l.startsWith("short-release") || l.startsWith("slice-rotation"))
                .allMatch(l -> l.contains("  java -jar target/gilsim.jar run ")), overview.out());
        Result search = gilsim("search", "short-release", "--over", "work=1ms", "--set", "duration=150ms",
                "--seeds-per-config", "1");
        assertEquals(1, search.code(), search.err());
        assertTrue(search.out().contains("\n  java -jar target/gilsim.jar run short-release --set duration=150ms "
                + "--set work=1ms --seed 1\n"), search.out());
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = new String[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
