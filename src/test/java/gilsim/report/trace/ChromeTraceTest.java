package gilsim.report.trace;

import gilsim.cpython.GilEvent;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import gilsim.report.Cli;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The trace is JSON Perfetto accepts: slices nest on each track, flows pair up, every track is named. */
class ChromeTraceTest {
    @TempDir
    Path dir;

    private JsonNode trace(String... sets) throws IOException {
        Path file = dir.resolve("run.json");
        List<String> args = new ArrayList<>(List.of("run", "short-release", "--set", "duration=60ms", "--trace",
                file.toString()));
        for (String s : sets) args.addAll(List.of("--set", s));
        Cli r = Cli.run(args.toArray(String[]::new));
        assertEquals(0, r.code(), r.err());
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(file), files.toList(), "no temporary file left beside the trace");
        }
        return new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).readTree(file.toFile());
    }

    @Test
    void slicesNestOnEveryTrack() throws IOException {
        for (String policy : List.of("cpython", "paused-budget")) {
            JsonNode events = trace("policy=" + policy).get("traceEvents");
            Map<String, List<JsonNode>> byTrack = new HashMap<>();
            for (JsonNode e : events) {
                if (e.get("ph").asText().equals("X")) {
                    byTrack.computeIfAbsent(e.get("pid") + "/" + e.get("tid"), k -> new ArrayList<>()).add(e);
                }
            }
            assertTrue(byTrack.size() >= 4, "GIL track and hold and wait tracks: " + byTrack.keySet());
            for (Map.Entry<String, List<JsonNode>> track : byTrack.entrySet()) assertNested(track.getKey(), track.getValue());
        }
    }

    /**
     * Each hand-off arrow leaves from inside the hold that ended and lands where the next hold begins, both on the
     * holders' hold tracks ({@link ChromeTrace#holdTid}), which the metadata names "NAME: holds GIL".
     */
    @Test
    void everyFlowStartHasOneEndNoEarlierOnAHoldTrack() throws IOException {
        List<String> threads = List.of("main", "worker"); // short-release's threads, in order
        JsonNode events = trace("policy=paused-budget").get("traceEvents");
        Map<Long, JsonNode> starts = new HashMap<>();
        Map<Long, JsonNode> ends = new HashMap<>();
        Map<Integer, String> trackNames = new HashMap<>();
        List<JsonNode> holds = new ArrayList<>();
        for (JsonNode e : events) {
            String ph = e.get("ph").asText();
            if (ph.equals("s")) assertEquals(null, starts.put(e.get("id").asLong(), e), "one start per id");
            if (ph.equals("f")) {
                assertEquals(null, ends.put(e.get("id").asLong(), e), "one end per id");
                assertEquals("e", e.get("bp").asText());
            }
            if (ph.equals("M") && e.get("name").asText().equals("thread_name")) {
                trackNames.put(e.get("tid").asInt(), e.get("args").get("name").asText());
            }
            if (ph.equals("X") && e.get("name").asText().equals("holds the GIL")) holds.add(e);
        }
        for (int t = 0; t < threads.size(); t++) {
            assertEquals(threads.get(t) + ": holds GIL", trackNames.get(ChromeTrace.holdTid(t)), "track names");
        }
        assertTrue(starts.size() > 10, "arrows: " + starts.size());
        assertEquals(starts.keySet(), ends.keySet());
        for (Map.Entry<Long, JsonNode> entry : starts.entrySet()) {
            JsonNode s = entry.getValue();
            JsonNode f = ends.get(entry.getKey());
            String arrow = s + " -> " + f;
            assertTrue(ts(f, "ts").compareTo(ts(s, "ts")) >= 0, arrow);
            assertEquals(s.get("name"), f.get("name"));
            // The start lies inside a hold on its track: the hold of the thread that dropped.
            JsonNode from = holdOn(holds, s.get("tid").asInt(), h -> ts(h, "ts").compareTo(ts(s, "ts")) <= 0
                    && end(h).compareTo(ts(s, "ts")) >= 0, arrow);
            // The end is where a hold begins on its track: the next holder's take.
            JsonNode to = holdOn(holds, f.get("tid").asInt(), h -> ts(h, "ts").compareTo(ts(f, "ts")) == 0, arrow);
            for (JsonNode hold : List.of(from, to)) {
                int thread = threads.indexOf(hold.get("args").get("thread").asText());
                assertEquals(ChromeTrace.holdTid(thread), hold.get("tid").asInt(), "a hold track's tid: " + hold);
                assertEquals(threads.get(thread) + ": holds GIL", trackNames.get(hold.get("tid").asInt()), arrow);
            }
            // And it is the next hold: none begins after the dropped hold ended and before the arrow lands.
            for (JsonNode h : holds) {
                if (h == from || h == to) continue;
                boolean between = ts(h, "ts").compareTo(end(from)) >= 0 && ts(h, "ts").compareTo(ts(f, "ts")) < 0;
                assertFalse(between, "hold " + h + " between the ends of " + arrow);
            }
        }
    }

    private static JsonNode holdOn(List<JsonNode> holds, int tid, java.util.function.Predicate<JsonNode> where,
                                   String what) {
        List<JsonNode> found = holds.stream().filter(h -> h.get("tid").asInt() == tid && where.test(h)).toList();
        assertEquals(1, found.size(), "one hold on track " + tid + " for " + what + ": " + found);
        return found.get(0);
    }

    private static BigDecimal end(JsonNode slice) {
        return ts(slice, "ts").add(ts(slice, "dur"));
    }

    @Test
    void namesEveryTrackAndCarriesCountersAndInstants() throws IOException {
        JsonNode events = trace("policy=paused-budget").get("traceEvents");
        Set<Integer> named = new HashSet<>();
        Set<Integer> used = new HashSet<>();
        Set<String> phases = new HashSet<>();
        Set<String> instants = new HashSet<>();
        for (JsonNode e : events) {
            String ph = e.get("ph").asText();
            phases.add(ph);
            if (ph.equals("M") && e.get("name").asText().equals("thread_name")) named.add(e.get("tid").asInt());
            if (ph.equals("X") || ph.equals("i")) used.add(e.get("tid").asInt());
            if (ph.equals("i")) instants.add(e.get("name").asText());
        }
        assertTrue(named.containsAll(used), "named " + named + " used " + used);
        assertTrue(phases.containsAll(Set.of("M", "X", "C", "i", "s", "f")), phases.toString());
        assertTrue(instants.containsAll(Set.of("signal gil", "timeout", "drop request", "forced switch")),
                instants.toString());
    }

    @Test
    void aTraceThatNeverFinishesLeavesNoFile() {
        Path target = dir.resolve("unfinished.json");
        try (ChromeTrace t = ChromeTrace.open(target, "test", new gilsim.metrics.Spans(1), List.of("a"))) {
            t.on(new gilsim.cpython.GilEvent.GilWant(5, 0)); // a run that fails part-way: no finish()
        }
        assertFalse(Files.exists(target));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(0, files.count(), "the temporary file is gone too");
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** On one track, each slice lies inside the one open around it or after it. */
    private static void assertNested(String track, List<JsonNode> slices) {
        slices.sort(Comparator.<JsonNode, BigDecimal>comparing(e -> ts(e, "ts"))
                .thenComparing(e -> ts(e, "dur"), Comparator.reverseOrder()));
        Deque<BigDecimal> openEnds = new ArrayDeque<>();
        for (JsonNode s : slices) {
            BigDecimal start = ts(s, "ts");
            BigDecimal end = start.add(ts(s, "dur"));
            while (!openEnds.isEmpty() && openEnds.peek().compareTo(start) <= 0) openEnds.pop();
            if (!openEnds.isEmpty()) {
                assertTrue(end.compareTo(openEnds.peek()) <= 0, track + ": " + s + " overlaps its parent");
            }
            openEnds.push(end);
        }
    }

    private static BigDecimal ts(JsonNode e, String field) {
        return e.get(field).decimalValue();
    }
}
