package gilsim;

import gilsim.metrics.Summary;
import gilsim.run.Simulation;
import gilsim.scenario.Scenario;
import gilsim.scenario.Scenarios;
import java.util.List;

/** Test helper: one run of a scenario with some keys set, and the command that replays it. */
public final class Runs {
    private Runs() {}

    public static Summary run(String scenario, long seed, String... sets) {
        Scenario s = Scenarios.resolve(scenario);
        return new Simulation(s, s.params(List.of(sets)), seed).run();
    }

    /** The one command that replays a run, for failure messages. */
    public static String replay(String scenario, long seed, String... sets) {
        StringBuilder b = new StringBuilder("java -jar target/gilsim.jar run ").append(scenario);
        for (String s : sets) b.append(" --set ").append(s);
        return b.append(" --seed ").append(seed).toString();
    }
}
