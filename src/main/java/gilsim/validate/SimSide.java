package gilsim.validate;

import gilsim.metrics.Summary;
import gilsim.run.Simulation;
import gilsim.scenario.Params;
import gilsim.scenario.Scenario;

/** The simulated side of a validation: one seeded run, observed as the real side is. */
public final class SimSide {
    /** The observation, and the run's own summary (its verdict reads GIL waits, not rounds). */
    public record Run(Observation observation, Summary summary) {}

    private SimSide() {}

    public static Run run(Scenario scenario, Params params, long seed) {
        Simulation sim = new Simulation(scenario, params, seed);
        SimRounds rounds = new SimRounds(sim.threadNames());
        sim.addListener(rounds);
        Summary summary = sim.run();
        return new Run(rounds.observation("seed " + seed), summary);
    }
}
