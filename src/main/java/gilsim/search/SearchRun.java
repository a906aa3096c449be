package gilsim.search;

import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A whole search: list the configurations (all of them, or drawn from the seed), run them on a fixed pool of
 * workers, and shrink the smallest failing one. The list is made before anything runs and results are read in
 * list order, so the report is the same for any number of workers.
 */
public final class SearchRun {
    private SearchRun() {}

    public static SearchReport run(ConfigSpace space, SearchOptions options, Progress progress) {
        List<Config> configs = options.exhaustive() ? space.exhaustive()
                : space.random(options.seed(), options.examples());
        // "No counterexample in 0 configurations" would be a false all-clear: never report an empty search.
        if (configs.isEmpty()) throw new IllegalStateException("the search listed no configuration to try");
        ExecutorService pool = Executors.newFixedThreadPool(options.jobs(), r -> {
            Thread t = new Thread(r, "gilsim-search");
            t.setDaemon(true);
            return t;
        });
        try {
            Evaluator evaluator = new Evaluator(space, options.property(), options.runSeeds(), pool, progress);
            List<ConfigResult> tried = evaluator.evaluateAll(configs);
            // Start from the smallest failure found (the first in list order among equals): less to shrink.
            ConfigResult start = tried.stream().filter(ConfigResult::fails)
                    .min(Comparator.comparing(ConfigResult::config, space::compareBySize)).orElse(null);
            Shrinker.Result shrunk = start == null ? null : new Shrinker(space, evaluator).shrink(start);
            return new SearchReport(space, options, tried, shrunk, start == null ? -1 : tried.indexOf(start),
                    evaluator.runs());
        } finally {
            pool.shutdownNow();
            progress.finish();
        }
    }
}
