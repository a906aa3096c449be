package gilsim.cli;

import gilsim.metrics.Summary;
import gilsim.report.SummaryJson;
import gilsim.report.SummaryText;
import gilsim.run.Simulation;
import gilsim.scenario.Params;
import gilsim.scenario.Scenario;
import gilsim.scenario.Scenarios;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code gilsim run NAME|FILE}: one simulation, summarised. */
@Command(name = "run", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Runs one simulation of a built-in scenario or a scenario file and summarises it.")
final class RunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "NAME|FILE",
            description = "a built-in scenario (see `gilsim scenarios`) or a scenario YAML file")
    String scenario;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "override a scenario key; repeatable")
    List<String> sets = new ArrayList<>();

    @Option(names = "--seed", defaultValue = "1", description = "the run's seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--json", description = "print exactly one JSON object (the summary) on stdout")
    boolean json;

    @Override
    public Integer call() {
        Scenario s = Scenarios.resolve(scenario);
        Params p = s.params(sets);
        Summary summary = new Simulation(s, p, seed).run();
        spec.commandLine().getOut().print(json ? SummaryJson.of(summary) + "\n" : SummaryText.of(summary));
        return 0;
    }
}
