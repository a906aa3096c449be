package gilsim.validate;

import gilsim.handoff.SchedTrace;
import gilsim.program.ThreadSpec;
import gilsim.scenario.Builtins;
import gilsim.scenario.Scenario;
import gilsim.scenario.Workload;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The pinned hand-off that {@code gilsim calibrate} traces: #161868 with both threads on one core (the built-in
 * {@code short-release}, {@code pinned=true}) run plain on the real interpreter while the kernel's scheduler is traced
 * ({@link SchedRecorder}), and its GIL hand-offs read from the trace ({@link SchedTrace#pinnedHandoffs}). Each
 * hand-off is one or two wake-ups of {@code main} by the worker onto its core (the drop's signal; the release of
 * {@code gil->mutex} when {@code main} found it held), and after each {@code main} either went on or lost the GIL to
 * the worker: the share that went on is what the model's {@code preempt_percent} draws for such a wake-up, read where
 * it happens, and the wake-ups in a window after a loss, which lose more often, are read apart for its
 * {@code refusal_after_percent} (docs/calibration.md, section 4). Needs Linux, root and tracefs; skipped, with the
 * reason, without them.
 */
public final class PinnedHandoff {
    /** How long the traced run lasts: some 1,900 wake-ups a second on this project's VM. */
    static final long RUN_NS = 5_000_000_000L;
    static final long QUICK_RUN_NS = 2_000_000_000L;
    /** Fewer wake-ups than this leave the pipe step's share in the profile (a standard error of a point at 95 %). */
    public static final long MIN_WAKE_UPS = 500;
    /**
     * The window a loss opens, in which the next wake-ups are counted apart (the model's {@code refusal_window}). On
     * this project's VM the lift after a loss lasts until the next hand-off, about 2 ms later, and is gone by the one
     * after it; a loss inside a window lifts nothing after it (3.7 % lost, against 2.9 % outside windows), so it
     * closes the window (docs/calibration.md, section 4).
     */
    public static final long REFUSAL_WINDOW_NS = 3_000_000;
    /**
     * Fewer wake-ups in that window than this leave the profile without one (its share would be known to no better
     * than some 7 points at 95 %).
     */
    public static final long MIN_SOON_AFTER_LOSS = 100;

    private PinnedHandoff() {}

    /** The traced run's length and hand-offs; or why it was not traced ({@code skipped}, no hand-offs). */
    public record Measured(long runNs, SchedTrace.PinnedHandoffs handoffs, String skipped) {
        public static Measured skipped(String why) {
            return new Measured(0, null, why);
        }

        /** Whether the run had enough wake-ups for the profile to take its share. */
        public boolean usable() {
            return handoffs != null && handoffs.wakeUps() >= MIN_WAKE_UPS;
        }

        /** Whether it also had enough soon after a loss for the profile to take their share and the window. */
        public boolean windowUsable() {
            return usable() && handoffs.soonAfterLoss() >= MIN_SOON_AFTER_LOSS;
        }

        public Map<String, Object> json() {
            Map<String, Object> o = new LinkedHashMap<>();
            if (handoffs == null) {
                o.put("skipped", skipped);
                return o;
            }
            o.put("run_ns", runNs);
            o.put("wake_ups", handoffs.wakeUps());
            o.put("went_on", handoffs.keptOn());
            o.put("share", handoffs.wakeUps() == 0 ? null : handoffs.keptOnShare());
            o.put("handoffs", handoffs.handoffs());
            o.put("lost", handoffs.lost());
            o.put("after_lost", handoffs.afterLost());
            o.put("lost_after_lost", handoffs.lostAfterLost());
            o.put("after_won", handoffs.afterWon());
            o.put("lost_after_won", handoffs.lostAfterWon());
            o.put("window_ns", REFUSAL_WINDOW_NS);
            o.put("soon_after_loss", handoffs.soonAfterLoss());
            o.put("went_on_soon_after_loss", handoffs.keptOnSoonAfterLoss());
            return o;
        }
    }

    /**
     * Runs pinned #161868 on {@code python} with the scheduler traced and reads its hand-offs; skipped, with the
     * reason, where the scheduler cannot be traced.
     *
     * @throws gilsim.scenario.InputError one line when the run fails
     */
    public static Measured measure(Path python, boolean quick) {
        String untraceable = SchedRecorder.unavailable();
        if (untraceable != null) return Measured.skipped(untraceable);
        long runNs = runNs(quick);
        Scenario s = Builtins.get("short-release");
        List<ThreadSpec> threads = ((Workload.Threads) s.workload().apply(s.params(List.of("pinned=true"))))
                .threads();
        String script = PythonScript.compile(threads, CrowdedRace.SWITCH_INTERVAL_NS, runNs);
        SchedRecorder.Run run = SchedRecorder.trace(python, script, RealRun.defaultTimeoutMs(runNs), false);
        return new Measured(runNs, run.trace().pinnedHandoffs(run.startNs(), run.endNs(), REFUSAL_WINDOW_NS), null);
    }

    /** About how long {@link #measure} runs, in seconds, for the progress line; 0 when it will be skipped. */
    public static long seconds(boolean quick) {
        return SchedRecorder.unavailable() != null ? 0 : runNs(quick) / 1_000_000_000L;
    }

    private static long runNs(boolean quick) {
        return quick ? QUICK_RUN_NS : RUN_NS;
    }
}
