package gilsim.handoff;

/**
 * One step of the GIL's hand-off, as both sides can see it: a real interpreter through its pthread calls
 * ({@link ShimLog}), a simulated run through its trace events ({@link SimHandoffs}).
 *
 * @param timeNs from the start of the run
 * @param thread index into the log's thread names
 * @param cpu    for a {@link Kind#WAIT}, the CPU (a simulated run's core) the call ran on; -1 when not recorded
 */
public record HandoffEvent(long timeNs, int thread, Kind kind, int cpu) {
    /** An event without a CPU. */
    public HandoffEvent(long timeNs, int thread, Kind kind) {
        this(timeNs, thread, kind, -1);
    }

    /** What happened, named for the call in {@code take_gil} / {@code drop_gil} that shows it. */
    public enum Kind {
        /** A timed wait on {@code gil->cond} began ({@code COND_TIMED_WAIT} in take_gil). */
        WAIT,
        /** The timed wait returned signalled: a drop's signal (or a replacement) woke the thread. */
        WOKEN,
        /** The timed wait returned with ETIMEDOUT: the switch interval ran out. */
        TIMED_OUT,
        /** The thread took the GIL ({@code COND_SIGNAL(gil->switch_cond)} at the end of take_gil). */
        TAKE,
        /** The thread dropped the GIL ({@code COND_SIGNAL(gil->cond)} in drop_gil). */
        DROP,
        /** A dropper waits on {@code gil->switch_cond} until another thread has taken the GIL (FORCE_SWITCHING). */
        FORCED_WAIT,
        /** {@code pthread_mutex_lock(gil->mutex)} found it held and blocked. */
        MUTEX_BLOCK
    }
}
