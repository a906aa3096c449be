package gilsim.validate;

import gilsim.handoff.EntryFit;
import gilsim.handoff.HandoffLog;
import gilsim.handoff.HandoffStats;
import gilsim.handoff.RaceSpeeds;
import gilsim.scenario.MachineProfile;
import gilsim.scenario.Params;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * The model's crowded-race keys fitted to the recorded races (docs/calibration.md, section 5):
 * <ol>
 *   <li>{@code checkpoint} and {@code drop_reaction}, from the frequent race's gaps from the requester's re-wait to
 *       the drop, those under {@link #SHORT_GAP_NS} only. The model's gap is the time to the holder's next check
 *       point, spread over the spacing, plus the drop's reaction after it. Three seeds of the frequent race at a
 *       reference spacing of 1 us give the model's gap p10 and p50 per microsecond of spacing (they grow in
 *       proportion: medians 0.63, 0.65, 0.57 of the spacing at 1, 2 and 4.5 us); the spacing is the one whose
 *       p50 - p10 is the real race's, the reaction the rest of the real p10.
 *   <li>{@code fast_race_percent} and {@code fast_race_reaction}, from the frequent race read second by second
 *       ({@link RaceSpeeds}): the share of the time at the fast speed, its seconds and the rare race's runs read
 *       against its two speeds together ({@link RaceSpeeds#fastPercentWith}), and the fast seconds' gap median per
 *       the slow ones'. With two speeds, {@code checkpoint} and {@code drop_reaction} are fitted to the slow seconds'
 *       gaps alone, the speed the model runs at unless it runs fast.
 *   <li>{@code wait_entry_same_core}, the rule of the quiet time: both races' crowded drops fitted drop by drop
 *       ({@link EntryFit}, with the model's own gaps at that spacing and reaction, the slow and fast ones mixed in
 *       the fitted share) under each rule, when the recordings have each call to wait's CPU; the rule of the higher
 *       likelihood is kept. That fit's window is reported ({@link #entry}), not written.
 *   <li>{@code wait_entry}, {@code wait_entry_jitter} and {@code wait_entry_growth} ({@link #window}): the window
 *       whose model gives the requester the share of the crowded forced drops it had in each race ({@link Matcher}),
 *       measured on the scale the losing waiters' waits grow on ({@link #misfit}).
 *       The frequent race's drops mostly come within 200 us of another waiter's call to wait, where the growth does
 *       not reach, and the rare race's after a millisecond or more, so the entry follows the one and the growth the
 *       other. Each race runs in the model at each speed, and the two are weighed by {@code fast_race_percent}
 *       as written ({@link Share#of}), so that the profile gives each race, run as it will be, the share reported
 *       beside the real one. Until 2026-12-06 each race was weighed by its own runs' time at the fast speed, and the
 *       sleeper's race, whose runs mostly read fast, got its real share at a speed the profile never runs: in grid 51
 *       the fits reported the rare race at 92 % against the real 93 % while the profile, mixing the speeds as written,
 *       gave {@code latency-2} (the same threads) a sleeper that took 11 to 14 % of the drops it waited through,
 *       against 8 % at the fit's speed (docs/calibration.md, section 5).
 * </ol>
 * Why shares and not the likelihood's window: the model's gaps are not the real ones in shape (the model's spread
 * from 0), so the window of the likeliest drops is not the one that gives the model's requester the real share; on
 * the AMD EPYC host of 2026-12-05 it gave the rare race's requester 30 to 48 % where the real one had 50 to 80 %
 * (docs/calibration.md, section 5). The shares at the written window stay beside the real ones ({@link Share}):
 * where the rare race is out of the window's reach, this is where it shows.
 *
 * @param speeds        the frequent race second by second
 * @param realGapP10Ns  the frequent race's gap p10 and p50 under {@link #SHORT_GAP_NS}, pooled over its runs' slow
 *                      seconds (all with one speed)
 * @param modelGapP10Ns the model's under {@link #SHORT_GAP_NS}, at the fitted spacing and reaction
 * @param window        the requester's window the profile writes
 * @param entry         the drop-by-drop fit of the kept rule of the quiet time (its window is not written)
 * @param otherRule     the entry fitted with the other rule of the quiet time, not kept; null when the recordings
 *                      have no CPUs
 * @param rareFastPercent the share of the rare race's runs at the frequent race's fast speed (reported, not fitted)
 * @param fastPercent   the {@code fast_race_percent} written: the share of both races' time at the fast speed
 *                      ({@link RaceSpeeds#fastPercentWith})
 * @param plainShares   whether the shares matched ({@code frequentShare}, {@code rareShare}: their real side) are
 *                      the plain runs', read from the scheduler's trace, rather than the recorded runs'
 * @param frequentBySpeed the frequent race's requester share at each speed, the recorded runs' beside the model's at
 *                      the written keys (reported, not fitted); null with one speed
 */
public record RaceFit(long checkpointNs, long dropReactionNs, Window window, EntryFit.Fit entry,
                      EntryFit.Fit otherRule, RaceSpeeds speeds, int rareFastPercent, int fastPercent,
                      long realGapP10Ns, long realGapP50Ns, long modelGapP10Ns, long modelGapP50Ns,
                      Share frequentShare, Share rareShare, boolean plainShares, BySpeed frequentBySpeed) {
    static final long REFERENCE_CHECKPOINT_NS = 1_000;
    /**
     * The gaps the holder's reaction is fitted to are those under this, in nanoseconds, on both sides. The real gap
     * has two parts: most drops 0.3 to 2.5 us after the requester's re-wait (the holder reaching its next check
     * point), and a quarter 3 to 15 us after it, where the requester's wait had been called on the holder's CPU and
     * its wake-up preempted the holder (27 % of one recording's crowded drops, 23 % of eight, 2026-12-06; the
     * requester took almost none of them). The model makes the second part itself, from where its threads run; one
     * uniform spread stretched to a p50 over both parts put a third of the model's drops at 2 to 5 us, its
     * requester lost at random drops instead of those, and the sleeper beside spinners took twice its real share of
     * the drops it waited through (docs/calibration.md, section 5; docs/validation.md, grid 63).
     */
    static final long SHORT_GAP_NS = 3_000;
    static final int SEEDS = 3;
    static final String MODEL_DURATION = "2s";
    /** Fits are rounded to this, in nanoseconds: finer than the runs' spread says nothing. */
    static final long ROUND_NS = 50;
    /** The window's search: entries up to this (as EntryFit's), growth per doubling in these steps up to this. */
    static final long MAX_ENTRY_NS = 10_000;
    /**
     * A whole per cent, the profile key's own grain. The sleeper's race turns on it: at one 3.12.1 profile of
     * 2026-12-06 (grid 59), {@code latency-2}'s {@code main} took 18.5 % of the crowded drops it waited through at a
     * growth of 5 %, 14.8 % at 8 and 10.3 % at 10, where the plain race's sleeper had 9 to 11 %; the search's steps
     * of 5 could only choose 5 or 10 (docs/calibration.md, section 5).
     */
    static final int GROWTH_STEP_PERCENT = 1;
    static final int MAX_GROWTH_PERCENT = 400;
    /** The window search's first steps ({@link #search}); both halve down to the grid's. */
    static final long FIRST_ENTRY_STEP_NS = 400;
    static final int FIRST_GROWTH_STEP = 20;
    /** Gaps the two speeds' mixed distribution is resampled to: finer than the fit's 50 ns steps can see. */
    static final int MIXED_GAPS = 4_000;
    /**
     * Each race's model runs for its share at the fitted keys, per seed and speed: the frequent race makes some 200
     * crowded drops a second and the rare one some 25, so 4 s and 16 s give each about 2,400 and 1,200 drops over the
     * seeds, a share known within 2 and 3 points (95 %). At 4 s the rare race's model share was known within 6
     * points, and 100 ns of window moved it 13 (grid 35, docs/validation.md).
     */
    static String shareDuration(CrowdedRace.Race race) {
        return race == CrowdedRace.Race.RARE ? "16s" : "4s";
    }

    /** The requester's window a profile writes: {@code wait_entry}, {@code wait_entry_jitter}, {@code wait_entry_growth}. */
    public record Window(long entryNs, long jitterNs, int growthPercent) {
        /** A window of entry {@code entryNs} in the model's default shape (a half-width of 350 per 750). */
        static Window of(long entryNs, int growthPercent) {
            long jitter = Math.round(entryNs * EntryFit.JITTER_PER_ENTRY / ROUND_NS) * ROUND_NS;
            return new Window(entryNs, Math.min(jitter, entryNs), growthPercent);
        }
    }

    /**
     * A race's crowded forced drops that went to the requester: real (pooled over the recorded runs) and the model's
     * at the fitted keys (seeds 1 to {@link #SEEDS} at each speed, weighed by the real runs' share at the fast one:
     * so the model's counts are a weighted sum, rounded).
     */
    public record Share(long realWon, long realDrops, long modelWon, long modelDrops) {
        /**
         * The real runs beside the model's at both speeds: {@code fastPercent} of the time at the fast one. The
         * weights are of time, so a speed that makes more crowded drops counts for more of them, as in a real run.
         */
        static Share of(List<HandoffStats.CrowdedRun> real, List<HandoffStats.CrowdedRun> slow,
                        List<HandoffStats.CrowdedRun> fast, int fastPercent) {
            double f = fastPercent / 100.0;
            HandoffStats.CrowdedRun r = HandoffStats.CrowdedRun.pooled(real);
            HandoffStats.CrowdedRun s = HandoffStats.CrowdedRun.pooled(slow);
            HandoffStats.CrowdedRun q = HandoffStats.CrowdedRun.pooled(fast);
            return new Share(r.toRequester(), r.drops(), Math.round((1 - f) * s.toRequester() + f * q.toRequester()),
                    Math.round((1 - f) * s.drops() + f * q.drops()));
        }

        /** Percentages, NaN without drops. */
        public double realPercent() {
            return 100.0 * realWon / realDrops;
        }

        public double modelPercent() {
            return 100.0 * modelWon / modelDrops;
        }

        /**
         * How far the model's share is from the real one on the scale the losing waiters' waits grow on: the log of
         * the model's chance that a crowded drop goes to another waiter than the requester, less the real one's
         * (each with half a drop added either way, so that a race nobody lost stays finite). A waiter that is not the
         * requester takes the GIL at a drop with that chance, so its wait runs a number of drops that grows as its
         * inverse: one log's worth of error is one relative error in those waits, whatever the share.
         */
        double lossLogError() {
            return lossLog(modelWon, modelDrops) - lossLog(realWon, realDrops);
        }

        private static double lossLog(long won, long drops) {
            return Math.log((drops - won + 0.5) / (drops + 1.0));
        }
    }

    /**
     * A race's requester share at each speed: the recorded runs' crowded drops after a re-wait, in their fast seconds
     * and in the others ({@link RaceSpeeds#drops}), beside the model's at the written keys run at each speed. The
     * recorder moves the real shares (some points down), so the two sides' levels differ; how far the share moves
     * between the speeds is what to hold them against: it is how much the model's sleeper gains when the race runs
     * slow (docs/calibration.md, section 5).
     */
    public record BySpeed(long realFastWon, long realFastDrops, long realSlowWon, long realSlowDrops,
                          long modelFastWon, long modelFastDrops, long modelSlowWon, long modelSlowDrops) {
        static BySpeed of(RaceSpeeds speeds, List<HandoffStats.CrowdedRun> real, HandoffStats.CrowdedRun modelSlow,
                          HandoffStats.CrowdedRun modelFast) {
            List<HandoffStats.CrowdedDrop> fast = speeds.drops(real, true);
            List<HandoffStats.CrowdedDrop> slow = speeds.drops(real, false);
            return new BySpeed(fast.stream().filter(HandoffStats.CrowdedDrop::toRequester).count(), fast.size(),
                    slow.stream().filter(HandoffStats.CrowdedDrop::toRequester).count(), slow.size(),
                    modelFast.toRequester(), modelFast.drops(), modelSlow.toRequester(), modelSlow.drops());
        }

        /** Percentages, NaN without drops. */
        public double realFastPercent() {
            return 100.0 * realFastWon / realFastDrops;
        }

        public double realSlowPercent() {
            return 100.0 * realSlowWon / realSlowDrops;
        }

        public double modelFastPercent() {
            return 100.0 * modelFastWon / modelFastDrops;
        }

        public double modelSlowPercent() {
            return 100.0 * modelSlowWon / modelSlowDrops;
        }
    }

    /**
     * The window's misfit to the races' shares: the sum of their squared {@link Share#lossLogError}s (a race without
     * drops on either side counts nothing). On the scale of the share itself, a few points near 90 % weigh as little
     * as anywhere else, yet they move the losing waiter's wait the most: in grid 47 (3.11.7) a fit four points over
     * the sleeper's race's 87 % left its other waiter 1/0.09 drops to wait where the real one had 1/0.13, and the
     * model's {@code main} waited twice as long as the real one. The two races count alike: they stand for the two
     * cases users ask about (spinners among spinners, a latency-sensitive thread beside them), and a race's share moves
     * between sittings minutes apart by more than either's sampling error (the rare race's 50 to 80 % on one night),
     * so the race with more drops is not the better known for what the model must reproduce. Weighed by their
     * binomial variances, the frequent race's 21,600 drops held the window to its share and left the rare race's at
     * 30 against 49 % (3.11.7, 2026-12-05 03:19).
     */
    static double misfit(Collection<Share> races) {
        double sum = 0;
        for (Share s : races) {
            if (s.realDrops() == 0 || s.modelDrops() == 0) continue;
            double d = s.lossLogError();
            sum += d * d;
        }
        return sum;
    }

    /**
     * The fit, or empty when the frequent race had no crowded drop after a re-wait. Every model run of the fit is on
     * {@code machine} (the wake-up latency, timer slack and preemption measured with the races; null: the model's
     * defaults): the keys are written into that profile, and on another machine they give other shares (at one
     * sitting's keys four spinners' requester took 21 % of the model's crowded drops on the default machine and
     * 11 % on the measured one, 2026-12-05 06:15). The window is matched to the shares of {@code frequentTarget}
     * and {@code rareTarget} (the recorded runs themselves, or with {@code plain} the plain race's, read from the
     * scheduler's trace beside them), while the gaps, the speeds and the likeliest window come from the recorded runs.
     */
    public static Optional<RaceFit> of(List<HandoffStats.CrowdedRun> frequent, List<HandoffStats.CrowdedRun> rare,
                                       long rareRunNs, MachineProfile machine,
                                       List<HandoffStats.CrowdedRun> frequentTarget,
                                       List<HandoffStats.CrowdedRun> rareTarget, boolean plain) {
        RaceSpeeds speeds = RaceSpeeds.of(frequent);
        long[] real = shortGaps(speeds.drops(frequent, false).stream().mapToLong(HandoffStats.CrowdedDrop::gapNs)
                .toArray());
        if (real.length == 0) return Optional.empty();
        long realP10 = HandoffStats.percentile(real, 10);
        long realP50 = HandoffStats.percentile(real, 50);
        long[] reference = shortGaps(modelGaps(machine, REFERENCE_CHECKPOINT_NS, 0));
        double p10PerNs = (double) HandoffStats.percentile(reference, 10) / REFERENCE_CHECKPOINT_NS;
        double p50PerNs = (double) HandoffStats.percentile(reference, 50) / REFERENCE_CHECKPOINT_NS;
        long checkpoint = Math.max(ROUND_NS, round((realP50 - realP10) / (p50PerNs - p10PerNs)));
        long reaction = Math.max(0, round(realP10 - p10PerNs * checkpoint));
        long[] model = modelGaps(machine, checkpoint, reaction);
        long[] modelShort = shortGaps(model);
        long[] mixed = speeds.two() ? mix(model, modelGaps(machine, checkpoint, reaction, "fast_race_percent=100",
                "fast_race_reaction=" + speeds.fastReactionPercent()), speeds.fastPercent()) : model;
        List<HandoffStats.CrowdedDrop> drops = new ArrayList<>();
        for (List<HandoffStats.CrowdedRun> race : List.of(frequent, rare)) {
            for (HandoffStats.CrowdedRun r : race) drops.addAll(r.each());
        }
        Optional<EntryFit.Fit> anyCore = EntryFit.fit(drops, mixed, quietAfterNs(), false);
        Optional<EntryFit.Fit> sameCore = EntryFit.fit(drops, mixed, quietAfterNs(), true);
        EntryFit.Fit entry = EntryFit.better(anyCore, sameCore).orElseThrow();
        EntryFit.Fit other = (entry.sameCore() ? anyCore : sameCore).orElse(null);
        int fastPercent = speeds.fastPercentWith(rare, rareRunNs);
        Matcher m = new Matcher(machine, checkpoint, reaction, speeds, entry.sameCore(), frequentTarget, rareTarget,
                fastPercent);
        Window window = m.match(entry);
        BySpeed bySpeed = null;
        if (speeds.two()) {
            HandoffStats.CrowdedRun[] atSpeeds = m.bySpeed(CrowdedRace.Race.FREQUENT, window);
            bySpeed = BySpeed.of(speeds, frequent, atSpeeds[0], atSpeeds[1]);
        }
        return Optional.of(new RaceFit(checkpoint, reaction, window, entry, other, speeds,
                speeds.fastPercentOfRuns(rare), fastPercent,
                realP10, realP50, HandoffStats.percentile(modelShort, 10), HandoffStats.percentile(modelShort, 50),
                m.share(CrowdedRace.Race.FREQUENT, window), m.share(CrowdedRace.Race.RARE, window), plain, bySpeed));
    }

    /**
     * The window of least {@code misfit} on the grid of {@code wait_entry} ({@link #ROUND_NS}) and the growth
     * ({@link #GROWTH_STEP_PERCENT}), from {@code start}: for a growth, the best entry ({@link #bestEntry}); over the
     * growths, a compass search on those bests, which moves a step up or down while one fits better and halves the
     * step when neither does.
     *
     * <p>Why the entry is searched at each growth and not beside it: both keys raise both races' shares, the entry
     * mostly the frequent race's and the growth mostly the rare one's, so where the misfit is least it lies along a
     * narrow valley in which more growth wants less entry. A search moving one key at a time stops on the valley's
     * floor where it first meets it: grid 68's 3.12.1 fit stopped at 600 ns growing 10 % with the model's requester at
     * 52 % of four spinners' crowded drops against the real 61 % (and 76 % against 77 % beside the sleeper), where
     * 700 ns growing 5 % gave 58 and 78 % (HandoffProbe, seeds 1 to 4; docs/calibration.md, section 5).
     */
    static Window search(Window start, ToDoubleFunction<Window> misfit) {
        Map<Integer, Window> floor = new HashMap<>();
        Window best = floor.computeIfAbsent(start.growthPercent(), g -> bestEntry(start.entryNs(), g, misfit));
        int step = FIRST_GROWTH_STEP;
        while (true) {
            Window from = best;
            for (int g : new int[] {from.growthPercent() + step, from.growthPercent() - step}) {
                if (g < 0 || g > MAX_GROWTH_PERCENT) continue;
                Window w = floor.computeIfAbsent(g, k -> bestEntry(from.entryNs(), k, misfit));
                if (misfit.applyAsDouble(w) < misfit.applyAsDouble(best)) best = w;
            }
            if (best != from) continue;
            if (step == GROWTH_STEP_PERCENT) return best;
            step = Math.max(GROWTH_STEP_PERCENT, step / 2);
        }
    }

    /** At this growth, a compass search on the entry alone from {@code entryNs}, its step halving to the grid's. */
    static Window bestEntry(long entryNs, int growthPercent, ToDoubleFunction<Window> misfit) {
        Window best = Window.of(entryNs, growthPercent);
        long step = FIRST_ENTRY_STEP_NS;
        while (true) {
            Window from = best;
            for (long e : new long[] {from.entryNs() + step, from.entryNs() - step}) {
                if (e < ROUND_NS || e > MAX_ENTRY_NS) continue;
                Window w = Window.of(e, growthPercent);
                if (misfit.applyAsDouble(w) < misfit.applyAsDouble(best)) best = w;
            }
            if (best != from) continue;
            if (step == ROUND_NS) return best;
            step = Math.max(ROUND_NS, step / 2);
        }
    }

    /**
     * The search for the window whose model gives each race's requester its real share: the least {@link #misfit}
     * of the two races' shares, on the scale of the losing waiters' waits, searched ({@link RaceFit#search}) from the
     * drop-by-drop fit's window. Local on purpose: far from the likeliest window the model's shares stop growing with
     * the window (with the requester winning nearly every drop the threads pair up and the crowded drops change), and a
     * search over the whole grid found a window of 9 us growing 385 % whose shares were far from both races'
     * (2026-12-05 03:05).
     * Every race at every window is run once ({@link #share} keeps them, the written window's too).
     */
    private static final class Matcher {
        private final MachineProfile machine;
        private final long checkpointNs;
        private final long dropReactionNs;
        private final RaceSpeeds speeds;
        private final boolean sameCore;
        private final List<HandoffStats.CrowdedRun> frequent;
        private final List<HandoffStats.CrowdedRun> rare;
        /** The share of the time the model runs fast in both races: the one the profile writes. */
        private final int fastPercent;
        private final Map<CrowdedRace.Race, Map<Window, Share>> shares = new HashMap<>();
        /** Each race's model runs at each window, pooled by speed: {slow, fast}, empty runs for a speed not run. */
        private final Map<CrowdedRace.Race, Map<Window, HandoffStats.CrowdedRun[]>> bySpeed = new HashMap<>();

        Matcher(MachineProfile machine, long checkpointNs, long dropReactionNs, RaceSpeeds speeds, boolean sameCore,
                List<HandoffStats.CrowdedRun> frequent, List<HandoffStats.CrowdedRun> rare, int fastPercent) {
            this.machine = machine;
            this.checkpointNs = checkpointNs;
            this.dropReactionNs = dropReactionNs;
            this.speeds = speeds;
            this.sameCore = sameCore;
            this.frequent = frequent;
            this.rare = rare;
            this.fastPercent = fastPercent;
        }

        /** The window, from the drop-by-drop fit's. */
        Window match(EntryFit.Fit start) {
            long entry = Math.min(MAX_ENTRY_NS, Math.max(ROUND_NS, start.entryNs()));
            return search(Window.of(entry, start.growthPercent()), this::misfit);
        }

        /** {@link RaceFit#misfit} of both races at this window. */
        private double misfit(Window w) {
            List<Share> races = new ArrayList<>();
            for (CrowdedRace.Race race : CrowdedRace.Race.values()) races.add(share(race, w));
            return RaceFit.misfit(races);
        }

        /** The race's real share beside the model's at this window, at the speeds the profile writes. */
        Share share(CrowdedRace.Race race, Window w) {
            return shares.computeIfAbsent(race, r -> new HashMap<>()).computeIfAbsent(w, k -> run(race, k));
        }

        private Share run(CrowdedRace.Race race, Window w) {
            List<String> sets = sets(w);
            boolean isRare = race == CrowdedRace.Race.RARE;
            List<HandoffStats.CrowdedRun> slow = fastPercent == 100 ? List.of() : modelRuns(machine, race, sets, 0);
            List<HandoffStats.CrowdedRun> fast = fastPercent == 0 ? List.of() : modelRuns(machine, race, sets, 100);
            bySpeed.computeIfAbsent(race, r -> new HashMap<>()).put(w, new HandoffStats.CrowdedRun[] {
                    HandoffStats.CrowdedRun.pooled(slow), HandoffStats.CrowdedRun.pooled(fast)});
            return Share.of(isRare ? rare : frequent, slow, fast, fastPercent);
        }

        /** The race's model runs at this window pooled by speed, {slow, fast}, as {@link #share} ran them. */
        HandoffStats.CrowdedRun[] bySpeed(CrowdedRace.Race race, Window w) {
            share(race, w);
            return bySpeed.get(race).get(w);
        }

        /** The keys as {@code --set} lines, without the fast share, which each run sets. */
        private List<String> sets(Window w) {
            List<String> sets = new ArrayList<>();
            keys(checkpointNs, dropReactionNs, w, 0, speeds.fastReactionPercent()).forEach((k, v) -> {
                if (!k.equals("fast_race_percent")) sets.add(k + "=" + v + (MachineProfile.isPercentKey(k) ? "" : "ns"));
            });
            sets.add("wait_entry_same_core=" + sameCore);
            return sets;
        }
    }

    /**
     * The keys a profile writes from this fit, by name, in {@link MachineProfile#RACE_KEYS}'s order: durations in ns,
     * {@code wait_entry_growth} and {@code fast_race_*} in per cent (as {@code MachineProfile.race()} reads them).
     */
    public Map<String, Long> keys() {
        return keys(checkpointNs, dropReactionNs, window, fastPercent, speeds.fastReactionPercent());
    }

    private static Map<String, Long> keys(long checkpointNs, long dropReactionNs, Window window, int fastPercent,
                                          int fastReactionPercent) {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("checkpoint", checkpointNs);
        m.put("drop_reaction", dropReactionNs);
        m.put("wait_entry", window.entryNs());
        m.put("wait_entry_jitter", window.jitterNs());
        m.put("wait_entry_growth", (long) window.growthPercent());
        m.put("fast_race_percent", (long) fastPercent);
        m.put("fast_race_reaction", (long) fastReactionPercent);
        return m;
    }

    /**
     * The race run in the model with these keys at one speed ({@code fast_race_percent} 0 or 100), seeds 1 to
     * {@link #SEEDS}, its crowded drops run by run.
     */
    private static List<HandoffStats.CrowdedRun> modelRuns(MachineProfile machine, CrowdedRace.Race race,
                                                           List<String> fitted, int fastPercent) {
        List<String> sets = new ArrayList<>(fitted);
        sets.add("fast_race_percent=" + fastPercent);
        sets.add("duration=" + shareDuration(race));
        Params params = race.scenario.params(sets, machine);
        List<HandoffLog> logs = new ArrayList<>();
        for (int seed = 1; seed <= SEEDS; seed++) logs.add(SimSide.run(race.scenario, params, seed, true).handoffs());
        return HandoffStats.crowdedByRun(logs);
    }

    /** The model's default {@code wait_entry_quiet}, which the fit keeps. */
    public static long quietAfterNs() {
        return CrowdedRace.Race.FREQUENT.scenario.params().ns("wait_entry_quiet");
    }

    /** The model's gaps from a re-wait to the drop in the frequent race, seeds 1 to 3, sorted; {@code more} keys. */
    static long[] modelGaps(MachineProfile machine, long checkpointNs, long dropReactionNs, String... more) {
        var scenario = CrowdedRace.Race.FREQUENT.scenario;
        List<String> sets = new ArrayList<>(List.of("duration=" + MODEL_DURATION, "checkpoint=" + checkpointNs + "ns",
                "drop_reaction=" + dropReactionNs + "ns"));
        sets.addAll(Arrays.asList(more));
        // One speed unless asked: the slow gaps must not take in the fast share the defaults may have.
        if (sets.stream().noneMatch(k -> k.startsWith("fast_race_percent="))) sets.add("fast_race_percent=0");
        Params params = scenario.params(sets, machine);
        List<HandoffLog> logs = new ArrayList<>();
        for (int seed = 1; seed <= SEEDS; seed++) logs.add(SimSide.run(scenario, params, seed, true).handoffs());
        return Arrays.stream(HandoffStats.of(logs).crowdedRewaitToDropNs()).filter(g -> g >= 0).toArray();
    }

    /** The gaps under {@link #SHORT_GAP_NS}, sorted. */
    static long[] shortGaps(long[] gapsNs) {
        return Arrays.stream(gapsNs).filter(g -> g < SHORT_GAP_NS).sorted().toArray();
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
