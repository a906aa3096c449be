package gilsim.metrics;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One part of a run's summary (the run, a thread, the GIL, the pool, a pool thread, a thread's use of a lock): each
 * of its scope's metrics and its value, in the order {@link Metrics} declares them. A value is null where the run
 * does not define it (a thread with no outer loop has no rounds).
 *
 * @param name the thread's name; null for the run, the GIL and the pool
 */
public record Figures(String name, Map<Metric<?, ?>, Object> values) {
    public Figures {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** Each metric of {@code metrics}, read off {@code source}, in order. */
    public static <S> Figures of(String name, S source, List<? extends Metric<S, ?>> metrics) {
        Map<Metric<?, ?>, Object> values = new LinkedHashMap<>();
        for (Metric<S, ?> m : metrics) values.put(m, m.collect().apply(source));
        return new Figures(name, values);
    }

    /**
     * The metric's value (null where undefined).
     *
     * @throws IllegalArgumentException when this part has no such metric (a metric of another scope)
     */
    @SuppressWarnings("unchecked")
    public <V> V get(Metric<?, V> metric) {
        if (!values.containsKey(metric)) {
            throw new IllegalArgumentException("no metric " + metric.name() + " (of scope " + metric.scope()
                    + ") in these figures" + (name == null ? "" : " of " + name));
        }
        return (V) values.get(metric);
    }

    /** The metric's value as a number ({@link Metric#number}). */
    public double number(Metric<?, ?> metric) {
        return Metric.number(get(metric));
    }

    public boolean has(Metric<?, ?> metric) {
        return values.containsKey(metric);
    }
}
