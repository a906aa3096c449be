package gilsim.validate;

import gilsim.handoff.HandoffLog;
import gilsim.handoff.HandoffStats;
import gilsim.handoff.RaceSpeeds;
import gilsim.metrics.Stat;
import gilsim.report.SummaryJson;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A validation as one JSON object: the scenario, the rule, the simulated runs, and per interpreter its real runs
 * and, per thread, both sides' figures ({@link Stat}: n, mean, min, max, ci95_low, ci95_high; times in integer
 * ns, undefined values null), the ratios sim/real of the means, the KS distance and the verdicts.
 */
public final class ValidationJson {
    private ValidationJson() {}

    public static String of(Validation.Report r) {
        return SummaryJson.indented(tree(r));
    }

    public static Map<String, Object> tree(Validation.Report r) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("scenario", r.scenario().name());
        o.put("params", r.params().json());
        o.put("duration_ns", r.durationNs());
        o.put("scenario_duration_ns", r.scenarioDurationNs());
        o.put("real_duration_cap_ns", Validation.REAL_CAP_NS);
        o.put("repeat", r.repeat());
        o.put("sim_repeat", r.simRepeat());
        o.put("percentile_estimation", Comparison.ESTIMATION.name());
        o.put("verdict_rule", Comparison.RULE);
        o.put("starve_after_ns", r.starveAfterNs());
        List<Object> sim = new ArrayList<>();
        for (SimSide.Run s : r.sim()) {
            Map<String, Object> run = run(s.observation());
            run.put("seed", s.summary().seed());
            run.put("own_verdict", s.summary().verdict());
            run.put("own_starved_threads", s.summary().starvedThreads());
            sim.add(run);
        }
        o.put("sim_runs", sim);
        List<Object> interpreters = new ArrayList<>();
        for (Validation.Interpreter i : r.interpreters()) {
            Map<String, Object> it = new LinkedHashMap<>();
            it.put("python", i.python().toString());
            it.put("label", ValidationText.label(i));
            if (r.params().machine() != null) {
                it.put("profile_measured_on_another_python", ValidationText.profileMeasuredElsewhere(r, i) != null);
            }
            List<Object> runs = new ArrayList<>();
            for (Observation obs : i.runs()) runs.add(run(obs));
            it.put("real_runs", runs);
            List<Object> steps = new ArrayList<>();
            for (Comparison.StepLine s : i.comparison().steps()) {
                Map<String, Object> st = new LinkedHashMap<>();
                st.put("step", s.step());
                st.put("nominal_ns", s.nominalNs());
                st.put("mean_ns", Stat.num(s.meanNs(), true));
                st.put("count", s.count());
                steps.add(st);
            }
            it.put("steps", steps);
            List<Object> outside = new ArrayList<>();
            for (Comparison.OutsideCpu c : i.comparison().outside()) {
                Map<String, Object> ot = new LinkedHashMap<>();
                ot.put("thread", c.thread());
                ot.put("cpu_per_round_ns", Stat.num(c.perRoundNs(), true));
                ot.put("rounds", c.rounds());
                outside.add(ot);
            }
            it.put("cpu_outside_steps", outside);
            List<Object> threads = new ArrayList<>();
            for (Comparison.Row row : i.comparison().rows()) threads.add(row(row));
            it.put("threads", threads);
            List<LockComparison.Row> locks = LockComparison.of(i.runs(), ValidationText.simObservations(r));
            if (!locks.isEmpty()) it.put("locks", LockComparison.json(locks));
            RequestComparison.Result requests = RequestComparison.of(i.runs(), ValidationText.simObservations(r),
                    r.durationNs());
            if (requests != null) it.put("requests", RequestComparison.json(requests));
            it.put("agree", i.comparison().agree());
            if (r.handoffs()) {
                List<Object> recorded = new ArrayList<>();
                for (RealRun.Recorded rec : i.recorded()) recorded.add(run(rec.observation()));
                it.put("recorded_runs", recorded);
                putHandoffs(it, "handoffs", i.handoffs());
                it.put("traced", i.traced() == null ? null : i.traced().json());
                it.put("race_match", i.raceMatch() == null ? null : raceMatch(i.raceMatch()));
            }
            interpreters.add(it);
        }
        o.put("interpreters", interpreters);
        if (r.handoffs()) {
            putHandoffs(o, "sim_handoffs", r.simHandoffs());
            o.put("untraced", r.untraced());
        }
        o.put("agree", r.agree());
        return o;
    }

    /** One side's hand-off statistics under {@code key}, and its crowded drops run by run, second by second, by
     * the queue's quiet time and by the quiet time of sleepers on the requester's CPU under {@code key_by_run},
     * {@code key_race_speeds}, {@code key_by_quiet} and {@code key_by_same_core_quiet} (null without CPUs). */
    private static void putHandoffs(Map<String, Object> o, String key, List<HandoffLog> logs) {
        HandoffStats stats = HandoffStats.of(logs);
        List<HandoffStats.CrowdedRun> crowded = HandoffStats.crowdedByRun(logs);
        o.put(key, stats.json());
        o.put(key + "_by_run", json(crowded));
        o.put(key + "_race_speeds", RaceSpeeds.of(crowded).json());
        o.put(key + "_by_quiet", byQuiet(stats, false));
        o.put(key + "_by_same_core_quiet", byQuiet(stats, true));
    }

    /**
     * The model at the recorded runs' race ({@link RaceMatch}): its speeds and window, the requester's share real and
     * simulated there and at the cell's own window, and the recorded runs against the model there, thread by thread.
     */
    private static Map<String, Object> raceMatch(RaceMatch m) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("race", m.plain() ? "plain" : "recorded");
        o.put("fast_race_percent", m.params().count("fast_race_percent"));
        o.put("fast_race_reaction", m.params().count("fast_race_reaction"));
        o.put("wait_entry_ns", m.window().entryNs());
        o.put("wait_entry_jitter_ns", m.window().jitterNs());
        o.put("wait_entry_growth", m.window().growthPercent());
        o.put("real_crowded_forced_drops", m.share().realDrops());
        o.put("real_to_requester", m.share().realWon());
        o.put("sim_crowded_forced_drops", m.share().modelDrops());
        o.put("sim_to_requester", m.share().modelWon());
        o.put("sim_crowded_forced_drops_at_own_window", m.before().modelDrops());
        o.put("sim_to_requester_at_own_window", m.before().modelWon());
        List<Object> threads = new ArrayList<>();
        for (Comparison.Row row : m.compared().rows()) threads.add(row(row));
        o.put("threads", threads);
        o.put("agree", m.compared().agree());
        return o;
    }

    private static List<Map<String, Object>> json(List<HandoffStats.CrowdedRun> runs) {
        return runs.stream().map(HandoffStats.CrowdedRun::json).toList();
    }

    private static Map<String, Object> run(Observation obs) {
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("label", obs.label());
        run.put("wall_ns", obs.wallNs());
        List<Object> threads = new ArrayList<>();
        for (Observation.ThreadRounds t : obs.threads()) {
            Map<String, Object> th = new LinkedHashMap<>();
            th.put("name", t.name());
            th.put("rounds", t.roundNs().size());
            // This run's own round figures, as the table's means are made of (null with no completed round)
            boolean none = t.roundNs().isEmpty();
            th.put("round_p50_ns", none ? null : Math.round(Comparison.roundPercentile(t, 50)));
            th.put("round_p99_ns", none ? null : Math.round(Comparison.roundPercentile(t, 99)));
            th.put("round_max_ns", none ? null : Collections.max(t.roundNs()));
            th.put("cpu_share", t.cpuShare());
            threads.add(th);
        }
        run.put("threads", threads);
        if (obs.machine() != null) {
            Observation.Machine m = obs.machine();
            // Before and after; null where the platform gave none (so not List.of, which refuses nulls).
            run.put("load_average", Arrays.asList(Stat.num(m.loadBefore(), false),
                    Stat.num(m.loadAfter(), false)));
            run.put("host_steal", Stat.num(m.hostSteal(), false));
            run.put("cpu", m.cpu());
        }
        return run;
    }

    private static Map<String, Object> row(Comparison.Row row) {
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("name", row.name());
        t.put("nominal_round_ns", row.nominalRoundNs() < 0 ? null : row.nominalRoundNs());
        t.put("starve_threshold_ns", row.thresholdNs() < 0 ? null : row.thresholdNs());
        t.put("real", side(row.real()));
        t.put("sim", side(row.sim()));
        Map<String, Object> ratio = new LinkedHashMap<>();
        ratio.put("rounds_per_s", Stat.num(Comparison.Row.ratio(row.real().roundsPerSecond(),
                row.sim().roundsPerSecond()), false));
        ratio.put("round_p50", Stat.num(Comparison.Row.ratio(row.real().p50Ns(), row.sim().p50Ns()), false));
        ratio.put("round_p99", Stat.num(Comparison.Row.ratio(row.real().p99Ns(), row.sim().p99Ns()), false));
        ratio.put("round_max", Stat.num(Comparison.Row.ratio(row.real().maxNs(), row.sim().maxNs()), false));
        ratio.put("cpu_share", Stat.num(Comparison.Row.ratio(row.real().cpuShare(), row.sim().cpuShare()), false));
        t.put("ratio_sim_real", ratio);
        t.put("ks_distance", Stat.num(row.ks(), false));
        t.put("verdict_real", row.real().verdict().id);
        t.put("verdict_sim", row.sim().verdict().id);
        t.put("sim_own_starved_runs", row.simOwnStarved());
        t.put("agreement", row.agreement().id);
        t.put("fisher_p", Stat.num(row.fisherP(), false));
        t.put("fisher_p_holm", Stat.num(row.holmP(), false));
        t.put("holm_tested", row.tested());
        t.put("agree", row.agree());
        return t;
    }

    private static Map<String, Object> side(Comparison.Side s) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("runs", s.runs());
        o.put("rounds", s.rounds());
        o.put("rounds_per_s", s.roundsPerSecond().json(false));
        o.put("round_p50_ns", s.p50Ns().json(true));
        o.put("round_p99_ns", s.p99Ns().json(true));
        o.put("round_max_ns", s.maxNs().json(true));
        o.put("cpu_share", s.cpuShare().json(false));
        o.put("starved_runs", s.starvedRuns());
        return o;
    }

    /** The bands of the rule {@code sameCore}, or null when there are none (no CPUs recorded). */
    private static List<Object> byQuiet(HandoffStats s, boolean sameCore) {
        List<HandoffStats.QuietBand> bands = s.byQuiet(sameCore);
        if (bands.isEmpty()) return null;
        List<Object> out = new ArrayList<>();
        for (HandoffStats.QuietBand b : bands) out.add(b.json(sameCore));
        return out;
    }
}