package gilsim.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.Runs;
import gilsim.metrics.Summary;
import gilsim.scenario.InputError;
import gilsim.scenario.Scenario;
import gilsim.scenario.Scenarios;
import org.junit.jupiter.api.Test;

/** Properties written over the metrics: what they read, how they combine, and what they refuse. */
class ExpressionTest {
    private static final Scenario SHORT = Scenarios.resolve("short-release");
    private static final Scenario POOL = Scenarios.resolve("slice-rotation");

    @Test
    void comparisonsReadTheNamedThreadsMetricAndCombine() {
        Summary starving = Runs.run("short-release", 1);
        Summary pinned = Runs.run("short-release", 1, "pinned=true");
        Property p = Property.parse("wait_max(main) < 50ms", SHORT);
        assertFalse(p.holds(starving));
        assertTrue(p.holds(pinned));
        assertEquals("wait_max(main) = 2.00 s", p.detail(starving));
        Property both = Property.parse("share(worker) >= 0.9 and (wait_max(main) < 50ms or switches > 1000)", SHORT);
        assertFalse(both.holds(starving), "switches is 2 there");
        assertTrue(both.holds(pinned));
        assertTrue(Property.parse("gil_share(worker) > 0.99 or max_wait < 1ms", SHORT).holds(starving));
        assertTrue(Property.parse("slowdown(worker) < 1.1", SHORT).holds(starving));
        assertFalse(Property.parse("rounds(main) >= 1", SHORT).holds(starving), "main never completes a round");
    }

    @Test
    void anUndefinedValueMakesItsComparisonFalse() {
        Summary starving = Runs.run("short-release", 1);
        Property p = Property.parse("round_p50(main) < 1s", SHORT);
        assertFalse(p.holds(starving));
        assertEquals("round_p50(main) = undefined", p.detail(starving));
    }

    @Test
    void poolMetricsAndAnyPoolThreadCanBeNamed() {
        Summary s = Runs.run("slice-rotation", 1);
        assertTrue(Property.parse("latency_p99 < 1s and throughput_rps > 100", POOL).holds(s));
        assertFalse(Property.parse("wait_max(t1) < 100ms", POOL).holds(s), "t1 starves");
        Property.parse("wait_max(t7) < 100ms", POOL); // threads may be searched up to 8
    }

    @Test
    void whatCannotBeJudgedIsOneLine() {
        String[][] bad = {
                {"wait_max(nobody) < 50ms", "no thread 'nobody' in short-release (threads: main, worker)"},
                {"waits(main) < 50ms", "no metric 'waits' (`gilsim metrics` lists them; write them without _ns)"},
                {"wait_max < 50ms", "wait_max is a thread's metric: name the thread, as in wait_max(main)"},
                {"switches(main) > 3", "switches is a metric of the run: write it without a thread"},
                {"latency_p99 < 1ms", "latency_p99 is a metric of the m0 pool, and short-release has none"},
                {"wait_max(main) < 0.5", "wait_max(main) is a time: compare it with a duration such as 50ms, not '0.5'"},
                {"share(main) < 5ms", "share(main) is a fraction: compare it with a number, not '5ms'"},
                {"wait_max(main) 50ms", "expected a comparison (<, <=, >, >=, ==, !=) after wait_max(main), got '50ms'"},
                {"wait_max(main) <", "ends where a value should follow"},
                {"(wait_max(main) < 1s", "ends where ')' should follow"},
                {"wait_max(main) < 1s and", "ends where a metric should follow"},
                {"fastest", "unknown property (named ones: no-starvation, in-order; or an expression such as "
                        + "'wait_max(main) < 50ms')"},
        };
        for (String[] b : bad) {
            InputError e = assertThrows(InputError.class, () -> Property.parse(b[0], SHORT), b[0]);
            assertEquals("--property " + (b[0].equals("fastest") ? "fastest: " : "'" + b[0] + "': ") + b[1],
                    e.getMessage());
        }
    }
}
