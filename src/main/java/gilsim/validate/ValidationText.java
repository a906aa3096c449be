package gilsim.validate;

import gilsim.handoff.HandoffLog;
import gilsim.handoff.HandoffStats;
import gilsim.handoff.HandoffText;
import gilsim.handoff.RaceSpeeds;
import gilsim.metrics.Stat;
import gilsim.program.ThreadSpec;
import gilsim.program.Rounds;
import gilsim.sim.Durations;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleFunction;
import java.util.stream.DoubleStream;

/** A validation as text: per interpreter, the side-by-side table, the spread, the steps and the verdicts. */
public final class ValidationText {
    private ValidationText() {}

    public static String of(Validation.Report r) {
        StringBuilder b = new StringBuilder();
        b.append("validate ").append(r.scenario().name()).append(": ").append(r.repeat()).append(" real run")
                .append(r.repeat() == 1 ? "" : "s").append(" per interpreter against ").append(r.simRepeat())
                .append(" simulated (seeds 1..").append(r.simRepeat()).append("), ")
                .append(Durations.format(r.durationNs())).append(" each").append(durationNote(r)).append('\n');
        var machine = r.params().machine();
        b.append("simulated on ").append(machine == null ? "the model's keys alone (--machine none)"
                : "machine " + machine.file() + ": " + machine.source()).append('\n');
        for (Validation.Interpreter i : r.interpreters()) {
            b.append('\n').append(label(i)).append('\n');
            String other = profileMeasuredElsewhere(r, i);
            if (other != null) {
                b.append("profile: ").append(r.params().machine().file()).append(" was measured on CPython ")
                        .append(other).append(", not this version; its crowded-race keys are that interpreter's "
                        + "(`gilsim calibrate --python ").append(version(i)).append(" --out FILE` measures this one, "
                        + "docs/calibration.md)\n");
            }
            machine(b, i.runs());
            table(b, i.comparison());
            spread(b, i.comparison());
            steps(b, i);
            LockComparison.text(b, LockComparison.of(i.runs(), simObservations(r)), r.params().choice("python"));
            RequestComparison.text(b, RequestComparison.of(i.runs(), simObservations(r), r.durationNs()));
            b.append("verdicts: real ").append(verdicts(i.comparison(), true)).append("; sim ")
                    .append(verdicts(i.comparison(), false)).append(": ").append(agreement(i.comparison()))
                    .append('\n');
            if (r.handoffs()) handoffs(b, r, i);
        }
        b.append('\n').append("verdict rule: ").append(Comparison.RULE).append('\n');
        b.append("thresholds (starve_after ").append(Durations.format(r.starveAfterNs()))
                .append(" + the nominal round): ").append(nominals(r)).append('\n');
        b.append("the simulation's own verdict (a GIL wait past starve_after): ").append(ownVerdict(r)).append('\n');
        b.append(finalLine(r)).append('\n');
        return b.toString();
    }

    /** The hand-off statistics of the recorded runs beside the simulation's, and what the recorder cost. */
    private static void handoffs(StringBuilder b, Validation.Report r, Validation.Interpreter i) {
        b.append('\n').append("hand-offs: ").append(r.repeat()).append(" more real run")
                .append(r.repeat() == 1 ? "" : "s").append(" recorded through the pthread shim, beside the simulated runs\n");
        List<String> threads = r.threads().stream().map(ThreadSpec::name).toList();
        HandoffStats real = HandoffStats.of(i.handoffs());
        HandoffStats sim = HandoffStats.of(r.simHandoffs());
        b.append(HandoffText.of(List.of(new HandoffText.Side("real", real), new HandoffText.Side("sim", sim)), threads));
        List<HandoffStats.CrowdedRun> realRuns = HandoffStats.crowdedByRun(i.handoffs());
        List<HandoffStats.CrowdedRun> simRuns = HandoffStats.crowdedByRun(r.simHandoffs());
        b.append("crowded forced drops run by run: the requester's share, at the run's median re-wait to the drop\n")
                .append("  real: ").append(HandoffText.crowded(realRuns)).append('\n')
                .append("  sim:  ").append(HandoffText.crowded(simRuns)).append('\n');
        traced(b, r, i, realRuns, simRuns);
        // Seconds at two speeds make a run's tail (docs/model.md, "The race runs at two speeds").
        b.append("the crowded race second by second (seconds with ").append(RaceSpeeds.MIN_DROPS)
                .append(" crowded forced drops or more)\n")
                .append("  real: ").append(HandoffText.speeds(RaceSpeeds.of(realRuns))).append('\n')
                .append("  sim:  ").append(HandoffText.speeds(RaceSpeeds.of(simRuns))).append('\n');
        // The real requester wins more the longer before the drop the other waiters last called wait (docs/model.md);
        // wait_entry_growth models it, and `calibrate` fits it.
        b.append("crowded forced drops by how long before the drop another waiter last called wait: "
                        + "the requester's share\n")
                .append("  real: ").append(HandoffText.byQuiet(real)).append('\n')
                .append("  sim:  ").append(HandoffText.byQuiet(sim)).append('\n');
        // ... and, where the recorder stamped CPUs, the quiet time of the sleepers on the requester's own CPU, which
        // wait_entry_same_core reads (docs/model.md, "Sleepers on the requester's core").
        b.append("the same by how long before the drop another waiter last called wait on the requester's CPU\n")
                .append("  real: ").append(HandoffText.byQuiet(real, true)).append('\n')
                .append("  sim:  ").append(HandoffText.byQuiet(sim, true)).append('\n');
        long lost = i.handoffs().stream().mapToLong(HandoffLog::lost).sum();
        if (lost > 0) b.append("the recorder's buffer was full: ").append(lost).append(" calls were not kept\n");
        List<Observation> recorded = i.recorded().stream().map(RealRun.Recorded::observation).toList();
        Comparison.Result cost = Comparison.of(r.threads(), r.starveAfterNs(), i.runs(), recorded, List.of());
        b.append("the recorder's cost: round times of the runs without it / with it (mean over runs, and their "
                + "spread min..max)\n");
        for (int t = 0; t < cost.rows().size(); t++) {
            Comparison.Row row = cost.rows().get(t);
            b.append("  ").append(row.name()).append(": p50 ").append(spread(row.real().p50Ns())).append(" / ")
                    .append(spread(row.sim().p50Ns())).append(", p99 ").append(spread(row.real().p99Ns()))
                    .append(" / ").append(spread(row.sim().p99Ns())).append(", max ").append(spread(row.real().maxNs()))
                    .append(" / ").append(spread(row.sim().maxNs())).append("; ")
                    .append(shorterP99(i.runs(), recorded, t)).append('\n');
        }
        raceMatch(b, r, i);
    }

    /**
     * The requester's share as the kernel's scheduler trace read the plain and the recorded runs: one reader on both,
     * so their difference is what the recorder cost the race (docs/validation.md, "The recorder's cost").
     */
    private static void traced(StringBuilder b, Validation.Report r, Validation.Interpreter i,
                               List<HandoffStats.CrowdedRun> byShim, List<HandoffStats.CrowdedRun> sim) {
        b.append("the requester's share of the crowded forced drops, read from the kernel's scheduler trace\n");
        CrowdedRace.Traced t = i.traced();
        if (t == null) {
            b.append("  not read: ").append(r.untraced()).append('\n');
            return;
        }
        HandoffStats.CrowdedRun plain = HandoffStats.CrowdedRun.pooled(t.plain());
        HandoffStats.CrowdedRun recorded = HandoffStats.CrowdedRun.pooled(t.recorded());
        HandoffStats.CrowdedRun shim = HandoffStats.CrowdedRun.pooled(byShim);
        HandoffStats.CrowdedRun model = HandoffStats.CrowdedRun.pooled(sim);
        b.append("  plain runs ").append(percent(plain.toRequester(), plain.drops())).append(", recorded runs ")
                .append(percent(recorded.toRequester(), recorded.drops()));
        if (plain.drops() > 0 && recorded.drops() > 0) {
            b.append(String.format(Locale.ROOT, ": the recorder's cost %+.0f points", t.recorderCostPoints()));
        }
        b.append("; the recorder's own log ").append(percent(shim.toRequester(), shim.drops())).append(", sim ")
                .append(percent(model.toRequester(), model.drops())).append('\n');
        b.append(HandoffText.timerWakes(plain, "  "));
    }

    /**
     * The model again at the real runs' race ({@link RaceMatch}): the window that gives the requester their share
     * of the crowded forced drops, and those runs against the model there.
     */
    private static void raceMatch(StringBuilder b, Validation.Report r, Validation.Interpreter i) {
        RaceMatch m = i.raceMatch();
        boolean plain = m != null && m.plain();
        String runs = plain ? "plain" : "recorded";
        b.append("the model at the ").append(runs).append(" runs' race: the recorded runs' speeds, and the requester's "
                + "window whose model then gives it ")
                .append(plain ? "the plain runs' share (the recorded runs' moved by the recorder's cost)" : "their share")
                .append(" of the crowded forced drops; the ").append(runs).append(" runs' rounds beside the model's "
                        + "there (a reading, not a prediction: the verdicts above are the model's own)\n");
        if (m == null) {
            long drops = HandoffStats.crowdedByRun(i.handoffs()).stream()
                    .mapToLong(HandoffStats.CrowdedRun::drops).sum();
            b.append("  ").append(drops).append(" crowded forced drop").append(drops == 1 ? "" : "s")
                    .append(" recorded: too few to match (").append(RaceMatch.MIN_DROPS).append(" or more)\n");
            return;
        }
        RaceFit.Share s = m.share();
        b.append("  ").append(m.speeds().two() ? "at the recorded runs' speeds (fast_race_percent "
                        + m.params().count("fast_race_percent") + ", fast_race_reaction "
                        + m.params().count("fast_race_reaction") + "), " : "at the run's speeds, ")
                .append("wait_entry ").append(time(m.window().entryNs())).append(" +- ").append(time(m.window().jitterNs()))
                .append(", growth ").append(m.window().growthPercent()).append(" %: the requester's share real ")
                .append(percent(s.realWon(), s.realDrops())).append(", sim ")
                .append(percent(s.modelWon(), s.modelDrops()))
                .append(" (the simulated runs above, at ").append(time(r.params().ns("wait_entry"))).append(" +- ")
                .append(time(r.params().ns("wait_entry_jitter"))).append(": ")
                .append(percent(m.before().modelWon(), m.before().modelDrops())).append(")\n");
        table(b, m.compared());
        b.append("verdicts at the ").append(runs).append(" runs' race: real ").append(verdicts(m.compared(), true))
                .append("; sim ").append(verdicts(m.compared(), false)).append(": ").append(agreement(m.compared())).append('\n');
    }

    /** {@code 37 % of 7520}. */
    private static String percent(long won, long of) {
        return (of == 0 ? "-" : String.format(Locale.ROOT, "%.0f %%", 100.0 * won / of)) + " of " + of;
    }

    /**
     * Run by run: in how many pairs (a plain run and the recorded run right after it) the recorded run's round p99
     * was the shorter. Pairs see the same minute of the machine, so a cost shows here before the ranges part.
     */
    private static String shorterP99(List<Observation> plain, List<Observation> recorded, int thread) {
        int pairs = 0;
        int shorter = 0;
        for (int k = 0; k < Math.min(plain.size(), recorded.size()); k++) {
            double a = Comparison.roundPercentile(plain.get(k).threads().get(thread), 99);
            double r = Comparison.roundPercentile(recorded.get(k).threads().get(thread), 99);
            if (Double.isNaN(a) || Double.isNaN(r)) continue;
            pairs++;
            if (r < a) shorter++;
        }
        return "the recorded run's p99 the shorter in " + shorter + " of " + pairs + " pair" + (pairs == 1 ? "" : "s");
    }

    /** A figure's mean over runs and its range: {@code 113ms (106ms..121ms)}. */
    private static String spread(Stat s) {
        return time(s.mean()) + " (" + time(s.min()) + ".." + time(s.max()) + ")";
    }

    static List<Observation> simObservations(Validation.Report r) {
        return r.sim().stream().map(SimSide.Run::observation).toList();
    }

    static String durationNote(Validation.Report r) {
        if (r.durationNs() == r.scenarioDurationNs()) return "";
        if (r.durationNs() == Validation.REAL_CAP_NS && r.scenarioDurationNs() > Validation.REAL_CAP_NS) {
            return " (the scenario's " + Durations.format(r.scenarioDurationNs()) + " capped at "
                    + Durations.format(Validation.REAL_CAP_NS) + " for real runs; --duration sets it)";
        }
        return " (--duration; the scenario's is " + Durations.format(r.scenarioDurationNs()) + ")";
    }

    static String label(Validation.Interpreter i) {
        return i.runs().isEmpty() ? i.python().toString() : i.runs().get(0).label();
    }

    /** The interpreter's version as its runs reported it ("3.11.7" from "CPython 3.11.7 at ..."), or null. */
    static String version(Validation.Interpreter i) {
        String[] words = label(i).split(" ");
        return words.length > 1 && words[1].matches("\\d+\\.\\d+.*") ? words[1] : null;
    }

    /**
     * The version the profile was measured on when it is another minor version than the interpreter's, else null
     * (no profile, a profile that does not say, or an interpreter whose version is unknown).
     */
    static String profileMeasuredElsewhere(Validation.Report r, Validation.Interpreter i) {
        var profile = r.params().machine();
        String v = version(i);
        return profile == null || v == null || profile.measuredOn(v) ? null : profile.python();
    }

    private static void table(StringBuilder b, Comparison.Result c) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"", "rounds/s", "", "", "round p50", "", "", "round p99", "", "", "round max", "", "",
                "CPU share", "", "", "KS", "verdict"});
        rows.add(new String[] {"thread", "real", "sim", "ratio", "real", "sim", "ratio", "real", "sim", "ratio",
                "real", "sim", "ratio", "real", "sim", "ratio", "", "real/sim"});
        for (Comparison.Row row : c.rows()) {
            List<String> cells = new ArrayList<>();
            cells.add(row.name());
            triple(cells, row.real().roundsPerSecond(), row.sim().roundsPerSecond(), ValidationText::rate);
            triple(cells, row.real().p50Ns(), row.sim().p50Ns(), ValidationText::time);
            triple(cells, row.real().p99Ns(), row.sim().p99Ns(), ValidationText::time);
            triple(cells, row.real().maxNs(), row.sim().maxNs(), ValidationText::time);
            triple(cells, row.real().cpuShare(), row.sim().cpuShare(), ValidationText::share);
            cells.add(Double.isNaN(row.ks()) ? "-" : String.format(Locale.ROOT, "%.3f", row.ks()));
            cells.add(row.real().verdict().id + "/" + row.sim().verdict().id);
            rows.add(cells.toArray(new String[0]));
        }
        int cols = rows.get(0).length;
        int[] width = new int[cols];
        for (String[] row : rows) for (int k = 0; k < cols; k++) width[k] = Math.max(width[k], row[k].length());
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int k = 0; k < cols; k++) {
                if (k > 0) line.append(k % 3 == 1 || k >= 16 ? "   " : "  ");
                String cell = row[k];
                boolean left = k == 0 || k == cols - 1;
                String pad = " ".repeat(width[k] - cell.length());
                line.append(left ? cell + pad : pad + cell);
            }
            b.append(line.toString().stripTrailing()).append('\n');
        }
    }

    private static void triple(List<String> cells, Stat real, Stat sim, DoubleFunction<String> f) {
        cells.add(real.defined() ? f.apply(real.mean()) : "-");
        cells.add(sim.defined() ? f.apply(sim.mean()) : "-");
        double ratio = Comparison.Row.ratio(real, sim);
        cells.add(Double.isNaN(ratio) ? "-" : String.format(Locale.ROOT, "%.2f", ratio));
    }

    private static void spread(StringBuilder b, Comparison.Result c) {
        b.append("means over runs (min..max; 95% confidence interval of the mean):\n");
        for (Comparison.Row row : c.rows()) {
            line(b, row.name(), "rounds/s", row.real().roundsPerSecond(), row.sim().roundsPerSecond(),
                    ValidationText::rate);
            line(b, row.name(), "round p50", row.real().p50Ns(), row.sim().p50Ns(), ValidationText::time);
            line(b, row.name(), "round p99", row.real().p99Ns(), row.sim().p99Ns(), ValidationText::time);
            line(b, row.name(), "round max", row.real().maxNs(), row.sim().maxNs(), ValidationText::time);
            line(b, row.name(), "CPU share", row.real().cpuShare(), row.sim().cpuShare(), ValidationText::share);
        }
    }

    private static void line(StringBuilder b, String thread, String what, Stat real, Stat sim,
                             DoubleFunction<String> f) {
        b.append("  ").append(thread).append(' ').append(what).append(": real ").append(stat(real, f))
                .append("; sim ").append(stat(sim, f)).append('\n');
    }

    static String stat(Stat s, DoubleFunction<String> f) {
        if (!s.defined()) return "- (no completed round)";
        String head = f.apply(s.mean());
        if (s.n() == 1) return head + " (n=1)";
        return head + " (" + f.apply(s.min()) + ".." + f.apply(s.max()) + "; CI " + f.apply(s.ciLow()) + ".."
                + f.apply(s.ciHigh()) + ", n=" + s.n() + ")";
    }

    /**
     * How busy the machine was around the real runs, when their scripts said: the load average inside it, and the
     * host's steal, which takes the real side's capacity without showing in that load.
     */
    private static void machine(StringBuilder b, List<Observation> runs) {
        List<Observation.Machine> m = runs.stream().map(Observation::machine).filter(x -> x != null).toList();
        if (m.isEmpty()) return;
        String load = range(m.stream().flatMapToDouble(x -> DoubleStream.of(x.loadBefore(), x.loadAfter())).toArray(),
                "%.2f", 1);
        String steal = range(m.stream().mapToDouble(Observation.Machine::hostSteal).toArray(), "%.1f %%", 100);
        List<String> cpus = m.stream().map(Observation.Machine::cpu).filter(c -> c != null).distinct().toList();
        b.append("machine around the real runs").append(cpus.isEmpty() ? "" : " (" + String.join(", ", cpus) + ")")
                .append(": ")
                .append(load == null ? "load average not recorded" : "load average (1 minute) " + load)
                .append(steal == null ? ", host steal not recorded" : ", host steal " + steal + " of CPU time (/proc/stat)")
                .append('\n');
    }

    /** The lowest and highest of the known values, each times {@code scale} in {@code format}; null if none. */
    private static String range(double[] values, String format, double scale) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (double v : values) {
            if (Double.isNaN(v)) continue;
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        if (lo > hi) return null;
        String l = String.format(Locale.ROOT, format, lo * scale);
        String h = String.format(Locale.ROOT, format, hi * scale);
        return l.equals(h) ? l : l + " to " + h;
    }

    private static void steps(StringBuilder b, Validation.Interpreter i) {
        List<Comparison.StepLine> steps = i.comparison().steps();
        if (steps.isEmpty()) return;
        b.append("steps as run (how far the compiled program was from the nominal steps; compute is the thread's CPU "
                + "time, release and sleep include taking the GIL back, so a contended take shows here):\n");
        for (Comparison.StepLine s : steps) {
            // A drawn step's nominal is the mean of its draws: not a round figure, so shown as a measured time is.
            String asked = s.nominalNs() % 1_000 == 0 ? Durations.format(s.nominalNs()) : time(s.nominalNs());
            b.append("  ").append(s.step()).append(": asked ").append(asked)
                    .append(", took ").append(Double.isNaN(s.meanNs()) ? "-" : time(s.meanNs()))
                    .append(" on average over ").append(s.count());
            if (s.nominalNs() > 0 && !Double.isNaN(s.meanNs())) {
                b.append(String.format(Locale.ROOT, " (%+.1f%%)", 100 * (s.meanNs() / s.nominalNs() - 1)));
            }
            b.append('\n');
        }
        List<Comparison.OutsideCpu> outside = i.comparison().outside();
        if (outside.isEmpty()) return;
        List<String> parts = new ArrayList<>();
        for (Comparison.OutsideCpu o : outside) parts.add(o.thread() + " " + time(o.perRoundNs()));
        b.append("  CPU a round outside the compute steps (the Python of the get, put, answer, sleep and lock calls, "
                + "which the model's steps do not spend, and the wake-ups of their waits): ")
                .append(String.join(", ", parts)).append('\n');
    }

    private static String verdicts(Comparison.Result c, boolean real) {
        List<String> parts = new ArrayList<>();
        for (Comparison.Row row : c.rows()) {
            Comparison.Side s = real ? row.real() : row.sim();
            parts.add(row.name() + " " + s.verdict().id + " (" + s.starvedRuns() + "/" + s.runs() + ")");
        }
        return String.join(", ", parts);
    }

    /** The worst agreement among the threads: DISAGREE, else too close to call, else agree. */
    private static String agreement(Comparison.Result c) {
        Comparison.Agreement worst = Comparison.Agreement.AGREE;
        for (Comparison.Row row : c.rows()) {
            if (row.agreement().compareTo(worst) > 0) worst = row.agreement();
        }
        return worst.words;
    }

    private static String nominals(Validation.Report r) {
        List<String> parts = new ArrayList<>();
        for (var t : r.threads()) {
            long n = Rounds.nominalRoundNs(t.program());
            parts.add(t.name() + " " + (n < 0 ? "none (no outer loop of finite length: never starves by this rule)"
                    : time(Rounds.saturatedAdd(r.starveAfterNs(), n)) + " (round " + time(n) + ")"));
        }
        return String.join(", ", parts);
    }

    static String ownVerdict(Validation.Report r) {
        List<String> parts = new ArrayList<>();
        for (var t : r.threads()) {
            long k = r.sim().stream().filter(s -> s.summary().starvedThreads().contains(t.name())).count();
            parts.add(t.name() + " starves in " + k + " of " + r.sim().size() + " seeds");
        }
        return String.join(", ", parts);
    }

    /**
     * Where each side's longest rounds lay, run by run, against the threshold: a split that straddles it on both
     * sides is a tail near the threshold, not two behaviours (docs/validation.md, "The verdict rule").
     */
    static String longestRounds(Comparison.Row row) {
        Stat real = row.real().maxNs();
        Stat sim = row.sim().maxNs();
        if (row.thresholdNs() < 0 || real.n() == 0 || sim.n() == 0) return "";
        return "; longest rounds real " + span(real) + ", sim " + span(sim) + ", threshold "
                + time(row.thresholdNs());
    }

    private static String span(Stat s) {
        String lo = time(s.min());
        String hi = time(s.max());
        return lo.equals(hi) ? lo : lo + ".." + hi;
    }

    /** Fisher's p, and where the interpreter's block tested more than this thread, Holm's correction of it. */
    static String fisherText(Comparison.Row row) {
        String raw = String.format(Locale.ROOT, "Fisher's exact p %.2g", row.fisherP());
        if (row.tested() < 2) return raw;
        return raw + String.format(Locale.ROOT, ", %.2g after Holm's correction over %d threads", row.holmP(),
                row.tested());
    }

    static String finalLine(Validation.Report r) {
        List<String> off = new ArrayList<>();
        List<String> close = new ArrayList<>();
        for (Validation.Interpreter i : r.interpreters()) {
            for (Comparison.Row row : i.comparison().rows()) {
                Comparison.Agreement a = row.agreement();
                if (a == Comparison.Agreement.AGREE) continue;
                (a == Comparison.Agreement.DISAGREE ? off : close).add(row.name() + " on " + label(i) + " ("
                        + counts(row) + longestRounds(row) + "; " + fisherText(row) + ")");
            }
        }
        String every = "every thread" + (r.interpreters().size() > 1 ? " and every interpreter" : "");
        String closeText = "too close to call: " + String.join("; ", close);
        if (!off.isEmpty()) {
            return "verdicts disagree: " + String.join("; ", off) + (close.isEmpty() ? "" : "; " + closeText);
        }
        return close.isEmpty() ? "verdicts agree on " + every : "no verdict disagrees; " + closeText;
    }

    /** Both sides' verdicts with how many runs starved: {@code real starves, 3 of 3 runs starved; sim mixed, 1 of 3}. */
    static String counts(Comparison.Row row) {
        return "real " + row.real().verdict().id + ", " + row.real().starvedRuns() + " of " + row.real().runs()
                + " runs starved; sim " + row.sim().verdict().id + ", " + row.sim().starvedRuns() + " of "
                + row.sim().runs();
    }

    static String rate(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v);
    }

    /** A duration to three significant digits, so that 2.00ms and 2.03ms differ: 850ns, 2.60us, 412us, 2.03ms, 1.50s. */
    static String time(double ns) {
        if (ns < 1e3) return String.format(Locale.ROOT, "%.0fns", ns);
        if (ns < 1e6) return sig(ns / 1e3) + "us";
        if (ns < 1e9) return sig(ns / 1e6) + "ms";
        return sig(ns / 1e9) + "s";
    }

    private static String sig(double v) {
        if (v >= 99.95) return String.format(Locale.ROOT, "%.0f", v);
        if (v >= 9.995) return String.format(Locale.ROOT, "%.1f", v);
        return String.format(Locale.ROOT, "%.2f", v);
    }

    static String share(double v) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * v);
    }
}
