package gilsim.validate;

import gilsim.program.Rounds;
import gilsim.program.ThreadSpec;
import gilsim.scenario.MachineProfile;
import gilsim.scenario.Params;
import gilsim.scenario.Scenario;
import gilsim.scenario.Scenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A grid's cells simulated again beside their real runs, with other keys: for each {@code profile-CELL-VERSION.json}
 * of tools/validate-grid/grid.sh (with its {@code machine-VERSION.yaml} beside it), twenty seeds of the model with
 * {@code key=value ...} on top, and for each thread of the cell its sim/real ratios of round p50, p99 and max
 * (means over runs, as validate's), its starved runs real / simulated and whether the verdicts agree (validate's
 * rule: agree, close or disagree).
 * <pre>
 *   javac -cp target/gilsim.jar -d /tmp/probes tools/probes/SimAgain.java
 *   java -cp target/gilsim.jar:/tmp/probes gilsim.validate.SimAgain GRID/profile-latency-3-3.13.json ... -- key=value ...
 * </pre>
 */
public final class SimAgain {
    private static final int SEEDS = 20;

    public static void main(String[] args) throws Exception {
        List<String> files = new ArrayList<>();
        List<String> sets = new ArrayList<>();
        boolean keys = false;
        for (String a : args) {
            if (a.equals("--")) keys = true;
            else (keys ? sets : files).add(a);
        }
        for (String f : files) {
            Path path = Path.of(f);
            String json = Files.readString(path).replaceAll("\\s+", "");
            String name = find(json, "\"scenario\":\"([^\"]+)\"");
            String python = find(json, "\"python\":\"[^\"]*versions/(\\d+\\.\\d+)");
            MachineProfile profile = MachineProfile.load(path.resolveSibling("machine-" + python + ".yaml"));
            Scenario scenario = Scenarios.resolve("scenarios/" + name + ".yaml");
            List<String> all = new ArrayList<>(sets);
            all.add("duration=" + Long.parseLong(find(json, "\"duration_ns\":(\\d+)")) + "ns");
            all.add("python=" + python);
            Params params = scenario.params(all, profile);
            List<Observation> sim = new ArrayList<>();
            for (int seed = 1; seed <= SEEDS; seed++) sim.add(SimSide.run(scenario, params, seed, false).observation());
            List<ThreadSpec> threads = Validation.threads(scenario, params);
            for (int t = 0; t < threads.size(); t++) {
                ThreadSpec spec = threads.get(t);
                long nominal = Rounds.nominalRoundNs(spec.program());
                long threshold = nominal < 0 ? -1 : Rounds.saturatedAdd(params.ns("starve_after"), nominal);
                Comparison.Side simSide = Comparison.side(sim, t, threshold, Rounds.outerLoopForever(spec.program()));
                Matcher m = Pattern.compile("\"name\":\"" + spec.name() + "\",\"nominal_round_ns\".*?\"real\":(\\{.*?"
                        + "\"starved_runs\":\\d+\\})").matcher(json);
                if (!m.find()) throw new IllegalStateException(f + ": no real figures for " + spec.name());
                String real = m.group(1);
                int realRuns = Integer.parseInt(find(real, "\"runs\":(\\d+)"));
                int realStarved = Integer.parseInt(find(real, "\"starved_runs\":(\\d+)"));
                Comparison.Side realSide = new Comparison.Side(realRuns, 0, null, null, null, null, null, realStarved);
                Comparison.Agreement agreement = new Comparison.Row(spec.name(), nominal, threshold, realSide, simSide,
                        Double.NaN, 0).agreement();
                System.out.printf("%-24s %-6s sim/real p50 %.2f p99 %.2f max %.2f; starved real %d of %d, sim %d of %d: %s%n",
                        name + " " + python, spec.name(), simSide.p50Ns().mean() / mean(real, "round_p50_ns"),
                        simSide.p99Ns().mean() / mean(real, "round_p99_ns"),
                        simSide.maxNs().mean() / mean(real, "round_max_ns"), realStarved, realRuns,
                        simSide.starvedRuns(), SEEDS, agreement.id);
            }
        }
    }

    private static double mean(String real, String figure) {
        return Double.parseDouble(find(real, "\"" + figure + "\":\\{\"n\":\\d+,\"mean\":([0-9.eE+]+)"));
    }

    private static String find(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        if (!m.find()) throw new IllegalStateException("not found: " + regex);
        return m.group(1);
    }
}
