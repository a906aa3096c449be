package gilsim.metrics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * One scenario run over several seeds: each numeric metric of {@link Metrics} as a {@link Stat} (mean, min, max and
 * a 95 % confidence interval of the mean, Student's t), so that a figure comes with the noise a review asks about. A
 * metric a run leaves undefined (null) is left out of that metric's n.
 */
public final class Replications {
    /** One metric over the runs. */
    public record Row(Metric<?, ?> metric, Stat stat) {
        public boolean isTime() {
            return metric.unit() == Metric.Unit.NS;
        }
    }

    private final List<Summary> runs;

    public Replications(List<Summary> runs) {
        if (runs.isEmpty()) throw new IllegalArgumentException("no runs");
        this.runs = List.copyOf(runs);
    }

    public List<Summary> runs() {
        return runs;
    }

    /** The run-level metrics, the GIL's counters and, for a pool or arrivals, the pool's or the requests'. */
    public List<Row> runRows() {
        List<Row> rows = new ArrayList<>();
        rows.addAll(rows(Metrics.RUN, Summary::run));
        rows.addAll(rows(Metrics.GIL, Summary::gil));
        if (runs.get(0).pool() != null) rows.addAll(rows(Metrics.POOL, Summary::pool));
        if (runs.get(0).requests() != null) rows.addAll(rows(Metrics.REQUESTS, Summary::requests));
        return rows;
    }

    /** A thread's metrics, by name (a pool's size may differ between runs: a run without the thread is left out). */
    public List<Row> threadRows(String thread) {
        Function<Summary, Figures> of = s -> {
            for (Figures t : s.threads()) if (t.name().equals(thread)) return t;
            return null;
        };
        List<Row> rows = new ArrayList<>(rows(Metrics.THREAD, of));
        rows.addAll(rows(Metrics.THREAD_ROUNDS, of));
        return rows;
    }

    public List<String> threadNames() {
        return runs.get(0).threads().stream().map(Figures::name).toList();
    }

    /** How many runs starved each thread that starved in any, in the threads' order. */
    public Map<String, Integer> starved() {
        Map<String, Integer> out = new LinkedHashMap<>();
        for (String t : threadNames()) {
            int k = 0;
            for (Summary s : runs) if (s.starvedThreads().contains(t)) k++;
            if (k > 0) out.put(t, k);
        }
        return out;
    }

    public int starvingRuns() {
        int k = 0;
        for (Summary s : runs) if (s.starves()) k++;
        return k;
    }

    private List<Row> rows(List<? extends Metric<?, ?>> metrics, Function<Summary, Figures> part) {
        List<Row> rows = new ArrayList<>();
        for (Metric<?, ?> m : metrics) {
            if (!m.unit().numeric()) continue;
            double[] values = new double[runs.size()];
            for (int i = 0; i < runs.size(); i++) {
                Figures of = part.apply(runs.get(i));
                values[i] = of == null ? Double.NaN : of.number(m);
            }
            rows.add(new Row(m, Stat.of(values)));
        }
        return rows;
    }
}
