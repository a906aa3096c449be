package gilsim.validate;

import gilsim.handoff.EntryFit;
import gilsim.handoff.HandoffLog;
import gilsim.handoff.HandoffStats;
import gilsim.scenario.Params;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The model's crowded-race keys fitted to the recorded races (docs/calibration.md, section 5):
 * <ol>
 *   <li>{@code checkpoint} and {@code drop_reaction}, from the frequent race's gaps from the requester's re-wait to
 *       the drop. The model's gap is the time to the holder's next check point, spread over the spacing, plus the
 *       drop's reaction after it. Three seeds of the frequent race at a reference spacing of 1 us give the model's
 *       gap p10 and p50 per microsecond of spacing (they grow in proportion: medians 0.63, 0.65, 0.57 of the spacing
 *       at 1, 2 and 4.5 us); the spacing is the one whose p50 - p10 is the real race's, the reaction the rest of the
 *       real p10.
 *   <li>{@code wait_entry}, {@code wait_entry_jitter} and {@code wait_entry_growth}, from both races' crowded drops,
 *       by {@link EntryFit}, with the model's own gaps at that spacing and reaction.
 * </ol>
 *
 * @param realGapP10Ns  the frequent race's gap p10 and p50, pooled over its runs
 * @param modelGapP10Ns the model's, at the fitted spacing and reaction
 */
public record RaceFit(long checkpointNs, long dropReactionNs, EntryFit.Fit entry, long realGapP10Ns, long realGapP50Ns,
                      long modelGapP10Ns, long modelGapP50Ns) {
    static final long REFERENCE_CHECKPOINT_NS = 1_000;
    static final int SEEDS = 3;
    static final String MODEL_DURATION = "2s";
    /** Fits are rounded to this, in nanoseconds: finer than the runs' spread says nothing. */
    static final long ROUND_NS = 50;

    /** The fit, or empty when the frequent race had no crowded drop after a re-wait. */
    public static Optional<RaceFit> of(List<HandoffStats.CrowdedRun> frequent, List<HandoffStats.CrowdedRun> rare) {
        long[] real = frequent.stream().flatMap(r -> r.each().stream()).mapToLong(HandoffStats.CrowdedDrop::gapNs)
                .sorted().toArray();
        if (real.length == 0) return Optional.empty();
        long realP10 = HandoffStats.percentile(real, 10);
        long realP50 = HandoffStats.percentile(real, 50);
        long[] reference = modelGaps(REFERENCE_CHECKPOINT_NS, 0);
        double p10PerNs = (double) HandoffStats.percentile(reference, 10) / REFERENCE_CHECKPOINT_NS;
        double p50PerNs = (double) HandoffStats.percentile(reference, 50) / REFERENCE_CHECKPOINT_NS;
        long checkpoint = Math.max(ROUND_NS, round((realP50 - realP10) / (p50PerNs - p10PerNs)));
        long reaction = Math.max(0, round(realP10 - p10PerNs * checkpoint));
        long[] model = modelGaps(checkpoint, reaction);
        List<HandoffStats.CrowdedDrop> drops = new ArrayList<>();
        for (List<HandoffStats.CrowdedRun> race : List.of(frequent, rare)) {
            for (HandoffStats.CrowdedRun r : race) drops.addAll(r.each());
        }
        EntryFit.Fit entry = EntryFit.fit(drops, model, quietAfterNs()).orElseThrow();
        return Optional.of(new RaceFit(checkpoint, reaction, entry, realP10, realP50,
                HandoffStats.percentile(model, 10), HandoffStats.percentile(model, 50)));
    }

    /** The model's default {@code wait_entry_quiet}, which the fit keeps. */
    public static long quietAfterNs() {
        return CrowdedRace.Race.FREQUENT.scenario.params().ns("wait_entry_quiet");
    }

    /** The model's gaps from a re-wait to the drop in the frequent race, seeds 1 to 3, sorted. */
    static long[] modelGaps(long checkpointNs, long dropReactionNs) {
        var scenario = CrowdedRace.Race.FREQUENT.scenario;
        Params params = scenario.params(List.of("duration=" + MODEL_DURATION, "checkpoint=" + checkpointNs + "ns",
                "drop_reaction=" + dropReactionNs + "ns"));
        List<HandoffLog> logs = new ArrayList<>();
        for (int seed = 1; seed <= SEEDS; seed++) logs.add(SimSide.run(scenario, params, seed, true).handoffs());
        return Arrays.stream(HandoffStats.of(logs).crowdedRewaitToDropNs()).filter(g -> g >= 0).toArray();
    }

    private static long round(double ns) {
        return Math.round(ns / ROUND_NS) * ROUND_NS;
    }
}
