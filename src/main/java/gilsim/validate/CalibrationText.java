package gilsim.validate;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import gilsim.handoff.EntryFit;
import gilsim.handoff.HandoffStats;
import gilsim.handoff.HandoffText;
import gilsim.handoff.RaceSpeeds;
import gilsim.handoff.SchedTrace;
import gilsim.sim.Durations;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** The report of {@code gilsim calibrate}: text for people, one JSON object for programs. */
public final class CalibrationText {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final double[] QS = {0.0, 0.1, 0.5, 0.9, 0.99, 1.0};
    /**
     * The rare race's requester share, real against the model's, is called out past this many points when both
     * sides have at least {@link #SHARE_NOTE_DROPS} drops: three standard errors of a share near one half over 100
     * drops, and the size of the difference that left latency-2's main short (docs/validation.md).
     */
    static final double SHARE_NOTE_POINTS = 15;
    static final long SHARE_NOTE_DROPS = 100;

    private CalibrationText() {}

    /**
     * @param warning a line on how to read the figures (a busy machine measured with --force), or null
     * @param out     where the profile was written, or null
     */
    public static String text(Calibration.Measured m, PinnedHandoff.Measured pinned, CrowdedRace.Measured crowd,
            CalibrationProfile p, String warning, Path out) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "gilsim calibrate: %s %s (%s), %d cores (%s), load %s before / %s after, "
                + "took %.1f s%s%n", m.implementation(), m.python(), m.executable(), m.cores(), m.cpu(),
                Calibration.fmt2(m.loadBefore()), Calibration.fmt2(m.loadAfter()), m.tookNs() / 1e9,
                m.quick() ? " (--quick)" : ""));
        if (warning != null) b.append("warning: ").append(warning).append('\n');
        b.append('\n');
        b.append(String.format(Locale.ROOT, "The release race: a worker (core %d) computes %s, then releases the GIL "
                + "for L; a CPU-bound waiter (core %d) is woken by each release.%nThe waiter's share of the releases "
                + "is the wake-up latency's CDF at L; fitted: made non-decreasing by isotonic regression.%n",
                m.workerCore(), Durations.human(m.computeNs()), m.waiterCore()));
        double[] fitted = fitted(m.race());
        b.append(String.format(Locale.ROOT, "  %-9s %9s %11s %7s %7s  %s%n", "L", "releases", "waiter won", "share",
                "fitted", "a lost release took (p50)"));
        for (int i = 0; i < m.race().size(); i++) {
            Calibration.RacePoint r = m.race().get(i);
            b.append(String.format(Locale.ROOT, "  %-9s %9d %11d %7.3f %7.3f  %s%n", Durations.human(r.releaseNs()),
                    r.releases(), r.wins(), r.share(), fitted[i],
                    r.lostWallP50Ns() < 0 ? "-" : Durations.human(r.lostWallP50Ns())));
        }
        if (!m.raceUnpinned().isEmpty()) {
            b.append("The same race unpinned (the kernel places both threads; for reading, not in the profile):\n");
            b.append("  ");
            for (Calibration.RacePoint r : m.raceUnpinned()) {
                b.append(String.format(Locale.ROOT, "%s %.3f (n=%d)   ", Durations.human(r.releaseNs()), r.share(),
                        r.releases()));
            }
            b.setLength(b.length() - 3);
            b.append('\n');
        }
        b.append('\n');
        b.append(String.format(Locale.ROOT, "Wake-up latency directly (Condition.notify to the waiter running on the "
                + "other core, n=%d):%n  %s%n", m.directNs().length, quantiles(m.directNs())));
        b.append("Wake-up latency from the race (the profile's table, linear between points):\n  ");
        for (double q : new double[] {0.1, 0.5, 0.9}) {
            b.append(String.format(Locale.ROOT, "p%d %s   ", Math.round(q * 100), Durations.human(p.latencyAt(q))));
        }
        b.setLength(b.length() - 3);
        b.append('\n');
        long direct50 = Calibration.quantile(m.directNs(), 0.5);
        if (direct50 > 0) {
            b.append(String.format(Locale.ROOT, "  cross-check: race median %s, direct median %s (ratio %.2f).%n"
                    + "  The race's latency is an effective one: the waker's own cost of signalling counts for the "
                    + "waiter%n  (a lost release of the shortest L took %s in all); the direct one includes taking "
                    + "the GIL.%n", Durations.human(p.latencyAt(0.5)), Durations.human(direct50),
                    p.latencyAt(0.5) / (double) direct50, m.race().isEmpty() || m.race().get(0).lostWallP50Ns() < 0
                            ? "?" : Durations.human(m.race().get(0).lostWallP50Ns())));
        }
        for (String n : p.notes()) b.append("  note: ").append(n).append('\n');
        b.append('\n');
        b.append(String.format(Locale.ROOT, "Timed wait of %s (threading.Lock().acquire(timeout=...) on a held lock, "
                + "n=%d), lateness:%n  %s%n", Durations.human(m.timedWaitNs()), m.latenessNs().length,
                quantiles(m.latenessNs())));
        b.append(String.format(Locale.ROOT, "Preemption on a shared core (both threads on core %d): %d of %d woken "
                + "threads ran before the waker's %s spin ended: %.3f%n", m.preemptCore(), m.preempted(),
                m.preemptRounds(), Durations.human(m.preemptSpinNs()), m.preemptProbability()));
        pinned(b, pinned);
        Calibration.Background bg = m.background();
        if (bg != null) {
            b.append(String.format(Locale.ROOT, "The machine's own background (a process on each core spinning on the "
                    + "clock, all at once for %s, then core %d alone for %s;%na gap is time the core ran something "
                    + "else):%n", Durations.human(bg.busyNs()), bg.aloneCore(), Durations.human(bg.aloneNs())));
            for (int i = 0; i < bg.cores().size(); i++) {
                b.append("  core ").append(bg.cores().get(i)).append(": ")
                        .append(gaps(bg.gapsNs().get(i), bg.lostNs()[i], bg.busyNs())).append('\n');
            }
            b.append("  core ").append(bg.aloneCore()).append(" alone: ")
                    .append(gaps(bg.aloneGapsNs(), bg.aloneLostNs(), bg.aloneNs())).append('\n');
        }
        b.append('\n');
        crowded(b, crowd);
        b.append('\n');
        b.append(out == null ? "The profile (not written; give --out FILE.yaml to keep it):\n"
                : "The profile, written to " + out + ":\n");
        b.append(p.yaml());
        return b.toString();
    }

    /** The traced pinned hand-off, or why it was not traced, and which share the profile took. */
    private static void pinned(StringBuilder b, PinnedHandoff.Measured pinned) {
        SchedTrace.PinnedHandoffs h = pinned.handoffs();
        if (h == null) {
            b.append("The pinned hand-off was not traced (").append(pinned.skipped())
                    .append("): preempt_probability is the share above.\n");
            return;
        }
        b.append(String.format(Locale.ROOT, "The pinned hand-off (short-release, pinned=true, %s, the scheduler "
                + "traced): %d wake-ups of main by the%n  worker onto its core (the drop's signal, the release of gil->mutex), "
                + "%d went on: %.3f%n", Durations.human(pinned.runNs()), h.wakeUps(), h.keptOn(), h.keptOnShare()));
        b.append(String.format(Locale.ROOT, "  hand-offs lost: %d of %d (%s); after a lost one %d of %d (%s), after a "
                + "won one %d of %d (%s)%n", h.lost(), h.handoffs(), percent(h.lost(), h.handoffs()), h.lostAfterLost(),
                h.afterLost(), percent(h.lostAfterLost(), h.afterLost()), h.lostAfterWon(), h.afterWon(),
                percent(h.lostAfterWon(), h.afterWon())));
        if (!pinned.usable()) {
            b.append("  under ").append(PinnedHandoff.MIN_WAKE_UPS)
                    .append(" wake-ups: preempt_probability is the share above.\n");
            return;
        }
        long soon = h.soonAfterLoss();
        b.append(String.format(Locale.ROOT, "  in a window of %s after a loss: %d wake-ups, %d lost (%s); the others "
                + "went on: %.3f%n", Durations.human(PinnedHandoff.REFUSAL_WINDOW_NS), soon,
                soon - h.keptOnSoonAfterLoss(), percent(soon - h.keptOnSoonAfterLoss(), soon),
                h.keptOnShareOtherwise()));
        b.append(pinned.windowUsable() ? "  preempt_probability is the others' share, refusal_after_probability the "
                + "window's share lost\n  (docs/calibration.md, section 4).\n"
                : "  preempt_probability is the share of all; under " + PinnedHandoff.MIN_SOON_AFTER_LOSS
                + " wake-ups in the window, so the profile has no\n  refusal_window: the model draws each wake-up "
                + "alone.\n");
    }

    private static String percent(long part, long whole) {
        return whole == 0 ? "-" : String.format(Locale.ROOT, "%.1f %%", 100.0 * part / whole);
    }

    /** One core's gaps of 1 ms or more over {@code ns}: how many, how often, their mean; its longest; the time lost. */
    private static String gaps(long[] sortedNs, long lostNs, long ns) {
        long[] load = CalibrationProfile.loadGaps(sortedNs);
        return String.format(Locale.ROOT, "%d gaps of 1 ms or more (%.2f/s, mean %s), longest %s, %.2f %% of the time "
                + "lost", load.length, load.length / (ns / 1e9), load.length == 0 ? "-"
                : Durations.human(Math.round(Arrays.stream(load).average().orElse(0))),
                sortedNs.length == 0 ? "under " + Durations.human(Calibration.Background.KEPT_NS)
                        : Durations.human(sortedNs[sortedNs.length - 1]),
                100.0 * lostNs / ns);
    }

    private static void crowded(StringBuilder b, CrowdedRace.Measured c) {
        if (c.skipped() != null) {
            b.append("The crowded races were not recorded: ").append(c.skipped()).append('\n');
            return;
        }
        b.append("The crowded races, recorded through the hand-off recorder. After a forced drop with a third "
                + "thread\nwaiting, the requester's share of the GIL at the run's median gap from its re-wait to "
                + "the drop:\n");
        race(b, CrowdedRace.Race.FREQUENT, c.runs(), c.runNs());
        race(b, CrowdedRace.Race.RARE, c.rareRuns(), c.rareRunNs());
        if (!c.bothTraced()) {
            b.append("  no plain runs (").append(c.untraced()).append("): the window is fitted to the recorded "
                    + "runs' shares,\n  and the recorder moves the race (docs/calibration.md, section 5)\n");
        } else {
            b.append("  read from the kernel's scheduler trace, plain runs (nothing preloaded) / the recorded runs, "
                    + "the requester's share:\n");
            traced(b, "frequent", c.traced());
            traced(b, "rare", c.tracedRare());
            b.append("  the window is fitted to the recorded runs' shares moved by that difference (the recorder's "
                    + "cost)\n");
        }
        long[] late = c.timedOutLateNs();
        if (late.length > 0) {
            b.append(String.format(Locale.ROOT, "  their timed waits that ran out returned after the deadline (n=%d; "
                            + "reported, not written): p1 %s  p10 %s  p50 %s  p90 %s  p99 %s  max %s%n", late.length,
                    at(late, 1), at(late, 10), at(late, 50), at(late, 90), at(late, 99),
                    Durations.human(late[late.length - 1])));
        }
        RaceFit f = c.fit();
        if (f == null) {
            b.append("  no run of the frequent race had such a drop: the profile leaves the crowded race's keys at "
                    + "the model's defaults\n");
            return;
        }
        b.append(String.format(Locale.ROOT, "  fitted (docs/calibration.md, section 5): the frequent race's gaps under "
                        + "%s, p10 / p50 %.2f / %.2f us%s;\n  the model's %.2f / %.2f us with checkpoint %s and "
                        + "drop_reaction %s; the requester's window\n  wait_entry %s +- %s, %d %% longer per doubling "
                        + "of %s since %s last called wait: the model's requester\n  has each race's real share at the "
                        + "speeds written (fast_race_percent, below); drop by drop\n  (%d drops) the likeliest "
                        + "window is %s, %d %%%n",
                Durations.format(RaceFit.SHORT_GAP_NS), f.realGapP10Ns() / 1e3, f.realGapP50Ns() / 1e3,
                f.speeds().two() ? " (its slow seconds)" : "",
                f.modelGapP10Ns() / 1e3, f.modelGapP50Ns() / 1e3,
                Durations.format(f.checkpointNs()), Durations.format(f.dropReactionNs()),
                Durations.format(f.window().entryNs()), Durations.format(f.window().jitterNs()),
                f.window().growthPercent(), Durations.format(RaceFit.quietAfterNs()),
                f.entry().sameCore() ? "another waiter on the requester's CPU" : "another waiter",
                f.entry().drops(), Durations.format(f.entry().entryNs()), f.entry().growthPercent()));
        EntryFit.Fit o = f.otherRule();
        b.append(o == null ? "  the recordings had no CPUs: the quiet time counts every other waiter\n"
                : String.format(Locale.ROOT, "  wait_entry_same_core %s: log-likelihood %.1f, against %.1f for %s "
                        + "(wait_entry %s, %d %%)%n", f.entry().sameCore(), f.entry().logLikelihood(),
                o.logLikelihood(), o.sameCore() ? "waiters on the requester's CPU" : "every waiter",
                Durations.format(o.entryNs()), o.growthPercent()));
        RaceSpeeds s = f.speeds();
        b.append("  second by second, the frequent race ran at ").append(HandoffText.speeds(s)).append(s.two()
                ? String.format(Locale.ROOT, ":%n  fast_race_percent %d (%d %% of its seconds, %d %% of the rare "
                        + "race's runs), fast_race_reaction %d,%n  checkpoint and drop_reaction fitted to the slow "
                        + "seconds%n", f.fastPercent(), s.fastPercent(), f.rareFastPercent(), s.fastReactionPercent())
                : ": fast_race_percent 0\n");
        RaceFit.BySpeed v = f.frequentBySpeed();
        if (v != null) {
            b.append(String.format(Locale.ROOT, "  the frequent race's requester at each speed, recorded / the model's at "
                            + "these keys: fast %.0f %% of %d / %.0f %% of %d, slow %.0f %% of %d / %.0f %% of %d; "
                            + "the speeds %.0f / %.0f points apart%n", v.realFastPercent(), v.realFastDrops(),
                    v.modelFastPercent(), v.modelFastDrops(), v.realSlowPercent(), v.realSlowDrops(),
                    v.modelSlowPercent(), v.modelSlowDrops(), v.realFastPercent() - v.realSlowPercent(),
                    v.modelFastPercent() - v.modelSlowPercent()));
        }
        b.append(String.format(Locale.ROOT, "  the requester's share of the crowded forced drops, real%s / the model's at "
                + "these keys: frequent %s; rare %s%n", f.plainShares() ? " (the plain race's)" : "",
                share(f.frequentShare()), share(f.rareShare())));
        String note = shareNote(f.rareShare());
        if (note != null) b.append("  note: ").append(note).append('\n');
    }

    /**
     * What a rare race whose requester share in the model is far from the real one means for a user, or null when
     * the two are within {@link #SHARE_NOTE_POINTS} or either side has too few drops to say.
     */
    static String shareNote(RaceFit.Share rare) {
        if (rare.realDrops() < SHARE_NOTE_DROPS || rare.modelDrops() < SHARE_NOTE_DROPS
                || Math.abs(rare.realPercent() - rare.modelPercent()) <= SHARE_NOTE_POINTS) {
            return null;
        }
        boolean less = rare.modelPercent() < rare.realPercent();
        return "the model's one window gives the rare race's requester " + (less ? "less" : "more") + " than the "
                + "real one had: a latency-sensitive thread's GIL waits beside spinners will come out "
                + (less ? "short" : "long") + " (docs/calibration.md, section 5)";
    }

    /** "64 % of 311 / 24 % of 150", a dash for a side without drops. */
    private static String share(RaceFit.Share s) {
        return side(s.realWon(), s.realDrops()) + " / " + side(s.modelWon(), s.modelDrops());
    }

    /** The race's runs read from the scheduler's trace (plain and recorded), or null when not traced. */
    private static void traced(ObjectNode o, String key, CrowdedRace.Traced t) {
        if (t == null) {
            o.putNull(key);
            return;
        }
        o.set(key, JSON.valueToTree(t.json()));
    }

    private static void share(ObjectNode o, RaceFit.Share s) {
        o.put("real_to_requester", s.realWon());
        o.put("real_drops", s.realDrops());
        o.put("model_to_requester", s.modelWon());
        o.put("model_drops", s.modelDrops());
    }

    private static String side(long won, long drops) {
        return drops == 0 ? "-" : String.format(Locale.ROOT, "%.0f %% of %d", 100.0 * won / drops, drops);
    }

    private static String at(long[] sorted, double p) {
        return Durations.human(HandoffStats.percentile(sorted, p));
    }

    private static void traced(StringBuilder b, String race, CrowdedRace.Traced t) {
        b.append(String.format(Locale.ROOT, "    %s %s / %s: %+.0f points%n", race, pooled(t.plain()),
                pooled(t.recorded()), t.recorderCostPoints()));
        b.append(HandoffText.timerWakes(HandoffStats.CrowdedRun.pooled(t.plain()), "      "));
    }

    private static String pooled(List<HandoffStats.CrowdedRun> runs) {
        HandoffStats.CrowdedRun r = HandoffStats.CrowdedRun.pooled(runs);
        return side(r.toRequester(), r.drops());
    }

    private static void race(StringBuilder b, CrowdedRace.Race race, List<HandoffStats.CrowdedRun> runs, long runNs) {
        b.append(String.format(Locale.ROOT, "  %s: %s,%n    %d runs of %s: %s%n", race.name().toLowerCase(Locale.ROOT),
                race.description, runs.size(), Durations.human(runNs), HandoffText.crowded(runs)));
    }

    /** The report as one JSON object. */
    public static String json(Calibration.Measured m, PinnedHandoff.Measured pinned, CrowdedRace.Measured crowd,
            CalibrationProfile p, String warning, Path out) {
        ObjectNode o = JSON.createObjectNode();
        o.put("python", m.python());
        o.put("implementation", m.implementation());
        o.put("executable", m.executable());
        o.put("cores", m.cores());
        o.put("cpu", m.cpu());
        o.put("load_before", m.loadBefore());
        o.put("load_after", m.loadAfter());
        o.put("took_ns", m.tookNs());
        o.put("quick", m.quick());
        if (warning == null) o.putNull("warning");
        else o.put("warning", warning);
        ObjectNode race = o.putObject("race");
        race.put("worker_core", m.workerCore());
        race.put("waiter_core", m.waiterCore());
        race.put("compute_ns", m.computeNs());
        race.set("points", points(m.race(), fitted(m.race())));
        o.set("race_unpinned", points(m.raceUnpinned(), null));
        o.set("direct_ns", quantileNode(m.directNs()));
        ObjectNode tw = o.putObject("timed_wait");
        tw.put("timeout_ns", m.timedWaitNs());
        tw.set("lateness_ns", quantileNode(m.latenessNs()));
        ObjectNode pre = o.putObject("preempt");
        pre.put("core", m.preemptCore());
        pre.put("rounds", m.preemptRounds());
        pre.put("preempted", m.preempted());
        pre.put("spin_ns", m.preemptSpinNs());
        pre.put("probability", m.preemptProbability());
        o.set("pinned_handoff", JSON.valueToTree(pinned.json()));
        Calibration.Background bg = m.background();
        if (bg == null) {
            o.putNull("background");
        } else {
            ObjectNode back = o.putObject("background");
            back.put("busy_ns", bg.busyNs());
            ArrayNode cores = back.putArray("cores");
            for (int i = 0; i < bg.cores().size(); i++) {
                gaps(cores.addObject().put("core", bg.cores().get(i)), bg.gapsNs().get(i), bg.lostNs()[i]);
            }
            back.put("alone_ns", bg.aloneNs());
            gaps(back.putObject("alone").put("core", bg.aloneCore()), bg.aloneGapsNs(), bg.aloneLostNs());
        }
        ObjectNode crowded = o.putObject("crowded");
        if (crowd.skipped() == null) crowded.putNull("skipped");
        else crowded.put("skipped", crowd.skipped());
        crowded.put("run_ns", crowd.runNs());
        ArrayNode runs = crowded.putArray("runs");
        for (HandoffStats.CrowdedRun r : crowd.runs()) runs.add(JSON.valueToTree(r.json()));
        crowded.put("rare_run_ns", crowd.rareRunNs());
        ArrayNode rare = crowded.putArray("rare_runs");
        for (HandoffStats.CrowdedRun r : crowd.rareRuns()) rare.add(JSON.valueToTree(r.json()));
        traced(crowded, "traced", crowd.traced());
        traced(crowded, "traced_rare", crowd.tracedRare());
        if (!crowd.bothTraced()) crowded.put("untraced", crowd.untraced());
        else crowded.putNull("untraced");
        ObjectNode late = crowded.putObject("timed_out_late"); // how late timed waits that ran out returned
        late.put("waits", crowd.timedOutLateNs().length);
        for (int pc : new int[] {1, 10, 50, 90, 99}) {
            late.put("p" + pc + "_ns", crowd.timedOutLateNs().length == 0 ? null
                    : HandoffStats.percentile(crowd.timedOutLateNs(), pc));
        }
        RaceFit f = crowd.fit();
        if (f == null) {
            crowded.putNull("fit");
        } else {
            ObjectNode fit = crowded.putObject("fit");
            fit.put("real_gap_p10_ns", f.realGapP10Ns());
            fit.put("real_gap_p50_ns", f.realGapP50Ns());
            fit.put("model_gap_p10_ns", f.modelGapP10Ns());
            fit.put("model_gap_p50_ns", f.modelGapP50Ns());
            fit.put("drops", f.entry().drops());
            fit.put("frequent_fast_percent", f.speeds().fastPercent());
            fit.put("rare_fast_percent", f.rareFastPercent());
            fit.put("likelihood_wait_entry_ns", f.entry().entryNs());
            fit.put("likelihood_wait_entry_growth", f.entry().growthPercent());
            fit.put("wait_entry_same_core", f.entry().sameCore());
            fit.put("log_likelihood", f.entry().logLikelihood());
            if (f.otherRule() == null) {
                fit.putNull("other_rule_log_likelihood");
            } else {
                fit.put("other_rule_log_likelihood", f.otherRule().logLikelihood());
            }
            RaceFit.BySpeed v = f.frequentBySpeed();
            if (v == null) {
                fit.putNull("frequent_by_speed");
            } else {
                var bySpeed = fit.putObject("frequent_by_speed");
                bySpeed.put("real_fast_to_requester", v.realFastWon());
                bySpeed.put("real_fast_drops", v.realFastDrops());
                bySpeed.put("real_slow_to_requester", v.realSlowWon());
                bySpeed.put("real_slow_drops", v.realSlowDrops());
                bySpeed.put("model_fast_to_requester", v.modelFastWon());
                bySpeed.put("model_fast_drops", v.modelFastDrops());
                bySpeed.put("model_slow_to_requester", v.modelSlowWon());
                bySpeed.put("model_slow_drops", v.modelSlowDrops());
            }
            share(fit.putObject("frequent_share"), f.frequentShare());
            share(fit.putObject("rare_share"), f.rareShare());
            fit.put("shares_from", f.plainShares() ? "plain" : "recorded");
        }
        ObjectNode prof = o.putObject("profile");
        ArrayNode q = prof.putArray("wake_latency_quantiles");
        for (CalibrationProfile.Point pt : p.wakeLatency()) q.addArray().add(pt.p()).add(pt.ns());
        prof.put("timer_slack_ns", p.timerSlackNs());
        prof.put("preempt_probability", p.preemptProbability());
        if (p.refusalWindowNs() > 0) {
            prof.put("refusal_window_ns", p.refusalWindowNs());
            prof.put("refusal_after_probability", p.refusalAfterProbability());
        }
        ObjectNode keys = prof.putObject("race_keys"); // as the profile's YAML: durations in ns, growth in per cent
        p.raceKeys().forEach(keys::put);
        if (p.waitEntrySameCore() != null) keys.put("wait_entry_same_core", p.waitEntrySameCore());
        ObjectNode rules = prof.putObject("model"); // the rules the race was fitted under (--set), as written
        p.model().forEach(rules::put);
        if (p.background() == null) {
            prof.putNull("background");
        } else {
            prof.putObject("background").put("load_gap_ns", p.background().gapNs())
                    .put("load_run_ns", p.background().runNs()).put("load_idle_first", p.background().idleFirst());
        }
        prof.put("source", p.source());
        ArrayNode notes = prof.putArray("notes");
        p.notes().forEach(notes::add);
        prof.put("yaml", p.yaml());
        if (out == null) o.putNull("out");
        else o.put("out", out.toString());
        return o.toString();
    }

    /** A core's gaps of 1 ms or more (count, mean, each), its longest gap and the time it lost, into {@code o}. */
    private static void gaps(ObjectNode o, long[] sortedNs, long lostNs) {
        long[] load = CalibrationProfile.loadGaps(sortedNs);
        o.put("gaps_1ms", load.length);
        ArrayNode each = o.putArray("gaps_1ms_ns");
        for (long g : load) each.add(g);
        if (sortedNs.length == 0) o.putNull("longest_ns");
        else o.put("longest_ns", sortedNs[sortedNs.length - 1]);
        o.put("lost_ns", lostNs);
    }

    private static ArrayNode points(List<Calibration.RacePoint> pts, double[] fitted) {
        ArrayNode a = JSON.createArrayNode();
        for (int i = 0; i < pts.size(); i++) {
            Calibration.RacePoint r = pts.get(i);
            ObjectNode n = a.addObject();
            n.put("release_ns", r.releaseNs());
            n.put("releases", r.releases());
            n.put("wins", r.wins());
            n.put("forced", r.forced());
            n.put("share", r.share());
            if (fitted != null) n.put("fitted", fitted[i]);
            n.put("lost_release_wall_p50_ns", r.lostWallP50Ns());
        }
        return a;
    }

    private static ObjectNode quantileNode(long[] sorted) {
        ObjectNode n = JSON.createObjectNode();
        n.put("n", sorted.length);
        for (double q : QS) n.put(label(q), Calibration.quantile(sorted, q));
        return n;
    }

    private static String quantiles(long[] sorted) {
        if (sorted.length == 0) return "no sample";
        StringBuilder b = new StringBuilder();
        for (double q : QS) {
            b.append(label(q)).append(' ').append(Durations.human(Calibration.quantile(sorted, q))).append("   ");
        }
        return b.substring(0, b.length() - 3);
    }

    private static String label(double q) {
        return q == 0.0 ? "min" : q == 1.0 ? "max" : "p" + Math.round(q * 100);
    }

    /** The race's shares made non-decreasing, in the points' own order (the script sends them by L). */
    static double[] fitted(List<Calibration.RacePoint> pts) {
        double[] y = new double[pts.size()];
        double[] w = new double[pts.size()];
        for (int i = 0; i < y.length; i++) {
            y[i] = pts.get(i).share();
            w[i] = pts.get(i).releases();
        }
        return CalibrationProfile.isotonic(y, w);
    }
}
