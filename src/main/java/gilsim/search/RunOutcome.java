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
 * @param values  the expression's metric values in this run, for a judgement over the seeds; null otherwise
 */
public record RunOutcome(long seed, boolean holds, Map<String, Object> metrics, String order, String detail,
                         double[] values) {
    public RunOutcome {
        metrics = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
    }

    static RunOutcome of(Summary s, Property property) {
        Map<String, Object> metrics = new LinkedHashMap<>();
        for (Metric<?, ?> m : Metrics.RUN) metrics.put(m.name(), Metric.json(s.run().get(m)));
        return new RunOutcome(s.seed(), property.holds(s), metrics,
                s.pool() == null ? null : s.pool().get(Metrics.ORDER_VERDICT),
                property.detail(s), property.values(s));
    }

    /** The same run judged again, with the seeds' means ({@link Property#judge}). */
    RunOutcome rejudged(boolean holds, String detail) {
        return new RunOutcome(seed, holds, metrics, order, detail, values);
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
