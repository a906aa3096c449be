package gilsim.validate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import gilsim.handoff.HandoffStats;
import gilsim.handoff.SchedTrace;
import gilsim.scenario.InputError;
import gilsim.scenario.MachineProfile;
import gilsim.sim.Durations;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Java side of {@code gilsim calibrate}: the quantile table from race shares, the YAML, the parsing. */
class CalibrationTest {
    private static final PinnedHandoff.Measured NOT_TRACED = PinnedHandoff.Measured.skipped("test");

    /** The model's rules before 2026-12-05, for the hand-made races drawn for them. */
    private static final java.util.Map<String, String> OLD_RULES = java.util.Map.of("timer_expiry", "uniform",
            "run_to_parity", "false", "run_queue", "shared", "wake_move_percent", "86", "signal_move_percent", "43",
            "migration_cost", "0ns");

    private static Calibration.RacePoint pt(long ns, long n, long wins) {
        return new Calibration.RacePoint(ns, n, wins, 0, ns + 18_000);
    }

    /** A race as one run on this machine gave it: a dip at 600 us, a shortest release the waiter never won. */
    private static List<Calibration.RacePoint> race() {
        return List.of(pt(993, 300, 0), pt(2_000, 300, 2), pt(5_000, 300, 1), pt(10_000, 300, 7),
                pt(20_000, 300, 63), pt(40_000, 300, 216), pt(80_000, 300, 255), pt(150_000, 300, 264),
                pt(300_000, 300, 277), pt(600_000, 300, 264));
    }

    private static Calibration.Measured measured(List<Calibration.RacePoint> race, long[] direct) {
        return new Calibration.Measured("3.11.7", "CPython", "/usr/bin/python3", 2, "AMD EPYC", 0.42, 0.95,
                38_200_000_000L,
                false, 5_000_000, 4.9, 0, 1, 1_000_000, race, List.of(), direct, 5_000_000,
                new long[] {20_000, 40_000, 50_000, 59_600}, 60_000, 1, 100, 89, 50_000, null);
    }

    /** Two cores busy for 10 s, then core 0 alone for 5 s; gaps of 0.5 ms and more per core, in ns. */
    private static Calibration.Background background(long[] core0, long[] core1, long[] alone) {
        return new Calibration.Background(10_000_000_000L, List.of(0, 1), List.of(core0, core1),
                new long[] {9_000_000, 8_000_000}, 0, 5_000_000_000L, alone, 1_500_000);
    }

    /**
     * Worked by hand: four gaps of 1 ms or more (1, 2, 3 and 4 ms; the 0.6 and 0.9 ms ones do not count) in 20
     * core-seconds give a load every 5 s per core, of 2.5 ms. Busy, each core had 0.2 such gaps a second; the core
     * alone may have at most half that (0.1/s, so none in its 5 s) for the work to count as going to idle cores first.
     */
    @Test
    void theBackgroundsGapsOfAMillisecondOrMoreGiveTheLoad() {
        long[] c0 = {600_000, 1_000_000, 3_000_000};
        long[] c1 = {900_000, 2_000_000, 4_000_000};
        List<String> notes = new ArrayList<>();
        assertEquals(new MachineProfile.Background(5_000_000_000L, 2_500_000, true),
                CalibrationProfile.background(background(c0, c1, new long[] {700_000}), notes));
        assertEquals(List.of("the background's load rests on 4 gap(s) of 1 ms or more: measure longer (hiccup.py, "
                + "tools/bgload) for a steadier load_gap"), notes);
        assertEquals(new MachineProfile.Background(5_000_000_000L, 2_500_000, false),
                CalibrationProfile.background(background(c0, c1, new long[] {1_500_000}), new ArrayList<>()));
        List<String> quiet = new ArrayList<>();
        assertEquals(new MachineProfile.Background(0, 0, false), CalibrationProfile.background(
                background(new long[] {600_000}, new long[0], new long[0]), quiet));
        assertEquals(List.of("no core lost its spinner for 1 ms or more in 10.00 s: no background load (load_gap "
                + "0ns)"), quiet);
    }

    /** The profile writes the background's keys (or nothing when not measured), and --machine reads them back. */
    @Test
    void theBackgroundIsWrittenAndReadBack() throws Exception {
        Calibration.Measured m = measured(race(), new long[] {50_000});
        long[] many = new long[30];
        Arrays.fill(many, 1_234_567);
        Calibration.Measured loaded = new Calibration.Measured(m.python(), m.implementation(), m.executable(),
                m.cores(), m.cpu(), m.loadBefore(), m.loadAfter(), m.tookNs(), m.quick(), m.switchIntervalNs(),
                m.crcBytesPerNs(), m.workerCore(), m.waiterCore(), m.computeNs(), m.race(), m.raceUnpinned(),
                m.directNs(), m.timedWaitNs(), m.latenessNs(), m.kernelSlackNs(), m.preemptCore(), m.preemptRounds(),
                m.preempted(), m.preemptSpinNs(), background(many, many, new long[0]));
        CalibrationProfile p = CalibrationProfile.of(loaded, CrowdedRace.Measured.skipped("test"), Instant.EPOCH);
        // 60 gaps in 20 core-seconds: one every 333 ms per core, of 1.235 ms on average
        assertTrue(p.yaml().endsWith("# the machine's own background (docs/calibration.md, section 6)\n"
                + "load_gap: 333ms             # each busy core lost its CPU for 1 ms or more this often,\n"
                + "load_run: 1235us            # for this long on average;\n"
                + "load_idle_first: true       # and seldom while another core was idle\n"), p.yaml());
        assertEquals(new MachineProfile.Background(333_000_000, 1_235_000, true),
                MachineProfile.parse("p.yaml", p.yaml()).background());
        assertFalse(CalibrationProfile.of(m, CrowdedRace.Measured.skipped("test"), Instant.EPOCH).yaml()
                .contains("load_gap"), "not measured: not written");
        // the report: each busy core's gaps of 1 ms or more, its longest and its time lost; then the core alone
        String text = CalibrationText.text(loaded, NOT_TRACED, CrowdedRace.Measured.skipped("test"), p, null, null);
        assertTrue(text.contains("\n  core 1: 30 gaps of 1 ms or more (3.00/s, mean 1.2 ms), longest 1.2 ms, 0.08 % of "
                + "the time lost\n  core 0 alone: 0 gaps of 1 ms or more (0.00/s, mean -), longest under 500 us, 0.03 % "
                + "of the time lost\n"), text);
        JsonNode json = new ObjectMapper().readTree(CalibrationText.json(loaded, NOT_TRACED,
                CrowdedRace.Measured.skipped("test"),
                p, null, null));
        assertEquals(30, json.get("background").get("cores").get(1).get("gaps_1ms").asInt());
        assertEquals(333_000_000L, json.get("profile").get("background").get("load_gap_ns").asLong());
    }

    /** Gaps mixed at a share: a quarter of the time fast (all 100 ns), the rest slow (all 400 ns). */
    @Test
    void gapsOfTwoSpeedsMixAtTheFastShare() {
        long[] mixed = RaceFit.mix(new long[] {400, 400, 400}, new long[] {100}, 25);
        assertEquals(RaceFit.MIXED_GAPS, mixed.length);
        assertEquals(RaceFit.MIXED_GAPS / 4, java.util.Arrays.stream(mixed).filter(g -> g == 100).count());
        assertEquals(3 * RaceFit.MIXED_GAPS / 4, java.util.Arrays.stream(mixed).filter(g -> g == 400).count());
        for (int k = 1; k < mixed.length; k++) assertTrue(mixed[k - 1] <= mixed[k], "sorted");
    }

    @Test
    void isotonicPoolsAdjacentViolatorsByWeight() {
        assertArrayEquals(new double[] {1, 2, 3}, CalibrationProfile.isotonic(new double[] {1, 2, 3},
                new double[] {1, 1, 1}), 1e-12);
        // 0.3 then 0.1 with weights 1 and 3 pool to 0.15
        assertArrayEquals(new double[] {0.0, 0.15, 0.15, 0.9}, CalibrationProfile.isotonic(
                new double[] {0.0, 0.3, 0.1, 0.9}, new double[] {1, 1, 3, 1}), 1e-12);
        // a violation reaching back two blocks
        assertArrayEquals(new double[] {0.5, 0.5, 0.5}, CalibrationProfile.isotonic(new double[] {0.6, 0.7, 0.2},
                new double[] {1, 1, 1}), 1e-12);
    }

    @Test
    void quantileTableIsMonotoneWithBothEnds() {
        List<String> notes = new ArrayList<>();
        List<CalibrationProfile.Point> q = CalibrationProfile.quantiles(race(), new long[] {2_829_400}, notes);
        // 993ns fits to 0, the leading release the waiter never won: the 0 end; 2us and 5us (2 and 1 of 300) pool
        // to 0.005, kept at the block's first L; 300us and 600us pool to 0.902 (the dip at 600us); the 1 end is the
        // direct maximum, up to the microsecond
        assertEquals(List.of(new CalibrationProfile.Point(0.0, 1_000), new CalibrationProfile.Point(0.005, 2_000),
                new CalibrationProfile.Point(0.023, 10_000),
                new CalibrationProfile.Point(0.21, 20_000), new CalibrationProfile.Point(0.72, 40_000),
                new CalibrationProfile.Point(0.85, 80_000), new CalibrationProfile.Point(0.88, 150_000),
                new CalibrationProfile.Point(0.902, 300_000), new CalibrationProfile.Point(1.0, 2_830_000)), q);
        assertTrue(notes.isEmpty(), notes.toString());
        for (int i = 1; i < q.size(); i++) {
            assertTrue(q.get(i).p() > q.get(i - 1).p() && q.get(i).ns() > q.get(i - 1).ns(), q.toString());
        }
    }

    /**
     * Past the sweep's last L (600 us, where the waiter won 90 %), the direct wake-ups longer than it shape the tail:
     * of the six here (0.7 to 4 ms), the median (nearest rank: 0.9 ms) at 0.9 + 0.1 x 0.5 and the p90 (4 ms, the
     * sixth) at 0.9 + 0.1 x 0.9; the 1 end is their maximum, so the p90 point, at the same duration, is left out.
     * With fewer than five such wake-ups the line runs straight from the last L to the maximum, as before.
     */
    @Test
    void theDirectWakeupsPastTheSweepShapeTheTail() {
        List<Calibration.RacePoint> sweep = List.of(pt(10_000, 100, 0), pt(40_000, 100, 50), pt(600_000, 100, 90));
        long[] direct = {30_000, 50_000, 700_000, 800_000, 900_000, 1_200_000, 2_000_000, 4_000_000};
        assertEquals(List.of(new CalibrationProfile.Point(0.0, 10_000), new CalibrationProfile.Point(0.5, 40_000),
                new CalibrationProfile.Point(0.9, 600_000), new CalibrationProfile.Point(0.95, 900_000),
                new CalibrationProfile.Point(1.0, 4_000_000)),
                CalibrationProfile.quantiles(sweep, direct, new ArrayList<>()));
        long[] few = {30_000, 50_000, 700_000, 4_000_000};
        assertEquals(List.of(new CalibrationProfile.Point(0.0, 10_000), new CalibrationProfile.Point(0.5, 40_000),
                new CalibrationProfile.Point(0.9, 600_000), new CalibrationProfile.Point(1.0, 4_000_000)),
                CalibrationProfile.quantiles(sweep, few, new ArrayList<>()));
    }

    @Test
    void tableEndsAreNotedWhenTheMeasurementsCannotGiveThem() {
        List<String> notes = new ArrayList<>();
        // the waiter wins 10 % even at the shortest release; the share reaches 1; no direct maximum above the sweep
        List<CalibrationProfile.Point> q = CalibrationProfile.quantiles(List.of(pt(40_000, 100, 60),
                pt(1_234, 100, 10), pt(20_000, 100, 30), pt(80_000, 100, 100), pt(150_000, 100, 100)),
                new long[] {100_000}, notes);
        // the table runs from 0 ns to the shortest release, where the share is its 10 %
        assertEquals(List.of(new CalibrationProfile.Point(0.0, 0), new CalibrationProfile.Point(0.1, 1_200),
                new CalibrationProfile.Point(0.3, 20_000), new CalibrationProfile.Point(0.6, 40_000),
                new CalibrationProfile.Point(1.0, 151_000)), q);
        assertEquals(2, notes.size(), notes.toString());
        assertEquals("the waiter won 10.0 % of the shortest releases (1 us): the table runs from 0 ns to there in a "
                + "straight line, which no release measured", notes.get(0));
        assertTrue(notes.get(1).contains("below the longest release"), notes.get(1));
    }

    @Test
    void roundingKeepsDurationsExactAndIncreasing() {
        assertEquals(1_000, CalibrationProfile.roundDuration(993));
        assertEquals(1_500, CalibrationProfile.roundDuration(1_46_0));
        assertEquals(48_000, CalibrationProfile.roundDuration(47_600));
        assertEquals("1500ns", Durations.format(CalibrationProfile.roundDuration(1_460)));
        assertEquals("0.0", CalibrationProfile.probability(0));
        assertEquals("1.0", CalibrationProfile.probability(1));
        assertEquals("0.5", CalibrationProfile.probability(0.5));
        assertEquals("0.023", CalibrationProfile.probability(0.0234));
        // two L that round to one duration keep only the first
        List<CalibrationProfile.Point> q = CalibrationProfile.quantiles(List.of(pt(1_000, 100, 0),
                pt(20_000, 100, 30), pt(20_200, 100, 40), pt(50_000, 100, 80)), new long[] {900_000},
                new ArrayList<>());
        assertEquals(List.of(new CalibrationProfile.Point(0.0, 1_000), new CalibrationProfile.Point(0.3, 20_000),
                new CalibrationProfile.Point(0.8, 50_000), new CalibrationProfile.Point(1.0, 900_000)), q);
    }

    @Test
    void quantilesOfSamplesAreNearestRank() {
        long[] s = {10, 20, 30, 40, 50, 60, 70, 80, 90, 100};
        assertEquals(10, Calibration.quantile(s, 0));
        assertEquals(50, Calibration.quantile(s, 0.5));
        assertEquals(100, Calibration.quantile(s, 0.99));
        assertEquals(100, Calibration.quantile(s, 1));
        assertEquals(-1, Calibration.quantile(new long[0], 0.5));
    }

    @Test
    void theModelsRulesTheRaceWasFittedUnderAreWrittenAndReadBack() {
        CalibrationProfile p = CalibrationProfile.of(measured(race(), new long[] {12_000, 48_000, 2_829_400}),
                CrowdedRace.Measured.skipped("not recorded"),
                java.util.Map.of("run_to_parity", "true"), Instant.EPOCH);
        assertTrue(p.yaml().contains("waker on a shared core\nmodel:                      # the model's rules the race "
                + "below was fitted under (--set)\n  run_to_parity: true\n"), p.yaml());
        assertEquals(java.util.Map.of("run_to_parity", "true"),
                gilsim.scenario.MachineProfile.parse("p.yaml", p.yaml()).model());
        CalibrationProfile none = CalibrationProfile.of(measured(race(), new long[] {12_000}),
                CrowdedRace.Measured.skipped("not recorded"), Instant.EPOCH);
        assertFalse(none.yaml().contains("model:"), none.yaml());
    }

    @Test
    void theRacesTakeTurnsSoTheRareRunsSpreadOverTheFrequentOnes() {
        CrowdedRace.Race f = CrowdedRace.Race.FREQUENT;
        CrowdedRace.Race r = CrowdedRace.Race.RARE;
        List<CrowdedRace.Race> order = CrowdedRace.turns(24, 12);
        assertEquals(36, order.size());
        assertEquals(12, order.stream().filter(race -> race == r).count());
        assertEquals(List.of(f, r, f, f, r, f, f, r), order.subList(0, 8));
        for (int i = 0; i + 2 < order.size(); i++) {
            assertFalse(order.get(i) == f && order.get(i + 1) == f && order.get(i + 2) == f, "three frequent at " + i);
        }
        assertEquals(List.of(f, r, f, r, f, r, f), CrowdedRace.turns(4, 3));
        assertEquals(List.of(r, r), CrowdedRace.turns(0, 2));
        assertEquals(List.of(f), CrowdedRace.turns(1, 0));
    }

    /**
     * The traced pinned hand-off (a 10 s run on this project's VM, 2026-12-07: 9,238 of 9,586 wake-ups went on; 513
     * came in a 3 ms window after a loss, and 84 of those lost) gives the profile its preemption share from the
     * wake-ups outside the windows (8,809 of 9,073: 0.971) and the windows' share lost (0.164); with too few in the
     * window, the share of all and no window; with too few wake-ups, the pipe step's share. The text and the JSON say
     * which, with the losses after a lost hand-off and after a won one.
     */
    @Test
    void theTracedPinnedHandOffGivesThePreemptionShare() throws Exception {
        Calibration.Measured m = measured(race(), new long[] {12_000, 48_000, 2_829_400});
        PinnedHandoff.Measured traced = new PinnedHandoff.Measured(10_000_000_000L,
                new SchedTrace.PinnedHandoffs(9586, 9238, 4854, 348, 348, 90, 4505, 258, 513, 429), null);
        CrowdedRace.Measured crowd = CrowdedRace.Measured.skipped("not recorded");
        CalibrationProfile p = CalibrationProfile.of(m, traced, crowd, java.util.Map.of(), Instant.EPOCH);
        assertEquals(0.971, p.preemptProbability());
        assertEquals(0.164, p.refusalAfterProbability());
        assertTrue(p.yaml().contains("preempt_probability: 0.971  # wake-ups of the pinned hand-off after which the "
                + "woken went on,\n                            # but those in a window after a loss, of which:\n"
                + "refusal_window: 3ms         # a loss opens a window this long (none right after another),\n"
                + "refusal_after_probability: 0.164   # and this share of its wake-ups lost too\n"), p.yaml());
        MachineProfile read = MachineProfile.parse("p", p.yaml());
        assertEquals(97, read.preemptPercent());
        assertEquals(new MachineProfile.Refusals(3_000_000, 16), read.refusals());

        PinnedHandoff.Measured fewSoon = new PinnedHandoff.Measured(1_000_000_000L,
                new SchedTrace.PinnedHandoffs(600, 580, 300, 20, 20, 4, 279, 16, 60, 54), null);
        CalibrationProfile all = CalibrationProfile.of(m, fewSoon, crowd, java.util.Map.of(), Instant.EPOCH);
        assertEquals(0.967, all.preemptProbability());
        assertEquals(0, all.refusalWindowNs());
        assertTrue(all.yaml().contains("preempt_probability: 0.967  # wake-ups of the pinned hand-off after which the "
                + "woken went on\n"), all.yaml());
        assertEquals(null, MachineProfile.parse("p", all.yaml()).refusals());
        assertTrue(CalibrationText.text(m, fewSoon, crowd, all, null, null).contains("preempt_probability is the share "
                + "of all; under 100 wake-ups in the window, so the profile has no\n  refusal_window"));

        PinnedHandoff.Measured few = new PinnedHandoff.Measured(1_000_000_000L,
                new SchedTrace.PinnedHandoffs(400, 390, 200, 10, 10, 1, 189, 9, 30, 28), null);
        CalibrationProfile pipe = CalibrationProfile.of(m, few, crowd, java.util.Map.of(), Instant.EPOCH);
        assertEquals(Math.round(m.preemptProbability() * 1000) / 1000.0, pipe.preemptProbability());
        assertTrue(pipe.yaml().contains("# woken waiters that preempted the waker on a shared core\n"), pipe.yaml());

        String text = CalibrationText.text(m, traced, crowd, p, null, null);
        assertTrue(text.contains("9586 wake-ups of main by the\n  worker onto its core (the drop's signal, the release "
                + "of gil->mutex), 9238 went on: 0.964\n"), text);
        assertTrue(text.contains("hand-offs lost: 348 of 4854 (7.2 %); after a lost one 90 of 348 (25.9 %), after a "
                + "won one 258 of 4505 (5.7 %)"), text);
        assertTrue(text.contains("in a window of 3.0 ms after a loss: 513 wake-ups, 84 lost (16.4 %); the others went "
                + "on: 0.971\n"), text);
        assertTrue(CalibrationText.text(m, few, crowd, pipe, null, null).contains(
                "under 500 wake-ups: preempt_probability is the share above."));
        assertTrue(CalibrationText.text(m, NOT_TRACED, crowd, pipe, null, null).contains(
                "The pinned hand-off was not traced (test): preempt_probability is the share above."));
        JsonNode json = new ObjectMapper().readTree(CalibrationText.json(m, traced, crowd, p, null, null));
        assertEquals(9238, json.at("/pinned_handoff/went_on").asLong());
        assertEquals(9238 / 9586.0, json.at("/pinned_handoff/share").asDouble(), 1e-12);
        assertEquals(90, json.at("/pinned_handoff/lost_after_lost").asLong());
        assertEquals(513, json.at("/pinned_handoff/soon_after_loss").asLong());
        assertEquals(3_000_000, json.at("/profile/refusal_window_ns").asLong());
        assertEquals(0.164, json.at("/profile/refusal_after_probability").asDouble());
        assertEquals("test", new ObjectMapper().readTree(CalibrationText.json(m, NOT_TRACED, crowd, pipe, null, null))
                .at("/pinned_handoff/skipped").asText());
    }

    @Test
    void yamlHasTheFormatAndRoundTrips() throws Exception {
        CalibrationProfile p = CalibrationProfile.of(measured(race(), new long[] {12_000, 48_000, 2_829_400}),
                CrowdedRace.Measured.skipped("--python x: --handoffs needs Python 3.8 or newer"),
                Instant.parse("2026-11-30T17:30:00.123Z"));
        String yaml = p.yaml();
        assertTrue(yaml.startsWith("# gilsim machine profile: written by `gilsim calibrate` on 2026-11-30T17:30:00Z\n"
                + "source: \"gilsim calibrate, CPython 3.11.7, 2 cores (AMD EPYC), load 0.42 before / 0.95 after, 38 s\"\n"
                + "python: \"3.11.7\"     # the interpreter measured: the crowded race's keys are its own\n"
                + "wake_latency:        # time from a wake-up to running on an idle core, as an empirical "
                + "distribution\n  quantiles:         # [probability, duration]; increasing in both; 0 and 1 "
                + "included\n    - [0.0, 1us]\n    - [0.005, 2us]\n    - [0.023, 10us]\n"), yaml);
        assertTrue(yaml.contains("\n    - [1.0, 2830us]\ntimer_slack: 60us    # the kernel's timer slack for the "
                + "interpreter's threads\npreempt_probability: 0.89   # woken waiters that preempted the "
                + "waker on a shared core\n"), yaml);
        JsonNode root = new ObjectMapper(new YAMLFactory()).readTree(yaml);
        assertEquals(p.source(), root.get("source").asText());
        JsonNode q = root.get("wake_latency").get("quantiles");
        assertEquals(p.wakeLatency().size(), q.size());
        for (int i = 0; i < q.size(); i++) {
            assertEquals(p.wakeLatency().get(i).p(), q.get(i).get(0).asDouble(), 0.0);
            assertEquals(p.wakeLatency().get(i).ns(), Durations.parse(q.get(i).get(1).asText()));
        }
        assertEquals(0.0, q.get(0).get(0).asDouble(), 0.0);
        assertEquals(1.0, q.get(q.size() - 1).get(0).asDouble(), 0.0);
        assertEquals(60_000, Durations.parse(root.get("timer_slack").asText()));
        assertEquals(0.89, root.get("preempt_probability").asDouble(), 0.0);
        assertEquals("3.11.7", root.get("python").asText());
        assertEquals(5, root.size(), "source, python, wake_latency, timer_slack, preempt_probability");
        assertEquals(List.of("no crowded-race keys (the crowded races were not recorded: --python x: --handoffs needs "
                + "Python 3.8 or newer); the model's defaults apply"), p.notes());
        CrowdedRace.Measured skipped = CrowdedRace.Measured.skipped("--python x: --handoffs needs Python 3.8 or newer");
        String text = CalibrationText.text(measured(race(), new long[] {12_000, 48_000, 2_829_400}), NOT_TRACED,
                skipped, p, null,
                null);
        assertTrue(text.contains("\nThe crowded races were not recorded: --python x: --handoffs needs Python 3.8 or "
                + "newer\n"), text);
        assertFalse(yaml.contains("checkpoint"), yaml);
    }

    /**
     * Hand-made races: gaps 0.75 to 2.25 us in both; the frequent race's requester (another waiter's call to wait
     * 100 us before each drop) wins below 1.05 us, the rare one's (3.2 ms) below 1.75 us. The fit must match the
     * gaps' p10 and p50 (0.9 and 1.5 us) with the model's own, and find a window that grows with the queue's quiet
     * time. Fitted under the rules before 2026-12-05 ({@link #OLD_RULES}, as {@code calibrate --set} passes them),
     * the model these gaps were drawn for: under the kernel's rules its gap runs shorter for the same keys.
     */
    @Test
    void theCrowdedRacesAddTheFittedKeysThatMachineProfilesRead(@TempDir Path dir) throws Exception {
        List<HandoffStats.CrowdedRun> frequent = List.of(run(100_000, 1_050), run(100_000, 1_050));
        List<HandoffStats.CrowdedRun> rare = List.of(run(3_200_000, 1_750));
        Calibration.Measured measured = measured(race(), new long[] {2_829_400});
        CrowdedRace.Measured crowd = CrowdedRace.Measured.of(2_000_000_000L, frequent, 4_000_000_000L, rare,
                lateness(200), CalibrationProfile.machine(measured, NOT_TRACED, OLD_RULES));
        RaceFit f = crowd.fit();
        assertEquals(900, f.realGapP10Ns());
        assertEquals(1_500, f.realGapP50Ns());
        assertEquals(900, f.modelGapP10Ns(), 150, "the model's p10 near the real one: " + f);
        assertEquals(1_500, f.modelGapP50Ns(), 150, "the model's p50 near the real one: " + f);
        assertTrue(f.entry().growthPercent() > 0, f.toString());
        assertEquals(303, f.entry().drops());
        // The written window gives the model's requester each race's share, 20 % and 66 %, as near as one window
        // can (24 and 63 % on 2026-12-06; until then these races' gaps were 1.5 to 4.5 us, and the frequent
        // requester's 10 % was out of one window's reach beside the rare one's)
        assertEquals(20, f.frequentShare().modelPercent(), 10, f.toString());
        assertEquals(66, f.rareShare().modelPercent(), 10, f.toString());
        assertTrue(f.window().growthPercent() > 0, "the rare race's requester wins more at a longer quiet: " + f);
        assertEquals(0, f.rareFastPercent(), "one speed");
        CalibrationProfile p = CalibrationProfile.of(measured(race(), new long[] {2_829_400}), crowd, OLD_RULES,
                Instant.EPOCH);
        assertTrue(p.notes().isEmpty(), p.notes().toString());
        assertEquals(f.window().entryNs(), p.raceKeys().get("wait_entry"));
        assertEquals(f.window().growthPercent(), p.raceKeys().get("wait_entry_growth").intValue());
        assertEquals(List.of("checkpoint", "drop_reaction", "wait_entry", "wait_entry_jitter", "wait_entry_growth",
                "fast_race_percent", "fast_race_reaction"), List.copyOf(p.raceKeys().keySet()));
        assertEquals(0, p.raceKeys().get("fast_race_percent"), "these runs' drops all fall in one second: one speed");
        assertTrue(p.yaml().contains("\ncheckpoint: " + Durations.format(f.checkpointNs()) + " "), p.yaml());
        Path file = dir.resolve("m.yaml");
        Files.writeString(file, p.yaml());
        gilsim.scenario.MachineProfile read = gilsim.scenario.MachineProfile.load(file);
        assertEquals(p.raceKeys(), read.race());
        assertEquals(false, read.waitEntrySameCore(), "drops without CPUs: every sleeper's quiet time");
        assertEquals(null, f.otherRule());
        assertEquals("3.11.7", read.python());
        // The shares the fit reports are the ones the written profile gives: its model ran on the measured machine
        // (wake-ups, slack, preemption), not the default one
        assertEquals(f.frequentShare(), shareAtSpeeds(read, CrowdedRace.Race.FREQUENT, frequent, 0), f.toString());
        assertEquals(f.rareShare(), shareAtSpeeds(read, CrowdedRace.Race.RARE, rare, 0), f.toString());
        assertTrue(read.measuredOn("3.11.2"), "the same minor version");
        assertFalse(read.measuredOn("3.12.1"), "another minor version");
        String text = CalibrationText.text(measured(race(), new long[] {2_829_400}), NOT_TRACED, crowd, p, null, null);
        assertTrue(text.contains("\n  rare: a thread sleeps 100 ms between 20 us of Python"), text);
        // the requester took the gaps below 1.05 us (20 of 101 a run) and, in the rare run, below 1.75 us (67 of 101)
        assertEquals(new RaceFit.Share(40, 202, f.frequentShare().modelWon(), f.frequentShare().modelDrops()),
                f.frequentShare());
        assertEquals(67, f.rareShare().realWon());
        assertTrue(f.frequentShare().modelDrops() > 100 && f.rareShare().modelDrops() > 20, f.toString());
        assertTrue(text.contains("\n  the requester's share of the crowded forced drops, real / the model's at these "
                + "keys: frequent 20 % of 202 / "), text);
        assertTrue(text.contains("; rare 66 % of 101 / "), text);
        assertTrue(text.contains("\n  the recordings had no CPUs: the quiet time counts every other waiter\n"), text);
        assertTrue(text.contains("\n  fitted (docs/calibration.md, section 5): the frequent race's gaps under "
                + "3us, p10 / p50 0.90 / 1.50 us;\n  the model's "), text);
        JsonNode json = new ObjectMapper().readTree(CalibrationText.json(measured(race(), new long[] {2_829_400}), NOT_TRACED,
                crowd, p, null, null));
        assertEquals(f.checkpointNs(), json.get("profile").get("race_keys").get("checkpoint").asLong());
        assertEquals(f.window().growthPercent(), json.get("profile").get("race_keys").get("wait_entry_growth").asInt());
        assertEquals(f.entry().entryNs(), json.get("crowded").get("fit").get("likelihood_wait_entry_ns").asLong());
        assertEquals(0, json.get("crowded").get("fit").get("rare_fast_percent").asInt());
        assertEquals(1_500, json.get("crowded").get("fit").get("real_gap_p50_ns").asLong());
        assertEquals(101, json.get("crowded").get("fit").get("rare_share").get("real_drops").asLong());
        assertEquals(f.rareShare().modelDrops(), json.get("crowded").get("fit").get("rare_share").get("model_drops")
                .asLong());
        assertEquals(2, json.get("crowded").get("runs").size());
        assertEquals(1, json.get("crowded").get("rare_runs").size());
        assertTrue(json.get("crowded").get("skipped").isNull());
        assertEquals(149_000, json.get("crowded").get("timed_out_late").get("p50_ns").asLong());
        assertTrue(text.contains("\n  their timed waits that ran out returned after the deadline (n=200; reported, "
                + "not written): p1 51 us  "
                + "p10 69 us  p50 149 us  p90 229 us  p99 247 us  max 249 us\n"), text);
        assertFalse(p.yaml().contains("timer_wake"), "reported, not written: " + p.yaml());
    }

    /**
     * The real gap has two parts ({@code RaceFit.SHORT_GAP_NS}): the frequent race of the test above with a long part
     * added, 34 drops a run at 5 to 15 us that the requester loses (as where its wait was called on the holder's CPU),
     * fits the same {@code checkpoint} and {@code drop_reaction} and reports the same gaps, since the long part is
     * the model's placement to make; the shares count every drop. Over every gap the p10 and p50 would be 0.95 and
     * 1.76 us, and the spacing a third longer.
     */
    @Test
    void aLongPartOfTheGapsLeavesTheHoldersReactionAsFitted() throws Exception {
        Calibration.Measured measured = measured(race(), new long[] {2_829_400});
        List<HandoffStats.CrowdedRun> rare = List.of(run(3_200_000, 1_750));
        List<HandoffStats.CrowdedRun> shortOnly = List.of(run(100_000, 1_050), run(100_000, 1_050));
        List<HandoffStats.CrowdedRun> twoParts = List.of(withLongPart(run(100_000, 1_050)),
                withLongPart(run(100_000, 1_050)));
        RaceFit a = CrowdedRace.Measured.of(2_000_000_000L, shortOnly, 4_000_000_000L, rare, lateness(200),
                CalibrationProfile.machine(measured, NOT_TRACED, OLD_RULES)).fit();
        RaceFit b = CrowdedRace.Measured.of(2_000_000_000L, twoParts, 4_000_000_000L, rare, lateness(200),
                CalibrationProfile.machine(measured, NOT_TRACED, OLD_RULES)).fit();
        assertEquals(List.of(a.checkpointNs(), a.dropReactionNs(), a.realGapP10Ns(), a.realGapP50Ns(),
                a.modelGapP10Ns(), a.modelGapP50Ns()), List.of(b.checkpointNs(), b.dropReactionNs(), b.realGapP10Ns(),
                b.realGapP50Ns(), b.modelGapP10Ns(), b.modelGapP50Ns()), b.toString());
        assertEquals(new RaceFit.Share(40, 270, b.frequentShare().modelWon(), b.frequentShare().modelDrops()),
                b.frequentShare(), "the shares count the long part's drops");
    }

    /** {@code r} with 34 crowded drops more at gaps 5 to 15 us in 300 ns steps, which the requester loses. */
    private static HandoffStats.CrowdedRun withLongPart(HandoffStats.CrowdedRun r) {
        List<HandoffStats.CrowdedDrop> drops = new ArrayList<>(r.each());
        for (long gap = 5_000; gap < 15_000; gap += 300) {
            drops.add(new HandoffStats.CrowdedDrop(gap, drops.get(0).quietNs(), -1, false, 0));
        }
        long[] gaps = drops.stream().mapToLong(HandoffStats.CrowdedDrop::gapNs).sorted().toArray();
        return new HandoffStats.CrowdedRun(drops.size(), r.toRequester(), HandoffStats.percentile(gaps, 50), drops);
    }

    /**
     * A race of two speeds: the frequent race fast half its seconds (gap medians 1 and 2 us), the rare race's one run
     * fast. The profile runs every workload fast for the share of both races' time, so the fit weighs each race's
     * slow and fast model runs by that share too: the shares the fit reports are the ones the written profile gives
     * (until 2026-12-06 the rare race was weighed by its own runs, all fast here, and the profile gave the sleeper's
     * race less than the fit reported).
     */
    @Test
    void aProfileOfTwoSpeedsGivesEachRaceTheShareItsFitReports(@TempDir Path dir) throws Exception {
        List<HandoffStats.CrowdedRun> frequent = List.of(seconds(1_000, 2_000, 1_000, 2_000),
                seconds(2_000, 1_000, 2_000, 1_000));
        List<HandoffStats.CrowdedDrop> sleeper = new ArrayList<>();
        for (long gap = 500; gap < 1_500; gap += 10) sleeper.add(new HandoffStats.CrowdedDrop(gap, 3_200_000, gap < 1_200));
        List<HandoffStats.CrowdedRun> rare = List.of(new HandoffStats.CrowdedRun(sleeper.size(),
                sleeper.stream().filter(HandoffStats.CrowdedDrop::toRequester).count(), 1_000L, sleeper));
        Calibration.Measured measured = measured(race(), new long[] {2_829_400});
        CrowdedRace.Measured crowd = CrowdedRace.Measured.of(2_000_000_000L, frequent, 4_000_000_000L, rare,
                lateness(200), CalibrationProfile.machine(measured, NOT_TRACED, OLD_RULES));
        RaceFit f = crowd.fit();
        assertTrue(f.speeds().two(), f.toString());
        assertEquals(100, f.rareFastPercent(), "the rare run's gap median is under the line between the speeds");
        assertEquals(65, f.fastPercent(), "8 seconds, 4 fast, and a fast run of 4 s");
        // At each speed: the fast seconds' gaps (0.5 to 1.47 us) all under the requester's 1.5 us, the slow ones'
        // (1 to 2.93 us) 8 of 30 a second; the model's two speeds weigh up to the share the fit reports.
        RaceFit.BySpeed v = f.frequentBySpeed();
        assertEquals(List.of(120L, 120L, 32L, 120L), List.of(v.realFastWon(), v.realFastDrops(), v.realSlowWon(),
                v.realSlowDrops()), v.toString());
        assertTrue(v.modelFastDrops() > 0 && v.modelSlowDrops() > 0, v.toString());
        assertEquals(f.frequentShare().modelWon(), Math.round(0.35 * v.modelSlowWon() + 0.65 * v.modelFastWon()),
                v + " " + f.frequentShare());
        Path file = dir.resolve("m.yaml");
        Files.writeString(file, CalibrationProfile.of(measured, crowd, OLD_RULES, Instant.EPOCH).yaml());
        gilsim.scenario.MachineProfile read = gilsim.scenario.MachineProfile.load(file);
        assertEquals(65, read.race().get("fast_race_percent"));
        assertEquals(f.frequentShare(), shareAtSpeeds(read, CrowdedRace.Race.FREQUENT, frequent, 65), f.toString());
        assertEquals(f.rareShare(), shareAtSpeeds(read, CrowdedRace.Race.RARE, rare, 65), f.toString());
        assertNotEquals(f.rareShare(), shareAtSpeeds(read, CrowdedRace.Race.RARE, rare, 100),
                "the rare race's own speeds give another share: " + f);
    }

    /** A run of four 1 s seconds, 30 crowded drops each around these gap medians; the requester wins under 1.5 us. */
    private static HandoffStats.CrowdedRun seconds(long... medians) {
        List<HandoffStats.CrowdedDrop> drops = new ArrayList<>();
        for (int s = 0; s < medians.length; s++) {
            for (int i = 0; i < 30; i++) {
                long gap = medians[s] / 2 + i * medians[s] / 30;
                drops.add(new HandoffStats.CrowdedDrop(gap, 100_000, -1, gap < 1_500,
                        s * 1_000_000_000L + i * 30_000_000L));
            }
        }
        long won = drops.stream().filter(HandoffStats.CrowdedDrop::toRequester).count();
        return new HandoffStats.CrowdedRun(drops.size(), won, 1_500L, drops);
    }

    /**
     * A race's real share beside the model's with a profile read back, as the fit runs it: its slow and fast runs
     * mixed at a share (a speed of no weight is not run).
     */
    private static RaceFit.Share shareAtSpeeds(gilsim.scenario.MachineProfile profile, CrowdedRace.Race race,
                                               List<HandoffStats.CrowdedRun> real, int fastPercent) {
        List<List<HandoffStats.CrowdedRun>> bySpeed = new ArrayList<>();
        for (int speed : new int[] {0, 100}) {
            if (speed == 0 ? fastPercent == 100 : fastPercent == 0) {
                bySpeed.add(List.of());
                continue;
            }
            gilsim.scenario.Params p = race.scenario.params(List.of("duration=" + RaceFit.shareDuration(race),
                    "fast_race_percent=" + speed), profile);
            List<gilsim.handoff.HandoffLog> logs = new ArrayList<>();
            for (int seed = 1; seed <= RaceFit.SEEDS; seed++) {
                logs.add(SimSide.run(race.scenario, p, seed, true).handoffs());
            }
            bySpeed.add(HandoffStats.crowdedByRun(logs));
        }
        return RaceFit.Share.of(real, bySpeed.get(0), bySpeed.get(1), fastPercent);
    }

    /** The rare race's share is called out only past 15 points, with 100 drops or more on each side. */
    @Test
    void aRareRaceTheModelMissesIsCalledOut() {
        assertEquals("the model's one window gives the rare race's requester less than the real one had: a "
                + "latency-sensitive thread's GIL waits beside spinners will come out short (docs/calibration.md, "
                + "section 5)", CalibrationText.shareNote(new RaceFit.Share(174, 311, 35, 150)));
        assertTrue(CalibrationText.shareNote(new RaceFit.Share(50, 311, 120, 150)).contains("more than the real"));
        assertEquals(null, CalibrationText.shareNote(new RaceFit.Share(174, 311, 64, 150)), "56 against 43 %");
        assertEquals(null, CalibrationText.shareNote(new RaceFit.Share(60, 99, 10, 150)), "too few real drops");
        assertEquals(null, CalibrationText.shareNote(new RaceFit.Share(174, 311, 10, 99)), "too few model drops");
    }

    /**
     * The window's misfit is on the scale the losing waiters' waits grow on: four points over a real 87 % (the
     * other waiter's chance per drop 13 against 9 %) count for more than four points over 65 % (35 against 31 %),
     * and as much as any other pair of shares whose losers' chances stand in the same ratio.
     */
    @Test
    void aShareMissedNearAHundredPercentWeighsMoreThanTheSamePointsLower() {
        RaceFit.Share steep = new RaceFit.Share(8_700, 10_000, 9_100, 10_000);
        RaceFit.Share flat = new RaceFit.Share(6_500, 10_000, 6_900, 10_000);
        assertEquals(Math.log(9.0 / 13), steep.lossLogError(), 1e-3);
        assertEquals(Math.log(31.0 / 35), flat.lossLogError(), 1e-3);
        assertTrue(RaceFit.misfit(List.of(steep)) > 9 * RaceFit.misfit(List.of(flat)),
                RaceFit.misfit(List.of(steep)) + " against " + RaceFit.misfit(List.of(flat)));
        // the same ratio of losers' chances (26 against 18 %) weighs the same, either way round
        RaceFit.Share sameRatio = new RaceFit.Share(8_200, 10_000, 7_400, 10_000);
        assertEquals(RaceFit.misfit(List.of(steep)), RaceFit.misfit(List.of(sameRatio)), 1e-3);
        // both races add up; a race without drops on one side counts nothing; a race nobody lost stays finite
        assertEquals(RaceFit.misfit(List.of(steep)) + RaceFit.misfit(List.of(flat)),
                RaceFit.misfit(List.of(steep, flat)), 1e-12);
        assertEquals(0, RaceFit.misfit(List.of(new RaceFit.Share(0, 0, 50, 100))));
        assertTrue(Double.isFinite(RaceFit.misfit(List.of(new RaceFit.Share(100, 100, 90, 100)))));
    }

    /** {@code n} timed waits that returned 50, 51, ... us after their deadline, sorted. */
    private static long[] lateness(int n) {
        long[] late = new long[n];
        for (int i = 0; i < n; i++) late[i] = 50_000L + 1_000L * i;
        return late;
    }

    /** 101 crowded drops at gaps 0.75 to 2.25 us in 15 ns steps; the requester wins those below {@code winsBelowNs}. */
    private static HandoffStats.CrowdedRun run(long quietNs, long winsBelowNs) {
        return run(quietNs, -1, winsBelowNs);
    }

    /**
     * With the scheduler traced, the window is fitted to the plain race: each race's recorded share as the shim read
     * it (the hand-made races of the test above, 19.8 and 66.3 %), moved by the plain runs' share less the recorded
     * runs' as the trace read them (+20 and +10 points), as one run with the plain runs' drops.
     */
    @Test
    void tracedRunsMoveTheSharesTheWindowIsFittedTo() throws Exception {
        List<HandoffStats.CrowdedRun> frequent = List.of(run(100_000, 1_050), run(100_000, 1_050));
        List<HandoffStats.CrowdedRun> rare = List.of(run(3_200_000, 1_750));
        CrowdedRace.Traced traced = new CrowdedRace.Traced(List.of(new HandoffStats.CrowdedRun(400, 160, null)),
                List.of(new HandoffStats.CrowdedRun(400, 80, null)));
        CrowdedRace.Traced tracedRare = new CrowdedRace.Traced(List.of(new HandoffStats.CrowdedRun(200, 180, null)),
                List.of(new HandoffStats.CrowdedRun(100, 80, null)));
        assertEquals(20, traced.recorderCostPoints(), 1e-9);
        Calibration.Measured measured = measured(race(), new long[] {2_829_400});
        CrowdedRace.Measured crowd = CrowdedRace.Measured.of(2_000_000_000L, frequent, 4_000_000_000L, rare, traced,
                tracedRare, null, lateness(200), CalibrationProfile.machine(measured, NOT_TRACED, OLD_RULES));
        RaceFit f = crowd.fit();
        assertTrue(f.plainShares(), f.toString());
        // 40 of 202 and 20 points more: 39.8 % of 400; 67 of 101 and 10 more: 76.3 % of 200
        assertEquals(400, f.frequentShare().realDrops());
        assertEquals(159, f.frequentShare().realWon());
        assertEquals(200, f.rareShare().realDrops());
        assertEquals(153, f.rareShare().realWon());
        CalibrationProfile p = CalibrationProfile.of(measured, crowd, OLD_RULES, Instant.EPOCH);
        String text = CalibrationText.text(measured, NOT_TRACED, crowd, p, null, null);
        assertTrue(text.contains("\n    frequent 40 % of 400 / 20 % of 400: +20 points\n    rare 90 % of 200 / 80 % of "
                + "100: +10 points\n"), text);
        assertTrue(text.contains("real (the plain race's) / the model's at these keys: frequent 40 % of 400 / "), text);
        JsonNode c = new ObjectMapper().readTree(CalibrationText.json(measured, NOT_TRACED, crowd, p, null, null))
                .get("crowded");
        assertEquals("plain", c.get("fit").get("shares_from").asText());
        assertEquals(20.0, c.get("traced").get("recorder_cost_points").asDouble(), 1e-9);
        assertEquals(200, c.get("traced_rare").get("plain_runs").get(0).get("crowded_forced_drops").asLong());
        assertTrue(c.get("untraced").isNull(), c.toString());

        // Untraced, the same races are fitted to the recorded shares, and the text says why
        CrowdedRace.Measured untraced = CrowdedRace.Measured.of(2_000_000_000L, frequent, 4_000_000_000L, rare, null,
                null, "tracing the scheduler needs root", lateness(200),
                CalibrationProfile.machine(measured, NOT_TRACED, OLD_RULES));
        assertFalse(untraced.fit().plainShares());
        assertEquals(40, untraced.fit().frequentShare().realWon());
        assertTrue(CalibrationText.text(measured, NOT_TRACED, untraced, p, null, null).contains(
                "\n  no plain runs (tracing the scheduler needs root): the window is fitted to the recorded runs' "
                        + "shares,\n"));
    }

    /** As above, with the same-core quiet time {@code sameCoreQuietNs} (-1: no CPUs recorded). */
    private static HandoffStats.CrowdedRun run(long quietNs, long sameCoreQuietNs, long winsBelowNs) {
        List<HandoffStats.CrowdedDrop> drops = new java.util.ArrayList<>();
        for (long gap = 750; gap <= 2_250; gap += 15) {
            drops.add(new HandoffStats.CrowdedDrop(gap, quietNs, sameCoreQuietNs, gap < winsBelowNs, 0));
        }
        long won = drops.stream().filter(HandoffStats.CrowdedDrop::toRequester).count();
        return new HandoffStats.CrowdedRun(drops.size(), won, 1_500L, drops);
    }

    /**
     * The same hand-made races with CPUs: in the frequent race the other sleeper called wait 3.2 ms before each drop
     * from the requester's CPU, in the rare race 100 us before it from the holder's (its same-core quiet time as
     * long as growth goes). Read from every sleeper the race the requester wins more looks the busier, so that rule
     * finds no growth; read from the requester's CPU it is the quieter: the fit keeps the same-core rule, the
     * profile says so, and a machine profile read back sets it.
     */
    @Test
    void theFitKeepsTheSameCoreRuleWhenItExplainsTheRacesBetter(@TempDir Path dir) throws Exception {
        long forever = gilsim.sync.CondVar.WaitEntry.QUIET_FOREVER_NS;
        List<HandoffStats.CrowdedRun> frequent = List.of(run(3_200_000, 100_000, 1_050),
                run(3_200_000, 100_000, 1_050));
        List<HandoffStats.CrowdedRun> rare = List.of(run(100_000, forever, 1_750));
        CrowdedRace.Measured crowd = CrowdedRace.Measured.of(2_000_000_000L, frequent, 4_000_000_000L, rare,
                lateness(200), CalibrationProfile.machine(measured(race(), new long[] {2_829_400}), NOT_TRACED,
                java.util.Map.of()));
        RaceFit f = crowd.fit();
        assertTrue(f.entry().sameCore(), f.toString());
        assertTrue(f.entry().growthPercent() > 0, f.toString());
        assertEquals(false, f.otherRule().sameCore());
        assertEquals(0, f.otherRule().growthPercent(), "every sleeper's quiet time points the other way");
        assertTrue(f.entry().logLikelihood() > f.otherRule().logLikelihood(), f.toString());
        CalibrationProfile p = CalibrationProfile.of(measured(race(), new long[] {2_829_400}), crowd, Instant.EPOCH);
        assertTrue(p.yaml().contains("\nwait_entry_same_core: true "), p.yaml());
        Path file = dir.resolve("m.yaml");
        Files.writeString(file, p.yaml());
        assertEquals(true, gilsim.scenario.MachineProfile.load(file).waitEntrySameCore());
        String text = CalibrationText.text(measured(race(), new long[] {2_829_400}), NOT_TRACED, crowd, p, null, null);
        assertTrue(text.contains("since another waiter on the requester's CPU last called wait: the model's "
                + "requester\n  has each race's real share"), text);
        assertTrue(text.contains("drop by drop\n  (303 drops) the likeliest window is "
                + Durations.format(f.entry().entryNs()) + ", " + f.entry().growthPercent() + " %\n"), text);
        assertTrue(text.contains(String.format(java.util.Locale.ROOT, "\n  wait_entry_same_core true: log-likelihood "
                + "%.1f, against %.1f for every waiter (wait_entry ", f.entry().logLikelihood(),
                f.otherRule().logLikelihood())), text);
        JsonNode json = new ObjectMapper().readTree(CalibrationText.json(measured(race(), new long[] {2_829_400}), NOT_TRACED,
                crowd, p, null, null));
        assertTrue(json.get("profile").get("race_keys").get("wait_entry_same_core").asBoolean());
        assertTrue(json.get("crowded").get("fit").get("wait_entry_same_core").asBoolean());
        assertTrue(json.get("crowded").get("fit").get("log_likelihood").asDouble()
                > json.get("crowded").get("fit").get("other_rule_log_likelihood").asDouble());
    }

    @Test
    void latencyAtInterpolatesTheTable() {
        CalibrationProfile p = new CalibrationProfile(List.of(new CalibrationProfile.Point(0.0, 10_000),
                new CalibrationProfile.Point(0.5, 20_000), new CalibrationProfile.Point(1.0, 120_000)), 0, 0.9, false, 0, 0, null,
                "3.12.1", "s",
                Instant.EPOCH, List.of(), java.util.Map.of(), null);
        assertEquals(10_000, p.latencyAt(0));
        assertEquals(15_000, p.latencyAt(0.25));
        assertEquals(70_000, p.latencyAt(0.75));
        assertEquals(120_000, p.latencyAt(1));
    }

    @Test
    void busyMachineIsRefusedInOneLineUnlessForced() {
        InputError e = assertThrows(InputError.class, () -> Calibration.checkLoad(3.1, 2, false));
        assertTrue(e.getMessage().startsWith("the machine is too busy to measure: load 3.10 on 2 cores; "),
                e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
        assertTrue(Calibration.checkLoad(3.1, 2, true));
        assertFalse(Calibration.checkLoad(2.0, 2, false));
        assertFalse(Calibration.checkLoad(Double.NaN, 2, false));
    }

    private static final String BACKGROUND_JSON = "\"background\": {\"busy_ns\": 4000000000, \"cores\": [0, 1], "
            + "\"gaps_ns\": [[2100000, 600000], []], \"lost_ns\": [3000000, 10000], \"alone\": {\"core\": 0, "
            + "\"ns\": 2000000000, \"gaps_ns\": [], \"lost_ns\": 0}}, ";

    @Test
    void readsTheScriptsOutputAndRefusesAnythingElse() {
        String out = "{\"gilsim_calibrate\": 1, \"python\": \"3.12.1\", \"implementation\": \"CPython\", "
                + "\"executable\": \"/x/python3\", \"cores\": 2, "
                + "\"quick\": true, \"switch_interval_ns\": 5000000, "
                + "\"crc32\": {\"bytes_per_ns\": 4.9, \"release_min_ns\": 1045}, "
                + "\"race\": {\"pinned\": true, \"worker_core\": 0, \"waiter_core\": 1, \"compute_ns\": 1000000, "
                + "\"points\": [{\"release_ns\": 2000, \"bytes\": 9800, \"releases\": 50, \"wins\": 1, \"forced\": 0, "
                + "\"lost_wall_p50_ns\": 20000}, {\"release_ns\": 40000, \"bytes\": 196000, \"releases\": 40, "
                + "\"wins\": 30, \"forced\": 1, \"lost_wall_p50_ns\": null}]}, "
                + "\"race_unpinned\": {\"pinned\": false, \"points\": []}, "
                + "\"direct\": {\"samples\": 3, \"latency_ns\": [60000, 20000, 90000]}, "
                + "\"timed_wait\": {\"timeout_ns\": 5000000, \"lateness_ns\": [100000, 90000], "
                + "\"timer_slack_ns\": 50000}, "
                + "\"preempt\": {\"core\": 1, \"rounds\": 10, \"preempted\": 9, \"spin_ns\": 50000}, "
                + BACKGROUND_JSON
                + "\"load_before\": [0.5, 0.4, 0.3], \"load_after\": [0.7, 0.4, 0.3], \"took_ns\": 8000000000}";
        Calibration.Measured m = Calibration.read(out, "/x/python3", "Intel(R) Xeon(R) Processor");
        assertEquals("3.12.1", m.python());
        assertEquals("Intel(R) Xeon(R) Processor", m.cpu());
        assertEquals(50_000, m.kernelSlackNs(), "the kernel's slack, read beside the lateness");
        assertEquals(2, m.race().size());
        assertEquals(0.75, m.race().get(1).share(), 1e-12);
        assertEquals(-1, m.race().get(1).lostWallP50Ns());
        assertArrayEquals(new long[] {20000, 60000, 90000}, m.directNs());
        assertEquals(0.9, m.preemptProbability(), 1e-12);
        assertEquals(0.5, m.loadBefore(), 0.0);
        Calibration.Background bg = m.background();
        assertEquals(List.of(0, 1), bg.cores());
        assertArrayEquals(new long[] {600_000, 2_100_000}, bg.gapsNs().get(0), "sorted");
        assertArrayEquals(new long[] {3_000_000, 10_000}, bg.lostNs(), "in the cores' order");
        assertEquals(2_000_000_000L, bg.aloneNs());
        assertEquals(null, Calibration.read(out.replace(BACKGROUND_JSON, ""), "/x/python3", "cpu").background(),
                "a script without the phase");
        InputError e = assertThrows(InputError.class, () -> Calibration.read("Traceback (most recent call last):\n",
                "/x/python3", "cpu"));
        assertEquals("--python /x/python3: the calibration printed no result gilsim can read: "
                + "'Traceback (most recent call last):'", e.getMessage());
        assertThrows(InputError.class, () -> Calibration.read("{\"gilsim_calibrate\": 1}", "/x/python3", "cpu"));
    }

    /** A stand-in interpreter: answers the version probe as 3.11.7, then runs {@code body} for the script. */
    private static Path fakePython(Path dir, String body) throws Exception {
        Path py = dir.resolve("python3");
        Files.writeString(py, "#!/bin/sh\nif [ \"$1\" = \"-c\" ]; then echo '[3, 11, 7]'; exit 0; fi\n"
                + body + "\n");
        assertTrue(py.toFile().setExecutable(true));
        return py;
    }

    @Test
    void aHungOrRefusingInterpreterIsOneLine(@TempDir Path dir)
            throws Exception {
        Path py = fakePython(dir, "sleep 30");
        long t0 = System.nanoTime();
        InputError e = assertThrows(InputError.class, () -> Calibration.measure(py, true, 1_000));
        assertTrue((System.nanoTime() - t0) / 1_000_000 < 10_000, "killed at its limit");
        assertEquals("--python " + py + ": the calibration did not finish within 1 s; killed", e.getMessage());
        Path refusing = fakePython(dir, "echo 'gilsim: the release race needs two cores; this "
                + "process may use 1' >&2; exit 3");
        e = assertThrows(InputError.class, () -> Calibration.measure(refusing, true, 10_000));
        assertEquals("--python " + refusing + ": the release race needs two cores; this process may use 1",
                e.getMessage());
    }

    @Test
    void theScriptShipsAndNeedsOnlyTheStandardLibrary() {
        String s = Calibration.script();
        assertTrue(s.contains("def release_race("));
        for (String line : s.split("\n")) {
            if (line.startsWith("import ") || line.startsWith("from ")) {
                assertTrue(line.matches("import (sys|json|os|platform|threading|time|zlib)"), line);
            }
        }
    }
}
