package gilsim.validate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import gilsim.program.Rounds;
import gilsim.program.ThreadSpec;
import gilsim.scenario.MachineProfile;
import gilsim.scenario.Params;
import gilsim.scenario.Scenario;
import gilsim.scenario.Scenarios;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A grid's cells simulated again beside their real runs, with other keys: for each {@code profile-CELL-VERSION.json}
 * of tools/validate-grid/grid.sh (at its {@code machine-VERSION.yaml} beside it) or {@code defaults-CELL.json} (at the
 * defaults, beside each interpreter's real runs), twenty seeds of the model with {@code key=value ...} on top, and for
 * each thread of the cell its sim/real ratios of round p50, p99 and max (means over runs, as validate's), its starved
 * runs real / simulated and whether the verdicts agree (validate's rule: agree, close or disagree).
 * <pre>
 *   javac -cp target/gilsim.jar -d /tmp/probes tools/probes/SimAgain.java
 *   java -cp target/gilsim.jar:/tmp/probes gilsim.validate.SimAgain GRID/profile-latency-3-3.13.json ... -- key=value ...
 * </pre>
 */
public final class SimAgain {
    private static final int SEEDS = 20;
    /** The keys of the validated run's own parameters that grid.sh's cells set, taken from its JSON. */
    private static final List<String> RUN_KEYS = List.of("python", "pinned");
    private static final Pattern VERSION = Pattern.compile("versions/(\\d+\\.\\d+)");

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
            JsonNode json = new ObjectMapper().readTree(path.toFile());
            String name = json.get("scenario").asText();
            Scenario scenario = Scenarios.resolve("scenarios/" + name + ".yaml");
            boolean profiled = path.getFileName().toString().startsWith("profile-");
            // At the defaults every interpreter of the file is held against the one model: simulate it once.
            List<Observation> atDefaults = null;
            for (JsonNode interpreter : json.get("interpreters")) {
                Matcher v = VERSION.matcher(interpreter.get("python").asText());
                if (!v.find()) throw new IllegalStateException(f + ": no pyenv version in " + interpreter.get("python"));
                String python = v.group(1);
                MachineProfile profile = profiled ? MachineProfile.load(path.resolveSibling("machine-" + python + ".yaml"))
                        : null;
                // As validate ran it: at the keys the command set (grid.sh sets pinned; python is the profile's or the
                // default), then the keys given here on top.
                List<String> all = new ArrayList<>();
                all.add("duration=" + json.get("duration_ns").asLong() + "ns");
                for (String key : RUN_KEYS) all.add(key + "=" + json.get("params").get(key).asText());
                all.addAll(sets);
                Params params = scenario.params(all, profile);
                List<Observation> sim = profiled || atDefaults == null ? simulate(scenario, params) : atDefaults;
                if (!profiled) atDefaults = sim;
                List<ThreadSpec> threads = Validation.threads(scenario, params);
                for (int t = 0; t < threads.size(); t++) {
                    print(name + " " + python, threads.get(t), t, params, sim, interpreter.get("threads").get(t).get("real"));
                    rounds(threads.get(t).name(), t, sim, interpreter.get("real_runs"));
                }
            }
        }
    }

    private static List<Observation> simulate(Scenario scenario, Params params) {
        List<Observation> sim = new ArrayList<>();
        for (int seed = 1; seed <= SEEDS; seed++) sim.add(SimSide.run(scenario, params, seed, false).observation());
        return sim;
    }

    private static void print(String cell, ThreadSpec spec, int t, Params params, List<Observation> sim, JsonNode real) {
        long nominal = Rounds.nominalRoundNs(spec.program());
        long threshold = nominal < 0 ? -1 : Rounds.saturatedAdd(params.ns("starve_after"), nominal);
        Comparison.Side simSide = Comparison.side(sim, t, threshold, Rounds.outerLoopForever(spec.program()));
        int realRuns = real.get("runs").asInt();
        int realStarved = real.get("starved_runs").asInt();
        Comparison.Side realSide = new Comparison.Side(realRuns, 0, null, null, null, null, null, realStarved);
        Comparison.Agreement agreement = new Comparison.Row(spec.name(), nominal, threshold, realSide, simSide,
                Double.NaN, 0).agreement();
        System.out.printf("%-24s %-6s sim/real p50 %.2f p99 %.2f max %.2f; starved real %d of %d, sim %d of %d: %s%n",
                cell, spec.name(), simSide.p50Ns().mean() / mean(real, "round_p50_ns"),
                simSide.p99Ns().mean() / mean(real, "round_p99_ns"), simSide.maxNs().mean() / mean(real, "round_max_ns"),
                realStarved, realRuns, simSide.starvedRuns(), SEEDS, agreement.id);
    }

    /** The rounds each run completed, real and simulated: where a stall can last the whole run, how often it ends. */
    private static void rounds(String thread, int t, List<Observation> sim, JsonNode realRuns) {
        List<Long> real = new ArrayList<>();
        for (JsonNode run : realRuns) real.add(run.get("threads").get(t).get("rounds").asLong());
        List<Long> simulated = new ArrayList<>();
        for (Observation o : sim) simulated.add((long) o.threads().get(t).roundNs().size());
        System.out.printf("%-24s %-6s rounds per run: real %s; sim %s%n", "", thread, real, simulated);
    }

    private static double mean(JsonNode real, String figure) {
        return real.get(figure).get("mean").asDouble();
    }
}
