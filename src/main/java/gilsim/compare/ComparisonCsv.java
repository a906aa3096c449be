package gilsim.compare;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import gilsim.metrics.Figures;
import gilsim.metrics.Metric;
import gilsim.metrics.Metrics;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The comparison as CSV for pandas: a header, then one row per scenario and arm. Units are in the column names
 * ({@code _ns} integer nanoseconds, {@code _per_s} and {@code _rps} per second of simulated time); a {@code gil_share}
 * is a fraction of the run, a {@code _delta} an arm's share minus the as-is arm's (a fraction), a {@code _change} a
 * relative change against the as-is arm. Each thread of any scenario has its columns, {@code THREAD_gil_share} and so
 * on, empty in the rows of scenarios without that thread, as are the pool's columns in rows without a pool and the
 * differences in the as-is rows. The pool's raw p99 and its change come last, after the threads' columns.
 * A list's items are joined with {@code ;}.
 */
public final class ComparisonCsv {
    private static final CsvMapper CSV = CsvMapper.builder().enable(CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING)
            .build();

    /** The figure of a column: its value, its difference against the as-is arm, or its relative change. */
    private enum Part {
        VALUE, DIFFERENCE, CHANGE
    }

    /** A column of a run-level, GIL or pool metric. */
    private record Column(Metric<?, ?> metric, Part part) {
        String name() {
            return switch (part) {
                case VALUE -> metric.name();
                case DIFFERENCE -> metric.name() + "_delta";
                case CHANGE -> metric.changeName();
            };
        }

        String cell(ArmFigures a, Deltas d) {
            if (part == Part.VALUE) return a.part(metric) == null ? "" : text(a.part(metric).get(metric));
            if (d == null) return "";
            Deltas.Delta delta = d.of(metric);
            return text(part == Part.DIFFERENCE ? delta.difference() : delta.change());
        }
    }

    private static final List<String> HEADLINE = List.of("scenario", "origin", "arm", "seed", "simulated_ns",
            "verdict", "starved_threads", "max_wait_ns", "max_wait_thread", "wait_p99_ns", "wait_p99_thread");
    /**
     * The columns published before the metric table drove this CSV, in their places (pandas readers index some by
     * position): the GIL's counters and the pool's figures, the largest pace loss between them, the raw p99 after
     * the threads' columns. Every later compared metric's columns (value, {@code _delta}, change) come after all
     * of these.
     */
    private static final List<Column> BEFORE_PACE = List.of(new Column(Metrics.SWITCHES, Part.VALUE),
            new Column(Metrics.DROP_REQUESTS, Part.VALUE), new Column(Metrics.FORCED_SWITCHES, Part.VALUE),
            new Column(Metrics.LATENCY_P99_NS, Part.VALUE), new Column(Metrics.THROUGHPUT_RPS, Part.VALUE),
            new Column(Metrics.ORDER_VERDICT, Part.VALUE));
    private static final List<String> PACE = List.of("largest_pace_loss_thread", "largest_pace_loss_change");
    private static final List<Column> AFTER_PACE = List.of(new Column(Metrics.LATENCY_P99_NS, Part.CHANGE),
            new Column(Metrics.THROUGHPUT_RPS, Part.CHANGE));
    private static final List<Column> AFTER_THREADS = List.of(new Column(Metrics.LATENCY_RAW_P99_NS, Part.VALUE),
            new Column(Metrics.LATENCY_RAW_P99_NS, Part.CHANGE));
    private ComparisonCsv() {}

    /** The compared run-level, GIL and pool metrics' columns after the published ones, as their declarations ask. */
    private static List<Column> later() {
        List<Column> out = new ArrayList<>();
        for (Metric<?, ?> m : Deltas.RUN_FIGURES) if (!Deltas.LAID_OUT.contains(m)) out.addAll(columns(m));
        return out;
    }

    /** A metric's value, then its difference and change where its declaration asks for them. */
    private static List<Column> columns(Metric<?, ?> m) {
        List<Column> out = new ArrayList<>(List.of(new Column(m, Part.VALUE)));
        if (m.compared().delta().difference()) out.add(new Column(m, Part.DIFFERENCE));
        if (m.compared().delta().change()) out.add(new Column(m, Part.CHANGE));
        return out;
    }

    /**
     * A thread's columns: the published ones' values, then their differences and changes; then every later compared
     * thread metric's value, difference and change, so that the published ones keep their places in each thread's
     * block.
     */
    private static List<Column> threadColumns() {
        List<Column> out = new ArrayList<>();
        for (Part part : Part.values()) {
            for (Metric<?, ?> m : Deltas.THREAD_FIGURES) {
                if (!Deltas.LAID_OUT.contains(m)) continue;
                boolean has = switch (part) {
                    case VALUE -> true;
                    case DIFFERENCE -> m.compared().delta().difference();
                    case CHANGE -> m.compared().delta().change();
                };
                if (has) out.add(new Column(m, part));
            }
        }
        for (Metric<?, ?> m : Deltas.THREAD_FIGURES) if (!Deltas.LAID_OUT.contains(m)) out.addAll(columns(m));
        return out;
    }

    /** The header and the rows. */
    public static List<List<String>> rows(List<Comparison> comparisons) {
        Set<String> names = new LinkedHashSet<>();
        for (Comparison c : comparisons) names.addAll(c.threadNames());
        List<Column> perThread = threadColumns();
        List<Column> later = later();
        List<String> header = new ArrayList<>(HEADLINE);
        for (Column col : BEFORE_PACE) header.add(col.name());
        header.addAll(PACE);
        for (Column col : AFTER_PACE) header.add(col.name());
        for (String name : names) for (Column col : perThread) header.add(name + "_" + col.name());
        for (Column col : AFTER_THREADS) header.add(col.name());
        for (Column col : later) header.add(col.name());
        List<List<String>> rows = new ArrayList<>(List.of(header));
        for (Comparison c : comparisons) {
            for (ArmFigures a : c.arms()) {
                Deltas d = c.deltas(a);
                List<String> row = new ArrayList<>(List.of(c.scenario(), c.origin(), a.arm().label(),
                        Long.toString(a.summary().seed()), Long.toString(a.summary().simulatedNs()), a.verdict(),
                        String.join(";", a.starvedThreads()), Long.toString(a.maxWait().ns()), a.maxWait().thread(),
                        Long.toString(a.waitP99().ns()), a.waitP99().thread()));
                for (Column col : BEFORE_PACE) row.add(col.cell(a, d));
                row.add(d == null || d.largestPaceLoss() == null ? "" : d.largestPaceLoss().name());
                row.add(d == null || d.largestPaceLoss() == null ? ""
                        : text(d.largestPaceLoss().roundsPerSecondChange()));
                for (Column col : AFTER_PACE) row.add(col.cell(a, d));
                for (String name : names) {
                    Figures t = a.thread(name);
                    Deltas.ThreadDelta td = d == null ? null : d.thread(name);
                    for (Column col : perThread) {
                        if (col.part() == Part.VALUE) row.add(t == null ? "" : text(t.get(col.metric())));
                        else if (td == null) row.add("");
                        else if (col.part() == Part.DIFFERENCE) row.add(text(td.of(col.metric()).difference()));
                        else row.add(text(td.of(col.metric()).change()));
                    }
                }
                for (Column col : AFTER_THREADS) row.add(col.cell(a, d));
                for (Column col : later) row.add(col.cell(a, d));
                rows.add(row);
            }
        }
        return rows;
    }

    /** The rows as CSV text (RFC 4180: a cell is quoted only when it must be), lines ending in {@code \n}. */
    public static String text(List<Comparison> comparisons) {
        ObjectWriter w = CSV.writer(CsvSchema.emptySchema().withLineSeparator("\n"));
        StringBuilder b = new StringBuilder();
        try {
            for (List<String> row : rows(comparisons)) b.append(w.writeValueAsString(row));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e); // a list of strings always writes
        }
        return b.toString();
    }

    /**
     * A cell: a fraction to six decimals at most, as the JSON writes fractions; a list's items joined with
     * {@code ;}; empty for undefined.
     */
    private static String text(Object v) {
        if (v == null) return "";
        if (v instanceof Double x) {
            return BigDecimal.valueOf(ComparisonJson.round(x)).stripTrailingZeros().toPlainString();
        }
        if (v instanceof List<?> l) return String.join(";", l.stream().map(String::valueOf).toList());
        return String.valueOf(v);
    }
}
