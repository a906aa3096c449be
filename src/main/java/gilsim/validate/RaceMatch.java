package gilsim.validate;

import gilsim.handoff.HandoffLog;
import gilsim.handoff.HandoffStats;
import gilsim.handoff.RaceSpeeds;
import gilsim.program.ThreadSpec;
import gilsim.scenario.Params;
import gilsim.scenario.Scenario;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The model run again at the race a cell's recorded runs had ({@code validate --handoffs}): at their speeds (the share
 * of their seconds the race ran fast, and the fast gap per the slow one, when they show two speeds: {@link
 * RaceSpeeds}), with the requester's window ({@code wait_entry}, its jitter in the model's shape, the growth kept)
 * whose model then gives the requester the share of the crowded forced drops it took in the recorded runs, and those
 * runs compared with the model there. The speeds first: at one share of the drops, a race that runs fast more often
 * makes other tails than one with a wider window (grid 36, 3.11.7: the window alone matched {@code latency-2}'s 74 %
 * with 1000 ns where the recorded runs ran fast in 26 of 32 seconds, and the model's {@code main} came out 1.57 times
 * the recorded p99). Without the scheduler's trace, the recorded runs, not the plain ones: the recorder moves the race
 * (on 2026-12-05 three spinners' longest rounds were about half as long under it), and the only share read is theirs.
 *
 * <p>Why: a real machine's race moves from minute to minute (the sleeper's race: its requester's share 42 % at
 * a calibration and 67 % twenty minutes later, grid 35 in docs/validation.md), and the tails of a crowded queue
 * follow the share steeply (three spinners in the model: a longest round of 56 ms at a share of 35 %, 122 ms at
 * 43 %). A profile written minutes before the cells carries its own minute's race. Matching the share of the cell's
 * own minutes separates the two questions a disagreement leaves open: whether the machine's race moved, and whether
 * the model, given the race, makes the real tails. It is a reading, not a prediction: the share comes from the runs
 * it is compared with, and the verdicts and exit code stay the profile's.
 *
 * <p>Where the kernel's scheduler was traced beside the runs ({@link CrowdedRace.Traced}), the race matched is the
 * plain runs': the recorded runs' share, as the recorder's own log reads it, moved by the difference between plain
 * and recorded runs that the one trace reader sees (the recorder cooled four spinners' race by some 8 points on
 * 2026-12-05), and the model is compared with the plain runs, whose tails are the ones a user has. The speeds stay
 * the recorded runs': only the recorder dates the gaps they are read from.
 *
 * @param plain   whether the race matched is the plain runs' (the scheduler traced) rather than the recorded runs'
 * @param speeds  the recorded runs' race second by second; when it has two speeds, the model ran at them
 * @param window  the matched window
 * @param share   the real share (the race matched, pooled) beside the model's at the matched window
 * @param before  the same real share beside the model's at the cell's own window (its simulated runs)
 * @param params  the parameters the model ran with: the cell's, with the matched window
 * @param compared the runs of the race matched (plain or recorded) against the model at the matched window
 */
public record RaceMatch(boolean plain, RaceSpeeds speeds, RaceFit.Window window, RaceFit.Share share,
                        RaceFit.Share before, Params params, Comparison.Result compared) {
    /** Fewer recorded crowded forced drops give a share too loose to match (its 95 % interval some +-10 points). */
    public static final long MIN_DROPS = 100;

    /**
     * The match, or empty when the recorded runs had fewer than {@link #MIN_DROPS} crowded forced drops. The entry
     * is searched by bisection on the grid of {@link RaceFit#ROUND_NS} from {@code ROUND_NS} to
     * {@link RaceFit#MAX_ENTRY_NS} (the model's share grows with the entry, within its runs' noise); a real share
     * beyond what the model reaches there gives the bound, and the shares printed beside each other show it.
     *
     * @param recorded the recorded runs: their share is matched, and their tails compared, unless {@code traced}
     * @param traced   the plain and recorded runs as the scheduler's trace read them, or null: with
     *                 {@link #MIN_DROPS} crowded forced drops or more in both, the plain runs' share is matched and
     *                 {@code plain}'s tails compared
     * @param plain    the plain runs
     * @param sim      the cell's simulated runs' hand-offs, at its own window
     */
    public static Optional<RaceMatch> of(Scenario scenario, Params params, List<ThreadSpec> threads,
                                         List<RealRun.Recorded> recorded, CrowdedRace.Traced traced,
                                         List<Observation> plain, List<HandoffLog> sim, int repeat) {
        List<HandoffStats.CrowdedRun> byShim = HandoffStats.crowdedByRun(
                recorded.stream().map(RealRun.Recorded::handoffs).toList());
        if (HandoffStats.CrowdedRun.pooled(byShim).drops() < MIN_DROPS) return Optional.empty();
        boolean matchPlain = traced != null && HandoffStats.CrowdedRun.pooled(traced.plain()).drops() >= MIN_DROPS
                && HandoffStats.CrowdedRun.pooled(traced.recorded()).drops() >= MIN_DROPS;
        List<HandoffStats.CrowdedRun> real = matchPlain ? List.of(traced.target(byShim)) : byShim;
        RaceSpeeds speeds = RaceSpeeds.of(byShim);
        Params atSpeeds = !speeds.two() ? params : params.with("fast_race_percent", (long) speeds.fastPercent())
                .with("fast_race_reaction", (long) speeds.fastReactionPercent());
        Search search = new Search(scenario, atSpeeds, real, repeat);
        RaceFit.Window window = search.window();
        Params matched = search.params(window);
        List<SimSide.Run> runs = search.runs(window);
        Comparison.Result compared = Comparison.of(threads, params.ns("starve_after"),
                matchPlain ? plain : recorded.stream().map(RealRun.Recorded::observation).toList(),
                runs.stream().map(SimSide.Run::observation).toList(),
                runs.stream().map(r -> r.summary().starvedThreads()).toList());
        RaceFit.Share before = RaceFit.Share.of(real, HandoffStats.crowdedByRun(sim), List.of(), 0);
        return Optional.of(new RaceMatch(matchPlain, speeds, window, search.share(window), before, matched,
                compared));
    }

    /** The bisection: each entry's model runs once, its share kept. */
    private static final class Search {
        private final Scenario scenario;
        private final Params params;
        private final List<HandoffStats.CrowdedRun> real;
        private final int repeat;
        private final int growthPercent;
        private final Map<RaceFit.Window, RaceFit.Share> shares = new HashMap<>();

        Search(Scenario scenario, Params params, List<HandoffStats.CrowdedRun> real, int repeat) {
            this.scenario = scenario;
            this.params = params;
            this.real = real;
            this.repeat = repeat;
            this.growthPercent = params.intCount("wait_entry_growth");
        }

        RaceFit.Window window() {
            double target = 100.0 * real.stream().mapToLong(HandoffStats.CrowdedRun::toRequester).sum()
                    / real.stream().mapToLong(HandoffStats.CrowdedRun::drops).sum();
            long lo = 1;
            long hi = RaceFit.MAX_ENTRY_NS / RaceFit.ROUND_NS;
            if (percent(lo) >= target) return at(lo);
            if (percent(hi) <= target) return at(hi);
            while (hi - lo > 1) { // percent(lo) < target < percent(hi)
                long mid = (lo + hi) / 2;
                if (percent(mid) < target) lo = mid;
                else hi = mid;
            }
            return target - percent(lo) <= percent(hi) - target ? at(lo) : at(hi);
        }

        private RaceFit.Window at(long steps) {
            return RaceFit.Window.of(steps * RaceFit.ROUND_NS, growthPercent);
        }

        private double percent(long steps) {
            return share(at(steps)).modelPercent();
        }

        RaceFit.Share share(RaceFit.Window w) {
            return shares.computeIfAbsent(w, k -> RaceFit.Share.of(real,
                    HandoffStats.crowdedByRun(runs(k).stream().map(SimSide.Run::handoffs).toList()), List.of(), 0));
        }

        Params params(RaceFit.Window w) {
            return params.with("wait_entry", w.entryNs()).with("wait_entry_jitter", w.jitterNs());
        }

        /** The cell's seeds at this window, with their hand-offs (the same bytes each time: a run is its seed). */
        List<SimSide.Run> runs(RaceFit.Window w) {
            Params p = params(w);
            List<SimSide.Run> out = new ArrayList<>();
            for (int seed = 1; seed <= repeat; seed++) out.add(SimSide.run(scenario, p, seed, true));
            return out;
        }
    }
}
