package gilsim.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import gilsim.sim.Durations;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gilsim search} end to end: the #161868 region and its shrunk, replayable counterexample; the two fixes
 * that never starve; the same bytes whatever the worker count; the CSV contract; bad input.
 * Runs are 300 ms of simulated time: starvation (a wait over 100 ms) already shows, and the suite stays quick.
 */
class SearchCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SHORT = "duration=300ms";

    @TempDir
    Path dir;

    private static JsonNode json(Cli r) throws IOException {
        return JSON.readTree(r.out());
    }

    /** Runs a replay line, {@code java -jar target/gilsim.jar run ...}, through Main.execute with --json. */
    private static JsonNode replay(String line) throws IOException {
        List<String> words = Arrays.asList(line.split(" "));
        int launcher = Launcher.words().size();
        assertEquals(Launcher.words(), words.subList(0, launcher), line);
        assertEquals("run", words.get(launcher), line);
        String[] args = words.subList(launcher, words.size()).toArray(new String[0]);
        String[] withJson = Arrays.copyOf(args, args.length + 1);
        withJson[args.length] = "--json";
        Cli r = Cli.run(withJson);
        assertEquals(0, r.code(), r.err());
        return JSON.readTree(r.out());
    }

    @Test
    void theShrunkShortReleaseCaseSitsAtTheFlipAndItsReplayLineReproducesItExactly() throws IOException {
        // work fixed at 2 ms: the smallest interval that still starves is just above what the table shows flips.
        Cli r = Cli.run("search", "short-release", "--over", "interval=1ms..20ms", "--set", "work=2ms", "--set", SHORT,
                "--examples", "12", "--json");
        assertEquals(1, r.code(), "a counterexample exits 1: " + r.err());
        JsonNode c = json(r).get("counterexample");
        long failsNs = Durations.parseOrMinus1(c.get("config").get("interval").asText());
        JsonNode flip = c.get("flips").get(0);
        assertEquals("interval", flip.get("key").asText());
        long passesNs = Durations.parseOrMinus1(flip.get("passes").asText());
        assertEquals(failsNs, Durations.parseOrMinus1(flip.get("fails").asText()));
        assertTrue(failsNs - passesNs <= failsNs / 100, "bisected to within 1%: " + flip);
        assertTrue(failsNs > 1_500_000 && failsNs <= 2_100_000, "flips where interval passes work (2ms): " + flip);

        JsonNode run = replay(c.get("replay").asText());
        assertEquals("starves", run.get("verdict").asText());
        assertEquals(c.get("verdict").asText(), run.get("verdict").asText());
        assertEquals(c.get("starved_threads"), run.get("starved_threads"));
        assertEquals(c.get("seed").asLong(), run.get("seed").asLong());
        long maxWait = 0;
        for (JsonNode t : run.get("threads")) maxWait = Math.max(maxWait, t.get("wait_max_ns").asLong());
        assertEquals(c.get("max_wait_ns").asLong(), maxWait, "the same run, to the nanosecond");
    }

    @Test
    void theTextReportPrintsTheSmallestConfigurationItsSeedAndOneReplayLine() {
        Cli r = Cli.run("search", "short-release", "--over", "work=500us..10ms", "--over", "interval=1ms..20ms",
                "--set", SHORT, "--examples", "10");
        assertEquals(1, r.code(), r.err());
        assertTrue(r.out().contains("smallest failing configuration"), r.out());
        assertEquals(1, r.out().lines().filter(l -> l.strip().startsWith(Launcher.run() + " ")).count(), r.out());
        assertTrue(r.out().contains("--set duration=300ms --set work=500us --set interval="), r.out());
        assertTrue(r.out().contains("failing share by work"), r.out());
    }

    /** #161868's two fixes: a thread pinned with the other to one core, and a paused (not reset) wait budget. */
    @Test
    void pinnedAndAPausedBudgetNeverStarveOverTheSameSpace() throws IOException {
        for (String fix : List.of("pinned=true", "policy=paused-budget")) {
            Cli r = Cli.run("search", "short-release", "--over", "work=500us..10ms", "--over", "interval=1ms..20ms",
                    "--set", fix, "--set", SHORT, "--examples", "24", "--json");
            assertEquals(0, r.code(), fix + ": " + r.out());
            JsonNode j = json(r);
            assertEquals(24, j.get("tried").asInt(), fix);
            assertEquals(0, j.get("failing").asInt(), fix);
            assertTrue(j.get("counterexample").isNull(), fix);
        }
    }

    @Test
    void theExhaustiveTableStarvesExactlyWhereWorkIsAtMostTheInterval() throws IOException {
        Cli r = Cli.run("search", "short-release", "--over", "work=1ms..4ms:1ms", "--over", "interval=1ms..4ms:1ms",
                "--set", SHORT, "--exhaustive", "--seeds-per-config", "2", "--json");
        JsonNode table = json(r).get("tables").get(0);
        assertEquals("[\"1ms\",\"2ms\",\"3ms\",\"4ms\"]", table.get("columns").toString());
        for (int row = 0; row < 4; row++) {
            for (int col = 0; col < 4; col++) {
                String cell = table.get("cells").get(row).get(col).asText();
                assertEquals(row <= col ? "1 starve" : "fair", cell, "work=" + (row + 1) + "ms interval="
                        + (col + 1) + "ms");
            }
        }
        assertTrue(Cli.run("search", "short-release", "--over", "work=1ms..4ms:1ms", "--over",
                "interval=1ms..4ms:1ms", "--set", SHORT, "--exhaustive", "--seeds-per-config", "2").out()
                .contains("work \\ interval  1ms"));
    }

    @Test
    void oneWorkerAndTwoGiveTheSameBytes() throws IOException {
        for (String mode : List.of("--examples=16", "--exhaustive")) {
            Path one = dir.resolve("one.csv");
            Path two = dir.resolve("two.csv");
            String[] common = {"search", "short-release", "--over", "work=1ms..6ms:1ms", "--over", "pinned=*",
                    "--over", "interval=2ms,5ms", "--set", SHORT, "--seeds-per-config", "2", mode};
            Cli a = Cli.run(concat(common, "--jobs", "1", "--csv", one.toString()));
            Cli b = Cli.run(concat(common, "--jobs", "2", "--csv", two.toString()));
            assertEquals(a.out(), b.out(), mode);
            assertEquals(Files.readString(one), Files.readString(two), mode);
            Cli c = Cli.run(concat(common, "--jobs", "2", "--json"));
            Cli d = Cli.run(concat(common, "--jobs", "1", "--json"));
            assertEquals(c.out(), d.out(), mode);
        }
    }

    @Test
    void theCsvKeepsItsHeaderContractAndOneRowPerConfiguration() throws IOException {
        Path csv = dir.resolve("search.csv");
        Cli r = Cli.run("search", "short-release", "--over", "work=1ms..6ms", "--over", "pinned=*", "--set", SHORT,
                "--examples", "9", "--csv", csv.toString());
        assertEquals(1, r.code(), r.err());
        List<String> lines = Files.readAllLines(csv);
        assertEquals("index,seed,work,work_ns,pinned,verdict,starved_count,max_wait_ns,starved_threads,holds",
                lines.get(0));
        assertEquals(10, lines.size());
        assertTrue(lines.get(1).matches("0,1,1ms,1000000,false,starves,1,\\d+,main,false"), lines.get(1));
        assertTrue(lines.get(2).matches("1,1,6ms,6000000,true,fair,0,\\d+,,true"), lines.get(2));
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "no temporary file left behind");
        }
    }

    /**
     * An expression's metrics get columns of their own, each holding what a run shows: the reported run's value,
     * or for a mean(...) the mean over the configuration's seeds, read back here from the runs themselves.
     */
    @Test
    void theCsvCarriesTheExpressionsMetricsAsTheRunsShowThem() throws IOException {
        Path csv = dir.resolve("p99.csv");
        Cli r = Cli.run("search", "slice-rotation", "--over", "threads=3..4", "--exhaustive", "--seeds-per-config",
                "2", "--set", "duration=300ms", "--property",
                "latency_p99 < 20ms and mean(wait_max(t0)) < 50ms", "--csv", csv.toString());
        assertEquals(1, r.code(), r.err());
        List<String> lines = Files.readAllLines(csv);
        assertEquals("index,seed,threads,verdict,starved_count,max_wait_ns,starved_threads,holds,"
                + "latency_p99_ns,mean_t0_wait_max_ns", lines.get(0));
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",", -1);
            String threads = cells[2];
            long seed = Long.parseLong(cells[1]);
            JsonNode reported = JSON.readTree(Cli.run("run", "slice-rotation", "--set", "threads=" + threads, "--set",
                    "duration=300ms", "--seed", Long.toString(seed), "--json").out());
            assertEquals(reported.get("pool").get("latency_p99_ns").asLong(), Long.parseLong(cells[8]), line);
            double t0 = 0;
            for (int s = 1; s <= 2; s++) {
                JsonNode run = JSON.readTree(Cli.run("run", "slice-rotation", "--set", "threads=" + threads, "--set",
                        "duration=300ms", "--seed", Integer.toString(s), "--json").out());
                for (JsonNode t : run.get("threads")) {
                    if (t.get("name").asText().equals("t0")) t0 += t.get("wait_max_ns").asLong();
                }
            }
            assertEquals(Math.round(t0 / 2), Long.parseLong(cells[9]), line);
            long p99 = reported.get("pool").get("latency_p99_ns").asLong();
            boolean holds = p99 < 20_000_000 && t0 / 2 < 50_000_000;
            assertEquals(Boolean.toString(holds), cells[7], line);
        }
    }

    @Test
    void theProgressBarGoesToStderrOnly() {
        String[] args = {"search", "short-release", "--over", "work=1ms..3ms:1ms", "--set", SHORT, "--exhaustive",
                "--seeds-per-config", "1"};
        Cli quiet = Cli.run(args);
        Cli bar = Cli.run(concat(args, "--progress"));
        assertEquals(quiet.out(), bar.out());
        assertTrue(bar.err().contains("3/3 runs"), bar.err());
        assertFalse(quiet.err().contains("runs"), quiet.err());
    }

    @Test
    void badRangesAreOneLineAndExitTwo() {
        String[][] cases = {
                {"--over", "wrok=1ms..2ms"}, {"--over", "work=2ms..1ms"}, {"--over", "work=fast"},
                {"--over", "policy=cpython..fifo-ticket"}, {"--over", "work=1ms..5ms", "--exhaustive"},
                {"--over", "cores=*"}, {"--over", "work=1ms..2ms", "--over", "work=3ms"},
                {"--over", "work=1ms..2ms", "--property", "speed"}, {"--over", "work=1ms", "--set", "x=1"},
                {"--over", "work=,"}, {"--over", "pinned=,"}, {"--over", "policy=,"}, {"--over", "work="},
                {"--over", "cores=9223372036854775800..9223372036854775807", "--examples", "2147483647"},
                {"--over", "work=1ms..2ms", "--seeds-per-config", "1073741824"}};
        for (String[] c : cases) {
            Cli r = Cli.run(concat(new String[] {"search", "short-release"}, c));
            assertEquals(2, r.code(), String.join(" ", c) + ": " + r.err() + r.out());
            assertEquals("", r.out());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertNotNull(r.err());
        }
    }

    /** Every bin of the failing-share statistics is labelled with values that ran; the bins tile what was tried. */
    @Test
    void statisticsBinOnTheValuesTried() throws IOException {
        for (String over : List.of("work=1ms..2130us", "work=1ms..2130us:10us")) {
            Path csv = dir.resolve("bins.csv");
            Cli r = Cli.run("search", "short-release", "--over", over, "--set", "duration=30ms", "--examples", "40",
                    "--seeds-per-config", "1", "--json", "--csv", csv.toString());
            assertEquals(0, r.code(), r.err());
            List<String> tried = Files.readAllLines(csv).stream().skip(1).map(l -> l.split(",")[2]).toList();
            int total = 0;
            long previous = -1;
            for (JsonNode bin : json(r).get("failing_by_key").get("work")) {
                String[] ends = bin.get("value").asText().split("\\.\\.");
                // Both ends of a bin in one unit (1000us..1130us), each a value that ran (1ms in the CSV).
                if (ends.length == 2) {
                    assertEquals(ends[0].replaceAll("[0-9]", ""), ends[1].replaceAll("[0-9]", ""), over + ": " + bin);
                }
                List<Long> triedNs = tried.stream().map(Durations::parseOrMinus1).toList();
                for (String end : ends) {
                    assertTrue(triedNs.contains(Durations.parseOrMinus1(end)), over + ": " + end + " never ran: " + bin);
                }
                long low = Durations.parseOrMinus1(ends[0]);
                long high = Durations.parseOrMinus1(ends[ends.length - 1]);
                assertTrue(previous < low && low <= high, over + ": bins overlap or are out of order at " + bin);
                previous = high;
                int inBin = 0;
                for (String v : tried) {
                    long ns = Durations.parseOrMinus1(v);
                    if (ns >= low && ns <= high) inBin++;
                }
                assertEquals(inBin, bin.get("tried").asInt(), over + ": " + bin);
                total += inBin;
            }
            assertEquals(tried.size(), total, over);
        }
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** Splits a replay line as a POSIX shell would, for the single quotes {@link Replay#quoted} writes. */
    private static List<String> shellWords(String line) {
        List<String> words = new java.util.ArrayList<>();
        StringBuilder w = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        for (char c : line.toCharArray()) {
            if (c == '\'' ) {
                quoted = !quoted;
                any = true;
            } else if (c == ' ' && !quoted) {
                if (any) words.add(w.toString());
                w.setLength(0);
                any = false;
            } else {
                w.append(c);
                any = true;
            }
        }
        if (any) words.add(w.toString());
        return words;
    }

    /**
     * Issue 11's must-show as the user types it. At the defaults a starving pool strands only the jobs its starved
     * threads popped, too few to move the raw p99 (as real m0's probe measured), while latency_p99, corrected for
     * coordinated omission as wrk corrects it, counts each stall once a request interval: the search fails exactly
     * the pool sizes that starve (three jobs a slice: 4 and 7 threads, docs/search.md), shrinks to the smallest and
     * prints its replay line and the failing value. The raw p99 finds none, until noise breaks and re-forms the
     * rotation, which strands more requests.
     */
    @Test
    void latencyP99FailsExactlyThePoolSizesThatStarve_andItsReplayPrintsTheValue() throws IOException {
        List<String> starving = new java.util.ArrayList<>();
        for (int threads = 2; threads <= 8; threads++) {
            Cli run = Cli.run("run", "slice-rotation", "--set", "threads=" + threads, "--json");
            boolean starves = JSON.readTree(run.out()).get("verdict").asText().equals("starves");
            if (starves) starving.add(Integer.toString(threads));
        }
        assertEquals(List.of("4", "7"), starving, "three jobs a slice rotate with waiters a multiple of three");
        String[] search = {"search", "slice-rotation", "--over", "threads=2..8", "--property", "latency_p99 < 20ms"};
        Cli text = Cli.run(search);
        assertEquals(1, text.code(), text.err());
        List<String> failing = new java.util.ArrayList<>();
        for (JsonNode v : json(Cli.run(concat(search, "--json"))).get("failing_by_key").get("threads")) {
            if (v.get("failing").asInt() > 0) failing.add(v.get("value").asText());
        }
        assertEquals(starving, failing);
        for (String t : List.of("2", "3", "4", "5", "6", "7", "8")) {
            String share = starving.contains(t) ? "1/1  100.0%" : "0/1  0.0%";
            assertTrue(text.out().contains("\n  " + t + "    " + share + "\n"), t + ": " + text.out());
        }
        List<String> lines = text.out().lines().toList();
        int shrunk = lines.indexOf(lines.stream().filter(l -> l.startsWith("smallest failing configuration"))
                .findFirst().orElseThrow());
        assertEquals("  threads=4", lines.get(shrunk + 1), text.out());
        java.util.regex.Matcher value = java.util.regex.Pattern.compile("; latency_p99 = ([0-9.]+) (ns|us|ms|s)$")
                .matcher(lines.get(shrunk + 2));
        assertTrue(value.find(), lines.get(shrunk + 2));
        long printedNs = Durations.parse(value.group(1) + value.group(2));
        assertTrue(printedNs > 20_000_000, lines.get(shrunk + 2));
        String replay = lines.get(lines.indexOf("replay:") + 1).strip();
        assertTrue(replay.endsWith(" run slice-rotation --set threads=4 --seed 1 --property 'latency_p99 < 20ms'"),
                replay);
        // The printed value is the replayed run's own latency_p99_ns.
        List<String> words = shellWords(replay);
        List<String> args = new java.util.ArrayList<>(words.subList(Launcher.words().size(), words.size()));
        args.add("--json");
        JsonNode run = JSON.readTree(Cli.run(args.toArray(new String[0])).out());
        assertEquals(Durations.human(run.get("pool").get("latency_p99_ns").asLong()),
                value.group(1) + " " + value.group(2));
        assertEquals("latency_p99 = " + value.group(1) + " " + value.group(2), run.get("property").get("detail")
                .asText());

        Cli raw = Cli.run("search", "slice-rotation", "--over", "threads=2..8", "--property", "latency_raw_p99 < 20ms");
        assertEquals(0, raw.code(), raw.out());
        // On the keys alone, whose load (1 ms tasks on their own core) is only the one set here.
        Cli noisy = Cli.run("search", "slice-rotation", "--machine", "none", "--over", "threads=2..8", "--set",
                "load_gap=20ms", "--property", "latency_raw_p99 < 20ms", "--json");
        assertEquals(1, noisy.code(), noisy.err());
        assertEquals("4", json(noisy).get("counterexample").get("config").get("threads").asText(), noisy.out());
    }

    @Test
    void anExpressionPropertyFindsAndShrinksACaseWhoseReplayPrintsTheFailingValue() throws IOException {
        Cli r = Cli.run("search", "slice-rotation", "--over", "threads=2..8", "--set", "connections=64", "--set",
                "duration=500ms", "--property", "latency_p99 < 20ms", "--json");
        assertEquals(1, r.code(), r.err());
        JsonNode c = json(r).get("counterexample");
        assertEquals("latency_p99 < 20ms", json(r).get("property").asText());
        assertTrue(c.get("property_detail").asText().matches("latency_p99 = [0-9.]+ ms"), c.toString());
        String replay = c.get("replay").asText();
        assertTrue(replay.endsWith(" --property 'latency_p99 < 20ms'"), replay);
        List<String> words = shellWords(replay);
        List<String> args = new java.util.ArrayList<>(words.subList(Launcher.words().size(), words.size()));
        args.add("--json");
        Cli run = Cli.run(args.toArray(new String[0]));
        assertEquals(0, run.code(), run.err());
        JsonNode judged = JSON.readTree(run.out()).get("property");
        assertFalse(judged.get("holds").asBoolean());
        assertEquals(c.get("property_detail").asText(), judged.get("detail").asText(), "the replay prints the value");
        Cli unknown = Cli.run("search", "slice-rotation", "--over", "threads=2..8", "--property", "latency_p98 < 20ms");
        assertEquals(2, unknown.code());
        assertEquals(1, unknown.err().lines().count(), unknown.err());
        assertTrue(unknown.err().contains("no metric 'latency_p98'"), unknown.err());
        Cli thread = Cli.run("search", "short-release", "--over", "work=1ms..3ms", "--property", "share(io) > 0.1");
        assertEquals(2, thread.code());
        assertTrue(thread.err().contains("no thread 'io' in short-release (threads: main, worker)"), thread.err());
    }

    /** The counterexample's metrics over its seeds: mean, range and the Student-t interval of Commons Math. */
    @Test
    void theCounterexampleCarriesItsMetricsOverItsSeeds() throws IOException {
        String[] args = {"search", "short-release", "--over", "work=500us..10ms", "--over", "interval=1ms..20ms",
                "--examples", "20", "--set", "duration=300ms", "--set", "load_gap=20ms"};
        Cli text = Cli.run(args);
        assertTrue(text.out().contains("  over its 3 seeds, mean [95% CI]: starved_count "), text.out());
        String[] withJson = java.util.Arrays.copyOf(args, args.length + 1);
        withJson[args.length] = "--json";
        JsonNode c = json(Cli.run(withJson)).get("counterexample");
        JsonNode wait = c.get("over_seeds").get("max_wait_ns");
        assertEquals(3, wait.get("n").asInt());
        // The three seeds' longest waits, run again one at a time, and their interval by Commons Math.
        java.util.List<String> replay = new java.util.ArrayList<>(java.util.Arrays.asList(
                c.get("replay").asText().split(" ")));
        replay = replay.subList(Launcher.words().size(), replay.size() - 2); // without --seed N
        org.apache.commons.math3.stat.descriptive.SummaryStatistics st =
                new org.apache.commons.math3.stat.descriptive.SummaryStatistics();
        for (int seed = 1; seed <= 3; seed++) {
            java.util.List<String> one = new java.util.ArrayList<>(replay);
            one.addAll(java.util.List.of("--seed", Integer.toString(seed), "--json"));
            st.addValue(JSON.readTree(Cli.run(one.toArray(new String[0])).out()).get("max_wait_ns").asDouble());
        }
        double half = new org.apache.commons.math3.distribution.TDistribution(
                new org.apache.commons.math3.random.Well19937c(1), 2).inverseCumulativeProbability(0.975)
                * st.getStandardDeviation() / Math.sqrt(3);
        assertEquals(st.getMean(), wait.get("mean").asDouble(), 1.0);
        assertEquals(st.getMean() + half, wait.get("ci95_high").asDouble(), 1.0);
        assertEquals(Math.max(0, st.getMean() - half), wait.get("ci95_low").asDouble(), 1.0);
    }
}
