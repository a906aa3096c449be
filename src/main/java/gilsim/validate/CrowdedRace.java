package gilsim.validate;

import gilsim.handoff.HandoffLog;
import gilsim.handoff.HandoffStats;
import gilsim.program.ThreadSpec;
import gilsim.scenario.InputError;
import gilsim.scenario.MachineProfile;
import gilsim.scenario.Scenario;
import gilsim.scenario.ScenarioFile;
import gilsim.scenario.Workload;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The crowded races that {@code gilsim calibrate} records after its script, through the hand-off recorder, run by
 * run, and the model's crowded-race keys fitted to them ({@link RaceFit}). Who takes the GIL after a forced drop
 * while two or more threads wait depends on how soon the holder drops after the requester waits again, and on how
 * long the sleeper at the head of the queue has gone without the GIL; both moved between boots of one VM
 * (docs/model.md, "Who takes the GIL when several wait"). Two races cover both: one where crowded drops come every
 * few milliseconds, one where they come once a sleep of 100 ms.
 *
 * <p>Recording needs Linux, a C compiler and Python 3.8 or newer; without them the races are skipped, with the
 * reason, and the profile leaves those keys at the model's defaults. The recorder moves the race it records
 * (docs/validation.md, "The recorder's cost"), so where the kernel's scheduler can be traced (root, tracefs) each
 * recorded run has a plain run beside it, both read from the scheduler's trace ({@link SchedRecorder}), and the
 * window is fitted to the plain race's shares ({@link Traced#target}).
 */
public final class CrowdedRace {
    /** CPython's default switch interval, the one the races run at. */
    static final long SWITCH_INTERVAL_NS = 5_000_000;

    /** One race: a workload, and how many runs of how long ({@code --quick}: fewer and shorter). */
    public enum Race {
        /** Four threads spinning in Python, as scenarios/cpu-bound-4.yaml: a crowded drop every 5 ms or so. */
        FREQUENT("four threads spin in Python, 10 ms a round (scenarios/cpu-bound-4.yaml)", """
                name: crowded-race
                params: {cores: 2}
                threads:
                  - {name: a, program: [{loop: [{compute: 10ms}]}]}
                  - {name: b, program: [{loop: [{compute: 10ms}]}]}
                  - {name: c, program: [{loop: [{compute: 10ms}]}]}
                  - {name: d, program: [{loop: [{compute: 10ms}]}]}
                """, 4, 5_000_000_000L, 3, 1_000_000_000L),
        /**
         * A thread sleeping 100 ms between 20 us of Python beside two spinners, as scenarios/latency-2.yaml: crowded
         * drops only while it waits, its timed waits out of step with the spinners', so the queue has often been quiet
         * for milliseconds at a drop. Some 25 crowded drops a second.
         */
        RARE("a thread sleeps 100 ms between 20 us of Python beside two spinning in 255 us rounds "
                + "(scenarios/latency-2.yaml)", """
                name: rare-crowded-race
                params: {cores: 2}
                threads:
                  - {name: main, program: [{loop: [{sleep: 100ms}, {compute: 20us}]}]}
                  - {name: bg0, program: [{loop: [{compute: 255us}]}]}
                  - {name: bg1, program: [{loop: [{compute: 255us}]}]}
                """, 3, 4_000_000_000L, 2, 2_000_000_000L);

        public final String description;
        public final Scenario scenario;
        final int runs;
        final long runNs;
        final int quickRuns;
        final long quickRunNs;

        Race(String description, String yaml, int runs, long runNs, int quickRuns, long quickRunNs) {
            this.description = description;
            this.scenario = ScenarioFile.parse("the " + name().toLowerCase() + " crowded race", yaml);
            this.runs = runs;
            this.runNs = runNs;
            this.quickRuns = quickRuns;
            this.quickRunNs = quickRunNs;
        }

        List<ThreadSpec> threads() {
            return ((Workload.Threads) scenario.workload().apply(scenario.params())).threads();
        }
    }

    private CrowdedRace() {}

    /**
     * A race's runs as the kernel's scheduler trace read them ({@link SchedRecorder}): plain runs, nothing preloaded,
     * and the recorded runs, each beside one of the other. The one reader on both kinds of run says how far the
     * hand-off recorder moved the requester's share, whatever that reader's own bias.
     */
    public record Traced(List<HandoffStats.CrowdedRun> plain, List<HandoffStats.CrowdedRun> recorded) {
        public Traced {
            plain = List.copyOf(plain);
            recorded = List.copyOf(recorded);
        }

        /** The requester's share, per cent, of the plain runs' crowded drops less the recorded runs'. */
        public double recorderCostPoints() {
            return HandoffStats.CrowdedRun.pooled(plain).percent() - HandoffStats.CrowdedRun.pooled(recorded).percent();
        }

        /**
         * The share to fit for this race: the recorded runs' as the recorder's own log reads it ({@code byShim}), moved
         * by what the recorder cost ({@link #recorderCostPoints}); as one run with the plain runs' crowded drops.
         */
        HandoffStats.CrowdedRun target(List<HandoffStats.CrowdedRun> byShim) {
            long drops = HandoffStats.CrowdedRun.pooled(plain).drops();
            double share = Math.max(0, Math.min(100,
                    HandoffStats.CrowdedRun.pooled(byShim).percent() + recorderCostPoints()));
            return new HandoffStats.CrowdedRun(drops, Math.round(drops * share / 100), null);
        }

        /** Each kind of run's crowded forced drops run by run, and the recorder's cost. */
        public Map<String, Object> json() {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("plain_runs", plain.stream().map(HandoffStats.CrowdedRun::json).toList());
            o.put("recorded_runs", recorded.stream().map(HandoffStats.CrowdedRun::json).toList());
            o.put("recorder_cost_points", recorderCostPoints());
            return o;
        }

        boolean readable() {
            return HandoffStats.CrowdedRun.pooled(plain).drops() > 0
                    && HandoffStats.CrowdedRun.pooled(recorded).drops() > 0;
        }
    }

    /**
     * What was measured: each race's recorded runs (the frequent race's run length {@code runNs}, the rare one's
     * {@code rareRunNs}), each race's runs read from the scheduler's trace ({@code traced}, {@code tracedRare}; null
     * when the scheduler could not be traced, and {@code untraced} says why) and the fit; or, when the races could not
     * be recorded, why ({@code skipped}, with no run and no fit). {@code fit} is null too when no run had a crowded
     * drop after a re-wait. {@code timedOutLateNs}: how late both races' timed waits that ran out returned after their
     * deadline, sorted ({@link HandoffStats#timedOutLatenessNs}).
     */
    public record Measured(long runNs, List<HandoffStats.CrowdedRun> runs, long rareRunNs,
                           List<HandoffStats.CrowdedRun> rareRuns, Traced traced, Traced tracedRare,
                           String untraced, RaceFit fit, long[] timedOutLateNs, String skipped) {
        public Measured {
            runs = List.copyOf(runs);
            rareRuns = List.copyOf(rareRuns);
            timedOutLateNs = timedOutLateNs.clone();
        }

        /** The recorded runs alone, fitted to their own shares ({@link RaceFit#of}). */
        public static Measured of(long runNs, List<HandoffStats.CrowdedRun> runs, long rareRunNs,
                                  List<HandoffStats.CrowdedRun> rareRuns, long[] timedOutLateNs,
                                  MachineProfile machine) {
            return of(runNs, runs, rareRunNs, rareRuns, null, null, "not traced", timedOutLateNs, machine);
        }

        /**
         * The runs as measured, fitted ({@link RaceFit#of}): where both races were traced, the window to the plain
         * race's shares ({@link Traced#target}), else to the recorded runs'.
         */
        public static Measured of(long runNs, List<HandoffStats.CrowdedRun> runs, long rareRunNs,
                                  List<HandoffStats.CrowdedRun> rareRuns, Traced traced, Traced tracedRare,
                                  String untraced, long[] timedOutLateNs, MachineProfile machine) {
            boolean plain = traced != null && tracedRare != null && traced.readable() && tracedRare.readable();
            RaceFit fit = RaceFit.of(runs, rareRuns, rareRunNs, machine, plain ? List.of(traced.target(runs)) : runs,
                    plain ? List.of(tracedRare.target(rareRuns)) : rareRuns, plain).orElse(null);
            return new Measured(runNs, runs, rareRunNs, rareRuns, traced, tracedRare, untraced, fit, timedOutLateNs,
                    null);
        }

        /** Whether both races were read from the scheduler's trace. */
        public boolean bothTraced() {
            return traced != null && tracedRare != null;
        }

        public static Measured skipped(String why) {
            return new Measured(0, List.of(), 0, List.of(), null, null, why, null, new long[0], why);
        }
    }

    /** Why the races cannot be recorded with {@code python} here (too old, no C compiler, not Linux), or null. */
    public static String unrecordable(Path python) {
        try {
            RealRun.checkRecordable(python);
            return null;
        } catch (InputError e) {
            return e.getMessage();
        }
    }

    /** The most runs {@code --race-runs} and {@code --rare-runs} ask of a race. */
    public static final int MAX_RUNS = 100;

    /**
     * Records both races on {@code python}, which {@link #unrecordable} accepted, and fits the model to them;
     * {@code frequentRuns} of the frequent race and {@code rareRuns} of the rare one, or each race's own count when
     * null. The races take turns ({@link #turns}), so that a machine whose race drifts over minutes moves both
     * alike. The model runs of the fit are on {@code machine}, the rest of the profile being measured.
     *
     * @throws InputError one line when a run fails
     */
    public static Measured measure(Path python, boolean quick, Integer frequentRuns, Integer rareRuns,
                                   MachineProfile machine) {
        String untraced = SchedRecorder.unavailable();
        Recording frequent = new Recording(python, Race.FREQUENT, quick, untraced == null);
        Recording rare = new Recording(python, Race.RARE, quick, untraced == null);
        for (Race race : turns(runs(Race.FREQUENT, quick, frequentRuns), runs(Race.RARE, quick, rareRuns))) {
            (race == Race.FREQUENT ? frequent : rare).next();
        }
        List<HandoffLog> both = new ArrayList<>(frequent.logs);
        both.addAll(rare.logs);
        return Measured.of(runNs(Race.FREQUENT, quick), HandoffStats.crowdedByRun(frequent.logs),
                runNs(Race.RARE, quick), HandoffStats.crowdedByRun(rare.logs), frequent.traced(), rare.traced(),
                untraced, HandoffStats.timedOutLatenessNs(both, SWITCH_INTERVAL_NS), machine);
    }

    /**
     * The order of the races' runs: each run goes to the race less far through its own, the frequent one first on a
     * tie, so the rare race's runs are spread over the frequent one's (24 and 12: F R F F R F F R ...).
     */
    static List<Race> turns(int frequentRuns, int rareRuns) {
        List<Race> order = new ArrayList<>();
        int f = 0;
        int r = 0;
        while (f < frequentRuns || r < rareRuns) {
            // f / frequentRuns <= r / rareRuns, in whole numbers
            boolean frequent = r == rareRuns || (f < frequentRuns && (long) f * rareRuns <= (long) r * frequentRuns);
            if (frequent) f++; else r++;
            order.add(frequent ? Race.FREQUENT : Race.RARE);
        }
        return order;
    }

    /** About how long {@link #measure} records, in seconds, for the progress line (twice over when it traces). */
    public static long seconds(boolean quick, Integer frequentRuns, Integer rareRuns) {
        long ns = 0;
        for (Race r : Race.values()) {
            ns += runs(r, quick, r == Race.FREQUENT ? frequentRuns : rareRuns) * runNs(r, quick);
        }
        return (SchedRecorder.unavailable() == null ? 2 : 1) * ns / 1_000_000_000L;
    }

    private static int runs(Race race, boolean quick, Integer asked) {
        return asked != null ? asked : quick ? race.quickRuns : race.runs;
    }

    private static long runNs(Race race, boolean quick) {
        return quick ? race.quickRunNs : race.runNs;
    }

    /**
     * One race's runs as they are made, one {@link #next} at a time: each recorded run's log; when {@code traced},
     * every run with the scheduler traced and a plain run beside each recorded one, the two taking turns at going
     * first, so that drift moves both alike.
     */
    private static final class Recording {
        private final Path python;
        private final String script;
        private final long timeoutMs;
        private final boolean traced;
        private final List<HandoffLog> logs = new ArrayList<>();
        private final List<HandoffStats.CrowdedRun> plain = new ArrayList<>();
        private final List<HandoffStats.CrowdedRun> recorded = new ArrayList<>();
        private int done;

        Recording(Path python, Race race, boolean quick, boolean traced) {
            long runNs = runNs(race, quick);
            this.python = python;
            this.script = PythonScript.compile(race.threads(), SWITCH_INTERVAL_NS, runNs);
            // as validate's default: twice the run and half a minute for the interpreter to start and stop
            this.timeoutMs = 2 * (runNs / 1_000_000L) + 30_000;
            this.traced = traced;
        }

        void next() {
            if (!traced) {
                logs.add(RealRun.record(python, script, timeoutMs).handoffs());
            } else {
                if (done % 2 == 1) plain.add(SchedRecorder.run(python, script, timeoutMs, false).crowded());
                RealSide.TracedRun r = SchedRecorder.run(python, script, timeoutMs, true);
                logs.add(r.handoffs());
                recorded.add(r.crowded());
                if (done % 2 == 0) plain.add(SchedRecorder.run(python, script, timeoutMs, false).crowded());
            }
            done++;
        }

        /** The runs as the scheduler's trace read them, or null when not traced. */
        Traced traced() {
            return traced ? new Traced(plain, recorded) : null;
        }
    }
}
