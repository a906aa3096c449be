package gilsim.report;

import gilsim.cpython.PythonVersions;
import gilsim.metrics.Figures;
import gilsim.metrics.Groups;
import gilsim.metrics.Metric;
import gilsim.metrics.Metrics;
import gilsim.metrics.Summary;
import gilsim.sim.Durations;
import java.util.Locale;
import java.util.List;
import java.util.Map;

/**
 * The human summary of one run: a table of per-thread waits, one of per-thread rounds (programs only), the GIL's
 * counters, the verdict and why; under the parameters, a line when the {@code python} version's model was never run
 * beside a real interpreter of it.
 */
public final class SummaryText {
    private SummaryText() {}

    public static String of(Summary s) {
        StringBuilder b = new StringBuilder();
        b.append(s.scenario()).append("  seed ").append(s.seed()).append("  ").append(paramsLine(s.params()))
                .append('\n');
        // A version never run beside a real interpreter here says so; the validated ones print nothing more.
        String unvalidated = s.params().containsKey("python")
                ? PythonVersions.of(s.params().get("python")).unvalidatedNote() : null;
        if (unvalidated != null) b.append(unvalidated).append('\n');
        if (s.paramValues().get("machine") instanceof Map<?, ?> m) {
            b.append("machine ").append(m.get("file")).append(": ").append(m.get("source"))
                    .append(m.containsKey("wake_latency_quantiles_ns") ? "; its wake-up latency distribution stands "
                            + "in for wake_latency and wake_jitter" : "").append('\n');
        }
        b.append(String.format(Locale.ROOT, "simulated %s, %d events%n%n", Durations.human(s.simulatedNs()),
                s.events()));
        b.append(table("thread", withGroups(s.threads(), Metrics.THREAD), Metrics.THREAD));
        // A second table rather than more columns: the first stays as wide as a terminal, and as docs quote it.
        // A pool's threads run no program, so a pool scenario has no rounds to show.
        if (s.pool() == null) {
            b.append('\n').append(table("thread", withGroups(s.threads(), Metrics.THREAD_ROUNDS), Metrics.THREAD_ROUNDS));
        }
        for (Summary.Lock l : s.locks()) {
            b.append('\n').append("lock ").append(l.name()).append(" (").append(l.model()).append(")\n")
                    .append(table("thread", l.threads(), Metrics.LOCK_THREAD));
        }
        b.append("\nGIL: ");
        for (int i = 0; i < Metrics.GIL.size(); i++) {
            Metric<?, ?> m = Metrics.GIL.get(i);
            b.append(i == 0 ? "" : ", ").append(s.gil().get(m)).append(' ').append(m.label());
        }
        b.append('\n');
        if (s.pool() != null) b.append(PoolText.of(s));
        if (s.requests() != null) b.append(requests(s.requests()));
        b.append("\nverdict: ").append(s.verdict());
        if (s.starves()) b.append(" (").append(String.join(", ", s.starvedThreads())).append(')');
        b.append("\n\n").append(Explanation.of(s)).append('\n');
        return b.toString();
    }

    /** The threads' rows, then a row per group of copies ({@link Groups}). */
    private static List<Figures> withGroups(List<Figures> threads, List<? extends Metric<?, ?>> metrics) {
        List<Figures> rows = new java.util.ArrayList<>(threads);
        rows.addAll(Groups.rows(threads, metrics));
        return rows;
    }

    /** The requests' line: how many, their latency, the parts of its 99th percentile, the throughput. */
    private static String requests(Figures r) {
        Long corrected = r.get(Metrics.REQUEST_LATENCY_CORRECTED_P99_NS);
        return String.format(Locale.ROOT, "requests: %d arrived, %d answered (%.0f req/s); latency p50 %s, p99 %s%s, "
                        + "max %s; p99 of its parts: in queues %s, waiting for the GIL %s, the rest of service %s%n",
                r.get(Metrics.REQUESTS_ARRIVED), r.get(Metrics.REQUESTS_ANSWERED),
                r.get(Metrics.REQUEST_THROUGHPUT_RPS), Durations.human(r.get(Metrics.REQUEST_LATENCY_P50_NS)),
                Durations.human(r.get(Metrics.REQUEST_LATENCY_P99_NS)),
                corrected == null ? "" : " (corrected as wrk corrects it " + Durations.human(corrected) + ")",
                Durations.human(r.get(Metrics.REQUEST_LATENCY_MAX_NS)),
                Durations.human(r.get(Metrics.REQUEST_QUEUE_WAIT_P99_NS)),
                Durations.human(r.get(Metrics.REQUEST_GIL_WAIT_P99_NS)),
                Durations.human(r.get(Metrics.REQUEST_SERVICE_P99_NS)));
    }

    /**
     * A table of {@code rows}, one column for each metric with a text label, as {@link Metrics} declares them; the
     * first column is the row's name under {@code corner}.
     */
    static String table(String corner, List<Figures> rows, List<? extends Metric<?, ?>> metrics) {
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%-10s", corner));
        for (Metric<?, ?> m : metrics) if (m.label() != null) b.append(' ').append(m.heading());
        b.append('\n');
        for (Figures row : rows) {
            b.append(String.format(Locale.ROOT, "%-10s", row.name()));
            for (Metric<?, ?> m : metrics) if (m.label() != null) b.append(' ').append(m.cell(row.get(m)));
            b.append('\n');
        }
        return b.toString();
    }

    static String paramsLine(Map<String, String> params) {
        StringBuilder b = new StringBuilder();
        params.forEach((k, v) -> {
            if (!k.equals("max_events")) b.append(b.length() == 0 ? "" : " ").append(k).append('=').append(v);
        });
        return b.toString();
    }
}
