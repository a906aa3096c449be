package gilsim.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import gilsim.cpython.PythonVersion;
import gilsim.cpython.PythonVersions;
import gilsim.metrics.Figures;
import gilsim.metrics.Groups;
import gilsim.metrics.Metric;
import gilsim.metrics.Metrics;
import gilsim.metrics.Summary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON summary contract (DESIGN.md): one object, snake_case fields in a fixed order, times in integer ns; last,
 * {@code python_model}, whether the python version's model was validated against a real interpreter here.
 */
public final class SummaryJson {
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private SummaryJson() {}

    public static String of(Summary s) {
        return indented(tree(s));
    }

    /** Any tree of maps, lists and values as indented JSON: how every gilsim command prints its one object. */
    public static String indented(Object tree) {
        try {
            return MAPPER.writeValueAsString(tree);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The summary as maps and lists; every figure is written as {@link Metrics} declares it. */
    public static Map<String, Object> tree(Summary s) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("scenario", s.scenario());
        o.put("seed", s.seed());
        o.put("params", s.paramValues());
        o.put("simulated_ns", s.simulatedNs());
        o.put("events", s.events());
        put(o, Metrics.RUN, s.run());
        o.put("threads", named(s.threads(), Metrics.THREAD, Metrics.THREAD_ROUNDS));
        List<Figures> groups = Groups.rows(s.threads(), Metrics.THREAD_ALL);
        if (!groups.isEmpty()) o.put("groups", named(groups, Metrics.THREAD, Metrics.THREAD_ROUNDS));
        o.put("gil", put(new LinkedHashMap<>(), Metrics.GIL, s.gil()));
        if (!s.locks().isEmpty()) {
            List<Object> locks = new ArrayList<>();
            for (Summary.Lock l : s.locks()) {
                Map<String, Object> lock = new LinkedHashMap<>();
                lock.put("name", l.name());
                lock.put("model", l.model());
                lock.put("threads", named(l.threads(), Metrics.LOCK_THREAD));
                locks.add(lock);
            }
            o.put("locks", locks);
        }
        if (s.pool() != null) {
            Map<String, Object> pool = put(new LinkedHashMap<>(), Metrics.POOL, s.pool());
            pool.put("threads", named(s.poolThreads(), Metrics.POOL_THREAD));
            o.put("pool", pool);
        }
        if (s.requests() != null) o.put("requests", put(new LinkedHashMap<>(), Metrics.REQUESTS, s.requests()));
        String python = s.params().get("python");
        if (python != null) o.put("python_model", pythonModel(PythonVersions.of(python)));
        return o;
    }

    /**
     * Whether the model of the run's python version was run beside a real interpreter of it on this machine
     * ({@code validated_with} names it) or comes from the version's source alone ({@code validated} false).
     */
    private static Map<String, Object> pythonModel(PythonVersion v) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("version", v.name());
        o.put("validated", v.validated());
        o.put("validated_with", v.validatedWith());
        return o;
    }

    private static Map<String, Object> put(Map<String, Object> into, List<? extends Metric<?, ?>> metrics,
                                           Figures of) {
        for (Metric<?, ?> m : metrics) into.put(m.name(), Metric.json(of.get(m)));
        return into;
    }

    /** One object per row: its name, then each list's metrics in turn. */
    @SafeVarargs
    private static List<Object> named(List<Figures> rows, List<? extends Metric<?, ?>>... metrics) {
        List<Object> out = new ArrayList<>();
        for (Figures row : rows) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", row.name());
            for (List<? extends Metric<?, ?>> list : metrics) put(m, list, row);
            out.add(m);
        }
        return out;
    }
}
