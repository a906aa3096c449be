package gilsim.cli;

import gilsim.scenario.InputError;
import gilsim.scenario.Scenario;
import gilsim.scenario.Scenarios;
import gilsim.search.ConfigSpace;
import gilsim.search.CsvLog;
import gilsim.search.Progress;
import gilsim.search.Property;
import gilsim.search.SearchJson;
import gilsim.search.SearchOptions;
import gilsim.search.SearchReport;
import gilsim.search.SearchRun;
import gilsim.search.SearchText;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code gilsim search NAME|FILE --over key=LOW..HIGH ...}: property search for starving configurations. */
@Command(name = "search", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Searches a scenario's keys for configurations that break a property (by default: no thread "
                + "starves), shrinks the smallest failure it finds and prints the one `gilsim run` line that "
                + "replays it.",
                "Ranges: threads=2..8, work=500us..10ms, view=100us..400us:100us, pinned=*, policy=*, a,b,c. "
                        + "A stepped range or a list has at most 100,000 values; --exhaustive lists at most "
                        + "1,000,000 configurations."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:no configuration broke the property", "1:a counterexample was found",
                "2:bad input (nothing is run or written)", "3:a run exceeded its event budget (max_events)"})
final class SearchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "NAME|FILE",
            description = "a built-in scenario (see `gilsim scenarios`) or a scenario YAML file")
    String scenario;

    @Option(names = "--over", required = true, paramLabel = "KEY=RANGE",
            description = "a key to search and its range; repeatable. The first two make the --exhaustive table")
    List<String> overs = new ArrayList<>();

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "fix a key for every run; repeatable")
    List<String> sets = new ArrayList<>();

    @Mixin
    MachineOption machine = new MachineOption();

    @Option(names = "--property", defaultValue = "no-starvation", paramLabel = "PROPERTY",
            description = "what every run must satisfy: no-starvation, in-order for a pool, or an expression over "
                    + "the metrics such as 'wait_max(main) < 50ms and share(worker) >= 0.5' (docs/search.md; "
                    + "default: ${DEFAULT-VALUE})")
    String property;

    @Option(names = "--examples", defaultValue = "100", paramLabel = "N",
            description = "random configurations to try, 1..1,000,000 (default: ${DEFAULT-VALUE})")
    int examples;

    @Option(names = "--exhaustive", description = "try every configuration of a discrete space and print the table")
    boolean exhaustive;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "S",
            description = "draws the configurations; the first run seed of each (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--seeds-per-config", defaultValue = "3", paramLabel = "K",
            description = "runs per configuration, seeds S..S+K-1, 1..1000; it fails if any fails "
                    + "(default: ${DEFAULT-VALUE})")
    int seedsPerConfig;

    @Option(names = "--csv", paramLabel = "FILE",
            description = "write one row per configuration tried (the file's directory must exist)")
    Path csv;

    @Option(names = "--json", description = "print exactly one JSON object on stdout")
    boolean json;

    @Option(names = "--progress", description = "draw a progress bar on stderr even when it is not a terminal")
    boolean progress;

    @Option(names = "--jobs", paramLabel = "N",
            description = "worker threads, 1..1024 (default: the number of cores); the output is the same")
    int jobs = Runtime.getRuntime().availableProcessors();

    @Override
    public Integer call() {
        if (exhaustive && spec.commandLine().getParseResult().hasMatchedOption("--examples")) {
            throw new InputError("--examples " + examples + ": not used with --exhaustive, which tries every "
                    + "configuration; give one of the two");
        }
        if (csv != null) OutputPath.check("--csv", csv);
        Scenario s = Scenarios.resolve(scenario);
        Property p = Property.parse(property, s);
        SearchOptions options = new SearchOptions(p, examples, exhaustive, seed, seedsPerConfig, jobs);
        p.requireFits(s);
        ConfigSpace space = ConfigSpace.of(s, sets, overs, machine.profile());
        PrintWriter err = spec.commandLine().getErr();
        SearchReport report = SearchRun.run(space, options,
                progress || Terminal.stderrIsTerminal() ? Progress.on(err) : Progress.off());
        if (csv != null) CsvLog.write(csv, report);
        spec.commandLine().getOut().print(json ? SearchJson.of(report) + "\n" : SearchText.of(report));
        return report.shrunk() == null ? 0 : 1;
    }
}
