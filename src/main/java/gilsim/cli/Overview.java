package gilsim.cli;

import gilsim.metrics.Figures;
import gilsim.metrics.Metrics;
import gilsim.metrics.Summary;
import gilsim.run.Simulation;
import gilsim.scenario.Builtins;
import gilsim.scenario.Scenario;
import gilsim.search.Launcher;
import gilsim.sim.Durations;
import java.io.PrintWriter;
import java.util.Comparator;
import java.util.List;

/** The no-argument run: each built-in scenario as-is and beside its fixes, one row each, with a replay line. */
final class Overview {
    /** One row: a built-in scenario with some keys set. */
    record Row(String scenario, String label, List<String> sets) {

        String replay() {
            StringBuilder b = new StringBuilder(Launcher.run()).append(' ').append(scenario);
            for (String s : sets) b.append(" --set ").append(s);
            return b.toString();
        }
    }

    static final List<Row> ROWS = List.of(
            new Row("short-release", "as-is", List.of()),
            new Row("short-release", "pinned to one core", List.of("pinned=true")),
            new Row("short-release", "paused budget", List.of("policy=paused-budget")),
            new Row("slice-rotation", "3 jobs a slice", List.of()),
            new Row("slice-rotation", "4 jobs a slice", List.of("overhead=25us")),
            new Row("slice-rotation", "keep rule", List.of("keep=true")));

    private Overview() {}

    static void print(PrintWriter out) {
        out.println("gilsim replays its built-in scenarios (seed 1, 2 s each) on its default machine, vm-2core, a");
        out.println("typical 2-vCPU Linux VM (`--machine FILE` for yours, from `gilsim calibrate`). Run a row's replay");
        out.println("line for its full summary and why; `" + String.join(" ", Launcher.words()) + " scenarios` lists "
                + "every key.");
        out.println();
        out.printf("%-15s %-20s %-8s %-12s %-8s %s%n", "scenario", "setting", "verdict", "longest wait", "thread",
                "replay");
        for (Row row : ROWS) {
            Scenario s = Builtins.get(row.scenario());
            Summary summary = new Simulation(s, s.params(row.sets()), 1).run();
            Figures worst = summary.threads().stream()
                    .max(Comparator.comparingLong(t -> t.get(Metrics.WAIT_MAX_NS))).orElseThrow();
            out.printf("%-15s %-20s %-8s %-12s %-8s %s%n", row.scenario(), row.label(), summary.verdict(),
                    Durations.human(worst.get(Metrics.WAIT_MAX_NS)), worst.name(), row.replay());
        }
        out.flush();
    }
}
