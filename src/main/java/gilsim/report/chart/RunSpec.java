package gilsim.report.chart;

import gilsim.scenario.MachineProfile;
import gilsim.scenario.Params;
import gilsim.scenario.Scenario;
import java.util.List;

/** One run to draw: the scenario, its effective parameters, the seed, and the keys the user set (for titles). */
public record RunSpec(Scenario scenario, Params params, long seed, List<String> setKeys) {
    public RunSpec {
        setKeys = List.copyOf(setKeys);
    }

    /** The run with {@code sets} ({@code key=value}) applied on top of the keys already set. */
    public static RunSpec of(Scenario scenario, List<String> sets, long seed) {
        return of(scenario, sets, null, seed);
    }

    /** The same on a machine profile ({@code --machine}), or on the model's defaults when it is null. */
    public static RunSpec of(Scenario scenario, List<String> sets, MachineProfile machine, long seed) {
        return new RunSpec(scenario, scenario.params(sets, machine), seed, sets.stream()
                .map(s -> s.substring(0, Math.max(0, s.indexOf('='))).trim()).distinct().toList());
    }
}
