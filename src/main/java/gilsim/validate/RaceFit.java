package gilsim.validate;

import gilsim.handoff.EntryFit;
import gilsim.handoff.HandoffLog;
import gilsim.handoff.HandoffStats;
import gilsim.handoff.RaceSpeeds;
import gilsim.scenario.MachineProfile;
import gilsim.scenario.Params;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 *   <li>{@code fast_race_percent} and {@code fast_race_reaction}, from the frequent race read second by second
 *       ({@link RaceSpeeds}): the share of its seconds at the fast speed, and the fast seconds' gap median per the
 *       slow ones'. With two speeds, {@code checkpoint} and {@code drop_reaction} are fitted to the slow seconds'
 *       gaps alone, the speed the model runs at unless it runs fast.
 *   <li>{@code wait_entry}, {@code wait_entry_jitter} and {@code wait_entry_growth}, from both races' crowded drops,
 *       by {@link EntryFit}, with the model's own gaps at that spacing and reaction (with two speeds, the slow
 *       gaps and the fast ones mixed in the fitted share); {@code wait_entry_same_core}, the rule of the quiet time,
 *       is the one of the two fits whose likelihood is higher, when the recordings have each call to wait's CPU.
 * </ol>
 * Then each race is run in the model at the fitted keys, and its requester's share of the crowded forced drops is
 * kept beside the real one ({@link Share}): one window serves both races in the model, and where the real races
 * differ more than the quiet time says, this is where it shows.
 *
 * @param speeds        the frequent race second by second
 * @param realGapP10Ns  the frequent race's gap p10 and p50, pooled over its runs' slow seconds (all with one speed)
 * @param modelGapP10Ns the model's, at the fitted spacing and reaction
 * @param otherRule     the entry fitted with the other rule of the quiet time, not kept; null when the recordings
 *                      have no CPUs
 */
public record RaceFit(long checkpointNs, long dropReactionNs, EntryFit.Fit entry, EntryFit.Fit otherRule,
                      RaceSpeeds speeds,
                      long realGapP10Ns, long realGapP50Ns, long modelGapP10Ns, long modelGapP50Ns,
                      Share frequentShare, Share rareShare) {
    static final long REFERENCE_CHECKPOINT_NS = 1_000;
    static final int SEEDS = 3;
    static final String MODEL_DURATION = "2s";
    /** Fits are rounded to this, in nanoseconds: finer than the runs' spread says nothing. */
    static final long ROUND_NS = 50;
    /** Gaps the two speeds' mixed distribution is resampled to: finer than the fit's 50 ns steps can see. */
    static final int MIXED_GAPS = 4_000;
    /** Each race's model runs for its share at the fitted keys: as long as the rare race's real runs. */
    static final String SHARE_DURATION = "4s";

    /**
     * A race's crowded forced drops that went to the requester: real (pooled over the recorded runs) and the model's
     * at the fitted keys (seeds 1 to {@link #SEEDS}).
     */
    public record Share(long realWon, long realDrops, long modelWon, long modelDrops) {
        static Share of(List<HandoffStats.CrowdedRun> real, List<HandoffStats.CrowdedRun> model) {
            return new Share(real.stream().mapToLong(HandoffStats.CrowdedRun::toRequester).sum(),
                    real.stream().mapToLong(HandoffStats.CrowdedRun::drops).sum(),
                    model.stream().mapToLong(HandoffStats.CrowdedRun::toRequester).sum(),
                    model.stream().mapToLong(HandoffStats.CrowdedRun::drops).sum());
        }

        /** Percentages, NaN without drops. */
        public double realPercent() {
            return 100.0 * realWon / realDrops;
        }

        public double modelPercent() {
            return 100.0 * modelWon / modelDrops;
        }
    }

    /** The fit, or empty when the frequent race had no crowded drop after a re-wait. */
    public static Optional<RaceFit> of(List<HandoffStats.CrowdedRun> frequent, List<HandoffStats.CrowdedRun> rare) {
        RaceSpeeds speeds = RaceSpeeds.of(frequent);
        long[] real = speeds.drops(frequent, false).stream().mapToLong(HandoffStats.CrowdedDrop::gapNs).sorted()
                .toArray();
        if (real.length == 0) return Optional.empty();
        long realP10 = HandoffStats.percentile(real, 10);
        long realP50 = HandoffStats.percentile(real, 50);
        long[] reference = modelGaps(REFERENCE_CHECKPOINT_NS, 0);
        double p10PerNs = (double) HandoffStats.percentile(reference, 10) / REFERENCE_CHECKPOINT_NS;
        double p50PerNs = (double) HandoffStats.percentile(reference, 50) / REFERENCE_CHECKPOINT_NS;
        long checkpoint = Math.max(ROUND_NS, round((realP50 - realP10) / (p50PerNs - p10PerNs)));
        long reaction = Math.max(0, round(realP10 - p10PerNs * checkpoint));
        long[] model = modelGaps(checkpoint, reaction);
        long[] mixed = speeds.two() ? mix(model, modelGaps(checkpoint, reaction, "fast_race_percent=100",
                "fast_race_reaction=" + speeds.fastReactionPercent()), speeds.fastPercent()) : model;
        List<HandoffStats.CrowdedDrop> drops = new ArrayList<>();
        for (List<HandoffStats.CrowdedRun> race : List.of(frequent, rare)) {
            for (HandoffStats.CrowdedRun r : race) drops.addAll(r.each());
        }
        Optional<EntryFit.Fit> anyCore = EntryFit.fit(drops, mixed, quietAfterNs(), false);
        Optional<EntryFit.Fit> sameCore = EntryFit.fit(drops, mixed, quietAfterNs(), true);
        EntryFit.Fit entry = EntryFit.better(anyCore, sameCore).orElseThrow();
        EntryFit.Fit other = (entry.sameCore() ? anyCore : sameCore).orElse(null);
        List<String> sets = sets(keys(checkpoint, reaction, entry, speeds), entry.sameCore());
        return Optional.of(new RaceFit(checkpoint, reaction, entry, other, speeds, realP10, realP50,
                HandoffStats.percentile(model, 10), HandoffStats.percentile(model, 50),
                Share.of(frequent, modelRuns(CrowdedRace.Race.FREQUENT, sets)),
                Share.of(rare, modelRuns(CrowdedRace.Race.RARE, sets))));
    }

    /** The fit as {@code --set} lines: the keys and the quiet time's rule. */
    private static List<String> sets(Map<String, Long> keys, boolean sameCore) {
        List<String> sets = new ArrayList<>();
        keys.forEach((k, v) -> sets.add(k + "=" + v + (MachineProfile.isPercentKey(k) ? "" : "ns")));
        sets.add("wait_entry_same_core=" + sameCore);
        return sets;
    }

    /**
     * The keys a profile writes from this fit, by name, in {@link MachineProfile#RACE_KEYS}'s order: durations in ns,
     * {@code wait_entry_growth} and {@code fast_race_*} in per cent (as {@code MachineProfile.race()} reads them).
     */
    public Map<String, Long> keys() {
        return keys(checkpointNs, dropReactionNs, entry, speeds);
    }

    private static Map<String, Long> keys(long checkpointNs, long dropReactionNs, EntryFit.Fit entry,
                                          RaceSpeeds speeds) {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("checkpoint", checkpointNs);
        m.put("drop_reaction", dropReactionNs);
        m.put("wait_entry", entry.entryNs());
        m.put("wait_entry_jitter", entry.jitterNs());
        m.put("wait_entry_growth", (long) entry.growthPercent());
        m.put("fast_race_percent", (long) speeds.fastPercent());
        m.put("fast_race_reaction", (long) speeds.fastReactionPercent());
        return m;
    }

    /** The race run in the model with these keys, seeds 1 to {@link #SEEDS}, its crowded drops run by run. */
    private static List<HandoffStats.CrowdedRun> modelRuns(CrowdedRace.Race race, List<String> fitted) {
        List<String> sets = new ArrayList<>(fitted);
        sets.add("duration=" + SHARE_DURATION);
        Params params = race.scenario.params(sets);
        List<HandoffLog> logs = new ArrayList<>();
        for (int seed = 1; seed <= SEEDS; seed++) logs.add(SimSide.run(race.scenario, params, seed, true).handoffs());
        return HandoffStats.crowdedByRun(logs);
    }

    /** The model's default {@code wait_entry_quiet}, which the fit keeps. */
    public static long quietAfterNs() {
        return CrowdedRace.Race.FREQUENT.scenario.params().ns("wait_entry_quiet");
    }

    /** The model's gaps from a re-wait to the drop in the frequent race, seeds 1 to 3, sorted; {@code more} keys. */
    static long[] modelGaps(long checkpointNs, long dropReactionNs, String... more) {
        var scenario = CrowdedRace.Race.FREQUENT.scenario;
        List<String> sets = new ArrayList<>(List.of("duration=" + MODEL_DURATION, "checkpoint=" + checkpointNs + "ns",
                "drop_reaction=" + dropReactionNs + "ns"));
        sets.addAll(Arrays.asList(more));
        Params params = scenario.params(sets);
        List<HandoffLog> logs = new ArrayList<>();
        for (int seed = 1; seed <= SEEDS; seed++) logs.add(SimSide.run(scenario, params, seed, true).handoffs());
        return Arrays.stream(HandoffStats.of(logs).crowdedRewaitToDropNs()).filter(g -> g >= 0).toArray();
    }

    /**
     * The distribution of gaps of a run at the fast speed {@code fastPercent} of the time: the slow gaps and the fast
     * ones (each sorted) weighted by their speed's share, resampled to {@link #MIXED_GAPS} evenly spaced quantiles.
     */
    static long[] mix(long[] slow, long[] fast, int fastPercent) {
        if (slow.length == 0 || fast.length == 0) return slow.length == 0 ? fast : slow;
        double slowWeight = (100 - fastPercent) / 100.0 / slow.length;
        double fastWeight = fastPercent / 100.0 / fast.length;
        long[] out = new long[MIXED_GAPS];
        int i = 0, j = 0;
        double below = 0; // the weight of the gaps passed so far
        for (int k = 0; k < MIXED_GAPS; k++) {
            double at = (k + 0.5) / MIXED_GAPS;
            while (true) {
                boolean takeSlow = j >= fast.length || (i < slow.length && slow[i] <= fast[j]);
                double w = takeSlow ? slowWeight : fastWeight;
                long v = takeSlow ? slow[i] : fast[j];
                if (below + w >= at || (i + j + 1 >= slow.length + fast.length)) {
                    out[k] = v;
                    break;
                }
                below += w;
                if (takeSlow) i++;
                else j++;
            }
        }
        return out;
    }

    private static long round(double ns) {
        return Math.round(ns / ROUND_NS) * ROUND_NS;
    }
}
