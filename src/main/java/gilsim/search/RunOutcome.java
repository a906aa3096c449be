package gilsim.search;

import gilsim.metrics.Metric;
import gilsim.metrics.Metrics;
import gilsim.metrics.Summary;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a search keeps of one run: enough for the CSV row and the report, not the whole summary.
 *
 * @param holds   whether the searched property held
 * @param metrics the run-level metrics ({@link Metrics#RUN}) by name, in their declared order
 * @param order   the pool's order verdict, or null for a scenario without a pool
 * @param detail  what the run showed of an expression's metrics ({@code latency_p99 = 43.1 ms}), or null
 */
public record RunOutcome(long seed, boolean holds, Map<String, Object> metrics, String order, String detail) {
    public RunOutcome {
        metrics = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
    }

    static RunOutcome of(Summary s, Property property) {
        Map<String, Object> metrics = new LinkedHashMap<>();
        for (Metric<Summary> m : Metrics.RUN) metrics.put(m.name(), m.json(s));
        return new RunOutcome(s.seed(), property.holds(s), metrics, s.pool() == null ? null : s.pool().orderVerdict(),
                property.detail(s));
    }

    public String verdict() {
        return (String) metrics.get("verdict");
    }

    @SuppressWarnings("unchecked")
    public List<String> starvedThreads() {
        return (List<String>) metrics.get("starved_threads");
    }

    public long maxWaitNs() {
        return (Long) metrics.get("max_wait_ns");
    }
}
