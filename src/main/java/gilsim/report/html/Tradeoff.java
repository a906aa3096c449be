package gilsim.report.html;

import gilsim.metrics.Summary;
import gilsim.metrics.Summary.ThreadSummary;
import gilsim.sim.Durations;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What an arm buys and what it costs against the run as asked, read off the two summaries: the longest wait and the
 * verdict on the one side; each thread's share of the GIL and its rounds, the switches (each one a hand-off the
 * threads pay for) and a pool's throughput on the other.
 */
final class Tradeoff {
    /** A change smaller than this share of the GIL (one point) is noise, not a cost. */
    private static final double SHARE_POINT = 0.01;
    /** Nor is a throughput that moved by less than this fraction (half a percent). */
    private static final double THROUGHPUT_NOISE = 0.005;

    private Tradeoff() {}

    static List<String> buys(Summary base, Summary arm) {
        List<String> out = new ArrayList<>();
        if (base.starves() && !arm.starves()) out.add("no thread starves");
        long before = base.maxWaitNs();
        long after = arm.maxWaitNs();
        if (after < before) {
            out.add("longest wait " + Durations.human(before) + " \u2192 " + Durations.human(after)
                    + (after > 0 ? String.format(Locale.ROOT, " (%.0f\u00d7 shorter)", (double) before / after) : ""));
        }
        for (ThreadSummary b : base.threads()) {
            ThreadSummary a = find(arm, b.name());
            if (a == null) continue;
            if (a.gilShare() - b.gilShare() >= SHARE_POINT) out.add(b.name() + "'s share " + pct(b.gilShare())
                    + " \u2192 " + pct(a.gilShare()));
            if (b.rounds() != null && a.rounds() != null && a.rounds() > b.rounds()) {
                out.add(b.name() + "'s rounds " + b.rounds() + " \u2192 " + a.rounds());
            }
        }
        if (base.pool() != null && arm.pool() != null
                && arm.pool().throughputRps() > base.pool().throughputRps() * (1 + THROUGHPUT_NOISE)) {
            out.add(String.format(Locale.ROOT, "throughput %.0f \u2192 %.0f requests/s", base.pool().throughputRps(),
                    arm.pool().throughputRps()));
        }
        return out;
    }

    static List<String> costs(Summary base, Summary arm) {
        List<String> out = new ArrayList<>();
        if (!base.starves() && arm.starves()) out.add("a thread starves: " + String.join(", ", arm.starvedThreads()));
        if (arm.maxWaitNs() > base.maxWaitNs()) {
            out.add("longest wait " + Durations.human(base.maxWaitNs()) + " \u2192 " + Durations.human(arm.maxWaitNs()));
        }
        for (ThreadSummary b : base.threads()) {
            ThreadSummary a = find(arm, b.name());
            if (a == null) continue;
            if (b.gilShare() - a.gilShare() >= SHARE_POINT) out.add(b.name() + "'s share " + pct(b.gilShare())
                    + " \u2192 " + pct(a.gilShare()));
            if (b.rounds() != null && a.rounds() != null && a.rounds() < b.rounds()) {
                out.add(String.format(Locale.ROOT, "%s's rounds %d \u2192 %d (%.1f %% fewer)", b.name(), b.rounds(),
                        a.rounds(), 100.0 * (b.rounds() - a.rounds()) / b.rounds()));
            }
        }
        if (arm.gil().switches() > base.gil().switches()) {
            out.add("switches " + base.gil().switches() + " \u2192 " + arm.gil().switches());
        }
        if (base.pool() != null && arm.pool() != null
                && arm.pool().throughputRps() < base.pool().throughputRps() * (1 - THROUGHPUT_NOISE)) {
            out.add(String.format(Locale.ROOT, "throughput %.0f \u2192 %.0f requests/s", base.pool().throughputRps(),
                    arm.pool().throughputRps()));
        }
        return out;
    }

    static String pct(double share) {
        return String.format(Locale.ROOT, "%.1f %%", 100 * share);
    }

    private static ThreadSummary find(Summary s, String name) {
        for (ThreadSummary t : s.threads()) if (t.name().equals(name)) return t;
        return null;
    }
}
