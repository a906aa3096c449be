package gilsim.search;

import gilsim.scenario.InputError;
import java.util.ArrayList;
import java.util.List;

/**
 * How to search: the property, how many configurations (or all of them), the seed, the seeds per configuration
 * and the worker count. The worker count changes only the wall time, never the result.
 *
 * @param seed           draws the configurations, and is the first run seed of every configuration
 * @param seedsPerConfig every configuration runs seeds {@code seed .. seed + seedsPerConfig - 1}: common random
 *                       numbers, so configurations differ only by their parameters
 */
public record SearchOptions(Property property, int examples, boolean exhaustive, long seed, int seedsPerConfig,
                            int jobs) {
    public SearchOptions {
        if (examples < 1) throw new InputError("--examples " + examples + ": must be at least 1");
        if (seedsPerConfig < 1) throw new InputError("--seeds-per-config " + seedsPerConfig + ": must be at least 1");
        if (jobs < 1) throw new InputError("--jobs " + jobs + ": must be at least 1");
    }

    public List<Long> runSeeds() {
        List<Long> seeds = new ArrayList<>();
        for (int k = 0; k < seedsPerConfig; k++) seeds.add(seed + k);
        return seeds;
    }
}
