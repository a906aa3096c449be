package gilsim.report.html;

import gilsim.compare.ArmFigures;
import gilsim.compare.Deltas;
import gilsim.metrics.Figures;
import gilsim.metrics.Metric;
import gilsim.metrics.Metrics;
import gilsim.sim.Durations;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What an arm buys and what it costs against the as-is arm, in words, read off {@code gilsim compare}'s differences:
 * the verdict and the longest wait on the one side; each thread's share of the GIL and its rounds, the switches (each a
 * hand-off the threads pay for) and a pool's latency (the p99, corrected for coordinated omission, and the raw one)
 * and throughput on the other.
 * A change that helps is a gain, one that hurts a cost, whichever arm it is.
 */
final class Tradeoff {
    /** A share that moved by less than one point of the run is noise, neither gain nor cost. */
    private static final double SHARE_POINT = 0.01;
    /** Nor is a pace, latency or throughput that moved by less than half a percent. */
    private static final double NOISE = 0.005;

    private final List<String> buys = new ArrayList<>();
    private final List<String> costs = new ArrayList<>();

    private Tradeoff(ArmFigures arm, ArmFigures asIs, Deltas d) {
        if (asIs.starves() != arm.starves()) {
            (arm.starves() ? costs : buys).add(arm.starves() ? "starves: " + ReportPage.starved(arm.starvedThreads())
                    : "no thread starves");
        }
        long before = asIs.maxWait().ns();
        long after = arm.maxWait().ns();
        if (after != before) {
            String times = after > 0 && before > 0 ? String.format(Locale.ROOT, " (%.0f\u00d7 %s)",
                    (double) Math.max(before, after) / Math.min(before, after), after < before ? "shorter" : "longer")
                    : "";
            (after < before ? buys : costs).add("longest wait " + Durations.human(before) + " \u2192 "
                    + Durations.human(after) + times);
        }
        for (Figures t : arm.threads()) {
            Figures base = asIs.thread(t.name());
            Deltas.ThreadDelta td = d.thread(t.name());
            if (base == null || td == null) continue;
            if (td.gilShare() != null && Math.abs(td.gilShare()) >= SHARE_POINT) {
                (td.gilShare() > 0 ? buys : costs).add(t.name() + "'s share of the GIL "
                        + pct(base.get(Metrics.GIL_SHARE)) + " \u2192 " + pct(t.get(Metrics.GIL_SHARE)));
            }
            Long roundsBefore = base.get(Metrics.ROUNDS);
            Long roundsAfter = t.get(Metrics.ROUNDS);
            boolean fromNone = roundsBefore != null && roundsBefore == 0 && roundsAfter != null && roundsAfter > 0;
            Double pace = td.roundsPerSecondChange();
            if (fromNone || pace != null && Math.abs(pace) >= NOISE) {
                (fromNone || pace > 0 ? buys : costs).add(t.name() + "'s rounds " + roundsBefore + " \u2192 "
                        + roundsAfter + (fromNone ? "" : String.format(Locale.ROOT, " (%+.1f %%)", 100 * pace)));
            }
            for (Metric<?, ?> m : Deltas.THREAD_FIGURES) {
                if (!Deltas.LAID_OUT.contains(m)) moved(t.name() + "'s " + m.compared().heading(), m, base, t);
            }
        }
        long switchesBefore = asIs.gil().get(Metrics.SWITCHES);
        long switchesAfter = arm.gil().get(Metrics.SWITCHES);
        if (switchesAfter > switchesBefore) costs.add("switches " + switchesBefore + " \u2192 " + switchesAfter);
        Figures was = asIs.pool();
        Figures now = arm.pool();
        if (was != null && now != null) {
            latency("request latency p99", d.of(Metrics.LATENCY_P99_NS).change(), was.get(Metrics.LATENCY_P99_NS),
                    now.get(Metrics.LATENCY_P99_NS));
            latency("request latency p99, raw,", d.of(Metrics.LATENCY_RAW_P99_NS).change(),
                    was.get(Metrics.LATENCY_RAW_P99_NS), now.get(Metrics.LATENCY_RAW_P99_NS));
        }
        Double throughput = d.of(Metrics.THROUGHPUT_RPS).change();
        if (throughput != null && Math.abs(throughput) >= NOISE) {
            (throughput > 0 ? buys : costs).add(String.format(Locale.ROOT, "throughput %.0f \u2192 %.0f "
                    + "requests/s", was.get(Metrics.THROUGHPUT_RPS), now.get(Metrics.THROUGHPUT_RPS)));
        }
        for (Metric<?, ?> m : Deltas.RUN_FIGURES) {
            if (!Deltas.LAID_OUT.contains(m)) moved(m.compared().heading(), m, asIs.part(m), arm.part(m));
        }
    }

    /**
     * A compared metric laid out by no hand here: a gain when it moved the better way its declaration names, a cost
     * when the worse, by at least {@link #NOISE} of its as-is value (any move from 0).
     */
    private void moved(String what, Metric<?, ?> m, Figures before, Figures after) {
        if (m.compared().better() == Metric.Compared.Better.NEITHER || before == null || after == null) return;
        double b = before.number(m);
        double a = after.number(m);
        if (Double.isNaN(a) || Double.isNaN(b) || a == b) return;
        if (b != 0 && Math.abs(a / b - 1) < NOISE) return;
        boolean gain = (a < b) == (m.compared().better() == Metric.Compared.Better.LOWER);
        (gain ? buys : costs).add(what + " " + ReportPage.value(m, before.get(m)) + " \u2192 "
                + ReportPage.value(m, after.get(m)));
    }

    /** A pool's latency: a gain when it fell, a cost when it rose, by at least {@link #NOISE}. */
    private void latency(String what, Double change, long beforeNs, long afterNs) {
        if (change != null && Math.abs(change) >= NOISE) {
            (change < 0 ? buys : costs).add(what + " " + Durations.human(beforeNs) + " \u2192 "
                    + Durations.human(afterNs));
        }
    }

    static Tradeoff of(ArmFigures arm, ArmFigures asIs, Deltas d) {
        return new Tradeoff(arm, asIs, d);
    }

    List<String> buys() {
        return buys;
    }

    List<String> costs() {
        return costs;
    }

    static String pct(double share) {
        return String.format(Locale.ROOT, "%.1f %%", 100 * share);
    }
}
