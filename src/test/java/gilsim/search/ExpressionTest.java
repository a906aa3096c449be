package gilsim.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.Runs;
import gilsim.metrics.Metrics;
import gilsim.metrics.Summary;
import gilsim.scenario.InputError;
import gilsim.scenario.Scenario;
import gilsim.scenario.Scenarios;
import gilsim.sim.Durations;
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

    /**
     * A group (the threads one entry's count made) takes a time metric as its longest: the property holds when it
     * holds for every thread of the group, however many a run has (here 4, then 1, named as the entry).
     */
    @Test
    void aGroupIsItsWorstThread() {
        String file = "src/test/resources/gilsim/golden/inputs/workers.yaml";
        Scenario workers = Scenarios.resolve(file);
        Summary four = Runs.run(file, 1);
        long longest = four.threads().stream().filter(t -> t.name().startsWith("worker-"))
                .mapToLong(t -> t.get(Metrics.WAIT_MAX_NS)).max().orElseThrow();
        Property p = Property.parse("wait_max(worker) < 1s", workers);
        assertTrue(p.holds(four));
        assertEquals("wait_max(worker) = " + Durations.human(longest), p.detail(four));
        Summary one = Runs.run(file, 1, "workers=1");
        long alone = one.threads().stream().filter(t -> t.name().equals("worker")).findFirst().orElseThrow()
                .get(Metrics.WAIT_MAX_NS);
        assertEquals("wait_max(worker) = " + Durations.human(alone), p.detail(one));
        InputError share = assertThrows(InputError.class, () -> Property.parse("share(worker) < 0.5", workers));
        assertTrue(share.getMessage().contains("a group takes a time metric"), share.getMessage());
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
        Summary s = Runs.onKeys("slice-rotation", 1);
        // On the keys alone two connections are stranded for the whole 2 s run: the corrected p99 sees it, the raw
        // one does not.
        assertTrue(Property.parse("latency_p99 > 1s and latency_raw_p99 < 1s and throughput_rps > 100", POOL)
                .holds(s));
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
                {"latency_p99 < 1ms", "latency_p99 is a metric of requests, and short-release has none: neither the m0 pool nor arrivals (docs/scenarios.md, Requests and arrivals)"},
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

    /**
     * mean(...) judges a configuration by its seeds' mean, the plain metric by every seed (the worst): a limit
     * between the mean and the worst seed separates them.
     */
    @Test
    void meanJudgesTheSeedsTogetherAndThePlainMetricTheWorstSeed() {
        java.util.List<RunOutcome> runs = new java.util.ArrayList<>();
        Property probe = Property.parse("wakeups_lost(main) >= 0", SHORT);
        for (long seed = 1; seed <= 4; seed++) {
            runs.add(RunOutcome.of(Runs.run("short-release", seed, "pinned=true", "preempt_percent=88",
                    "duration=500ms"), probe));
        }
        double[] lost = runs.stream().mapToDouble(r -> r.values()[0]).toArray();
        double mean = java.util.Arrays.stream(lost).average().orElseThrow();
        double max = java.util.Arrays.stream(lost).max().orElseThrow();
        assertTrue(mean < max, java.util.Arrays.toString(lost));
        double limit = (mean + max) / 2;
        Property worst = Property.parse("wakeups_lost(main) < " + limit, SHORT);
        Property averaged = Property.parse("mean(wakeups_lost(main)) < " + limit, SHORT);
        java.util.List<RunOutcome> byWorst = worst.judge(rerun(runs, worst));
        java.util.List<RunOutcome> byMean = averaged.judge(rerun(runs, averaged));
        assertTrue(byWorst.stream().anyMatch(r -> !r.holds()), "some seed is above the limit");
        assertTrue(byMean.stream().allMatch(RunOutcome::holds), "the mean is below it");
        assertTrue(byMean.get(0).detail().startsWith("mean(wakeups_lost(main)) = ")
                && byMean.get(0).detail().endsWith(" over 4 seeds"), byMean.get(0).detail());
        assertEquals("mean(wait_max(main)) < 1s", Property.parse("mean(wait_max(main)) < 1s", SHORT).id());
    }

    private static java.util.List<RunOutcome> rerun(java.util.List<RunOutcome> runs, Property p) {
        java.util.List<RunOutcome> out = new java.util.ArrayList<>();
        for (RunOutcome r : runs) {
            out.add(RunOutcome.of(Runs.run("short-release", r.seed(), "pinned=true", "preempt_percent=88",
                    "duration=500ms"), p));
        }
        return out;
    }

    /** A passing search shows its closest run: the margin is each limit's relative distance, and/or as min/max. */
    @Test
    void theMarginIsTheRelativeDistanceFromBreaking() {
        Expression p99 = (Expression) Property.parse("latency_p99 < 20ms", POOL);
        assertEquals(0.4, p99.margin(new double[] {12e6}), 1e-12);
        assertEquals(-0.5, p99.margin(new double[] {30e6}), 1e-12);
        Expression both = (Expression) Property.parse("wait_max(main) < 50ms and share(worker) >= 0.5", SHORT);
        assertEquals(0.2, both.margin(new double[] {40e6, 0.9}), 1e-12, "the and's nearer side: 10 of 50 ms");
        assertEquals(0.1, both.margin(new double[] {10e6, 0.55}), 1e-12, "the and's nearer side: 0.05 of 0.5");
        Expression either = (Expression) Property.parse("wait_max(main) < 50ms or share(worker) >= 0.5", SHORT);
        assertEquals(0.8, either.margin(new double[] {10e6, 0.55}), 1e-12, "the or's farther side");
        assertEquals(Double.NEGATIVE_INFINITY, p99.margin(new double[] {Double.NaN}));
    }

    /** With nothing failing, the report's closest run is the one with the highest p99 of every run tried. */
    @Test
    void aSearchWithNoCounterexampleShowsItsRunNearestTheLimit() {
        ConfigSpace space = ConfigSpace.of(POOL, java.util.List.of("duration=300ms"),
                java.util.List.of("threads=2..6"));
        Property p = Property.parse("latency_p99 < 1s", POOL);
        java.util.List<RunOutcome> all = new java.util.ArrayList<>();
        SearchReport r = SearchRun.run(space, new SearchOptions(p, 1, true, 1, 2, 2), Progress.off(),
                t -> all.addAll(t.result().runs()));
        assertEquals(null, r.shrunk());
        assertEquals(10, all.size());
        double highest = all.stream().mapToDouble(x -> x.values()[0]).max().orElseThrow();
        assertEquals(highest, r.closest().run().values()[0]);
        assertTrue(all.stream().mapToDouble(x -> x.values()[0]).distinct().count() > 2, "the p99s differ");
        assertTrue(r.closestReplay().endsWith("--seed " + r.closest().run().seed() + " --property 'latency_p99 < 1s'"),
                r.closestReplay());
        SearchReport failing = SearchRun.run(space, new SearchOptions(Property.parse("latency_p99 < 1ms", POOL), 1,
                true, 1, 1, 2), Progress.off());
        assertEquals(null, failing.closest(), "a counterexample, so no closest");
    }
}
