package gilsim.cli;

import gilsim.scenario.Builtins;
import gilsim.scenario.Key;
import gilsim.scenario.Scenario;
import gilsim.scenario.VersionKeys;
import java.io.PrintWriter;
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
        for (String name : Builtins.names()) {
            Scenario s = Builtins.get(name);
            out.println(name + ": " + s.description());
            Key waiters = s.waiters();
            for (Key k : s.keys()) {
                String choices = k.choices().isEmpty() ? "" : " (" + String.join(", ", k.choices()) + ")";
                out.printf("  %-14s %-10s %s%s%n", k.name(), k.defaultValue(), k.help(), choices);
                // Not a key of its own, but --set and --over take it: listed where a reader of threads looks.
                if (waiters != null && k.name().equals("threads")) {
                    out.printf("  %-14s %-10s %s%n", waiters.name(), waiters.defaultValue(), waiters.help());
                }
            }
            out.println();
        }
        out.print(VersionKeys.versionsText());
    }
}
