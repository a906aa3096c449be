package gilsim.compare;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
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

    private static final List<String> FIXED = List.of("scenario", "origin", "arm", "seed", "simulated_ns", "verdict",
            "starved_threads", "max_wait_ns", "max_wait_thread", "wait_p99_ns", "wait_p99_thread", "switches",
            "drop_requests", "forced_switches", "latency_p99_ns", "throughput_rps", "order_verdict",
            "largest_pace_loss_thread", "largest_pace_loss_change", "latency_p99_change", "throughput_change");
    private static final List<String> PER_THREAD = List.of("gil_share", "rounds", "rounds_per_s", "gil_share_delta",
            "rounds_per_s_change");
    /** Columns added after the per-thread ones, so that an older reader's column positions still hold. */
    private static final List<String> LAST = List.of("latency_raw_p99_ns", "latency_raw_p99_change");

    private ComparisonCsv() {}

    /** The header and the rows. */
    public static List<List<String>> rows(List<Comparison> comparisons) {
        Set<String> names = new LinkedHashSet<>();
        for (Comparison c : comparisons) names.addAll(c.threadNames());
        List<String> header = new ArrayList<>(FIXED);
        for (String name : names) for (String col : PER_THREAD) header.add(name + "_" + col);
        header.addAll(LAST);
        List<List<String>> rows = new ArrayList<>(List.of(header));
        for (Comparison c : comparisons) {
            for (ArmFigures a : c.arms()) {
                Deltas d = c.deltas(a);
                ArmFigures.PoolFigures p = a.pool();
                List<String> row = new ArrayList<>(List.of(c.scenario(), c.origin(), a.arm().label(),
                        Long.toString(a.summary().seed()), Long.toString(a.summary().simulatedNs()), a.verdict(),
                        String.join(";", a.starvedThreads()), Long.toString(a.maxWait().ns()), a.maxWait().thread(),
                        Long.toString(a.waitP99().ns()), a.waitP99().thread(), Long.toString(a.switches()),
                        Long.toString(a.dropRequests()), Long.toString(a.forcedSwitches()),
                        p == null ? "" : Long.toString(p.latencyP99Ns()), p == null ? "" : num(p.throughputRps()),
                        p == null ? "" : p.orderVerdict(),
                        d == null || d.largestPaceLoss() == null ? "" : d.largestPaceLoss().name(),
                        d == null || d.largestPaceLoss() == null ? ""
                                : num(d.largestPaceLoss().roundsPerSecondChange()),
                        d == null ? "" : num(d.latencyP99Change()), d == null ? "" : num(d.throughputChange())));
                for (String name : names) {
                    ArmFigures.ThreadFigures t = a.thread(name);
                    Deltas.ThreadDelta td = d == null ? null : d.thread(name);
                    row.add(t == null ? "" : num(t.gilShare()));
                    row.add(t == null || t.rounds() == null ? "" : Long.toString(t.rounds()));
                    row.add(t == null ? "" : num(t.roundsPerSecond()));
                    row.add(td == null ? "" : num(td.gilShare()));
                    row.add(td == null ? "" : num(td.roundsPerSecondChange()));
                }
                row.add(p == null ? "" : Long.toString(p.latencyRawP99Ns()));
                row.add(d == null ? "" : num(d.latencyRawP99Change()));
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

    /** Six decimals at most, as the JSON writes fractions; empty for undefined. */
    private static String num(Double v) {
        if (v == null) return "";
        return BigDecimal.valueOf(ComparisonJson.round(v)).stripTrailingZeros().toPlainString();
    }
}
