package gilsim.badinput;

import static org.junit.jupiter.api.Assertions.fail;

import gilsim.cli.Main;
import gilsim.scenario.Builtins;
import gilsim.scenario.Key;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Bad input of every kind, generated: malformed and extreme values for every key of every built-in on every
 * command, every option of run, search, chart and bench, output paths that cannot be written, scenario files broken
 * field by field, search CSVs broken for the heat map, runs stopped by their event budget, and the heavy cases
 * (values near 2^31 and 2^63, zero-time loops, /dev/zero, a named pipe). See {@link Harness} for what each case
 * must get: one line {@code gilsim: ...} on stderr, exit 2 (3 only for the event budget), no stack trace,
 * nothing on stdout, nothing written or created, and an answer within the time limit.
 *
 * <p>Cases are drawn with QuickTheories from a fixed base seed ({@link #DEFAULT_SEED}); {@code
 * -Dgilsim.badinput.seed=N} draws another set. Every case of a test runs (the test does not stop at the first
 * failure) and the failures are reported grouped by cause, each with its seed, its command line and files, and the
 * Maven command that replays it; {@code -Dgilsim.badinput.case=keys:17} runs one case alone. The full list is also
 * written to {@code target/badinput-report.txt}. Other knobs: {@code -Dgilsim.badinput.timeout=SECONDS} (10),
 * {@code -Dgilsim.badinput.scale=K} multiplies the number of drawn values (1).
 *
 * <p>Each test asserts that it ran at least a minimum number of cases and that every key, option and family it
 * promises had at least one, so that it cannot pass by running nothing. The option check reads the options from
 * picocli, so a new option of run, search, chart or bench fails it until it has a bad-input case here.
 *
 * <p>Judgement calls, beyond the cases issue 8 names: an option another kind of chart uses ({@code --third} with
 * a timeline or a CDF) is refused like {@code --compare}; {@code bench --runs} or {@code --warmup} of 2^31-1 and a
 * negative {@code --warmup} are refused; a named pipe as a scenario or CSV must not block; a line break inside a
 * value must not break the one line on stderr; a single NaN cell in a heat-map CSV is refused; a zero-time m0 pool
 * ({@code view=0ns overhead=0ns client_gap=0ns}) is refused like the built-in's zero-time loop. Left out because a
 * fix may reasonably accept them: {@code 5 ms} with a space (the issue leaves it open), a bare {@code 0}, case
 * variants of booleans and choices, Unicode digits in counts (Java's parsers take them), leading or trailing
 * control characters ({@code String.trim()} drops them), NUL characters in arguments (a shell cannot pass them),
 * and large durations that still run quickly ({@code sleep=146 years} is a valid two-second run).
 *
 * <p>Exit 3 is accepted only where a run may really be stopped by its budget (the eventBudget cases, and
 * durations whose sums overflow); everywhere else the input must be refused when it is read, with exit 2.
 */
class BadInputPropertiesTest {
    static final long DEFAULT_SEED = 20260815L;
    static final long SEED = Long.getLong("gilsim.badinput.seed", DEFAULT_SEED);
    static final long LIMIT_MS = 1000L * Long.getLong("gilsim.badinput.timeout", 10L);
    static final int SCALE = Integer.getInteger("gilsim.badinput.scale", 1);
    static final String ONLY = System.getProperty("gilsim.badinput.case", "");

    @TempDir
    static Path root;

    @BeforeAll
    static void announce() throws IOException {
        System.out.println("BadInputPropertiesTest: seed " + SEED + "; replay with " + replay(null));
        Path report = report();
        Files.createDirectories(report.getParent());
        Files.writeString(report, "gilsim bad-input suite, seed " + SEED + "\n" + replay(null) + "\n\n",
                StandardCharsets.UTF_8);
    }

    static Path report() {
        return Path.of("target", "badinput-report.txt");
    }

    static String replay(String test) {
        return "mvn -B -o test -Dtest=BadInputPropertiesTest" + (test == null ? "" : "#" + test)
                + " -Dgilsim.badinput.seed=" + SEED;
    }

    // ------------------------------------------------------------------------------------------------ the tests

    @Test
    void keys() {
        List<Harness.Result> results = runAll("keys", BadInputs.keys(SEED, 6 * SCALE), 1000);
        // Every key of every built-in, on every command.
        Set<String> features = features(results);
        for (String cmd : BadInputs.COMMANDS) {
            for (String name : Builtins.names()) {
                for (Key k : Builtins.get(name).keys()) {
                    requireCovered(features, cmd + " --set " + k.name());
                }
            }
            requireCovered(features, cmd + " --set waiters");
        }
        report("keys", results);
    }

    @Test
    void options() {
        List<Harness.Result> results = runAll("options", BadInputs.options(SEED, 4 * SCALE), 250);
        Set<String> features = features(results);
        CommandLine cl = new CommandLine(new Main());
        for (String cmd : BadInputs.plus(BadInputs.COMMANDS, "report")) {
            for (OptionSpec o : cl.getSubcommands().get(cmd).getCommandSpec().options()) {
                if (o.usageHelp() || o.versionHelp()) continue;
                requireCovered(features, cmd + " " + o.longestName());
            }
        }
        report("options", results);
    }

    @Test
    void outputs() {
        List<Harness.Result> results = runAll("outputs", BadInputs.outputs(SEED, 20 * SCALE), 80);
        Set<String> features = features(results);
        for (BadInputs.Writer w : BadInputs.writers("short-release")) {
            for (BadInputs.Place p : BadInputs.places(SEED)) requireCovered(features, w.label() + " into " + p.label());
        }
        for (BadCase c : BadInputs.beforeTheWork()) requireCovered(features, c.feature());
        report("outputs", results);
    }

    @Test
    void scenarioFiles() {
        List<Harness.Result> results = runAll("files", FileInputs.files(SEED, 6 * SCALE), 150);
        Set<String> features = features(results);
        for (FileInputs.Family f : FileInputs.families()) requireCovered(features, "file " + f.name());
        requireCovered(features, "file path");
        report("scenarioFiles", results);
    }

    @Test
    void heatmapCsvs() {
        List<Harness.Result> results = runAll("csv", FileInputs.csv(SEED, 5 * SCALE), 40);
        Set<String> features = features(results);
        for (FileInputs.CsvFamily f : FileInputs.csvFamilies()) requireCovered(features, "csv " + f.name());
        requireCovered(features, "csv path");
        report("heatmapCsvs", results);
    }

    @Test
    void runaways() {
        List<Harness.Result> results = runAll("runaway", BadInputs.runaways(), 30);
        report("runaways", results);
    }

    @Test
    void eventBudget() {
        List<Harness.Result> results = runAll("budget", BadInputs.budget(SEED, 12 * SCALE), 20);
        report("eventBudget", results);
    }

    @Test
    void heavy() {
        List<Harness.Result> results = runAll("heavy", FileInputs.heavy(SEED, 3 * SCALE), 45);
        Set<String> features = features(results);
        for (String f : List.of("zero-time loop: built-in", "zero-time loop: file", "scenario /dev/zero",
                "scenario fifo", "csv /dev/zero", "search --examples near 2^31", "search --seeds-per-config near 2^31",
                "search --over counts near 2^63", "durations whose sums overflow", "bench --runs near 2^31",
                "run --set cores near 2^31 or 2^63", "file params near 2^31")) {
            requireCovered(features, f);
        }
        report("heavy", results);
    }

    // ------------------------------------------------------------------------------------------------ machinery

    private static Set<String> features(List<Harness.Result> results) {
        Set<String> out = new TreeSet<>();
        for (Harness.Result r : results) out.add(r.badCase().feature());
        return out;
    }

    /** Problems of the suite itself (a key, option or family with no case; too few cases), reported with the rest. */
    private static final List<String> SUITE_PROBLEMS = new ArrayList<>();

    private static void requireCovered(Set<String> features, String feature) {
        if (!ONLY.isEmpty()) return;
        if (!features.contains(feature)) {
            SUITE_PROBLEMS.add("no bad-input case ran for '" + feature + "'; the generators must cover it");
        }
    }

    /** Runs every case of a category (or only the one named by -Dgilsim.badinput.case), in order. */
    private static List<Harness.Result> runAll(String category, List<BadCase> cases, int atLeast) {
        Harness h = new Harness(root.resolve(category), LIMIT_MS);
        List<Harness.Result> results = new ArrayList<>();
        // After a time-out, the other cases of the same feature are reported as not run: each would cost the limit.
        Set<String> timedOut = new LinkedHashSet<>();
        List<String> notRun = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            BadCase c = cases.get(i);
            if (!c.category().equals(category)) {
                throw new IllegalStateException("case " + i + " of " + category + " is filed under " + c.category());
            }
            if (!ONLY.isEmpty() && !ONLY.equals(category + ":" + i)) continue;
            if (timedOut.contains(c.feature())) {
                notRun.add(category + ":" + i);
                continue;
            }
            Harness.Result r = h.run(c, i);
            if (r.timedOut()) timedOut.add(c.feature());
            results.add(r);
        }
        SUITE_PROBLEMS.clear();
        int tried = results.size() + notRun.size();
        if (ONLY.isEmpty() && tried < atLeast) {
            SUITE_PROBLEMS.add(category + ": only " + tried + " cases ran, expected at least " + atLeast);
        }
        if (!notRun.isEmpty()) {
            results.add(new Harness.Result(BadCase.of(category, "not run", List.of()), -1, 0, null, "", "",
                    List.of(notRun.size() + " cases not run because another case of their feature timed out ("
                            + timedOut + "): " + notRun), "not run: another case of the same feature timed out"));
        }
        return results;
    }

    /** Fails with every failure, grouped by cause, each group with up to three cases in full. */
    private static void report(String test, List<Harness.Result> results) {
        List<Harness.Result> failed = results.stream().filter(Harness.Result::failed).toList();
        long ms = results.stream().mapToLong(Harness.Result::millis).sum();
        String head = "BadInputPropertiesTest#" + test + ": " + failed.size() + " of " + results.size()
                + " cases failed (seed " + SEED + ", " + ms + " ms in cases)";
        System.out.println(head);
        if (!SUITE_PROBLEMS.isEmpty()) {
            String text = head + "\nthe suite itself is incomplete (seed " + SEED + "):\n  "
                    + String.join("\n  ", SUITE_PROBLEMS) + "\n";
            appendReport(text + "\n");
            if (failed.isEmpty()) fail(text);
            head = head + "; and " + String.join("; ", SUITE_PROBLEMS);
        }
        if (failed.isEmpty()) {
            appendReport(head + "\n\n");
            return;
        }
        Map<String, List<Harness.Result>> byCause = new LinkedHashMap<>();
        for (Harness.Result r : failed) byCause.computeIfAbsent(r.cause(), k -> new ArrayList<>()).add(r);
        StringBuilder shortText = new StringBuilder(head).append('\n');
        shortText.append("replay all:       ").append(replay(null)).append('\n');
        shortText.append("replay this test: ").append(replay(test)).append('\n');
        shortText.append("replay one case:  ").append(replay(test)).append(" -Dgilsim.badinput.case=CATEGORY:INDEX\n");
        StringBuilder full = new StringBuilder(shortText);
        for (Map.Entry<String, List<Harness.Result>> e : byCause.entrySet()) {
            String title = "\n== " + e.getKey() + " (" + e.getValue().size() + " cases)\n";
            shortText.append(title);
            full.append(title);
            int shown = 0;
            for (Harness.Result r : e.getValue()) {
                String one = describe(test, r);
                full.append(one);
                if (shown++ < 3) shortText.append(one);
            }
            if (e.getValue().size() > 3) {
                Set<String> rest = new LinkedHashSet<>();
                for (Harness.Result r : e.getValue().subList(3, e.getValue().size())) {
                    rest.add(r.badCase().category() + ":" + r.index());
                }
                shortText.append("   ... and ").append(rest.size()).append(" more: ").append(rest).append('\n');
            }
        }
        appendReport(full + "\n");
        fail(shortText.toString());
    }

    private static String describe(String test, Harness.Result r) {
        StringBuilder b = new StringBuilder();
        String id = r.badCase().category() + ":" + r.index();
        b.append(" [").append(id).append("] ").append(r.badCase().feature()).append('\n');
        b.append("    ").append(r.badCase().describe().replace("\n", "\n  ")).append('\n');
        b.append("    exit ").append(r.exit() == null ? "-" : r.exit()).append(", ").append(r.millis()).append(" ms")
                .append(r.badCase().isolated() ? " (child JVM)" : "").append('\n');
        if (!r.stderr().isEmpty()) b.append("    stderr: ").append(clip(r.stderr(), 6)).append('\n');
        if (!r.stdout().isEmpty()) b.append("    stdout: ").append(clip(r.stdout(), 2)).append('\n');
        for (String p : r.problems()) b.append("    - ").append(p).append('\n');
        if (r.index() >= 0) {
            b.append("    replay: ").append(replay(test)).append(" -Dgilsim.badinput.case=").append(id).append('\n');
        }
        return b.toString();
    }

    private static String clip(String s, int lines) {
        List<String> l = s.lines().toList();
        String text = String.join("\n            ", l.subList(0, Math.min(lines, l.size())));
        if (text.length() > 600) text = text.substring(0, 600) + "...";
        return l.size() > lines ? text + "\n            ... (" + l.size() + " lines)" : text;
    }

    private static synchronized void appendReport(String text) {
        try {
            Files.writeString(report(), text, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            System.out.println("cannot append to " + report() + ": " + e);
        }
    }

    /** The printed stream of a case in process, for a reader debugging one case by hand. */
    @SuppressWarnings("unused")
    static String[] runByHand(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out), new PrintWriter(err));
        return new String[] {String.valueOf(code), out.toString(), err.toString()};
    }
}
