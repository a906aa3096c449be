package gilsim.compare;

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
        ArmFigures asIs = c.asIs();
        StringBuilder b = new StringBuilder();
        b.append(c.scenario()).append(" (").append(c.origin()).append("): ")
                .append(String.format(Locale.ROOT, "seed %d, %s simulated", asIs.summary().seed(),
                        Durations.human(asIs.summary().simulatedNs())))
                .append("; as-is: ").append(asIsSettings(asIs)).append("\n\n");
        b.append(table(c, List.of(
                new Column("verdict", (a, d) -> verdict(a)),
                new Column("longest wait", (a, d) -> Durations.human(a.maxWait().ns()) + " " + a.maxWait().thread()),
                new Column("p99 wait", (a, d) -> Durations.human(a.waitP99().ns()) + " " + a.waitP99().thread()),
                new Column("cost", (a, d) -> d == null ? "-" : cost(a, asIs, d)))));
        b.append('\n').append(table(c, List.of(
                new Column("switches", (a, d) -> a.switches() + (d == null ? "" : count(d.switches()))),
                new Column("drop requests", (a, d) -> a.dropRequests() + (d == null ? "" : count(d.dropRequests()))),
                new Column("forced switches", (a, d) -> a.forcedSwitches()
                        + (d == null ? "" : count(d.forcedSwitches()))))));
        if (asIs.pool() != null) {
            b.append('\n').append(table(c, List.of(
                    new Column("latency p99", (a, d) -> a.pool() == null ? "-"
                            : Durations.human(a.pool().latencyP99Ns()) + (d == null ? "" : relative(d.latencyP99Change()))),
                    new Column("raw p99", (a, d) -> a.pool() == null ? "-"
                            : Durations.human(a.pool().latencyRawP99Ns())
                            + (d == null ? "" : relative(d.latencyRawP99Change()))),
                    new Column("latency max", (a, d) -> a.pool() == null ? "-"
                            : Durations.human(a.pool().latencyMaxNs())))));
            // Throughput and order apart: beside the two p99s, five columns pass WIDTH and order would wrap alone.
            b.append('\n').append(table(c, List.of(
                    new Column("throughput", (a, d) -> a.pool() == null ? "-"
                            : String.format(Locale.ROOT, "%.0f req/s", a.pool().throughputRps())
                            + (d == null ? "" : relative(d.throughputChange()))),
                    new Column("order", (a, d) -> a.pool() == null ? "-" : a.pool().orderVerdict()))));
        }
        List<Column> threads = new ArrayList<>();
        for (String name : c.threadNames()) {
            threads.add(new Column(name + " share", (a, d) -> {
                ArmFigures.ThreadFigures t = a.thread(name);
                if (t == null || !a.tookGil()) return "-";
                Deltas.ThreadDelta td = d == null ? null : d.thread(name);
                return String.format(Locale.ROOT, "%.1f%%", 100 * t.gilShare())
                        + (td == null || td.gilShare() == null ? "" : " (" + points(td.gilShare()) + ")");
            }));
            boolean rounds = c.arms().stream().anyMatch(a -> a.thread(name) != null
                    && a.thread(name).roundsPerSecond() != null);
            if (!rounds) continue;
            threads.add(new Column(name + " rounds/s", (a, d) -> {
                ArmFigures.ThreadFigures t = a.thread(name);
                if (t == null || t.roundsPerSecond() == null) return "-";
                ArmFigures.ThreadFigures base = asIs.thread(name);
                String was = d == null || base == null || base.roundsPerSecond() == null ? ""
                        : ratio(t.roundsPerSecond(), base.roundsPerSecond());
                return String.format(Locale.ROOT, "%.1f", t.roundsPerSecond()) + was;
            }));
        }
        b.append('\n').append(table(c, threads));
        return b.toString();
    }

    /**
     * What an arm loses against the as-is arm, as far as it shows at the printed precision: the thread whose rounds a
     * second fell the most, a longer longest wait, and a pool's higher latency p99 (corrected or raw) or lower
     * throughput; else "none".
     */
    private static String cost(ArmFigures a, ArmFigures asIs, Deltas d) {
        List<String> losses = new ArrayList<>();
        if (d.largestPaceLoss() != null) {
            loss(losses, d.largestPaceLoss().name() + " rounds/s", d.largestPaceLoss().roundsPerSecondChange(), -1);
        }
        loss(losses, "longest wait", Deltas.change((double) a.maxWait().ns(), (double) asIs.maxWait().ns()), 1);
        loss(losses, "latency p99", d.latencyP99Change(), 1);
        loss(losses, "raw p99", d.latencyRawP99Change(), 1);
        loss(losses, "throughput", d.throughputChange(), -1);
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
