package gilsim.cli;

import gilsim.scenario.MachineProfile;
import gilsim.scenario.Scenario;
import gilsim.scenario.Scenarios;
import gilsim.search.ConfigSpace;
import gilsim.search.CsvLog;
import gilsim.search.Property;
import gilsim.search.SearchJson;
import gilsim.search.SearchOptions;
import gilsim.search.SearchReport;
import gilsim.search.SearchText;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/** A search as the command line states it, built the same way by {@code search} and by {@code merge}. */
record Searched(ConfigSpace space, SearchOptions options) {
    static Searched of(String scenario, List<String> sets, List<String> overs, String machine, String property,
                       int examples, boolean exhaustive, long seed, int seedsPerConfig, int jobs) {
        Scenario s = Scenarios.resolve(scenario);
        Property p = Property.parse(property, s);
        SearchOptions options = new SearchOptions(p, examples, exhaustive, seed, seedsPerConfig, jobs);
        p.requireFits(s);
        MachineProfile profile = machine == null ? null : MachineProfile.load(Path.of(machine));
        return new Searched(ConfigSpace.of(s, sets, overs, profile), options);
    }

    /** Prints the report (and writes the CSV); the exit code: 1 when a counterexample was found. */
    static int print(PrintWriter out, SearchReport report, Path csv, boolean json) {
        if (csv != null) CsvLog.write(csv, report);
        out.print(json ? SearchJson.of(report) + "\n" : SearchText.of(report));
        return report.shrunk() == null ? 0 : 1;
    }
}
