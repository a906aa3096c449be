package gilsim.run;

import gilsim.metrics.GilStats;
import gilsim.metrics.RoundStats;
import gilsim.metrics.Summary;
import gilsim.scenario.Params;
import gilsim.scenario.Waiters;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds a run's {@link Summary} from its listeners, including the starvation verdict. */
final class Summaries {
    private Summaries() {}

    static Summary of(String scenario, long seed, Params params, long endNs, long events, List<String> names,
                      GilStats stats, RoundStats roundStats, Summary.PoolSummary pool,
                      List<Summary.LockSummary> locks) {
        long starveAfterNs = params.ns("starve_after");
        List<Summary.ThreadSummary> threads = new ArrayList<>();
        List<String> starved = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            GilStats.PerThread p = stats.thread(i);
            RoundStats.PerThread r = roundStats.thread(i);
            threads.add(new Summary.ThreadSummary(names.get(i), p.acquisitions(),
                    endNs == 0 ? 0 : (double) p.holdNs() / endNs, p.waitMaxNs(), p.waitPercentileNs(99),
                    p.waitPercentileNs(50), p.wakeupsLost(), r.rounds(), r.p50Ns(), r.p99Ns(), r.maxNs(),
                    r.slowdown(), r.finishedNs()));
            // A thread starves when one of its waits (an open one counts to the end) exceeds starve_after.
            if (p.waitMaxNs() > starveAfterNs) starved.add(names.get(i));
        }
        return new Summary(scenario, seed, params.asText(), pool == null ? params.json() : withWaiters(params.json()),
                endNs, events,
                starved.isEmpty() ? Summary.FAIR : Summary.STARVES, List.copyOf(starved), List.copyOf(threads),
                new Summary.GilSummary(stats.switches(), stats.dropRequests(), stats.forcedSwitches(),
                        stats.timeouts()), pool, locks);
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
