package gilsim.validate;

import gilsim.handoff.HandoffLog;
import gilsim.handoff.SimHandoffs;
import gilsim.metrics.Summary;
import gilsim.run.Simulation;
import gilsim.scenario.Params;
import gilsim.scenario.Scenario;

/** The simulated side of a validation: one seeded run, observed as the real side is. */
public final class SimSide {
    /** The observation, and the run's own summary (its verdict reads GIL waits, not rounds). */
    /** The observation, the run's own summary (its verdict reads GIL waits, not rounds) and, when asked, its hand-offs. */
    public record Run(Observation observation, Summary summary, HandoffLog handoffs) {}

    private SimSide() {}

    public static Run run(Scenario scenario, Params params, long seed, boolean handoffs) {
        Simulation sim = new Simulation(scenario, params, seed);
        SimRounds rounds = new SimRounds(sim.threadNames());
        sim.addListener(rounds);
        SimHandoffs recorder = handoffs ? new SimHandoffs("sim seed " + seed, sim.threadNames()) : null;
        if (recorder != null) sim.addListener(recorder);
        Summary summary = sim.run();
        return new Run(rounds.observation("seed " + seed), summary, recorder == null ? null : recorder.log());
    }
}
