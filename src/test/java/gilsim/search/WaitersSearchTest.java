package gilsim.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --over waiters=A..B}: a pool's threads - 1, searched under the name the user gave. The search is the threads
 * search shifted by one, cell by cell; its output names waiters; its replay line, {@code --set waiters=N}, runs the
 * same run as {@code --set threads=N+1}. Runs are 300 ms on the model's keys alone ({@code --machine none}): the
 * rotation's starving threads wait the whole run.
 */
class WaitersSearchTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SHORT = "duration=300ms";

    @TempDir
    Path dir;

    private Cli search(String over, Path csv, String... more) {
        List<String> a = new ArrayList<>(List.of("search", "slice-rotation", "--over", over, "--over", "jobs=1..4",
                "--exhaustive", "--seeds-per-config", "2", "--set", SHORT, "--csv", csv.toString(), "--machine", "none"));
        a.addAll(Arrays.asList(more));
        return Cli.run(a.toArray(new String[0]));
    }

    @Test
    void searchingWaitersIsSearchingThreadsShiftedByOne() throws IOException {
        Cli byWaiters = search("waiters=1..5", dir.resolve("w.csv"));
        Cli byThreads = search("threads=2..6", dir.resolve("t.csv"));
        assertEquals(1, byWaiters.code(), byWaiters.err());
        assertEquals(1, byThreads.code(), byThreads.err());
        List<String> w = Files.readAllLines(dir.resolve("w.csv"));
        List<String> t = Files.readAllLines(dir.resolve("t.csv"));
        assertTrue(w.get(0).startsWith("index,seed,waiters,jobs,verdict,"), w.get(0));
        assertEquals(t.get(0), w.get(0).replace(",waiters,", ",threads,"));
        assertEquals(21, w.size(), "a header and 5 x 4 rows");
        for (int i = 1; i < w.size(); i++) {
            String[] wc = w.get(i).split(",", -1);
            String[] tc = t.get(i).split(",", -1);
            assertEquals(Long.parseLong(tc[2]), Long.parseLong(wc[2]) + 1, "row " + i + ": threads = waiters + 1");
            wc[2] = tc[2];
            assertEquals(t.get(i), String.join(",", wc), "row " + i + ": the same runs, the same metrics");
        }
        // The table too: the same cells, the axis named as given.
        String wTable = table(byWaiters.out());
        assertTrue(wTable.startsWith("waiters \\ jobs"), wTable);
        assertTrue(wTable.lines().anyMatch(l -> l.startsWith("3 ") && l.contains("2 starve")), wTable);
        assertEquals(cells(table(byThreads.out())), cells(wTable));
    }

    @Test
    void theCounterexampleNamesWaitersAndItsReplayLineReproducesTheRun() throws IOException {
        Cli r = search("waiters=1..5", dir.resolve("w.csv"), "--json");
        assertEquals(1, r.code(), r.err());
        JsonNode report = JSON.readTree(r.out());
        assertEquals("waiters=1..5", report.get("over").get(0).asText());
        JsonNode c = report.get("counterexample");
        // 2 waiters, 2 jobs a slice: one drop a slice rotates the 2-waiter queue by 1; one thread never holds the GIL.
        assertEquals("2", c.get("config").get("waiters").asText(), c.toString());
        assertEquals("2", c.get("config").get("jobs").asText(), c.toString());
        String replay = c.get("replay").asText();
        assertTrue(replay.contains(" --set waiters=2 --set jobs=2 "), replay);

        List<String> words = Arrays.asList(replay.split(" "));
        List<String> args = new ArrayList<>(words.subList(Launcher.words().size(), words.size()));
        args.add("--json");
        Cli run = Cli.run(args.toArray(new String[0]));
        assertEquals(0, run.code(), run.err());
        JsonNode summary = JSON.readTree(run.out());
        assertEquals(c.get("verdict").asText(), summary.get("verdict").asText());
        assertEquals(c.get("starved_threads"), summary.get("starved_threads"));
        long maxWait = 0;
        for (JsonNode t : summary.get("threads")) maxWait = Math.max(maxWait, t.get("wait_max_ns").asLong());
        assertEquals(c.get("max_wait_ns").asLong(), maxWait, "the same run, to the nanosecond");
        assertEquals(3, summary.get("threads").size());
        assertEquals(3, summary.get("params").get("threads").asLong(), "waiters=2 runs 3 threads");
        assertEquals(2, summary.get("params").get("waiters").asLong(), "and the params say both");
    }

    @Test
    void runWithWaitersPrintsWhatRunWithThreadsPrints() {
        Cli w = Cli.run("run", "slice-rotation", "--set", "duration=50ms", "--set", "waiters=5", "--seed", "7");
        Cli t = Cli.run("run", "slice-rotation", "--set", "duration=50ms", "--set", "threads=6", "--seed", "7");
        assertEquals(0, w.code(), w.err());
        assertTrue(w.out().contains("threads=6 "), w.out());
        assertEquals(t.out(), w.out());
    }

    /** The verdicts table of a text report: from its header to the blank line after it. */
    private static String table(String out) {
        int at = out.indexOf(" \\ jobs");
        int start = out.lastIndexOf('\n', at) + 1;
        return out.substring(start, out.indexOf("\n\n", at));
    }

    /** A table's cells, without its header and its row labels. */
    private static List<String> cells(String table) {
        return table.lines().skip(1).map(l -> l.substring(l.indexOf(' ')).strip()).toList();
    }
}
