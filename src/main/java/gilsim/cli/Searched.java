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
import gilsim.search.Tally;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/** A search as the command line states it, built the same way by {@code search} and by {@code merge}. */
record Searched(ConfigSpace space, SearchOptions options) {
    static Searched of(String scenario, List<String> sets, List<String> overs, String machine, String property,
                       int examples, boolean exhaustive, long seed, int seedsPerConfig, int jobs) {
        Scenario s = Scenarios.resolve(scenario);
        Property p = Property.parse(property, s);
        SearchOptions options = new SearchOptions(p, examples, exhaustive, seed, seedsPerConfig, jobs);
        p.requireFits(s);
        MachineProfile profile = machine == null ? null : MachineProfile.named(Path.of(machine));
        return new Searched(ConfigSpace.of(s, sets, overs, profile), options);
    }

    /**
     * Runs {@code search} with its results streamed to the CSV (when one is asked for), then prints the report; the
     * exit code: 1 when a counterexample was found.
     */
    int runAndPrint(PrintWriter out, PrintWriter err, Path csv, boolean json,
                    Function<Consumer<Tally.IndexedResult>, SearchReport> search) {
        SearchReport report;
        if (csv == null) {
            report = search.apply(r -> {});
        } else {
            try (CsvLog.Stream rows = new CsvLog.Stream(csv, space, options.property())) {
                report = search.apply(rows::row);
                rows.commit();
            }
            OutputPath.wrote(err, csv);
        }
        out.print(json ? SearchJson.of(report) + "\n" : SearchText.of(report));
        return report.shrunk() == null ? 0 : 1;
    }
}
