package gilsim.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import gilsim.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code validate --handoffs} records a real run on this machine's {@code python3} through the shim (built with its
 * {@code cc}), and checks what the GIL guarantees whatever the load: two threads spinning in Python hand it over by
 * forced drops, about one per switch interval; every forced drop ends in a take by a waiter; the scenario's threads
 * are the ones recorded; the trace file holds both sides. Needs python3 3.8+ and cc (every machine of this kind).
 */
class RealHandoffsTest {
    @Test
    void aRealRunIsRecordedAndReadAsTheSimulationIs(@TempDir Path dir) throws Exception {
        Path trace = dir.resolve("handoffs.json");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String[] args = {"validate", "scenarios/latency-2.yaml", "--duration", "1s", "--repeat", "1", "--sim-repeat", "1", "--handoffs",
                "--handoff-trace", trace.toString(), "--json", "--force"};
        int code = Main.execute(args, new PrintWriter(out), new PrintWriter(err));
        assertTrue(code == 0 || code == 1, "gilsim " + String.join(" ", args) + "\n" + err + out);
        JsonNode r = new ObjectMapper().readTree(out.toString());
        JsonNode real = r.get("interpreters").get(0).get("handoffs");
        JsonNode sim = r.get("sim_handoffs");
        for (JsonNode side : new JsonNode[] {real, sim}) {
            String where = side == real ? "real " + real : "sim " + sim;
            // 1 s of two threads spinning: a forced drop every 5 ms on a quiet machine (~200); a loaded one fewer.
            assertTrue(side.get("forced_drops").asLong() >= 20, where);
            long ended = side.get("forced_drops_to_requester").asLong()
                    + side.get("forced_drops_to_other_waiter").asLong()
                    + side.get("forced_drops_to_newcomer").asLong();
            // every forced drop ends in a take (by a waiter, or by main arriving to find the GIL free); only the last
            // may still be open when the run stops
            long forced = side.get("forced_drops").asLong();
            assertTrue(ended == forced || ended == forced - 1, where);
            assertTrue(side.get("takes").asLong() >= forced - 1, where);
            assertEquals(side.get("takes").asLong(), side.get("switches").asLong(), where); // nobody re-takes its own
            assertTrue(side.get("timed_waits").asLong() >= side.get("timeouts").asLong(), where);
            assertEquals("main", side.get("threads").get(0).get("name").asText(), where);
        }
        assertEquals(0, r.get("interpreters").get(0).get("recorded_runs").size() - 1);
        // run by run: one entry a run, whose crowded drops are the pooled ones (one run here, so the same count)
        JsonNode byRun = r.get("interpreters").get(0).get("handoffs_by_run");
        assertEquals(1, byRun.size(), byRun.toString());
        assertEquals(real.get("crowded_forced_drops").asLong(), byRun.get(0).get("crowded_forced_drops").asLong());
        assertEquals(1, r.get("sim_handoffs_by_run").size());
        // the recorder does not wrap pthread_mutex_lock: the real side says it did not record the mutex
        assertTrue(real.get("gil_mutex_blocks").isNull(), real.toString());
        assertTrue(sim.get("gil_mutex_blocks").isNumber(), sim.toString());
        // by quiet time: four bands on each side, whose drops are at most the crowded ones after a re-wait
        JsonNode bands = r.get("interpreters").get(0).get("handoffs_by_quiet");
        assertEquals(4, bands.size(), bands.toString());
        long inBands = 0;
        for (JsonNode b : bands) inBands += b.get("drops").asLong();
        assertTrue(inBands <= real.get("crowded_forced_drops").asLong(), bands + " against " + real);
        assertTrue(bands.get(3).get("quiet_to_ns").isNull(), bands.toString());
        assertEquals(4, r.get("sim_handoffs_by_quiet").size());
        // by the quiet time of sleepers on the requester's CPU: the model's calls carry their core, so its drops fall
        // in five bands, the last those with no other waiter on the requester's CPU; the recorder stamps CPUs only
        // when GILSIM_HANDOFF_CPU is set in the environment, and then the real side has the same five
        boolean cpus = System.getenv("GILSIM_HANDOFF_CPU") != null;
        JsonNode realSame = r.get("interpreters").get(0).get("handoffs_by_same_core_quiet");
        assertEquals(cpus, !realSame.isNull(), realSame.toString());
        List<JsonNode[]> pairs = new java.util.ArrayList<>();
        pairs.add(new JsonNode[] {r.get("sim_handoffs_by_quiet"), r.get("sim_handoffs_by_same_core_quiet")});
        if (cpus) pairs.add(new JsonNode[] {bands, realSame});
        for (JsonNode[] pair : pairs) {
            assertEquals(5, pair[1].size(), pair[1].toString());
            long any = 0;
            long same = 0;
            for (JsonNode b : pair[0]) any += b.get("drops").asLong();
            for (JsonNode b : pair[1]) same += b.get("drops").asLong();
            assertEquals(any, same, pair[0] + " against " + pair[1]);
            assertTrue(pair[1].get(4).get("no_sleeper_on_requester_cpu").asBoolean(), pair[1].toString());
            assertFalse(pair[1].get(0).get("no_sleeper_on_requester_cpu").asBoolean(), pair[1].toString());
        }
        // second by second: never more fast seconds than seconds read, on either side
        for (JsonNode speeds : List.of(r.get("interpreters").get(0).get("handoffs_race_speeds"),
                r.get("sim_handoffs_race_speeds"))) {
            assertTrue(speeds.get("fast_seconds").asInt() <= speeds.get("seconds").asInt(), speeds.toString());
            assertTrue(speeds.get("slow_gap_p50_ns").isNumber(), speeds.toString());
        }
        // as root with tracefs (CI's machine), every run was also read from the kernel's scheduler trace; the
        // recorder's cost is the plain runs' share less the recorded runs', one run of each here
        JsonNode traced = r.get("interpreters").get(0).get("traced");
        String untraceable = SchedRecorder.unavailable();
        assertEquals(untraceable == null, !traced.isNull(), untraceable + " " + traced);
        if (untraceable != null) {
            assertEquals(untraceable, r.get("untraced").asText());
        } else {
            assertTrue(r.get("untraced").isNull(), r.get("untraced").toString());
            assertEquals(1, traced.get("plain_runs").size(), traced.toString());
            assertEquals(1, traced.get("recorded_runs").size(), traced.toString());
            JsonNode p = traced.get("plain_runs").get(0);
            JsonNode q = traced.get("recorded_runs").get(0);
            double cost = (p.get("crowded_forced_drops").asLong() == 0 ? 0
                    : 100.0 * p.get("crowded_to_requester").asLong() / p.get("crowded_forced_drops").asLong())
                    - (q.get("crowded_forced_drops").asLong() == 0 ? 0
                    : 100.0 * q.get("crowded_to_requester").asLong() / q.get("crowded_forced_drops").asLong());
            assertEquals(cost, traced.get("recorder_cost_points").asDouble(), 1e-9, traced.toString());
            assertTrue(q.get("crowded_to_requester").asLong() <= q.get("crowded_forced_drops").asLong(), q.toString());
        }
        String text = Files.readString(trace);
        assertTrue(text.contains("\"process_name\"") && text.contains("sim seed 1") && text.contains("CPython 3."),
                text.substring(0, Math.min(400, text.length())));
        assertTrue(text.contains("\"holds GIL\"") && text.contains("\"waits for GIL\""));
    }
}
