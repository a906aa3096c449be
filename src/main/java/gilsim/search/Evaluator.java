package gilsim.search;

import gilsim.metrics.Summary;
import gilsim.run.Simulation;
import gilsim.scenario.InputError;
import gilsim.scenario.Params;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

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
    private final ConfigSpace space;
    private final Property property;
    private final List<Long> seeds;
    private final ExecutorService pool;
    private final Progress progress;
    private final Map<Config, ConfigResult> cache = new HashMap<>();
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

    /** Results run elsewhere (a shard's), counted as runs, as if this evaluator had run them. */
    void preload(List<ConfigResult> results) {
        for (ConfigResult r : results) {
            cache.put(r.config(), r);
            runs += r.runs().size();
        }
    }

    public ConfigResult evaluate(Config c) {
        return evaluateAll(List.of(c)).get(0);
    }

    /**
     * The results of {@code configs}, in the same order. Submitted {@value #BATCH} configurations at a time, so
     * the work in flight (each with its parameters) stays bounded however many configurations there are.
     */
    public List<ConfigResult> evaluateAll(List<Config> configs) {
        List<Config> fresh = new ArrayList<>(new LinkedHashSet<>(configs));
        fresh.removeIf(cache::containsKey);
        progress.expect((long) fresh.size() * seeds.size());
        for (int from = 0; from < fresh.size(); from += BATCH) {
            List<Config> batch = fresh.subList(from, Math.min(fresh.size(), from + BATCH));
            List<List<Future<RunOutcome>>> pending = new ArrayList<>();
            for (Config c : batch) {
                Params params = space.params(c);
                List<Future<RunOutcome>> perSeed = new ArrayList<>();
                for (long seed : seeds) perSeed.add(pool.submit(() -> run(c, params, seed)));
                pending.add(perSeed);
            }
            for (int i = 0; i < batch.size(); i++) {
                List<RunOutcome> outcomes = new ArrayList<>();
                for (Future<RunOutcome> f : pending.get(i)) {
                    outcomes.add(await(f));
                    runs++;
                    progress.tick();
                }
                cache.put(batch.get(i), new ConfigResult(batch.get(i), property.judge(outcomes)));
            }
        }
        List<ConfigResult> out = new ArrayList<>();
        for (Config c : configs) out.add(cache.get(c));
        return out;
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
