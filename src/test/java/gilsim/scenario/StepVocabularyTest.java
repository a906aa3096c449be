package gilsim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.program.Dist;
import gilsim.program.Step;
import gilsim.program.ThreadSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The step vocabulary of scenario files beyond compute, release, sleep and loop: what each parses into. */
class StepVocabularyTest {
    private static final long US = 1_000L;
    private static final long MS = 1_000_000L;

    private static List<ThreadSpec> threads(String yaml) {
        Scenario s = ScenarioFile.parse("f.yaml", yaml);
        return ((Workload.Threads) s.workload().apply(s.params())).threads();
    }

    private static String program(String... steps) {
        StringBuilder b = new StringBuilder("name: x\nthreads:\n  - name: a\n    program:\n");
        for (String s : steps) b.append("      ").append(s).append('\n');
        return b.toString();
    }

    private static void refused(String yaml, String message) {
        InputError e = assertThrows(InputError.class, () -> ScenarioFile.parse("f.yaml", yaml));
        assertEquals(message, e.getMessage());
    }

    @Test
    void everyStepKindParsesIntoItsStep() {
        List<Step> p = threads(program(
                "- compute: {exponential: 2ms}",
                "- release: {uniform: [1us, 20us]}",
                "- sleep: {lognormal: {median: 1ms, spread: 2}}",
                "- compute: {empirical: [1ms, 2ms, 9ms]}",
                "- compute: {empirical: {quantiles: [[0, 1ms], [0.5, 2ms], [1, 9ms]]}}",
                "- hold: 30ms",
                "- lock: cache",
                "- unlock: cache",
                "- put: jobs",
                "- get: jobs",
                "- {repeat: 3, steps: [compute: 1ms, sleep: 1ms]}")).get(0).program();
        assertEquals(List.of(
                new Step.Compute(new Dist.Exponential(2 * MS)),
                new Step.Release(new Dist.Uniform(US, 20 * US)),
                new Step.Sleep(new Dist.LogNormal(MS, 2)),
                new Step.Compute(new Dist.Samples(List.of(MS, 2 * MS, 9 * MS))),
                new Step.Compute(new Dist.Quantiles(List.of(0.0, 0.5, 1.0), List.of(MS, 2 * MS, 9 * MS))),
                new Step.Hold(30 * MS),
                new Step.Lock("cache"),
                new Step.Unlock("cache"),
                new Step.Put("jobs"),
                new Step.Get("jobs"),
                new Step.Loop(3, List.of(new Step.Compute(MS), new Step.Sleep(MS)))), p);
        assertEquals(4 * MS, ((Step.Compute) p.get(3)).ns(), "a step's nominal duration is its mean");
    }

    @Test
    void countMakesNamedCopies() {
        List<ThreadSpec> t = threads("name: x\nthreads:\n  - name: w\n    count: 3\n    program:\n"
                + "      - compute: 1ms\n  - name: main\n    program:\n      - sleep: 1ms\n");
        assertEquals(List.of("w-1", "w-2", "w-3", "main"), t.stream().map(ThreadSpec::name).toList());
        refused("name: x\nthreads:\n  - name: w\n    count: 2\n    program:\n      - compute: 1ms\n"
                + "  - name: w-2\n    program:\n      - sleep: 1ms\n",
                "f.yaml:4: threads[0].name: 'w-2' (a copy made by count) is used by another thread");
        refused("name: x\nthreads:\n  - name: w\n    count: 0\n    program:\n      - compute: 1ms\n",
                "f.yaml:4: threads[0].count: '0' is not a count from 1 to 1000");
    }

    /** A count and a loop's passes may be keys, read for each run: a search can try 2 to 8 workers. */
    @Test
    void countsAndPassesFromKeys() {
        String yaml = "name: x\nparams: {workers: 3, rounds: 2}\nthreads:\n  - name: w\n    count: $workers\n"
                + "    program:\n      - {loop: {times: $rounds, body: [compute: 1ms]}}\n      - {repeat: $rounds, "
                + "steps: [sleep: 1ms]}\n";
        Scenario s = ScenarioFile.parse("f.yaml", yaml);
        List<ThreadSpec> three = ((Workload.Threads) s.workload().apply(s.params())).threads();
        assertEquals(List.of("w-1", "w-2", "w-3"), three.stream().map(ThreadSpec::name).toList());
        assertEquals(List.of(new Step.Loop(2, List.of(new Step.Compute(MS))), new Step.Loop(2,
                List.of(new Step.Sleep(MS)))), three.get(0).program());
        Params five = s.params(List.of("workers=5", "rounds=4"), null);
        List<ThreadSpec> more = ((Workload.Threads) s.workload().apply(five)).threads();
        assertEquals(5, more.size());
        assertEquals(new Step.Loop(4, List.of(new Step.Compute(MS))), more.get(4).program().get(0));
        InputError big = assertThrows(InputError.class, () -> s.params(List.of("workers=1001"), null));
        assertEquals("f.yaml:5 with --set workers=1001: threads[0].count: $workers is 1001; a count from 1 to 1000",
                big.getMessage());
        refused("name: x\nparams: {gap: 1ms}\nthreads:\n  - name: w\n    count: $gap\n    program:\n"
                + "      - compute: 1ms\n", "f.yaml:5: threads[0].count: '$gap' names no count key in params");
    }

    @Test
    void malformedDistributionsAreOneLineNamingFileLineAndField() {
        refused(program("- compute: {uniform: [20us, 1us]}"),
                "f.yaml:5: threads[0].program[0].compute.uniform: uniform needs 0 <= low <= high <= 3600s");
        refused(program("- compute: {uniform: [-1us, 1us]}"),
                "f.yaml:5: threads[0].program[0].compute.uniform[0]: '-1us' is not a duration (write 5ms, 300us, 2s "
                        + "or 1500ns)");
        refused(program("- compute: {uniform: [1us]}"),
                "f.yaml:5: threads[0].program[0].compute.uniform: expected a list of 2 items");
        refused(program("- compute: {exponential: 0ns}"),
                "f.yaml:5: threads[0].program[0].compute.exponential: exponential needs a mean above 0ns");
        refused(program("- compute: {lognormal: {median: 1ms, spread: 0.5}}"),
                "f.yaml:5: threads[0].program[0].compute.lognormal: lognormal needs a spread from 1 to 100");
        refused(program("- compute: {lognormal: {median: 1ms}}"),
                "f.yaml:5: threads[0].program[0].compute.lognormal.spread: missing");
        refused(program("- compute: {normal: 1ms}"),
                "f.yaml:5: threads[0].program[0].compute.normal: unknown distribution (a duration, or one of "
                        + "uniform, exponential, lognormal, empirical)");
        refused(program("- compute: {empirical: {quantiles: [[0.1, 1ms], [1, 2ms]]}}"),
                "f.yaml:5: threads[0].program[0].compute.empirical: quantiles need at least two points, from "
                        + "probability 0 to 1");
        refused(program("- compute: {exponential: $work}"),
                "f.yaml:5: threads[0].program[0].compute.exponential: '$work' names no duration key in params");
        refused(program("- compute: {empirical: [1ms, $work]}"),
                "f.yaml:5: threads[0].program[0].compute.empirical[1]: an empirical distribution takes literal "
                        + "durations, not keys");
    }

    /** A uniform, exponential or lognormal distribution may take its durations from keys, checked for each run. */
    @Test
    void distributionParametersFromKeys() {
        String yaml = "name: x\nparams: {mean: 2ms, low: 1us, high: 20us}\nthreads:\n  - name: a\n    program:\n"
                + "      - compute: {exponential: $mean}\n      - release: {uniform: [$low, $high]}\n"
                + "      - sleep: {lognormal: {median: $mean, spread: 2}}\n";
        Scenario s = ScenarioFile.parse("f.yaml", yaml);
        assertEquals(List.of(new Step.Compute(new Dist.Exponential(2 * MS)), new Step.Release(new Dist.Uniform(US,
                20 * US)), new Step.Sleep(new Dist.LogNormal(2 * MS, 2))),
                ((Workload.Threads) s.workload().apply(s.params())).threads().get(0).program());
        Params other = s.params(List.of("mean=5ms"), null);
        assertEquals(new Step.Compute(new Dist.Exponential(5 * MS)),
                ((Workload.Threads) s.workload().apply(other)).threads().get(0).program().get(0));
        InputError crossed = assertThrows(InputError.class, () -> s.params(List.of("low=30us"), null));
        assertTrue(crossed.getMessage().startsWith("f.yaml:7 with --set low=30us: threads[0].program[1].release.uniform: "),
                crossed.getMessage());
    }

    @Test
    void locksMustBeReleasedInTheListThatTakesThem() {
        refused(program("- lock: a", "- compute: 1ms"),
                "f.yaml:5: threads[0].program: lock 'a' is never unlocked in the same list of steps");
        refused(program("- compute: 1ms", "- unlock: a"),
                "f.yaml:6: threads[0].program[1].unlock: 'a' is not locked before it in the same list of steps");
        refused(program("- lock: a", "- lock: a", "- unlock: a"),
                "f.yaml:6: threads[0].program[1].lock: 'a' is already held here (locked at line 5): the thread "
                        + "would wait for itself");
        refused(program("- lock: 'two words'", "- unlock: 'two words'"),
                "f.yaml:5: threads[0].program[0].lock: 'two words' is not a name (a letter or _, then letters, "
                        + "digits, _ . -; at most 64)");
        refused(program("- loop: [lock: a, unlock: a]"),
                "f.yaml:5: a loop with no duration: every step of threads[0].program[0].loop takes 0ns, so it "
                        + "would never advance time");
    }
}
