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
    /** The most random configurations one search tries. */
    public static final int MAX_EXAMPLES = 1_000_000;
    /** The most seeds each configuration runs. */
    public static final int MAX_SEEDS_PER_CONFIG = 1_000;
    /** The most worker threads. */
    public static final int MAX_JOBS = 1_024;

    public SearchOptions {
        within("--examples", examples, MAX_EXAMPLES);
        within("--seeds-per-config", seedsPerConfig, MAX_SEEDS_PER_CONFIG);
        within("--jobs", jobs, MAX_JOBS);
    }

    private static void within(String option, int value, int max) {
        if (value < 1 || value > max) {
            throw new InputError(option + " " + value + ": must be 1.." + String.format(java.util.Locale.ROOT, "%,d",
                    max));
        }
    }

    public List<Long> runSeeds() {
        List<Long> seeds = new ArrayList<>();
        for (int k = 0; k < seedsPerConfig; k++) seeds.add(seed + k);
        return seeds;
    }
}
