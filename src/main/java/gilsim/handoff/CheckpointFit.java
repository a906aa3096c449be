package gilsim.handoff;

import gilsim.sim.Durations;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The model's {@code checkpoint} fitted to recorded real runs, by the rule docs/model.md ("Fitting it to a machine")
 * gives: about 1.25 times the real runs' median gap from the requester's re-wait to the drop. The factor is the
 * model's own, measured on the model: its check points {@code checkpoint} apart give a median gap of about 0.65 of
 * the spacing, and at the same gap its requester wins 10 to 15 points less than a real one, so 1.25 rather than
 * 1 / 0.65. It fits the crowded race only (a drop with a third thread waiting), so it needs runs that had some.
 */
public final class CheckpointFit {
    /** checkpoint per nanosecond of the runs' median gap (docs/model.md). */
    public static final double FACTOR = 1.25;
    /** The fit is rounded to this, in nanoseconds: finer than the runs' spread says nothing. */
    static final long ROUND_NS = 50;

    private CheckpointFit() {}

    /** The median over the runs of each run's median gap; empty when no run had a crowded forced drop after a re-wait. */
    public static OptionalLong medianGapNs(List<HandoffStats.CrowdedRun> runs) {
        long[] gaps = runs.stream().filter(r -> r.rewaitToDropP50Ns() != null && r.rewaitToDropP50Ns() > 0)
                .mapToLong(HandoffStats.CrowdedRun::rewaitToDropP50Ns).sorted().toArray();
        if (gaps.length == 0) return OptionalLong.empty();
        int m = gaps.length / 2;
        return OptionalLong.of(gaps.length % 2 == 1 ? gaps[m] : (gaps[m - 1] + gaps[m]) / 2);
    }

    /** {@code checkpoint} fitted to these runs, in nanoseconds (a multiple of 50); empty as {@link #medianGapNs}. */
    public static OptionalLong checkpointNs(List<HandoffStats.CrowdedRun> runs) {
        OptionalLong gap = medianGapNs(runs);
        if (gap.isEmpty()) return gap;
        return OptionalLong.of(Math.max(ROUND_NS, Math.round(FACTOR * gap.getAsLong() / ROUND_NS) * ROUND_NS));
    }

    /** The fit as the reports word it, "1.25 x their median gap 1.45 us = 1800ns"; empty as {@link #medianGapNs}. */
    public static Optional<String> rule(List<HandoffStats.CrowdedRun> runs) {
        OptionalLong gap = medianGapNs(runs);
        if (gap.isEmpty()) return Optional.empty();
        return Optional.of(String.format(Locale.ROOT, "%.2f x their median gap %.2f us = %s", FACTOR,
                gap.getAsLong() / 1e3, Durations.format(checkpointNs(runs).getAsLong())));
    }
}
