package gilsim;

import gilsim.metrics.Summary;
import gilsim.run.Simulation;
import gilsim.scenario.MachineProfile;
import gilsim.scenario.Scenario;
import gilsim.scenario.Scenarios;
import java.util.List;

/** Test helper: one run of a scenario with some keys set, and the command that replays it. */
public final class Runs {
    private Runs() {}

    /** A run on the default machine (vm-2core), as `gilsim run` makes it. */
    public static Summary run(String scenario, long seed, String... sets) {
        Scenario s = Scenarios.resolve(scenario);
        return new Simulation(s, s.params(List.of(sets)), seed).run();
    }

    /**
     * A run on the model's keys alone ({@code --machine none}: a uniform wake-up latency, no background): for a
     * mechanism whose figures a test works out by hand, without the default machine's spread of wake-ups and
     * foreign tasks.
     */
    public static Summary onKeys(String scenario, long seed, String... sets) {
        Scenario s = Scenarios.resolve(scenario);
        return new Simulation(s, s.params(List.of(sets), MachineProfile.NONE), seed).run();
    }

    /** The one command that replays a run, for failure messages. */
    public static String replay(String scenario, long seed, String... sets) {
        StringBuilder b = new StringBuilder("java -jar target/gilsim.jar run ").append(scenario);
        for (String s : sets) b.append(" --set ").append(s);
        return b.append(" --seed ").append(seed).toString();
    }

    /** The one command that replays a run of {@link #onKeys}. */
    public static String replayOnKeys(String scenario, long seed, String... sets) {
        return replay(scenario + " --machine none", seed, sets);
    }
}
