package gilsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import gilsim.compare.PolicyArms;
import gilsim.report.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gilsim compare}: its figures are those {@code gilsim run --json} prints for each arm's keys and seed; the same
 * command prints the same bytes; its CSV has a header and one row per scenario and arm; its text fits 100 columns.
 * (Its bad input is in {@link CommandLineTest} and the bad-input suite.)
 */
class CompareCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Short runs: a starving main still starves (200 ms > starve_after), and the suite stays quick. */
    private static final String SHORT = "duration=200ms";

    @TempDir
    Path dir;

    private static JsonNode json(String... args) throws IOException {
        Cli r = Cli.run(args);
        assertEquals(0, r.code(), String.join(" ", args) + ": " + r.err());
        return JSON.readTree(r.out());
    }

    @Test
    void everyFigureIsTheOneRunJsonPrintsForTheArm() throws IOException {
        JsonNode compare = json("compare", "short-release", "slice-rotation", "scenarios/convoy.yaml", "--set", SHORT,
                "--seed", "7", "--json");
        int arms = 0;
        for (JsonNode scenario : compare.get("scenarios")) {
            for (JsonNode arm : scenario.get("arms")) {
                arms++;
                // The replay line is `java -jar target/gilsim.jar run ...`: run its words after the launcher's.
                List<String> words = List.of(arm.get("replay").asText().split(" "));
                String[] run = words.subList(words.indexOf("run"), words.size()).toArray(String[]::new);
                JsonNode summary = json(concat(run, "--json"));
                String what = scenario.get("scenario").asText() + " " + arm.get("arm").asText() + ": "
                        + String.join(" ", run);
                assertEquals(7, summary.get("seed").asLong(), what);
                for (String field : List.of("simulated_ns", "verdict", "starved_threads", "max_wait_ns")) {
                    assertEquals(summary.get(field), arm.get(field), what + " " + field);
                }
                for (String field : List.of("switches", "drop_requests", "forced_switches")) {
                    assertEquals(summary.get("gil").get(field), arm.get(field), what + " " + field);
                }
                JsonNode worstP99 = null;
                JsonNode longest = null;
                for (int i = 0; i < summary.get("threads").size(); i++) {
                    JsonNode t = summary.get("threads").get(i);
                    JsonNode c = arm.get("threads").get(i);
                    assertEquals(t.get("name"), c.get("name"), what);
                    assertEquals(t.get("gil_share"), c.get("gil_share"), what + " " + t.get("name"));
                    assertEquals(t.get("rounds"), c.get("rounds"), what + " " + t.get("name"));
                    if (!t.get("rounds").isNull()) {
                        assertEquals(t.get("rounds").asDouble() / (summary.get("simulated_ns").asDouble() / 1e9),
                                c.get("rounds_per_s").asDouble(), 1e-6, what + " " + t.get("name"));
                    }
                    if (worstP99 == null || t.get("wait_p99_ns").asLong() > worstP99.get("wait_p99_ns").asLong()) {
                        worstP99 = t;
                    }
                    if (longest == null || t.get("wait_max_ns").asLong() > longest.get("wait_max_ns").asLong()) {
                        longest = t;
                    }
                }
                assertEquals(summary.get("threads").size(), arm.get("threads").size(), what);
                assertEquals(worstP99.get("wait_p99_ns"), arm.get("wait_p99_ns"), what);
                assertEquals(worstP99.get("name"), arm.get("wait_p99_thread"), what);
                assertEquals(longest.get("name"), arm.get("max_wait_thread"), what);
                if (summary.has("pool")) {
                    for (String field : List.of("latency_p99_ns", "latency_raw_p99_ns", "latency_max_ns",
                            "throughput_rps", "order_verdict")) {
                        assertEquals(summary.get("pool").get(field), arm.get("pool").get(field), what + " " + field);
                    }
                } else {
                    assertTrue(arm.get("pool").isNull(), what);
                }
            }
        }
        // short-release and convoy: as-is and the other policies; slice-rotation: the keep rule besides.
        int policies = PolicyArms.registered().size();
        assertEquals(policies + (policies + 1) + policies, arms);
    }

    @Test
    void theCostOfAFixIsItsDifferenceFromTheAsIsArm() throws IOException {
        JsonNode arms = json("compare", "short-release", "--set", SHORT, "--json").get("scenarios").get(0).get("arms");
        JsonNode asIs = arms.get(0);
        assertEquals("as-is", asIs.get("arm").asText());
        assertTrue(asIs.get("vs_as_is").isNull());
        JsonNode fifo = null;
        for (JsonNode a : arms) if (a.get("arm").asText().equals("policy=fifo-ticket")) fifo = a;
        assertNotNull(fifo, arms.toString());
        JsonNode d = fifo.get("vs_as_is");
        assertEquals(fifo.get("max_wait_ns").asLong() - asIs.get("max_wait_ns").asLong(), d.get("max_wait_ns").asLong());
        assertEquals(fifo.get("switches").asLong() - asIs.get("switches").asLong(), d.get("switches").asLong());
        // The worker pays for main's turns: its share and its pace fall, and the pace loss names it.
        JsonNode worker = d.get("threads").get(1);
        assertEquals("worker", worker.get("name").asText());
        assertEquals(fifo.get("threads").get(1).get("gil_share").asDouble()
                - asIs.get("threads").get(1).get("gil_share").asDouble(), worker.get("gil_share").asDouble(), 2e-6);
        assertTrue(worker.get("gil_share").asDouble() < 0, d.toString());
        assertEquals("worker", d.get("largest_pace_loss").get("name").asText(), d.toString());
        assertEquals(fifo.get("threads").get(1).get("rounds_per_s").asDouble()
                        / asIs.get("threads").get(1).get("rounds_per_s").asDouble() - 1,
                d.get("largest_pace_loss").get("rounds_per_s_change").asDouble(), 1e-5);
    }

    @Test
    void theSameCommandPrintsTheSameBytes() throws IOException {
        Path a = dir.resolve("a.csv");
        Path b = dir.resolve("b.csv");
        for (List<String> format : List.of(List.of("--json"), List.of("--seed", "3"))) {
            List<String> args = new ArrayList<>(List.of("compare", "short-release", "slice-rotation", "--set", SHORT));
            args.addAll(format);
            Cli first = Cli.run(concat(args.toArray(String[]::new), "--csv", a.toString()));
            Cli second = Cli.run(concat(args.toArray(String[]::new), "--csv", b.toString()));
            assertEquals(0, first.code(), first.err());
            assertEquals(first.out(), second.out());
            assertEquals(Files.readString(a), Files.readString(b));
        }
    }

    @Test
    void theCsvHasAHeaderAndOneRowPerScenarioAndArm() throws IOException {
        Path csv = dir.resolve("compare.csv");
        Cli r = Cli.run("compare", "short-release", "slice-rotation", "--set", SHORT, "--csv", csv.toString());
        assertEquals(0, r.code(), r.err());
        List<List<String>> rows = new ArrayList<>();
        CsvMapper mapper = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY);
        try (MappingIterator<List<String>> it = mapper.readerForListOf(String.class).readValues(csv.toFile())) {
            while (it.hasNext()) rows.add(it.next());
        }
        List<String> header = rows.get(0);
        int policies = PolicyArms.registered().size();
        assertEquals(1 + policies + (policies + 1), rows.size(), "a header, an arm of short-release per policy, and "
                + "of slice-rotation the keep rule besides");
        for (List<String> row : rows) assertEquals(header.size(), row.size(), row.toString());
        for (String column : List.of("scenario", "arm", "verdict", "max_wait_ns", "wait_p99_ns", "switches",
                "drop_requests", "latency_p99_ns", "throughput_rps", "worker_gil_share", "worker_rounds_per_s",
                "worker_gil_share_delta", "t0_gil_share", "latency_raw_p99_ns", "latency_raw_p99_change")) {
            assertTrue(header.contains(column), column + " in " + header);
        }
        // Numbers parse as numbers wherever they are given: what pandas makes of a numeric column.
        for (List<String> row : rows.subList(1, rows.size())) {
            for (int i = 0; i < header.size(); i++) {
                String h = header.get(i);
                if ((h.endsWith("_ns") || h.endsWith("_share") || h.endsWith("_per_s") || h.endsWith("_rps")
                        || h.endsWith("_delta") || h.endsWith("_change")) && !row.get(i).isEmpty()) {
                    Double.parseDouble(row.get(i));
                }
            }
        }
        assertEquals("slice-rotation", rows.get(rows.size() - 1).get(0));
        assertEquals("keep=true", rows.get(rows.size() - 1).get(2));
    }

    @Test
    void theTextFitsAHundredColumnsAndNamesEveryThread() {
        Cli r = Cli.run("compare", "slice-rotation", "--set", "threads=12", "--set", SHORT, "--policies",
                "fifo-ticket");
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        // The last lines are how to read it and a replay line, whose length is the jar path's.
        for (String line : lines.subList(0, lines.size() - 2)) assertTrue(line.length() <= 100, line);
        for (int t = 0; t < 12; t++) assertTrue(r.out().contains("t" + t + " share"), r.out());
        assertTrue(r.out().contains("\nkeep=true "), r.out());
        assertTrue(r.out().contains("\npolicy=fifo-ticket "), r.out());
        assertFalse(r.out().contains("policy=paused-budget"), r.out());
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = new String[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
