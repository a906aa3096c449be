package gilsim.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import gilsim.metrics.Metric;
import gilsim.metrics.Replications;
import gilsim.metrics.Stat;
import gilsim.metrics.Summary;
import gilsim.sim.Durations;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code run --seeds N}: each metric as its mean with a 95 % confidence interval, as text and as JSON. */
public final class ReplicationsReport {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ReplicationsReport() {}

    public static String text(Replications r) {
        Summary first = r.runs().get(0);
        Summary last = r.runs().get(r.runs().size() - 1);
        StringBuilder b = new StringBuilder();
        b.append(first.scenario()).append("  seeds ").append(first.seed()).append("..").append(last.seed()).append("  ");
        List<String> params = new ArrayList<>();
        first.params().forEach((k, v) -> {
            if (!k.equals("max_events")) params.add(k + "=" + v);
        });
        b.append(String.join(" ", params)).append('\n');
        b.append(String.format(Locale.ROOT, "%d runs of %s simulated; starves in %d of %d", r.runs().size(),
                Durations.human(first.simulatedNs()), r.starvingRuns(), r.runs().size()));
        if (!r.starved().isEmpty()) {
            List<String> who = new ArrayList<>();
            r.starved().forEach((t, k) -> who.add(t + " " + k));
            b.append(" (").append(String.join(", ", who)).append(')');
        }
        b.append("\n\nmeans over the runs, with a 95% confidence interval of the mean (Student's t) and the range\n");
        table(b, "run", r.runRows());
        for (String t : r.threadNames()) table(b, "thread " + t, r.threadRows(t));
        return b.toString();
    }

    private static void table(StringBuilder b, String title, List<Replications.Row> rows) {
        b.append('\n').append(title).append('\n');
        for (Replications.Row row : rows) {
            Stat s = row.stat();
            b.append(String.format(Locale.ROOT, "  %-26s %10s  [%s, %s]  %s..%s  n=%d%n", row.metric().name(),
                    show(s.mean(), row), show(s.ciLow(), row), show(s.ciHigh(), row), show(s.min(), row),
                    show(s.max(), row), s.n()));
        }
    }

    private static String show(double v, Replications.Row row) {
        if (Double.isNaN(v)) return "-";
        if (row.isTime()) return Durations.human(Math.round(v));
        if (row.metric().unit() == Metric.Unit.SHARE) return String.format(Locale.ROOT, "%.2f%%", 100 * v);
        return String.format(Locale.ROOT, "%.4g", v);
    }

    /**
     * One object: {@code scenario}, {@code seeds} (first and last), {@code runs}, {@code params} (the first run's),
     * {@code starving_runs}, {@code starved} (runs per thread), and for {@code run} and each of {@code threads} every
     * numeric metric as {@code {n, mean, min, max, ci95_low, ci95_high}} (times in integer nanoseconds).
     */
    public static String json(Replications r) {
        Summary first = r.runs().get(0);
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("scenario", first.scenario());
        o.put("seeds", List.of(first.seed(), r.runs().get(r.runs().size() - 1).seed()));
        o.put("runs", r.runs().size());
        o.put("params", first.paramValues());
        o.put("starving_runs", r.starvingRuns());
        o.put("starved", r.starved());
        o.put("run", stats(r.runRows()));
        List<Object> threads = new ArrayList<>();
        for (String t : r.threadNames()) {
            Map<String, Object> th = new LinkedHashMap<>();
            th.put("name", t);
            th.putAll(stats(r.threadRows(t)));
            threads.add(th);
        }
        o.put("threads", threads);
        try {
            return JSON.writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<String, Object> stats(List<Replications.Row> rows) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Replications.Row row : rows) m.put(row.metric().name(), row.stat().json(row.isTime()));
        return m;
    }
}
