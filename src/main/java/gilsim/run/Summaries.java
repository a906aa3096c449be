package gilsim.run;

import gilsim.metrics.Figures;
import gilsim.metrics.GilStats;
import gilsim.metrics.LockStats;
import gilsim.metrics.Metrics;
import gilsim.metrics.PoolStats;
import gilsim.metrics.RequestStats;
import gilsim.metrics.RoundStats;
import gilsim.metrics.Summary;
import gilsim.scenario.Params;
import gilsim.scenario.Waiters;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds a run's {@link Summary} from its collectors: each part's metrics as {@link Metrics} declares them, read off
 * the collectors once the run has ended. The run's own metrics (the starvation verdict) come last, as they read the
 * threads'.
 */
final class Summaries {
    private Summaries() {}

    /**
     * @param pool  the pool's collector; null for a scenario without a pool
     * @param locks the scenario locks' collector; null for a scenario without locks
     * @param requests the requests' collector; null for a scenario without arrivals
     */
    static Summary of(String scenario, long seed, Params params, long endNs, long events, List<String> names,
                      GilStats gil, RoundStats rounds, PoolStats pool, LockStats locks, RequestStats requests) {
        List<Figures> threads = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            threads.add(Figures.of(names.get(i), new Metrics.ThreadSource(gil.thread(i), rounds.thread(i), endNs),
                    Metrics.THREAD_ALL));
        }
        List<Figures> poolThreads = new ArrayList<>();
        if (pool != null) {
            for (int i = 0; i < names.size(); i++) {
                poolThreads.add(Figures.of(names.get(i), new Metrics.PoolThreadSource(pool.thread(i), gil.thread(i)),
                        Metrics.POOL_THREAD));
            }
        }
        Figures run = Figures.of(null, new Metrics.RunSource(threads, params.ns("starve_after")), Metrics.RUN);
        return new Summary(scenario, seed, params.asText(), pool == null ? params.json() : withWaiters(params.json()),
                endNs, events, run, threads, Figures.of(null, gil, Metrics.GIL),
                pool == null ? null : Figures.of(null, new Metrics.PoolSource(pool, endNs), Metrics.POOL),
                poolThreads, locks == null ? List.of() : locks.summary(names),
                requests == null ? null : Figures.of(null, new Metrics.RequestSource(requests, endNs),
                        Metrics.REQUESTS));
    }

    /** A pool's params with {@code waiters} (threads - 1, which {@code --set waiters=N} sets) after threads. */
    private static Map<String, Object> withWaiters(Map<String, Object> params) {
        Map<String, Object> out = new LinkedHashMap<>();
        params.forEach((k, v) -> {
            out.put(k, v);
            if (k.equals("threads")) out.put(Waiters.NAME, (Long) v - 1);
        });
        return Collections.unmodifiableMap(out);
    }
}
