package gilsim.report.html;

import gilsim.compare.ArmFigures;
import gilsim.compare.Deltas;
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
        for (ArmFigures.ThreadFigures t : arm.threads()) {
            ArmFigures.ThreadFigures base = asIs.thread(t.name());
            Deltas.ThreadDelta td = d.thread(t.name());
            if (base == null || td == null) continue;
            if (td.gilShare() != null && Math.abs(td.gilShare()) >= SHARE_POINT) {
                (td.gilShare() > 0 ? buys : costs).add(t.name() + "'s share of the GIL " + pct(base.gilShare())
                        + " \u2192 " + pct(t.gilShare()));
            }
            boolean fromNone = base.rounds() != null && base.rounds() == 0 && t.rounds() != null && t.rounds() > 0;
            Double pace = td.roundsPerSecondChange();
            if (fromNone || pace != null && Math.abs(pace) >= NOISE) {
                (fromNone || pace > 0 ? buys : costs).add(t.name() + "'s rounds " + base.rounds() + " \u2192 "
                        + t.rounds() + (fromNone ? "" : String.format(Locale.ROOT, " (%+.1f %%)", 100 * pace)));
            }
        }
        if (d.switches() > 0) costs.add("switches " + asIs.switches() + " \u2192 " + arm.switches());
        ArmFigures.PoolFigures was = asIs.pool();
        ArmFigures.PoolFigures now = arm.pool();
        if (was != null && now != null) {
            latency("request latency p99", d.latencyP99Change(), was.latencyP99Ns(), now.latencyP99Ns());
            latency("request latency p99, raw,", d.latencyRawP99Change(), was.latencyRawP99Ns(),
                    now.latencyRawP99Ns());
        }
        if (d.throughputChange() != null && Math.abs(d.throughputChange()) >= NOISE) {
            (d.throughputChange() > 0 ? buys : costs).add(String.format(Locale.ROOT, "throughput %.0f \u2192 %.0f "
                    + "requests/s", asIs.pool().throughputRps(), arm.pool().throughputRps()));
        }
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
