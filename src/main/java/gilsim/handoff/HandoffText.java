package gilsim.handoff;

import gilsim.sim.Durations;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.LongFunction;

/** The hand-off statistics of several sides (real runs, simulated seeds) as a text table, one column a side. */
public final class HandoffText {
    private HandoffText() {}

    /** A column: its heading and its figures. */
    public record Side(String heading, HandoffStats stats) {}

    public static String of(List<Side> sides, List<String> threads) {
        List<String[]> rows = new ArrayList<>();
        row(rows, sides, "GIL takes a second", s -> rate(s.takes(), s));
        row(rows, sides, "  by another thread than the last (switches)", s -> share(s.switches(), s.takes()));
        row(rows, sides, "drop requests a second", s -> rate(s.requests(), s));
        row(rows, sides, "forced drops", s -> Long.toString(s.forcedDrops()));
        row(rows, sides, "  then the requester takes the GIL", s -> share(s.forcedToRequester(), s.forcedDrops()));
        row(rows, sides, "  then another waiter takes it", s -> share(s.forcedToOther(), s.forcedDrops()));
        row(rows, sides, "  the requester was awake at the drop", s -> share(s.requesterAwake(), s.forcedDrops()));
        row(rows, sides, "  the dropper waited on switch_cond", s -> share(s.forcedWaits(), s.forcedDrops()));
        row(rows, sides, "forced drops with another thread waiting too", s -> Long.toString(s.crowdedForcedDrops()));
        row(rows, sides, "  then the requester takes the GIL",
                s -> share(s.crowdedToRequester(), s.crowdedForcedDrops()));
        row(rows, sides, "  then another waiter takes it", s -> share(s.crowdedToOther(), s.crowdedForcedDrops()));
        row(rows, sides, "  the requester's re-wait to the drop p10 / p50 / p90 (us)",
                s -> us(s.crowdedRewaitToDropNs()));
        row(rows, sides, "  the first wait to return is the requester's",
                s -> share(s.crowdedWokeRequester(), s.crowdedWokeRequester() + s.crowdedWokeOther()));
        row(rows, sides, "  another waiter took it: its wait had timed out",
                s -> share(s.crowdedToOtherTimedOut(), s.crowdedToOther()));
        row(rows, sides, "  another waiter took it: its latest call to wait the oldest",
                s -> share(s.crowdedToOtherOldestCall(), s.crowdedToOther()));
        row(rows, sides, "drop request to the forced drop p10 / p50 / p90 (us)", s -> us(s.requestToDropNs()));
        row(rows, sides, "timed waits per take that waited", s -> s.takesAfterWaiting() == 0 ? "-"
                : String.format(Locale.ROOT, "%.2f", s.waitsBeforeTakes() / (double) s.takesAfterWaiting()));
        row(rows, sides, "timeouts that asked for a drop", s -> share(s.requests(), s.timeouts()));
        row(rows, sides, "wake-ups that found the GIL taken", s -> share(s.wastedWakeups(), s.wakeups()));
        row(rows, sides, "drop to a wake-up's return p50 / p99", s -> pair(s.wakeLatencyNs()));
        row(rows, sides, "a take to the holder's forced drop p50 / p90 / p99 (ms)", s -> holdMs(s.forcedHoldNs()));
        row(rows, sides, "a take to the dropper's next wait p10 / p50 / p90 (us)", s -> us(s.dropperRewaitNs()));
        row(rows, sides, "gil->mutex blocks per take", s -> !s.mutexBlocksRecorded() ? "not recorded"
                : s.takes() == 0 ? "-" : String.format(Locale.ROOT, "%.3f", s.mutexBlocks() / (double) s.takes()));
        for (String t : threads) {
            row(rows, sides, "GIL wait of " + t + " p50 / p99 / max", s -> triple(s.waitsNs(t)));
        }
        StringBuilder b = new StringBuilder();
        int first = rows.stream().mapToInt(r -> r[0].length()).max().orElse(0);
        int[] width = new int[sides.size()];
        for (int i = 0; i < sides.size(); i++) {
            width[i] = sides.get(i).heading().length();
            for (String[] r : rows) width[i] = Math.max(width[i], r[i + 1].length());
        }
        b.append(String.format(Locale.ROOT, "%-" + first + "s", "hand-offs"));
        for (int i = 0; i < sides.size(); i++) {
            b.append("  ").append(String.format(Locale.ROOT, "%-" + width[i] + "s", sides.get(i).heading()));
        }
        b.append('\n');
        for (String[] r : rows) {
            b.append(String.format(Locale.ROOT, "%-" + first + "s", r[0]));
            for (int i = 0; i < sides.size(); i++) {
                b.append("  ").append(String.format(Locale.ROOT, "%-" + width[i] + "s", r[i + 1]));
            }
            b.append('\n');
        }
        return b.toString().replaceAll(" +\n", "\n");
    }

    /**
     * The requester's share of crowded drops band by band of the queue's quiet time ({@link HandoffStats#byQuiet}):
     * "under 200us 12 % of 300, 200us-800us ..."; bands without a drop are left out.
     */
    public static String byQuiet(HandoffStats s) {
        return byQuiet(s, false);
    }

    /**
     * As above with the rule {@code sameCore}: the bands of the quiet time of sleepers on the requester's CPU, then
     * "none on its CPU 80 % of 50"; "no CPUs recorded" when the recordings have none.
     */
    public static String byQuiet(HandoffStats s, boolean sameCore) {
        List<HandoffStats.QuietBand> bands = s.byQuiet(sameCore);
        if (bands.isEmpty()) return "no CPUs recorded";
        List<String> parts = new ArrayList<>();
        for (HandoffStats.QuietBand b : bands) {
            if (b.drops() == 0) continue;
            String band = b.elsewhere() ? "none on its CPU" : b.fromNs() == 0 ? "under " + Durations.format(b.toNs())
                    : b.toNs() == Long.MAX_VALUE ? "over " + Durations.format(b.fromNs())
                    : Durations.format(b.fromNs()) + "-" + Durations.format(b.toNs());
            parts.add(String.format(Locale.ROOT, "%s %.0f %% of %d", band, 100.0 * b.toRequester() / b.drops(),
                    b.drops()));
        }
        return parts.isEmpty() ? "none" : String.join(", ", parts);
    }

    /**
     * A crowded race second by second ({@link RaceSpeeds}): "two speeds, 9 of 20 seconds fast (gap p50 0.36
     * us), the rest 0.69 us", "one speed over 20 seconds (gap p50 0.69 us)", or that no second had enough drops.
     */
    public static String speeds(RaceSpeeds s) {
        if (s.seconds() == 0) return "no second had " + RaceSpeeds.MIN_DROPS + " crowded forced drops";
        if (!s.two()) {
            return String.format(Locale.ROOT, "one speed over %d second%s (gap p50 %.2f us)", s.seconds(),
                    s.seconds() == 1 ? "" : "s", s.slowGapP50Ns() / 1e3);
        }
        return String.format(Locale.ROOT, "two speeds, %d of %d seconds fast (gap p50 %.2f us), the rest %.2f us",
                s.fastSeconds(), s.seconds(), s.fastGapP50Ns() / 1e3, s.slowGapP50Ns() / 1e3);
    }

    /**
     * One side's crowded forced drops run by run ({@link HandoffStats#crowdedByRun}), as "71 % of 560 at 0.66 us,
     * ...": the share the requester took, of how many, at the run's median gap from the requester's re-wait to the
     * drop ("-" for a run with none).
     */
    public static String crowded(List<HandoffStats.CrowdedRun> byRun) {
        List<String> runs = new ArrayList<>();
        for (HandoffStats.CrowdedRun r : byRun) {
            if (r.drops() == 0) {
                runs.add("-");
                continue;
            }
            Long gapNs = r.rewaitToDropP50Ns(); // null when not known (a run read from the scheduler's trace)
            String gap = gapNs == null ? "" : gapNs < 0 ? " before its re-wait"
                    : String.format(Locale.ROOT, " at %.2f us", gapNs / 1e3);
            runs.add(String.format(Locale.ROOT, "%.0f %% of %d%s", 100.0 * r.toRequester() / r.drops(), r.drops(),
                    gap));
        }
        return String.join(", ", runs);
    }

    /**
     * Runs' timed waits that ran out as the scheduler's trace read them ({@link HandoffStats.TimerWakes}), in two
     * lines under {@code indent}; empty when the runs have none or were not read so. Reported beside the race: the
     * model has no late wake-ups yet (docs/validation.md, "What the phase marks: late timer wake-ups").
     */
    public static String timerWakes(HandoffStats.CrowdedRun pooled, String indent) {
        HandoffStats.TimerWakes w = pooled.timerWakes();
        if (w == null || w.wakeUps() == 0) return "";
        return String.format(Locale.ROOT, "%splain runs' timed waits that ran out: %.0f %% of %d woke late;%n"
                        + "%sthe requester took %s of the drops after on-time ones, %s after late ones%n", indent,
                w.latePercent(), w.wakeUps(), indent, ofDrops(w.requesterAfterOnTime(), w.dropsAfterOnTime()),
                ofDrops(w.requesterAfterLate(), w.dropsAfterLate()));
    }

    /** "84 % of 162": the requester's share of some drops; "- of 0" without any. */
    private static String ofDrops(long won, long drops) {
        return drops == 0 ? "- of 0" : String.format(Locale.ROOT, "%.0f %% of %d", 100.0 * won / drops, drops);
    }

    private static void row(List<String[]> rows, List<Side> sides, String label, Function<HandoffStats, String> f) {
        String[] r = new String[sides.size() + 1];
        r[0] = label;
        for (int i = 0; i < sides.size(); i++) r[i + 1] = f.apply(sides.get(i).stats());
        rows.add(r);
    }

    private static String rate(long count, HandoffStats s) {
        return s.durationNs() == 0 ? "-" : String.format(Locale.ROOT, "%.0f", count * 1e9 / s.durationNs());
    }

    static String share(long part, long whole) {
        if (whole == 0) return "-";
        return String.format(Locale.ROOT, "%.0f %% (%d)", 100.0 * part / whole, part);
    }

    private static String pair(long[] sorted) {
        return percentiles(sorted, HandoffText::ms, 50, 99);
    }

    /** p50 / p99 / max. */
    private static String triple(long[] sorted) {
        return percentiles(sorted, HandoffText::ms, 50, 99, 100);
    }

    private static String us(long[] sorted) {
        return percentiles(sorted, ns -> String.format(Locale.ROOT, "%.1f", ns / 1e3), 10, 50, 90);
    }

    private static String holdMs(long[] sorted) {
        return percentiles(sorted, HandoffText::ms, 50, 90, 99);
    }

    /** The sorted values' percentiles (100: the largest), each in {@code unit}, joined by " / "; "-" when none. */
    private static String percentiles(long[] sorted, LongFunction<String> unit, double... ps) {
        if (sorted.length == 0) return "-";
        List<String> out = new ArrayList<>();
        for (double p : ps) out.add(unit.apply(HandoffStats.percentile(sorted, p)));
        return String.join(" / ", out);
    }

    /** Milliseconds with two decimals: waits here run from microseconds to seconds. */
    private static String ms(long ns) {
        return String.format(Locale.ROOT, "%.2f", ns / 1e6);
    }
}
