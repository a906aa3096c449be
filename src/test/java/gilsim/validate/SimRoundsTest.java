package gilsim.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.os.OsEvent;
import gilsim.os.RunState;
import gilsim.program.ProgramEvent;
import gilsim.program.Rounds;
import gilsim.program.Step;
import gilsim.program.ThreadSpec;
import gilsim.scenario.Defaults;
import gilsim.scenario.Workload;
import gilsim.scenario.Builtins;
import gilsim.scenario.MachineProfile;
import gilsim.scenario.Params;
import gilsim.scenario.Scenario;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The simulated side's rounds and CPU shares: from events by hand, and from short-release. */
class SimRoundsTest {
    private static final long US = 1_000;
    private static final long MS = 1_000_000;

    @Test
    void roundsAreCompletedPassesAndCpuCountsRunningIntervals() {
        SimRounds r = new SimRounds(List.of("a", "b"));
        r.onRoundStart(new ProgramEvent.RoundStart(0, 0));
        r.onThreadState(new OsEvent.ThreadState(5, 0, RunState.RUNNING, 0));
        r.onThreadState(new OsEvent.ThreadState(8, 0, RunState.BLOCKED, -1));
        r.onRoundStart(new ProgramEvent.RoundStart(10, 0));
        r.onRoundStart(new ProgramEvent.RoundStart(25, 0));
        r.onLoopEnd(new ProgramEvent.LoopEnd(40, 0));
        r.onRoundStart(new ProgramEvent.RoundStart(50, 1)); // open at the end: not a completed round
        r.onThreadState(new OsEvent.ThreadState(90, 0, RunState.RUNNING, 1)); // open at the end: counts to the end
        r.onThreadState(new OsEvent.ThreadState(60, 1, RunState.RUNNABLE, -1));
        r.finish(100);
        Observation o = r.observation("seed 1");
        assertEquals("sim", o.side());
        assertEquals(100, o.wallNs());
        assertEquals(List.of(10L, 15L, 15L), o.threads().get(0).roundNs());
        assertEquals(0.13, o.threads().get(0).cpuShare(), 1e-9);
        assertEquals(List.of(), o.threads().get(1).roundNs());
        assertEquals(0.0, o.threads().get(1).cpuShare(), 0);
    }

    @Test
    void withLongReleasesMainsRoundIsItsSleepAndComputeAndTheWorkersItsWorkAndRelease() {
        Scenario s = Builtins.get("short-release");
        // On the model's keys alone: a uniform 30..90us wake-up and no foreign task, for the bounds below.
        Params p = s.params(List.of("work=100us", "release=5ms", "duration=500ms"), MachineProfile.NONE);
        Observation o = SimSide.run(s, p, 1, false).observation();
        List<Long> main = o.threads().get(0).roundNs();
        List<Long> worker = o.threads().get(1).roundNs();
        long mainNominal = 1 * MS + 2 * US;
        long workerNominal = 100 * US + 5 * MS;
        // A round can only be longer than its steps: a timer fires up to 50us late, a wake-up takes 30..90us.
        assertTrue(main.size() > 300, "main rounds " + main.size());
        for (long r : main) assertTrue(r >= mainNominal && r <= mainNominal + 400 * US, "main round " + r);
        double mainP50 = Comparison.percentile(Comparison.toDoubles(main), 50);
        assertTrue(mainP50 <= mainNominal + 200 * US, "main p50 " + mainP50);
        assertTrue(worker.size() > 80, "worker rounds " + worker.size());
        for (long r : worker) assertTrue(r >= workerNominal && r <= workerNominal + 400 * US, "worker round " + r);
        // Mostly off the CPU: main runs 2us a round, the worker 5.1ms of every 5.1ms (its release is CPU time).
        assertTrue(o.threads().get(0).cpuShare() < 0.05, "main cpu " + o.threads().get(0).cpuShare());
        assertTrue(o.threads().get(1).cpuShare() > 0.9, "worker cpu " + o.threads().get(1).cpuShare());
    }

    @Test
    void atTheDefaultsMainCompletesNoRoundAndTheWorkerLoopsAtWorkPlusRelease() {
        Scenario s = Builtins.get("short-release");
        Params p = s.params(List.of("duration=500ms"));
        SimSide.Run run = SimSide.run(s, p, 1, false);
        Observation o = run.observation();
        assertEquals(List.of(), o.threads().get(0).roundNs());
        List<Long> worker = o.threads().get(1).roundNs();
        assertTrue(worker.size() >= 240, "worker rounds " + worker.size());
        for (long r : worker) assertTrue(r >= 2_002 * US && r <= 2_100 * US, "worker round " + r);
        assertEquals(List.of("main"), run.summary().starvedThreads());
        // The round rule says the same as the summary: main's open round covers the run.
        Comparison.Result c = Comparison.of(Validation.threads(s, p), p.ns("starve_after"), List.of(o), List.of(o),
                List.of(run.summary().starvedThreads()));
        assertEquals(Comparison.Verdict.STARVES, c.rows().get(0).sim().verdict());
        assertEquals(Comparison.Verdict.FAIR, c.rows().get(1).sim().verdict());
    }

    @Test
    void onlyTheFirstTopLevelLoopReportsRoundsAndAFiniteLoopsLastPassCompletes() {
        // compute 1ms; loop 3 x (compute 1ms; loop 2 x sleep 1ms); loop forever (sleep 1ms): three rounds of at
        // least 3ms each, the last one ended by the loop's end; the loop after it reports nothing.
        List<Step> program = List.of(new Step.Compute(MS), new Step.Loop(3, List.of(new Step.Compute(MS),
                new Step.Loop(2, List.of(new Step.Sleep(MS))))), new Step.Loop(-1, List.of(new Step.Sleep(MS))));
        Scenario s = new Scenario("rounds", "test", "test", Defaults.common(),
                p -> new Workload.Threads(List.of(new ThreadSpec("t", -1, program))));
        Params p = s.params(List.of("duration=100ms"));
        Observation o = SimSide.run(s, p, 1, false).observation();
        List<Long> rounds = o.threads().get(0).roundNs();
        assertEquals(3, rounds.size(), rounds.toString());
        for (long r : rounds) assertTrue(r >= 3 * MS && r <= 3 * MS + 400 * US, "round " + r);
        assertEquals(3 * MS, Rounds.nominalRoundNs(program));
    }
}
