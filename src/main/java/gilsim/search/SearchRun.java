package gilsim.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * A whole search: list the configurations (all of them, or drawn from the seed), run them on a fixed pool of
 * workers, and shrink the smallest failing one. The list is made before anything runs and results are read in
 * list order, so the report is the same for any number of workers, and for any number of shards (a shard runs
 * every N-th configuration of the same list; {@link #finish} shrinks the merged results as one search would).
 */
public final class SearchRun {
    private SearchRun() {}

    public static SearchReport run(ConfigSpace space, SearchOptions options, Progress progress) {
        List<Config> configs = configs(space, options);
        return withEvaluator(space, options, progress, evaluator -> finish(space, options, evaluator,
                evaluator.evaluateAll(configs)));
    }

    /** The configurations a search tries, in list order; never empty. */
    public static List<Config> configs(ConfigSpace space, SearchOptions options) {
        List<Config> configs = options.exhaustive() ? space.exhaustive()
                : space.random(options.seed(), options.examples());
        // "No counterexample in 0 configurations" would be a false all-clear: never report an empty search.
        if (configs.isEmpty()) throw new IllegalStateException("the search listed no configuration to try");
        return configs;
    }

    /** Shard {@code shard} of {@code shards} (from 1): the results of every configuration whose index i has i % shards == shard - 1. */
    public static List<ShardFile.Entry> shard(ConfigSpace space, SearchOptions options, int shard, int shards,
                                              Progress progress) {
        List<Config> all = configs(space, options);
        List<Integer> mine = new ArrayList<>();
        for (int i = shard - 1; i < all.size(); i += shards) mine.add(i);
        return withEvaluator(space, options, progress, evaluator -> {
            List<ConfigResult> results = evaluator.evaluateAll(mine.stream().map(all::get).toList());
            List<ShardFile.Entry> out = new ArrayList<>();
            for (int k = 0; k < mine.size(); k++) out.add(new ShardFile.Entry(mine.get(k), results.get(k).runs()));
            return out;
        });
    }

    /** The report of merged shards: their results stand for the runs, and the shrinking runs here. */
    public static SearchReport merge(ConfigSpace space, SearchOptions options, List<ConfigResult> tried,
                                     Progress progress) {
        return withEvaluator(space, options, progress, evaluator -> {
            evaluator.preload(tried);
            return finish(space, options, evaluator, tried);
        });
    }

    private static SearchReport finish(ConfigSpace space, SearchOptions options, Evaluator evaluator,
                                       List<ConfigResult> tried) {
        // Start from the smallest failure found (the first in list order among equals): less to shrink.
        ConfigResult start = tried.stream().filter(ConfigResult::fails)
                .min(Comparator.comparing(ConfigResult::config, space::compareBySize)).orElse(null);
        Shrinker.Result shrunk = start == null ? null : new Shrinker(space, evaluator).shrink(start);
        return new SearchReport(space, options, tried, shrunk, start == null ? -1 : tried.indexOf(start),
                evaluator.runs());
    }

    private static <T> T withEvaluator(ConfigSpace space, SearchOptions options, Progress progress,
                                       Function<Evaluator, T> work) {
        ExecutorService pool = Executors.newFixedThreadPool(options.jobs(), r -> {
            Thread t = new Thread(r, "gilsim-search");
            t.setDaemon(true);
            return t;
        });
        try {
            return work.apply(new Evaluator(space, options.property(), options.runSeeds(), pool, progress));
        } finally {
            pool.shutdownNow();
            progress.finish();
        }
    }
}
