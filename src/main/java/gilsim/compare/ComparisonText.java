package gilsim.compare;

import gilsim.metrics.Figures;
import gilsim.metrics.Metric;
import gilsim.metrics.Metrics;
import gilsim.sim.Durations;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BiFunction;

/**
 * The comparison as text, one block per scenario, of tables that wrap to fit {@link #WIDTH} columns: the verdict,
 * the longest and 99th-percentile waits and whose they are, and what the arm costs; the GIL's switches and drop
 * requests; a pool's request latency, throughput and order; each thread's GIL share and rounds a second. The counts,
 * shares, paces, latency p99s and throughput of an arm other than as-is carry their difference from the as-is arm:
 * {@code pp} are percentage points of the run, {@code %} a relative change, {@code x12} twelve times as much.
 */
public final class ComparisonText {
    /** The widest line, for a 100-column terminal. */
    public static final int WIDTH = 100;
    /** A verdict cell longer than this names the count of starved threads instead of their names. */
    private static final int VERDICT_WIDTH = 24;

    private ComparisonText() {}

    public static String of(Comparison c) {
        StringBuilder b = new StringBuilder(heading(c)).append("\n\n");
        List<List<Column>> groups = groups(c);
        for (int i = 0; i < groups.size(); i++) b.append(i == 0 ? "" : "\n").append(table(c, groups.get(i)));
        return b.toString();
    }

    /** The block's first line: the scenario, its seed and length, and the as-is arm's settings. */
    public static String heading(Comparison c) {
        ArmFigures asIs = c.asIs();
        return c.scenario() + " (" + c.origin() + "): " + String.format(Locale.ROOT, "seed %d, %s simulated",
                asIs.summary().seed(), Durations.human(asIs.summary().simulatedNs())) + "; as-is: "
                + asIsSettings(asIs);
    }

    /** One table of the comparison as cells: the headings (the first is "arm"), then a row per arm. */
    public record Grid(List<String> headings, List<List<String>> rows) {}

    /** The comparison's tables as cells, unwrapped, for a page that lays them out itself. */
    public static List<Grid> grids(Comparison c) {
        List<Grid> out = new ArrayList<>();
        for (List<Column> group : groups(c)) {
            List<String> headings = new ArrayList<>(List.of("arm"));
            for (Column col : group) headings.add(col.heading());
            List<List<String>> rows = new ArrayList<>();
            for (ArmFigures a : c.arms()) {
                List<String> row = new ArrayList<>(List.of(a.arm().label()));
                for (Column col : group) row.add(col.cell().apply(a, c.deltas(a)));
                rows.add(row);
            }
            out.add(new Grid(headings, rows));
        }
        return out;
    }

    /** The comparison's columns, a group a table: the verdict and waits; the counts; a pool's; the threads'. */
    private static List<List<Column>> groups(Comparison c) {
        ArmFigures asIs = c.asIs();
        List<List<Column>> groups = new ArrayList<>();
        groups.add(List.of(
                new Column("verdict", (a, d) -> verdict(a)),
                new Column("longest wait", (a, d) -> Durations.human(a.maxWait().ns()) + " " + a.maxWait().thread()),
                new Column("p99 wait", (a, d) -> Durations.human(a.waitP99().ns()) + " " + a.waitP99().thread()),
                new Column("cost", (a, d) -> d == null ? "-" : cost(a, asIs, d))));
        List<Column> counts = new ArrayList<>();
        for (Metric<?, ?> m : Deltas.RUN_FIGURES) if (m.scope() != Metric.Scope.POOL) counts.add(column(m));
        if (!counts.isEmpty()) groups.add(counts);
        if (asIs.pool() != null) {
            // The pool's times, then its other figures apart: beside the two p99s, five columns pass WIDTH and the
            // order would wrap alone.
            List<Column> times = new ArrayList<>();
            List<Column> others = new ArrayList<>();
            for (Metric<?, ?> m : Deltas.RUN_FIGURES) {
                if (m.scope() == Metric.Scope.POOL) (m.unit() == Metric.Unit.NS ? times : others).add(column(m));
            }
            if (!times.isEmpty()) groups.add(times);
            if (!others.isEmpty()) groups.add(others);
        }
        List<Column> threads = new ArrayList<>();
        for (String name : c.threadNames()) {
            threads.add(new Column(name + " share", (a, d) -> {
                Figures t = a.thread(name);
                if (t == null || !a.tookGil()) return "-";
                Deltas.ThreadDelta td = d == null ? null : d.thread(name);
                return String.format(Locale.ROOT, "%.1f%%", 100 * t.get(Metrics.GIL_SHARE))
                        + (td == null || td.gilShare() == null ? "" : " (" + points(td.gilShare()) + ")");
            }));
            boolean rounds = c.arms().stream().anyMatch(a -> a.thread(name) != null
                    && a.thread(name).get(Metrics.ROUNDS_PER_S) != null);
            if (rounds) {
                threads.add(new Column(name + " rounds/s", (a, d) -> {
                    Figures t = a.thread(name);
                    if (t == null || t.get(Metrics.ROUNDS_PER_S) == null) return "-";
                    Figures base = asIs.thread(name);
                    String was = d == null || base == null || base.get(Metrics.ROUNDS_PER_S) == null ? ""
                            : ratio(t.get(Metrics.ROUNDS_PER_S), base.get(Metrics.ROUNDS_PER_S));
                    return String.format(Locale.ROOT, "%.1f", t.get(Metrics.ROUNDS_PER_S)) + was;
                }));
            }
            // Every other compared thread metric in its generic form (the rounds show as rounds a second above).
            for (Metric<?, ?> m : Deltas.THREAD_FIGURES) {
                if (Deltas.LAID_OUT.contains(m)) continue;
                threads.add(new Column(name + " " + m.compared().heading(), (a, d) -> {
                    Figures t = a.thread(name);
                    if (t == null) return "-";
                    Deltas.ThreadDelta td = d == null ? null : d.thread(name);
                    return cell(m, t.get(m), td == null ? null : td.of(m));
                }));
            }
        }
        groups.add(threads);
        return groups;
    }

    /** A run-level, GIL or pool metric's column: {@code -} for an arm without the part (no pool). */
    private static Column column(Metric<?, ?> m) {
        return new Column(m.compared().heading(), (a, d) -> a.part(m) == null ? "-"
                : cell(m, a.part(m).get(m), d == null ? null : d.of(m)));
    }

    /**
     * A compared metric's value and, for an arm other than as-is, its difference from the as-is arm in brackets: the
     * relative change when the declaration has one, else the difference ({@code +3}, points for a share).
     */
    static String cell(Metric<?, ?> m, Object v, Deltas.Delta d) {
        if (v == null) return "-";
        String value = switch (m.unit()) {
            case NS -> Durations.human((Long) v);
            case SHARE -> String.format(Locale.ROOT, "%.1f%%", 100 * (Double) v);
            case RATE -> m == Metrics.THROUGHPUT_RPS ? String.format(Locale.ROOT, "%.0f req/s", (Double) v)
                    : String.format(Locale.ROOT, "%.2f/s", (Double) v);
            case MEAN -> String.format(Locale.ROOT, "%.2f", (Double) v);
            case RATIO -> String.format(Locale.ROOT, "%.2fx", (Double) v);
            default -> String.valueOf(v);
        };
        if (d == null) return value;
        if (m.compared().delta().change()) return value + relative(d.change());
        if (!m.compared().delta().difference() || d.difference() == null) return value;
        Number x = d.difference();
        return value + switch (m.unit()) {
            case COUNT -> count(x.longValue());
            case SHARE -> " (" + points(x.doubleValue()) + ")";
            case NS -> " (" + (x.longValue() < 0 ? "-" : "+") + Durations.human(Math.abs(x.longValue())) + ")";
            default -> String.format(Locale.ROOT, " (%+.2f)", x.doubleValue());
        };
    }

    /**
     * What an arm loses against the as-is arm, as far as it shows at the printed precision: the thread whose rounds a
     * second fell the most, a longer longest wait, and each compared figure that went the worse way ({@link
     * Metric.Compared#better}: a pool's higher latency p99, corrected or raw, or lower throughput); else "none".
     */
    private static String cost(ArmFigures a, ArmFigures asIs, Deltas d) {
        List<String> losses = new ArrayList<>();
        if (d.largestPaceLoss() != null) {
            loss(losses, d.largestPaceLoss().name() + " rounds/s", d.largestPaceLoss().roundsPerSecondChange(), -1);
        }
        loss(losses, "longest wait", Deltas.change((double) a.maxWait().ns(), (double) asIs.maxWait().ns()), 1);
        for (Metric<?, ?> m : Deltas.RUN_FIGURES) {
            if (!m.compared().delta().change() || m.compared().better() == Metric.Compared.Better.NEITHER) continue;
            loss(losses, m.compared().heading(), d.of(m).change(),
                    m.compared().better() == Metric.Compared.Better.LOWER ? 1 : -1);
        }
        return losses.isEmpty() ? "none" : String.join(", ", losses);
    }

    /** Adds {@code what} and its change when the change goes the worse way ({@code worse}: +1 up, -1 down). */
    private static void loss(List<String> losses, String what, Double change, int worse) {
        if (change == null || Math.signum(change) != worse) return;
        String text = relative(change).strip();
        if (!text.matches("\\([+-]0\\.0%\\)")) losses.add(what + " " + text.substring(1, text.length() - 1));
    }

    /** Several comparisons, a blank line between blocks, then how to read the differences and replay an arm. */
    public static String of(List<Comparison> comparisons, List<String> launcher) {
        StringBuilder b = new StringBuilder();
        for (Comparison c : comparisons) b.append(of(c)).append('\n');
        b.append("Differences are against the as-is arm: pp, percentage points of the run; %, a relative change;\n"
                + "x12, twelve times as much. An arm replays as `gilsim run` with its keys and the seed, e.g.\n");
        ArmFigures example = comparisons.get(0).arms().get(comparisons.get(0).arms().size() - 1);
        b.append("  ").append(ComparisonJson.replay(example, launcher)).append("\n(--json gives every arm's line).\n");
        return b.toString();
    }

    /** The keys the comparison varies, as the as-is arm has them. */
    private static String asIsSettings(ArmFigures a) {
        StringBuilder b = new StringBuilder("policy=").append(a.summary().params().get("policy"));
        if (a.summary().params().containsKey("keep")) b.append(" keep=").append(a.summary().params().get("keep"));
        return b.toString();
    }

    private static String verdict(ArmFigures a) {
        if (!a.starves()) return a.verdict();
        String named = a.verdict() + ": " + String.join(", ", a.starvedThreads());
        return named.length() <= VERDICT_WIDTH ? named : a.verdict() + ": " + a.starvedThreads().size() + " threads";
    }

    private static String points(double shareDelta) {
        return String.format(Locale.ROOT, "%+.1fpp", 100 * shareDelta);
    }

    private static String count(long delta) {
        return String.format(Locale.ROOT, " (%+d)", delta);
    }

    private static String relative(Double change) {
        return change == null ? "" : String.format(Locale.ROOT, " (%+.1f%%)", 100 * change);
    }

    /** The change from {@code before}: {@code (+5.6%)}, or {@code (x12)} from ten times on, {@code (from 0)}. */
    private static String ratio(double now, double before) {
        if (before == 0) return now == 0 ? " (+0.0%)" : " (from 0)";
        if (now / before >= 10) return String.format(Locale.ROOT, " (x%.0f)", now / before);
        return relative(now / before - 1);
    }

    /** A column: its heading, and its cell for an arm given the arm's differences (null for the as-is arm). */
    private record Column(String heading, BiFunction<ArmFigures, Deltas, String> cell) {}

    /**
     * The arms down, the columns across, each as wide as its widest cell; columns that do not fit in {@link #WIDTH}
     * go to a further table below, which repeats the arm column.
     */
    private static String table(Comparison c, List<Column> columns) {
        List<String> labels = new ArrayList<>(List.of("arm"));
        for (ArmFigures a : c.arms()) labels.add(a.arm().label());
        int labelWidth = width(labels);
        List<List<String>> cells = new ArrayList<>();
        for (Column col : columns) {
            List<String> cs = new ArrayList<>(List.of(col.heading()));
            for (ArmFigures a : c.arms()) cs.add(col.cell().apply(a, c.deltas(a)));
            cells.add(cs);
        }
        StringBuilder b = new StringBuilder();
        int from = 0;
        while (from < cells.size()) {
            int to = from;
            int used = labelWidth;
            do {
                used += 2 + width(cells.get(to));
                to++;
            } while (to < cells.size() && used + 2 + width(cells.get(to)) <= WIDTH);
            if (from > 0) b.append('\n');
            for (int row = 0; row < labels.size(); row++) {
                StringBuilder line = new StringBuilder(pad(labels.get(row), labelWidth));
                for (int col = from; col < to; col++) {
                    line.append("  ").append(pad(cells.get(col).get(row), width(cells.get(col))));
                }
                b.append(line.toString().stripTrailing()).append('\n');
            }
            from = to;
        }
        return b.toString();
    }

    private static int width(List<String> cells) {
        int w = 0;
        for (String cell : cells) w = Math.max(w, cell.length());
        return w;
    }

    private static String pad(String s, int width) {
        return s + " ".repeat(Math.max(0, width - s.length()));
    }
}
