package gilsim.search;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A whole search: list the configurations (all of them, or drawn from the seed), run them on a fixed pool of
 * workers, and shrink the smallest failing one. The list is made before anything runs and results are read in
 * list order, so the report is the same for any number of workers, and for any number of shards (a shard runs
 * every N-th configuration of the same list; {@link #merge} shrinks the merged results as one search would).
 * Results are tallied as they come ({@link Tally}) and handed on (to the CSV), never kept.
 */
public final class SearchRun {
    private SearchRun() {}

    public static SearchReport run(ConfigSpace space, SearchOptions options, Progress progress) {
        return run(space, options, progress, r -> {});
    }

    /** The search, with each result handed to {@code sink} in list order (a CSV row, a test's record). */
    public static SearchReport run(ConfigSpace space, SearchOptions options, Progress progress,
                                   Consumer<Tally.IndexedResult> sink) {
        List<Config> configs = configs(space, options);
        return withEvaluator(space, options, progress, evaluator -> {
            Tally tally = new Tally(space, options.exhaustive(), options.property(), sink);
            evaluator.evaluateAll(configs, tally::accept);
            return finish(space, options, evaluator, tally);
        });
    }

    /** The configurations a search tries, distinct, in list order; never empty. */
    public static List<Config> configs(ConfigSpace space, SearchOptions options) {
        List<Config> drawn = options.exhaustive() ? space.exhaustive()
                : space.random(options.seed(), options.examples());
        // A random search may draw a configuration twice: it is tried once, where it first appears.
        List<Config> configs = new ArrayList<>(new LinkedHashSet<>(drawn));
        // "No counterexample in 0 configurations" would be a false all-clear: never report an empty search.
        if (configs.isEmpty()) throw new IllegalStateException("the search listed no configuration to try");
        return configs;
    }

    /**
     * Shard {@code shard} of {@code shards} (from 1): every configuration whose index i has
     * {@code i % shards == shard - 1}, each result handed to {@code sink} with its index as it comes.
     */
    public static void shard(ConfigSpace space, SearchOptions options, int shard, int shards, Progress progress,
                             Consumer<Tally.IndexedResult> sink) {
        List<Config> all = configs(space, options);
        List<Config> mine = new ArrayList<>();
        for (int i = shard - 1; i < all.size(); i += shards) mine.add(all.get(i));
        withEvaluator(space, options, progress, evaluator -> {
            int[] k = {0};
            evaluator.evaluateAll(mine, r -> sink.accept(new Tally.IndexedResult(shard - 1 + shards * k[0]++, r)));
            return null;
        });
    }

    /** The report of merged shards, {@code tried} in list order: their results stand for the runs; the shrinking runs here. */
    public static SearchReport merge(ConfigSpace space, SearchOptions options, List<ConfigResult> tried,
                                     Progress progress, Consumer<Tally.IndexedResult> sink) {
        return withEvaluator(space, options, progress, evaluator -> {
            Tally tally = new Tally(space, options.exhaustive(), options.property(), sink);
            for (ConfigResult r : tried) {
                evaluator.countRuns(r.runs().size());
                tally.accept(r);
            }
            return finish(space, options, evaluator, tally);
        });
    }

    private static SearchReport finish(ConfigSpace space, SearchOptions options, Evaluator evaluator, Tally tally) {
        ConfigResult start = tally.start();
        Shrinker.Result shrunk = start == null ? null : new Shrinker(space, evaluator).shrink(start);
        return new SearchReport(space, options, tally.tried(), tally.failing(), tally.bins(), tally.grids(), start,
                shrunk, tally.startIndex(), start == null ? tally.closest() : null, evaluator.runs());
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
