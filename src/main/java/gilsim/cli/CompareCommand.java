package gilsim.cli;

import gilsim.compare.Arms;
import gilsim.compare.Comparison;
import gilsim.compare.ComparisonCsv;
import gilsim.compare.ComparisonJson;
import gilsim.compare.ComparisonText;
import gilsim.compare.PolicyArms;
import gilsim.report.AtomicFile;
import gilsim.report.SummaryJson;
import gilsim.scenario.Builtins;
import gilsim.scenario.InputError;
import gilsim.scenario.MachineProfile;
import gilsim.scenario.Scenario;
import gilsim.scenario.Scenarios;
import gilsim.search.Launcher;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gilsim compare NAME|FILE...}: "which fix should CPython take?" Each scenario as given and under each GIL
 * policy (and a pool under the keep rule), one seed, side by side with each fix's differences from the as-is arm.
 * Every scenario and arm is read before the first run, so bad input prints nothing else.
 */
@Command(name = "compare", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Runs each scenario as given and under each registered GIL policy (and a pool scenario under "
                + "the keep rule, keep=true), with one seed, and prints per scenario and arm the verdict, the "
                + "longest and p99 waits and whose they are, each thread's GIL share and rounds a second, switches "
                + "and drop requests, and a pool's latency and throughput, each against the as-is arm.",
                "--set applies to every scenario, so each must have the key."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every arm ran (whatever the verdicts)", "2:bad input (one line on stderr; nothing is run "
                + "or written)", "3:a run exceeded its event budget (max_events) and stopped"})
final class CompareCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..*", paramLabel = "NAME|FILE",
            description = "built-in scenarios (see `gilsim scenarios`) or scenario YAML files (default: every "
                    + "built-in)")
    List<String> scenarios = new ArrayList<>();

    // The registered names come from the registry (picocli lists completion candidates joined by ", ").
    @Option(names = "--policies", paramLabel = "A,B,...", completionCandidates = RegisteredPolicies.class,
            description = "the GIL policies to run, separated by commas (default: every registered one: "
                    + "${COMPLETION-CANDIDATES}); the scenario's own runs as the as-is arm")
    String policies;

    /** The registered policies, in order, for the help of {@code --policies}. */
    static final class RegisteredPolicies implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return PolicyArms.registered().iterator();
        }
    }

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "override a key of every scenario and arm; "
            + "repeatable")
    List<String> sets = new ArrayList<>();

    @Mixin
    MachineOption machine = new MachineOption();

    @Option(names = "--seed", defaultValue = "1", paramLabel = "N",
            description = "every run's seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--json", description = "print exactly one JSON object on stdout")
    boolean json;

    @Option(names = "--csv", paramLabel = "FILE",
            description = "also write one row per scenario and arm (the file's directory must exist)")
    Path csv;

    @Override
    public Integer call() {
        if (csv != null) OutputPath.check("--csv", csv);
        List<String> chosen = policies == null ? PolicyArms.registered() : PolicyArms.parse(policies);
        List<String> names = scenarios.isEmpty() ? Builtins.names() : scenarios;
        MachineProfile profile = machine.profile();
        // Every scenario and every arm is read first: bad input stops the command before its first run.
        List<Arms> all = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        for (String name : names) {
            if (seen.contains(name)) throw new InputError(name + ": given twice; name each scenario once");
            seen.add(name);
            Scenario s = Scenarios.resolve(name);
            all.add(Arms.of(s, sets, PolicyArms.of(s, s.params(sets, profile), chosen), profile));
        }
        List<Comparison> done = new ArrayList<>();
        for (Arms arms : all) done.add(arms.run(seed));
        if (csv != null) {
            write(csv, ComparisonCsv.text(done));
            OutputPath.wrote(spec.commandLine().getErr(), csv);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("seed", seed);
            o.put("sets", sets);
            o.put("machine", machine.file == null ? null : machine.file.toString());
            o.put("policies", chosen);
            List<Object> trees = new ArrayList<>();
            for (Comparison c : done) trees.add(ComparisonJson.tree(c, Launcher.words()));
            o.put("scenarios", trees);
            out.print(SummaryJson.indented(o) + "\n");
        } else {
            out.print(ComparisonText.of(done, Launcher.words()));
        }
        return 0;
    }

    private static void write(Path file, String text) {
        try (AtomicFile.Stream f = new AtomicFile.Stream(file)) {
            f.writer().write(text);
            f.commit();
        } catch (IOException e) {
            throw new InputError("--csv " + file + ": cannot write (" + OutputPath.reason(e) + ")");
        }
    }
}
