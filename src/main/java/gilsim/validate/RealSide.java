package gilsim.validate;

import gilsim.handoff.HandoffLog;
import gilsim.handoff.HandoffStats;
import gilsim.program.ThreadSpec;
import java.nio.file.Path;
import java.util.List;

/**
 * The real side of a validation: finds interpreters and runs a scenario's threads on one. {@link RealSides#cpython()}
 * is the one the command uses; tests give their own.
 */
public interface RealSide {
    /**
     * The interpreter a {@code --python} names: a path, or a name such as {@code python3.12} found on the PATH.
     *
     * @throws gilsim.scenario.InputError one line when there is none or it is not a usable Python
     */
    Path resolve(String nameOrPath);

    /** The interpreters to use when no {@code --python} is given (at least one, or an InputError). */
    List<Path> defaults();

    /**
     * One real run: the threads' programs compiled to Python and run on {@code python} for {@code durationNs}, with
     * the switch interval set to {@code switchIntervalNs}.
     *
     * @param timeoutMs the run is killed after this long
     * @throws gilsim.scenario.InputError one line on any failure (no interpreter, a crash, the time limit)
     */
    Observation observe(Path python, List<ThreadSpec> threads, long switchIntervalNs, long durationNs, long timeoutMs);

    /**
     * One real run with requests sent into the threads' queues at the given times ({@link PythonScript.Arrival}), as
     * {@link #observe}; the observation's requests hold what the run reported, by index in {@code arrivals}.
     *
     * @throws gilsim.scenario.InputError one line on any failure, or when this side cannot send requests
     */
    default Observation observe(Path python, List<ThreadSpec> threads, List<PythonScript.Arrival> arrivals,
                                long switchIntervalNs, long durationNs, long timeoutMs) {
        if (arrivals.isEmpty()) return observe(python, threads, switchIntervalNs, durationNs, timeoutMs);
        throw new gilsim.scenario.InputError("validate: this real side sends no requests");
    }

    /**
     * One real run as {@link #observe}, with its GIL hand-offs recorded ({@code validate --handoffs}).
     *
     * @throws gilsim.scenario.InputError one line on any failure, or when this side cannot record
     */
    RealRun.Recorded record(Path python, List<ThreadSpec> threads, long switchIntervalNs, long durationNs,
                            long timeoutMs);

    /**
     * Refuses, before anything runs, an interpreter or machine that {@link #record} would fail on.
     *
     * @throws gilsim.scenario.InputError one line saying what is missing
     */
    default void checkRecordable(Path python) {}

    /**
     * A run made with the kernel's scheduler traced: what the script reported, its crowded forced drops as the trace
     * read them ({@link gilsim.handoff.SchedTrace}), and, for a run made through the hand-off recorder, the recorder's
     * log (null for a plain run).
     */
    record TracedRun(Observation observation, HandoffStats.CrowdedRun crowded, HandoffLog handoffs) {}

    /** Why this side cannot trace the kernel's scheduler here, in one line, or null when {@link #traced} can. */
    default String untraceable() {
        return "this real side does not trace the scheduler";
    }

    /**
     * One run with the scheduler traced: plain as {@link #observe} (with {@code arrivals}), or through the hand-off
     * recorder as {@link #record} ({@code recorded}; sent no requests, as there), so that both kinds of run are read
     * by one reader. Only when {@link #untraceable} is null.
     *
     * @throws gilsim.scenario.InputError one line on any failure
     */
    default TracedRun traced(Path python, List<ThreadSpec> threads, List<PythonScript.Arrival> arrivals,
                             long switchIntervalNs, long durationNs, long timeoutMs, boolean recorded) {
        throw new gilsim.scenario.InputError("validate: " + untraceable());
    }
}
