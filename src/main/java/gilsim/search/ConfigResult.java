package gilsim.search;

import java.util.List;

/** A configuration and its runs, one per seed, in seed order. */
public record ConfigResult(Config config, List<RunOutcome> runs) {
    public ConfigResult {
        runs = List.copyOf(runs);
    }

    /** A configuration fails when any of its seeds breaks the property. */
    public boolean fails() {
        return runs.stream().anyMatch(r -> !r.holds());
    }

    /** The run a report shows: the first that fails, else the first. */
    public RunOutcome reported() {
        return runs.stream().filter(r -> !r.holds()).findFirst().orElse(runs.get(0));
    }

    /** The most threads any seed starved. */
    public int starvedMax() {
        return runs.stream().mapToInt(r -> r.starvedThreads().size()).max().orElse(0);
    }

    /**
     * Each numeric run-level metric over the configuration's seeds: mean, range and a 95 % confidence interval of
     * the mean (Student's t), in {@link gilsim.metrics.Metrics#RUN}'s order.
     */
    public java.util.Map<String, gilsim.metrics.Stat> stats() {
        java.util.Map<String, gilsim.metrics.Stat> out = new java.util.LinkedHashMap<>();
        for (String name : runs.get(0).metrics().keySet()) {
            if (!(runs.get(0).metrics().get(name) instanceof Number)) continue;
            double[] v = new double[runs.size()];
            for (int i = 0; i < v.length; i++) v[i] = ((Number) runs.get(i).metrics().get(name)).doubleValue();
            out.put(name, gilsim.metrics.Stat.of(v));
        }
        return out;
    }

    /** How many seeds broke the property. */
    public int failingSeeds() {
        return (int) runs.stream().filter(r -> !r.holds()).count();
    }
}
