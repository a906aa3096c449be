package gilsim.validate;

import gilsim.handoff.CheckpointFit;
import gilsim.handoff.HandoffLog;
import gilsim.handoff.HandoffStats;
import gilsim.program.Dist;
import gilsim.program.Step;
import gilsim.program.ThreadSpec;
import gilsim.scenario.InputError;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * The crowded race that {@code gilsim calibrate} measures after its script: four threads spinning in Python on the
 * machine's cores (as {@code scenarios/cpu-bound-4.yaml}), recorded through the hand-off recorder run by run, and the
 * model's {@code checkpoint} fitted to them by {@link CheckpointFit}. It is the one figure the profile takes from
 * the crowded case: who takes the GIL after a forced drop while two or more threads wait depends on how soon the
 * holder drops after the requester waits again, and that gap moved from 0.4 to 2.3 us between boots of one VM
 * (docs/model.md, "Fitting it to a machine"). It is fitted to four spinners: where a workload's requester enters its
 * wait more slowly (a latency-sensitive thread beside spinners), the fitted spacing gives it too few crowded drops
 * (docs/calibration.md, section 5).
 *
 * <p>Recording needs Linux, a C compiler and Python 3.8 or newer; without them the race is skipped, with the reason,
 * and the profile leaves {@code checkpoint} at the model's default.
 */
public final class CrowdedRace {
    /** The workload the fitting rule was measured with: four threads, 10 ms of Python a round, forever. */
    static final int THREADS = 4;
    static final long ROUND_NS = 10_000_000;
    /** CPython's default switch interval, the one the rule was measured at. */
    static final long SWITCH_INTERVAL_NS = 5_000_000;
    /**
     * Five runs of 2 s ({@code --quick}: three of 1 s). The gap moves from run to run as well as from boot to boot
     * (one four-spinner recording had run medians 1.13 to 1.85 us), so the fit is a median of several runs'
     * medians; 2 s is some 400 forced drops a run on two cores.
     */
    static final int RUNS = 5;
    static final long RUN_NS = 2_000_000_000L;
    static final int QUICK_RUNS = 3;
    static final long QUICK_RUN_NS = 1_000_000_000L;

    private CrowdedRace() {}

    /**
     * What was measured: each run's crowded forced drops; or, when the race could not be recorded, why
     * ({@code skipped}, with no run).
     */
    public record Measured(long runNs, List<HandoffStats.CrowdedRun> runs, String skipped) {
        public Measured {
            runs = List.copyOf(runs);
        }

        /** {@code checkpoint} fitted to the runs ({@link CheckpointFit}), null when no run had a crowded drop. */
        public Long checkpointNs() {
            OptionalLong fit = CheckpointFit.checkpointNs(runs);
            return fit.isPresent() ? fit.getAsLong() : null;
        }

        /** The median of the runs' median gaps that the fit took, or -1 with none. */
        public long medianGapNs() {
            return CheckpointFit.medianGapNs(runs).orElse(-1);
        }

        public static Measured skipped(String why) {
            return new Measured(0, List.of(), why);
        }
    }

    /** Why the race cannot be recorded with {@code python} here (too old, no C compiler, not Linux), or null. */
    public static String unrecordable(Path python) {
        try {
            RealRun.checkRecordable(python);
            return null;
        } catch (InputError e) {
            return e.getMessage();
        }
    }

    /**
     * Records the race on {@code python}, which {@link #unrecordable} accepted.
     *
     * @throws InputError one line when a run fails
     */
    public static Measured measure(Path python, boolean quick) {
        int runs = quick ? QUICK_RUNS : RUNS;
        long runNs = quick ? QUICK_RUN_NS : RUN_NS;
        String script = PythonScript.compile(threads(), SWITCH_INTERVAL_NS, runNs);
        // as validate's default: twice the run and half a minute for the interpreter to start and stop
        long timeoutMs = 2 * (runNs / 1_000_000L) + 30_000;
        List<HandoffLog> logs = new ArrayList<>();
        for (int i = 0; i < runs; i++) logs.add(RealRun.record(python, script, timeoutMs).handoffs());
        return new Measured(runNs, HandoffStats.crowdedByRun(logs), null);
    }

    static List<ThreadSpec> threads() {
        List<ThreadSpec> out = new ArrayList<>();
        for (int i = 0; i < THREADS; i++) {
            out.add(new ThreadSpec(String.valueOf((char) ('a' + i)), -1,
                    List.of(new Step.Loop(-1, List.of(new Step.Compute(new Dist.Fixed(ROUND_NS)))))));
        }
        return out;
    }
}
