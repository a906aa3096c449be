package gilsim.validate;

import gilsim.scenario.MachineProfile;
import gilsim.scenario.Params;
import gilsim.scenario.Scenario;
import gilsim.scenario.Scenarios;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The arguments every probe of this directory takes, {@code PROFILE|- SCENARIO [key=value ...]}: a machine profile
 * (or {@code -} for the model's defaults), a scenario, and keys on top; the probes run 10 s seeds.
 */
record ProbeArgs(Scenario scenario, Params params) {
    static ProbeArgs of(String[] args) {
        MachineProfile profile = args[0].equals("-") ? null : MachineProfile.load(Path.of(args[0]));
        Scenario scenario = Scenarios.resolve(args[1]);
        List<String> sets = new ArrayList<>(Arrays.asList(args).subList(2, args.length));
        sets.add("duration=10s");
        return new ProbeArgs(scenario, scenario.params(sets, profile));
    }
}
