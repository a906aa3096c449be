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

    /** How many seeds broke the property. */
    public int failingSeeds() {
        return (int) runs.stream().filter(r -> !r.holds()).count();
    }
}
