package gilsim.cli;

import gilsim.scenario.Builtins;
import gilsim.scenario.InputError;
import gilsim.scenario.Key;
import gilsim.scenario.MachineProfile;
import gilsim.scenario.Params;
import gilsim.scenario.Scenario;
import gilsim.scenario.Scenarios;
import gilsim.scenario.VersionKeys;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code gilsim scenarios}: the built-in scenarios and every key with its default, then every python version with
 * its model and whether that model was validated against a real interpreter here or comes from source alone.
 */
@Command(name = "scenarios", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Lists the built-in scenarios and their keys with defaults, and the python versions: which "
                + "were validated against a real interpreter here and which are modelled from source alone.")
final class ScenariosCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        PrintWriter out = spec.commandLine().getOut();
        MachineProfile machine = MachineProfile.defaultMachine();
        out.println("Defaults are on the default machine, " + machine.file() + " (docs/model.md, \"The default "
                + "machine\"); [keys alone: X] is a key's own default, which --machine none runs.");
        out.println();
        for (String name : Builtins.names()) {
            Scenario s = Builtins.get(name);
            out.println(name + ": " + s.description());
            Key waiters = s.waiters();
            Params onMachine = s.params(List.of(), machine);
            for (Key k : s.keys()) {
                String choices = k.choices().isEmpty() ? "" : " (" + String.join(", ", k.choices()) + ")";
                String value = onMachine.asText().get(k.name());
                String note = Params.UNIFORM_LATENCY_KEYS.contains(k.name())
                        ? " [" + machine.file() + ": its latency table stands in]"
                        : value.equals(k.format(k.parse(k.defaultValue()))) ? ""
                        : " [keys alone: " + k.defaultValue() + "]";
                out.printf("  %-14s %-10s %s%s%s%n", k.name(), value, k.help(), choices, note);
                // Not a key of its own, but --set and --over take it: listed where a reader of threads looks.
                if (waiters != null && k.name().equals("threads")) {
                    out.printf("  %-14s %-10s %s%n", waiters.name(), waiters.defaultValue(), waiters.help());
                }
            }
            out.println();
        }
        library(out);
        out.print(VersionKeys.versionsText());
    }

    /** Where the scenario library is: the repository's scenarios/ directory, each file with what it shows. */
    private static void library(PrintWriter out) {
        Path dir = Path.of("scenarios");
        List<Path> files = List.of();
        if (Files.isDirectory(dir)) {
            try (Stream<Path> list = Files.list(dir)) {
                files = list.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
            } catch (IOException e) {
                files = List.of();
            }
        }
        if (files.isEmpty()) {
            out.println("the scenario library: the scenarios/ directory of gilsim's repository (run one with "
                    + "`gilsim run scenarios/NAME.yaml`; docs/scenarios.md writes your own)");
            out.println();
            return;
        }
        out.println("the scenario library in scenarios/ (run one with `gilsim run scenarios/NAME.yaml`; "
                + "docs/scenarios.md writes your own):");
        for (Path f : files) {
            String what;
            try {
                what = Scenarios.resolve(f.toString()).description();
            } catch (InputError e) {
                what = "(does not load: " + e.getMessage() + ")";
            }
            out.printf("  %-22s %s%n", f.getFileName(), what);
        }
        out.println();
    }
}
