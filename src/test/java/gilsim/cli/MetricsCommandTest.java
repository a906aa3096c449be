package gilsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import gilsim.metrics.Metric;
import gilsim.metrics.Metrics;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Metrics are declared once: the JSON summary writes exactly the declared figures, and `gilsim metrics` lists them. */
class MetricsCommandTest {
    private static String run(String... args) {
        StringWriter out = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out), new PrintWriter(new StringWriter()));
        assertEquals(0, code, String.join(" ", args));
        return out.toString();
    }

    @Test
    void theJsonSummaryWritesTheDeclaredMetricsInTheirOrder() throws Exception {
        JsonNode s = new ObjectMapper().readTree(run("run", "slice-rotation", "--set", "duration=50ms", "--json"));
        List<String> top = fields(s);
        assertEquals(names(Metrics.RUN), top.subList(top.indexOf("events") + 1, top.indexOf("threads")));
        assertEquals(withName(names(Metrics.THREAD, Metrics.THREAD_ROUNDS)), fields(s.get("threads").get(0)));
        assertEquals(names(Metrics.GIL), fields(s.get("gil")));
        List<String> pool = fields(s.get("pool"));
        assertEquals(names(Metrics.POOL), pool.subList(0, pool.size() - 1));
        assertEquals(withName(names(Metrics.POOL_THREAD)), fields(s.get("pool").get("threads").get(0)));
    }

    /** A scenario with a lock has "locks" after "gil": per lock its name, model and threads, as declared. */
    @Test
    void aScenarioWithLocksWritesTheDeclaredLockMetricsAndOneWithoutWritesNoLocks() throws Exception {
        JsonNode s = new ObjectMapper().readTree(run("run", "scenarios/lock-contention.yaml", "--set",
                "duration=50ms", "--set", "python=3.13", "--json"));
        List<String> top = fields(s);
        assertEquals(top.indexOf("gil") + 1, top.indexOf("locks"), top.toString());
        JsonNode lock = s.get("locks").get(0);
        assertEquals(List.of("name", "model", "threads"), fields(lock));
        assertEquals("pymutex", lock.get("model").asText());
        assertEquals(withName(names(Metrics.LOCK_THREAD)), fields(lock.get("threads").get(0)));
        JsonNode none = new ObjectMapper().readTree(run("run", "short-release", "--set", "duration=50ms", "--json"));
        assertTrue(!none.has("locks"), "no locks field without a lock");
    }

    @Test
    void gilsimMetricsListsEveryDeclaredMetricWithItsMeaning() {
        String text = run("metrics");
        for (List<? extends Metric<?, ?>> scope : List.of(Metrics.RUN, Metrics.THREAD, Metrics.THREAD_ROUNDS,
                Metrics.GIL,
                Metrics.LOCK_THREAD, Metrics.POOL, Metrics.POOL_THREAD)) {
            for (Metric<?, ?> m : scope) {
                assertTrue(text.contains(m.name()) && text.contains(m.meaning()), m.name() + " missing:\n" + text);
            }
        }
    }

    private static List<String> fields(JsonNode node) {
        List<String> out = new ArrayList<>();
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) out.add(it.next());
        return out;
    }

    @SafeVarargs
    private static List<String> names(List<? extends Metric<?, ?>>... lists) {
        List<String> out = new ArrayList<>();
        for (List<? extends Metric<?, ?>> metrics : lists) for (Metric<?, ?> m : metrics) out.add(m.name());
        return out;
    }

    private static List<String> withName(List<String> names) {
        List<String> out = new ArrayList<>(List.of("name"));
        out.addAll(names);
        return out;
    }
}
