package gilsim.compare;

import gilsim.metrics.Metrics;
import gilsim.metrics.Figures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.Runs;
import gilsim.scenario.Builtins;
import gilsim.scenario.InputError;
import gilsim.scenario.Scenario;
import gilsim.sim.Durations;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The arms as a library: what the HTML report's {@code --compare} arms and the compare command both run. */
class ArmsTest {
    private static final String SHORT = "duration=200ms";

    @Test
    void theAsIsArmComesFirstAndEachArmIsTheRunOfItsKeys() {
        Scenario s = Builtins.get("short-release");
        Comparison c = Arms.run(s, List.of(SHORT), List.of(Map.of("pinned", "true"),
                Map.of("policy", "paused-budget")), 3, null);
        assertEquals(List.of("as-is", "pinned=true", "policy=paused-budget"),
                c.arms().stream().map(a -> a.arm().label()).toList());
        assertEquals(Runs.run("short-release", 3, SHORT), c.arms().get(0).summary());
        assertEquals(Runs.run("short-release", 3, SHORT, "pinned=true"), c.arms().get(1).summary());
        assertEquals(Runs.run("short-release", 3, SHORT, "policy=paused-budget"), c.arms().get(2).summary());
        assertEquals(List.of("run", "short-release", "--set", SHORT, "--set", "pinned=true", "--seed", "3"),
                c.arms().get(1).runArgs());
        assertNull(c.deltas(c.asIs()));
        // As-is, main starves for the whole run; pinned, it does not: the difference is the fix's gain.
        assertTrue(c.asIs().starves());
        Deltas pinned = c.deltas(c.arms().get(1));
        assertEquals(c.arms().get(1).maxWait().ns() - c.asIs().maxWait().ns(), pinned.maxWaitNs());
        assertTrue(pinned.maxWaitNs() < 0);
    }

    @Test
    void compareRunsEveryPolicyButTheScenariosOwnAndTheKeepRuleForAPool() {
        Scenario pool = Builtins.get("slice-rotation");
        // Every registered policy but the as-is one, CPython's, in order; then the keep rule.
        List<String> others = PolicyArms.registered().stream().skip(1).map(p -> "policy=" + p).toList();
        assertEquals(List.of("policy=paused-budget", "policy=fifo-ticket", "policy=free-threaded"),
                others.subList(0, 3));
        assertEquals(Stream.concat(others.stream(), Stream.of("keep=true")).toList(),
                labels(PolicyArms.of(pool, pool.params(), PolicyArms.registered())));
        assertEquals(List.of("policy=fifo-ticket"),
                labels(PolicyArms.of(pool, pool.params(List.of("keep=true")), List.of("fifo-ticket"))));
        Scenario sr = Builtins.get("short-release");
        assertEquals(List.of("policy=cpython", "policy=free-threaded"), labels(PolicyArms.of(sr,
                sr.params(List.of("policy=fifo-ticket")), List.of("cpython", "fifo-ticket", "free-threaded"))));
        // The registry's names: a policy registered later is a new arm of every comparison.
        assertEquals(List.of("cpython", "paused-budget", "fifo-ticket", "free-threaded"),
                PolicyArms.registered().subList(0, 4));
    }

    @Test
    void aBadArmIsNamedBeforeAnythingRuns() {
        Scenario sr = Builtins.get("short-release");
        InputError unknown = assertThrows(InputError.class,
                () -> Arms.of(sr, List.of(), List.of(Arm.of(Map.of("keep", "true"))), null));
        assertTrue(unknown.getMessage().startsWith("short-release, arm keep=true: unknown key 'keep'"),
                unknown.getMessage());
        InputError value = assertThrows(InputError.class,
                () -> Arms.of(sr, List.of(), List.of(Arm.of(Map.of("work", "fast"))), null));
        assertTrue(value.getMessage().startsWith("short-release, arm work=fast: work=fast: "), value.getMessage());
        InputError together = assertThrows(InputError.class, () -> Arms.of(sr, List.of("python=3.1"),
                List.of(Arm.of(Map.of("policy", "fifo-ticket"))), null));
        assertTrue(together.getMessage().contains("arm policy=fifo-ticket") && together.getMessage().contains("old GIL"),
                together.getMessage());
    }

    @Test
    void aFreeThreadedRunHasNoShareToLose() {
        Scenario sr = Builtins.get("short-release");
        Comparison c = Arms.run(sr, List.of(SHORT), List.of(Map.of("policy", "free-threaded")), 1, null);
        ArmFigures free = c.arms().get(1);
        assertTrue(c.asIs().tookGil());
        assertFalse(free.tookGil());
        Deltas d = c.deltas(free);
        for (Deltas.ThreadDelta t : d.threads()) assertNull(t.gilShare(), t.toString());
        // Its pace is still compared: main runs its rounds, which it never did as-is.
        assertTrue(free.thread("main").get(Metrics.ROUNDS_PER_S) > 0);
        assertNull(d.thread("main").roundsPerSecondChange(), "no change from 0 rounds");
    }

    @Test
    void aPoolCarriesItsP99CorrectedAndRaw_inTheFiguresTheTextTheJsonAndTheCsv() {
        // The defaults: as-is, t1's and t2's connections wait out the 2 s run; the keep rule ends that.
        Scenario pool = Builtins.get("slice-rotation");
        Comparison c = Arms.run(pool, List.of(), List.of(Map.of("keep", "true")), 1, null);
        String replay = Runs.replay("slice-rotation", 1) + ", and with --set keep=true";
        Figures asIs = c.asIs().pool();
        ArmFigures keep = c.arms().get(1);
        assertEquals(c.asIs().summary().pool().get(Metrics.LATENCY_P99_NS), asIs.get(Metrics.LATENCY_P99_NS));
        // The stall counts once per request interval in the corrected figure, and only twice among thousands in the
        // raw one.
        assertTrue((long) asIs.get(Metrics.LATENCY_P99_NS) > (long) asIs.get(Metrics.LATENCY_RAW_P99_NS), asIs + ": "
                + replay);
        Deltas d = c.deltas(keep);
        assertEquals((long) keep.pool().get(Metrics.LATENCY_P99_NS) - (long) asIs.get(Metrics.LATENCY_P99_NS),
                d.of(Metrics.LATENCY_P99_NS).difference());
        assertEquals((double) (long) keep.pool().get(Metrics.LATENCY_P99_NS)
                / (long) asIs.get(Metrics.LATENCY_P99_NS) - 1,
                d.of(Metrics.LATENCY_P99_NS).change(),
                1e-12);
        assertTrue(d.of(Metrics.LATENCY_P99_NS).change() < 0, d + ": " + replay);

        // The text: the "latency p99" column is the corrected figure and its change, the "raw p99" beside it the raw.
        List<String> lines = ComparisonText.of(c).lines().toList();
        String heading = lines.stream().filter(l -> l.startsWith("arm ") && l.contains(" raw p99")).findFirst()
                .orElseThrow();
        String keepRow = lines.get(lines.indexOf(heading) + 2);
        assertTrue(keepRow.startsWith("keep=true "), keepRow);
        assertTrue(keepRow.substring(heading.indexOf("latency p99")).startsWith(
                Durations.human((long) keep.pool().get(Metrics.LATENCY_P99_NS))
                + String.format(Locale.ROOT, " (%+.1f%%)", 100 * d.of(Metrics.LATENCY_P99_NS).change())), keepRow);
        assertTrue(keepRow.substring(heading.indexOf("raw p99")).startsWith(
                Durations.human((long) keep.pool().get(Metrics.LATENCY_RAW_P99_NS))
                + String.format(Locale.ROOT, " (%+.1f%%)", 100 * d.of(Metrics.LATENCY_RAW_P99_NS).change())), keepRow);
        // The raw p99 rises (as-is, the two stranded connections send nothing, so fewer requests queue): the cost
        // column still names that rise, and not the corrected p99, which fell.
        assertTrue(d.of(Metrics.LATENCY_RAW_P99_NS).change() > 0, d + ": " + replay);
        String cost = lines.stream().filter(l -> l.startsWith("keep=true ")).findFirst().orElseThrow();
        assertTrue(cost.contains(String.format(Locale.ROOT, "raw p99 %+.1f%%",
                100 * d.of(Metrics.LATENCY_RAW_P99_NS).change())), cost);
        assertFalse(cost.contains("latency p99"), cost);

        Map<String, Object> json = ComparisonJson.tree(c, List.of("gilsim"));
        List<?> arms = (List<?>) json.get("arms");
        assertEquals((long) asIs.get(Metrics.LATENCY_P99_NS), path(arms.get(0), "pool", "latency_p99_ns"));
        assertEquals((long) asIs.get(Metrics.LATENCY_RAW_P99_NS), path(arms.get(0), "pool", "latency_raw_p99_ns"));
        assertEquals(d.of(Metrics.LATENCY_P99_NS).difference(), path(arms.get(1), "vs_as_is", "latency_p99_ns"));
        assertEquals(ComparisonJson.round(d.of(Metrics.LATENCY_P99_NS).change()), path(arms.get(1), "vs_as_is",
                "latency_p99_change"));
        assertEquals(d.of(Metrics.LATENCY_RAW_P99_NS).difference(), path(arms.get(1), "vs_as_is",
                "latency_raw_p99_ns"));
        assertEquals(ComparisonJson.round(d.of(Metrics.LATENCY_RAW_P99_NS).change()), path(arms.get(1), "vs_as_is",
                "latency_raw_p99_change"));

        // The CSV: latency_p99_ns where it always was, now corrected; the raw p99's two columns after every other, so
        // that a reader by position still finds the old ones.
        List<List<String>> rows = ComparisonCsv.rows(List.of(c));
        List<String> header = rows.get(0);
        int p99 = header.indexOf("latency_p99_ns");
        assertEquals(Long.toString((long) asIs.get(Metrics.LATENCY_P99_NS)), rows.get(1).get(p99));
        assertEquals(Long.toString((long) keep.pool().get(Metrics.LATENCY_P99_NS)), rows.get(2).get(p99));
        assertEquals(List.of("latency_raw_p99_ns", "latency_raw_p99_change"),
                header.subList(header.size() - 2, header.size()));
        assertEquals(List.of(Long.toString((long) asIs.get(Metrics.LATENCY_RAW_P99_NS)), ""), last2(rows.get(1)));
        assertEquals(Long.toString((long) keep.pool().get(Metrics.LATENCY_RAW_P99_NS)), last2(rows.get(2)).get(0));
        assertEquals(d.of(Metrics.LATENCY_RAW_P99_NS).change(), Double.parseDouble(last2(rows.get(2)).get(1)), 1e-6);
    }

    @Test
    void aRiseOfTheCorrectedP99IsACost() {
        // The other way round: the keep rule as-is, the pool as CPython's default leaves it as the arm.
        Scenario pool = Builtins.get("slice-rotation");
        Comparison c = Arms.run(pool, List.of("keep=true"), List.of(Map.of("keep", "false")), 1, null);
        Deltas d = c.deltas(c.arms().get(1));
        assertTrue(d.of(Metrics.LATENCY_P99_NS).change() > 0, d.toString());
        // The cost column may wrap into a table of its own: look at every line of the arm.
        String arm = String.join("\n", ComparisonText.of(c).lines().filter(l -> l.startsWith("keep=false ")).toList());
        String change = String.format(Locale.ROOT, "latency p99 %+.1f%%", 100 * d.of(Metrics.LATENCY_P99_NS).change());
        assertTrue(arm.contains(change), arm);
        // A scenario without a pool has no latency to compare.
        Comparison sr = Arms.run(Builtins.get("short-release"), List.of(SHORT), List.of(Map.of("pinned", "true")), 1,
                null);
        assertNull(sr.deltas(sr.arms().get(1)).of(Metrics.LATENCY_P99_NS).change());
        assertNull(sr.deltas(sr.arms().get(1)).of(Metrics.LATENCY_P99_NS).difference());
    }

    private static Object path(Object node, String... keys) {
        for (String k : keys) node = ((Map<?, ?>) node).get(k);
        return node;
    }

    private static List<String> last2(List<String> row) {
        return row.subList(row.size() - 2, row.size());
    }

    private static List<String> labels(List<Arm> arms) {
        return arms.stream().map(Arm::label).toList();
    }
}
