package gilsim.validate;

import gilsim.scenario.MachineProfile;
import gilsim.sim.Durations;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A machine profile computed from a {@link Calibration.Measured} and a {@link CrowdedRace.Measured}: the wake-up
 * latency as quantiles of the release race's CDF, the timer slack, the preemption probability (the traced pinned
 * hand-off's when {@code preemptTraced}, {@link PinnedHandoff}; else the pipe step's), the refusals in pairs the
 * trace showed ({@code refusalWindowNs} 0 when it showed too few to read) and the crowded race's
 * fit (null when the races were skipped or had no crowded drop), written as the YAML that {@code --machine FILE}
 * reads (docs/calibration.md). {@code python} is the version of the interpreter measured ("3.12.1"): the crowded
 * race's keys are that interpreter's reaction to a drop request (docs/calibration.md, "One profile per
 * interpreter").
 *
 * <p>The wake-up latency's CDF at L is the waiter's share of the releases of length L, over the pinned sweep. The
 * shares are made non-decreasing by isotonic regression (pool adjacent violators, weighted by the number of
 * releases): a running maximum would keep every upward fluke. Then:
 * <ul>
 *   <li>the 0 end is the longest L of the leading run of releases the waiter never won (a share that rounds to 0);
 *       if it won even some of the shortest, 0 ns, with a note: the line from there to the shortest L stands for
 *       what the sweep cannot measure. The small shares of the short releases are kept, not taken for 0: a waiter
 *       that wins 0.2 % of 2 us releases ends a #161868 stall about once a second (docs/model.md, "What ends a
 *       real #161868 stall");</li>
 *   <li>each later L adds [share, L], skipping ties (a pooled block keeps its first L: the quantile is the least L
 *       at which the CDF reaches it) and stopping where the share reaches 1;</li>
 *   <li>past the last L, where the sweep says only that the rest of the wake-ups took longer, the direct
 *       measurement's wake-ups longer than that L give the tail its shape: their median and p90 at the same share of
 *       what is left (at least {@link #TAIL_SAMPLES} of them; else the line runs straight to the 1 end);</li>
 *   <li>the 1 end is an upper bound: the direct measurement's maximum, or just past the last L when that is
 *       larger.</li>
 * </ul>
 * Probabilities are rounded to 3 decimals; durations to 100 ns below 10 us and to the microsecond above, the 1 end
 * up. Both stay strictly increasing (a point that would tie after rounding is left out).
 */
public record CalibrationProfile(List<Point> wakeLatency, long timerSlackNs, double preemptProbability,
        boolean preemptTraced, long refusalWindowNs, double refusalAfterProbability, RaceFit race, String python,
        String source, Instant written, List<String> notes,
        Map<String, String> model, MachineProfile.Background background) {
    /** Linux's timer slack for a normal thread (prctl(PR_SET_TIMERSLACK)'s default), when the kernel's is unknown. */
    static final long DEFAULT_SLACK_NS = 50_000;
    /** Direct wake-ups past the sweep's last L needed to shape the tail with their median and p90. */
    static final int TAIL_SAMPLES = 5;
    /** The background's gaps the load stands for: those of 1 ms or more (docs/calibration.md, section 6). */
    static final long LOAD_GAP_MIN_NS = 1_000_000;

    public CalibrationProfile {
        model = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(model));
    }

    /** One quantile: probability {@code p}, duration {@code ns}. */
    public record Point(double p, long ns) {}

    /**
     * The profile for these measurements, written now; {@code model} holds the model's rules the race was fitted
     * under ({@code calibrate --set}, {@link MachineProfile#MODEL_KEYS}), which the profile carries. The preemption
     * share is the traced pinned hand-off's ({@code pinned}) when it had enough wake-ups, else the pipe step's; with
     * enough wake-ups in windows after a loss too, the share is that of the others, and those give the windows'.
     */
    public static CalibrationProfile of(Calibration.Measured m, PinnedHandoff.Measured pinned,
                                        CrowdedRace.Measured crowd, Map<String, String> model) {
        return of(m, pinned, crowd, model, Instant.now());
    }

    static CalibrationProfile of(Calibration.Measured m, CrowdedRace.Measured crowd, Instant when) {
        return of(m, crowd, Map.of(), when);
    }

    static CalibrationProfile of(Calibration.Measured m, CrowdedRace.Measured crowd, Map<String, String> model,
                                 Instant when) {
        return of(m, PinnedHandoff.Measured.skipped("not traced"), crowd, model, when);
    }

    static CalibrationProfile of(Calibration.Measured m, PinnedHandoff.Measured pinned, CrowdedRace.Measured crowd,
                                 Map<String, String> model, Instant when) {
        List<String> notes = new ArrayList<>();
        List<Point> q = quantiles(m.race(), m.directNs(), notes);
        // The kernel's slack, not the measured lateness: the model adds the wake-up latency to a timer's slack, and
        // the lateness already holds a wake-up (docs/calibration.md, section 3).
        long slack = m.kernelSlackNs();
        if (slack < 0) {
            slack = DEFAULT_SLACK_NS;
            notes.add("the kernel's timer slack was not readable (/proc/self/timerslack_ns): timer_slack is Linux's "
                    + "default, 50us");
        }
        double pre = pinned.windowUsable() ? pinned.handoffs().keptOnShareOtherwise()
                : pinned.usable() ? pinned.handoffs().keptOnShare() : m.preemptProbability();
        if (Double.isNaN(pre)) throw new gilsim.scenario.InputError("the preemption measurement saw no wake-up");
        long windowNs = pinned.windowUsable() ? PinnedHandoff.REFUSAL_WINDOW_NS : 0;
        double after = pinned.windowUsable() ? round3(pinned.handoffs().lostShareSoonAfterLoss()) : 0;
        String source = String.format(Locale.ROOT, "gilsim calibrate, %s %s, %d cores (%s), load %s before / %s after, "
                + "%d s", m.implementation().equals("CPython") ? "CPython" : m.implementation(), m.python(), m.cores(),
                m.cpu(),
                Calibration.fmt2(m.loadBefore()), Calibration.fmt2(m.loadAfter()),
                Math.round(m.tookNs() / 1e9)) + (m.quick() ? ", --quick" : "");
        if (crowd.skipped() != null) {
            notes.add("no crowded-race keys (the crowded races were not recorded: " + crowd.skipped() + "); the "
                    + "model's defaults apply");
        } else if (crowd.fit() == null) {
            notes.add("no crowded-race keys: no run of the frequent crowded race had a forced drop with a third "
                    + "thread waiting");
        }
        MachineProfile.Background bg = m.background() == null ? null : background(m.background(), notes);
        return new CalibrationProfile(q, slack, round3(pre), pinned.usable(), windowNs, after, crowd.fit(), m.python(),
                source, when.truncatedTo(ChronoUnit.SECONDS), notes, model, bg);
    }

    /**
     * The model's load for the measured background. The gaps of {@link #LOAD_GAP_MIN_NS} or more on the busy cores
     * give it: {@code load_gap} their mean spacing per core (to the millisecond), {@code load_run} their mean length
     * (to the microsecond); none gives no load ({@code load_gap} 0). {@code load_idle_first} when the core spinning
     * alone had such gaps at most half as often as each core had them with every core busy: the machine's work then
     * went to the idle cores.
     */
    public static MachineProfile.Background background(Calibration.Background b, List<String> notes) {
        long[] gaps = b.gapsNs().stream().flatMapToLong(core -> Arrays.stream(loadGaps(core))).toArray();
        long count = gaps.length;
        long sumNs = Arrays.stream(gaps).sum();
        if (count == 0) {
            notes.add("no core lost its spinner for 1 ms or more in " + Durations.human(b.busyNs())
                    + ": no background load (load_gap 0ns)");
            return new MachineProfile.Background(0, 0, false);
        }
        double perCoreNs = b.busyNs() * (double) b.cores().size();
        long gapNs = Math.max(1, Math.round(perCoreNs / count / 1e6)) * 1_000_000;
        long runNs = Math.round(sumNs / (double) count / 1e3) * 1_000;
        long alone = loadGaps(b.aloneGapsNs()).length;
        boolean idleFirst = alone / (double) b.aloneNs() <= 0.5 * count / perCoreNs;
        if (count < 10) {
            notes.add("the background's load rests on " + count + " gap(s) of 1 ms or more: measure longer "
                    + "(hiccup.py, tools/bgload) for a steadier load_gap");
        }
        return new MachineProfile.Background(gapNs, runNs, idleFirst);
    }

    /**
     * The machine these measurements describe, without the crowded-race keys: the one the races' model runs at while
     * those keys are fitted ({@link RaceFit}), so that the fitted keys give, with the rest of the profile they are
     * written into, the shares the fit reports.
     */
    public static MachineProfile machine(Calibration.Measured m, PinnedHandoff.Measured pinned,
                                         Map<String, String> model) {
        String yaml = of(m, pinned, CrowdedRace.Measured.skipped("not fitted yet"), model).yaml();
        return MachineProfile.parse("the machine measured", yaml);
    }

    /** The gaps the background's load stands for: those of {@link #LOAD_GAP_MIN_NS} or more. */
    static long[] loadGaps(long[] gapsNs) {
        return Arrays.stream(gapsNs).filter(g -> g >= LOAD_GAP_MIN_NS).toArray();
    }

    /**
     * The quantile table of the wake-up latency from the race's points (any order) and the direct measurement's
     * samples ({@code directNs}, sorted; may be empty). Notes on what the table cannot say go to {@code notes}.
     */
    public static List<Point> quantiles(List<Calibration.RacePoint> race, long[] directNs, List<String> notes) {
        long directMaxNs = directNs.length == 0 ? -1 : directNs[directNs.length - 1];
        List<Calibration.RacePoint> pts = new ArrayList<>();
        for (Calibration.RacePoint p : race) if (p.releases() > 0) pts.add(p);
        if (pts.isEmpty()) throw new gilsim.scenario.InputError("the release race counted no release");
        pts.sort((a, b) -> Long.compare(a.releaseNs(), b.releaseNs()));
        double[] y = new double[pts.size()];
        double[] w = new double[pts.size()];
        for (int i = 0; i < y.length; i++) {
            y[i] = pts.get(i).share();
            w[i] = pts.get(i).releases();
        }
        double[] f = isotonic(y, w);
        int k = -1; // the last of the leading releases the waiter never won
        while (k + 1 < f.length && round3(f[k + 1]) == 0) k++;
        if (k < 0) {
            notes.add(String.format(Locale.ROOT, "the waiter won %.1f %% of the shortest releases (%s): the table "
                    + "runs from 0 ns to there in a straight line, which no release measured", 100 * f[0],
                    Durations.human(pts.get(0).releaseNs())));
        }
        List<Point> out = new ArrayList<>();
        long lastNs = k < 0 ? 0 : roundDuration(pts.get(k).releaseNs());
        out.add(new Point(0.0, lastNs));
        double lastP = 0.0;
        for (int i = k + 1; i < f.length; i++) {
            double p = round3(f[i]);
            if (p >= 1.0) break;
            long ns = roundDuration(pts.get(i).releaseNs());
            if (p <= lastP || ns <= lastNs) continue;
            out.add(new Point(p, ns));
            lastP = p;
            lastNs = ns;
        }
        long longest = pts.get(pts.size() - 1).releaseNs();
        // The sweep's tail: the direct wake-ups longer than the last L, at the share the sweep leaves above it.
        long[] tail = Arrays.stream(directNs).filter(ns -> ns > longest).toArray();
        if (tail.length >= TAIL_SAMPLES && lastP < 1.0) {
            for (double c : new double[] {0.5, 0.9}) {
                double p = round3(lastP + (1 - lastP) * c);
                long ns = roundDuration(Calibration.quantile(tail, c));
                if (p <= lastP || p >= 1.0 || ns <= lastNs || ns >= directMaxNs) continue; // the 1 end is the max
                out.add(new Point(p, ns));
                lastP = p;
                lastNs = ns;
            }
        }
        long upper;
        if (directMaxNs > lastNs && directMaxNs >= longest) {
            upper = ceilMicros(directMaxNs);
        } else {
            upper = ceilMicros(Math.max(lastNs, longest) + 1_000);
            notes.add("the direct measurement's maximum (" + (directMaxNs < 0 ? "none" : Durations.human(directMaxNs))
                    + ") is below the longest release measured; the 1 end is set just past it, at "
                    + Durations.human(upper));
        }
        if (upper <= lastNs) upper = lastNs + 1_000;
        out.add(new Point(1.0, upper));
        return out;
    }

    /** Isotonic (non-decreasing) regression of {@code y} with weights {@code w}: pool adjacent violators. */
    public static double[] isotonic(double[] y, double[] w) {
        int n = y.length;
        double[] val = new double[n];
        double[] wt = new double[n];
        int[] len = new int[n];
        int b = 0;
        for (int i = 0; i < n; i++) {
            val[b] = y[i];
            wt[b] = w[i] > 0 ? w[i] : 1e-12;
            len[b] = 1;
            while (b > 0 && val[b - 1] > val[b]) {
                double tw = wt[b - 1] + wt[b];
                val[b - 1] = (val[b - 1] * wt[b - 1] + val[b] * wt[b]) / tw;
                wt[b - 1] = tw;
                len[b - 1] += len[b];
                b--;
            }
            b++;
        }
        double[] out = new double[n];
        int i = 0;
        for (int j = 0; j < b; j++) for (int r = 0; r < len[j]; r++) out[i++] = val[j];
        return out;
    }

    /** The latency at probability {@code p}, linear between the table's points. */
    public long latencyAt(double p) {
        List<Point> q = wakeLatency;
        if (p <= q.get(0).p()) return q.get(0).ns();
        for (int i = 1; i < q.size(); i++) {
            Point a = q.get(i - 1);
            Point b = q.get(i);
            if (p <= b.p()) return Math.round(a.ns() + (b.ns() - a.ns()) * (p - a.p()) / (b.p() - a.p()));
        }
        return q.get(q.size() - 1).ns();
    }

    /** The profile as YAML, in the format {@code --machine FILE} reads. */
    public String yaml() {
        StringBuilder b = new StringBuilder();
        b.append("# gilsim machine profile: written by `gilsim calibrate` on ").append(written).append('\n');
        b.append("source: \"").append(source.replace("\\", "\\\\").replace("\"", "\\\"")).append("\"\n");
        b.append(pad("python: \"" + python + "\"", 21)).append("# the interpreter measured: the crowded race's keys are "
                + "its own\n");
        b.append("wake_latency:        # time from a wake-up to running on an idle core, as an empirical distribution\n");
        b.append("  quantiles:         # [probability, duration]; increasing in both; 0 and 1 included\n");
        for (Point p : wakeLatency) {
            b.append("    - [").append(probability(p.p())).append(", ").append(Durations.format(p.ns())).append("]\n");
        }
        String slack = "timer_slack: " + Durations.format(timerSlackNs);
        b.append(pad(slack, 21)).append("# the kernel's timer slack for the interpreter's threads\n");
        String pre = "preempt_probability: " + probability(preemptProbability);
        b.append(pad(pre, 28)).append(!preemptTraced ? "# woken waiters that preempted the waker on a shared core\n"
                : refusalWindowNs == 0 ? "# wake-ups of the pinned hand-off after which the woken went on\n"
                : "# wake-ups of the pinned hand-off after which the woken went on,\n"
                + pad("", 28) + "# but those in a window after a loss, of which:\n");
        if (refusalWindowNs > 0) {
            b.append(pad("refusal_window: " + Durations.format(refusalWindowNs), 28))
                    .append("# a loss opens a window this long (none right after another),\n");
            b.append(pad("refusal_after_probability: " + probability(refusalAfterProbability), 28))
                    .append("# and this share of its wake-ups lost too\n");
        }
        if (!model.isEmpty()) {
            b.append("model:                      # the model's rules the race below was fitted under (--set)\n");
            for (Map.Entry<String, String> rule : model.entrySet()) {
                b.append("  ").append(rule.getKey()).append(": ").append(rule.getValue()).append('\n');
            }
        }
        if (race != null) {
            b.append("# fitted to the crowded races (docs/calibration.md, section 5)\n");
            b.append(pad("checkpoint: " + Durations.format(race.checkpointNs()), 28))
                    .append("# with drop_reaction, the model's gap from a re-wait\n");
            b.append(pad("drop_reaction: " + Durations.format(race.dropReactionNs()), 28))
                    .append("# to the drop has the real p10 and p50 under 3us\n");
            b.append(pad("wait_entry: " + Durations.format(race.window().entryNs()), 28))
                    .append("# the requester's window and its growth with the\n");
            b.append(pad("wait_entry_jitter: " + Durations.format(race.window().jitterNs()), 28))
                    .append("# queue's quiet time give the requester the\n");
            b.append(pad("wait_entry_growth: " + race.window().growthPercent(), 28))
                    .append("# share it had in both races\n");
            b.append(pad("wait_entry_same_core: " + race.entry().sameCore(), 28))
                    .append(race.otherRule() == null ? "# the recordings had no CPUs: every sleeper's quiet time\n"
                            : race.entry().sameCore() ? "# the quiet time of sleepers on the requester's CPU fitted better\n"
                            : "# the quiet time of every sleeper fitted better\n");
            b.append(pad("fast_race_percent: " + race.fastPercent(), 28))
                    .append(race.speeds().two() ? "# the time both races ran fast, and the gap\n"
                            : "# the frequent race ran at one speed\n");
            b.append(pad("fast_race_reaction: " + race.speeds().fastReactionPercent(), 28))
                    .append(race.speeds().two() ? "# then, per cent of the slow seconds' gap\n" : "\n");
        }
        if (background != null) {
            b.append("# the machine's own background (docs/calibration.md, section 6)\n");
            if (background.gapNs() == 0) {
                b.append(pad("load_gap: 0ns", 28)).append("# no core lost its spinner for 1 ms or more\n");
            } else {
                b.append(pad("load_gap: " + Durations.format(background.gapNs()), 28))
                        .append("# each busy core lost its CPU for 1 ms or more this often,\n");
                b.append(pad("load_run: " + Durations.format(background.runNs()), 28))
                        .append("# for this long on average;\n");
                b.append(pad("load_idle_first: " + background.idleFirst(), 28)).append(background.idleFirst()
                        ? "# and seldom while another core was idle\n" : "# as often with another core idle\n");
            }
        }
        return b.toString();
    }

    /** The crowded-race keys this profile sets, by name, as {@code MachineProfile.race()} reads them back. */
    public Map<String, Long> raceKeys() {
        return race == null ? new LinkedHashMap<>() : race.keys();
    }

    /** {@code wait_entry_same_core} as the profile sets it, or null without a fit. */
    public Boolean waitEntrySameCore() {
        return race == null ? null : race.entry().sameCore();
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s + "   " : s + " ".repeat(width - s.length());
    }

    /** 0.0, 0.5, 0.033, 1.0: at most 3 decimals, at least one. */
    static String probability(double p) {
        BigDecimal d = BigDecimal.valueOf(p).setScale(3, RoundingMode.HALF_UP).stripTrailingZeros();
        if (d.scale() < 1) d = d.setScale(1, RoundingMode.UNNECESSARY);
        return d.toPlainString();
    }

    static double round3(double p) {
        return Math.round(p * 1000) / 1000.0;
    }

    /** To 100 ns below 10 us, to the microsecond above; never 0. */
    static long roundDuration(long ns) {
        long r = ns < 10_000 ? Math.round(ns / 100.0) * 100 : Math.round(ns / 1000.0) * 1000;
        return Math.max(r, 1);
    }

    static long ceilMicros(long ns) {
        return (ns + 999) / 1000 * 1000;
    }
}
