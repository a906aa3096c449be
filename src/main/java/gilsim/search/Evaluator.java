package gilsim.search;

import gilsim.metrics.Summary;
import gilsim.run.Simulation;
import gilsim.scenario.InputError;
import gilsim.scenario.Params;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * Runs configurations, every seed of every configuration as an independent task on a fixed pool, and gathers the
 * outcomes in submission order. Results depend only on (configuration, seed), never on which worker ran them or
 * when, so the output is the same for any number of workers. Results are cached: the shrinker often asks again.
 *
 * <p>Not thread-safe itself: one caller thread submits and gathers; only the simulations run on the pool.
 */
public final class Evaluator {
    /** Configurations submitted at once: enough to keep every worker busy, few enough to hold in memory. */
    static final int BATCH = 1024;
    /** Shrinking asks for a few hundred configurations at most; a repeat within them is answered from here. */
    static final int SHRINK_CACHE = 4096;
    private final ConfigSpace space;
    private final Property property;
    private final List<Long> seeds;
    private final ExecutorService pool;
    private final Progress progress;
    /** The shrinker's recent answers: bounded, as the main pass keeps nothing. */
    private final Map<Config, ConfigResult> cache = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Config, ConfigResult> eldest) {
            return size() > SHRINK_CACHE;
        }
    };
    private long runs;

    public Evaluator(ConfigSpace space, Property property, List<Long> seeds, ExecutorService pool, Progress progress) {
        this.space = space;
        this.property = property;
        this.seeds = List.copyOf(seeds);
        this.pool = pool;
        this.progress = progress;
    }

    /** Simulations run so far (cached answers not counted). */
    public long runs() {
        return runs;
    }

    /** Runs counted as if this evaluator had run them: a shard's, which a merge reads instead. */
    void countRuns(long n) {
        runs += n;
    }

    /** One configuration, for the shrinker: a recent answer is reused (shrinking asks again), else it runs. */
    public ConfigResult evaluate(Config c) {
        ConfigResult cached = cache.get(c);
        if (cached != null) return cached;
        progress.expect(seeds.size());
        Params params = space.params(c);
        List<Future<RunOutcome>> perSeed = new ArrayList<>();
        for (long seed : seeds) perSeed.add(pool.submit(() -> run(c, params, seed)));
        ConfigResult r = collect(c, perSeed);
        cache.put(c, r);
        return r;
    }

    /**
     * Runs {@code configs} (distinct) and hands each result to {@code sink} in list order, keeping none:
     * submitted {@value #BATCH} configurations at a time, so the work in flight stays bounded however many there are.
     */
    public void evaluateAll(List<Config> configs, Consumer<ConfigResult> sink) {
        progress.expect((long) configs.size() * seeds.size());
        for (int from = 0; from < configs.size(); from += BATCH) {
            List<Config> batch = configs.subList(from, Math.min(configs.size(), from + BATCH));
            List<List<Future<RunOutcome>>> pending = new ArrayList<>();
            for (Config c : batch) {
                Params params = space.params(c);
                List<Future<RunOutcome>> perSeed = new ArrayList<>();
                for (long seed : seeds) perSeed.add(pool.submit(() -> run(c, params, seed)));
                pending.add(perSeed);
            }
            for (int i = 0; i < batch.size(); i++) sink.accept(collect(batch.get(i), pending.get(i)));
        }
    }

    private ConfigResult collect(Config c, List<Future<RunOutcome>> perSeed) {
        List<RunOutcome> outcomes = new ArrayList<>();
        for (Future<RunOutcome> f : perSeed) {
            outcomes.add(await(f));
            runs++;
            progress.tick();
        }
        return new ConfigResult(c, property.judge(outcomes));
    }

    private RunOutcome run(Config c, Params params, long seed) {
        try {
            Summary s = new Simulation(space.scenario(), params, seed).run();
            return RunOutcome.of(s, property);
        } catch (InputError e) {
            throw new InputError(e.getMessage() + " (configuration " + space.line(c) + ")");
        }
    }

    private static RunOutcome await(Future<RunOutcome> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("search interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            throw new IllegalStateException(e.getCause());
        }
    }
}
