package gilsim.os;


/** One simulated OS thread: its scheduler state, the core it may use, and what it does when it next runs. */
public final class SimThread {
    /** Index in the run; trace events name threads by it. */
    public final int id;
    public final String name;
    /** The only core this thread may run on, or -1 for any (affinity). */
    public final int pinnedCore;

    RunState state = RunState.BLOCKED;
    /** The core it runs on while RUNNING, else -1. */
    int core = -1;
    /** The core it last ran on, -1 before its first dispatch: where {@link WakeCore#PREVIOUS} wakes it. */
    int lastCore = -1;
    /** When it last left a core (preempted, blocked): a queued thread is cache-hot on lastCore until a while after. */
    long leftCoreNs = Long.MIN_VALUE / 2;
    /** What to run when it next gets a core after blocking; null while a burst is in progress. */
    Runnable onDispatch;
    /** CPU work in progress, paused while the thread is preempted. */
    Burst burst;
    /**
     * Came to the run queue or a core from a wake-up (or its start) and has not run since: a sleeper, owed CPU time
     * (EEVDF's positive lag), where a thread preempted or put back at its slice's end has had its share.
     */
    boolean sleeper;
    /** Until when no wake-up preempts it ({@code run_to_parity}): a sleeper's first slice on a core, in ns. */
    long protectedUntilNs = Long.MIN_VALUE;
    /** When it last got a core: the preemption victim is the runner that has run longest. */
    long dispatchedNs;
    /** Bumped on every dispatch, so a stale "proceed" event of an earlier dispatch does nothing. */
    long dispatchGeneration;
    /** True between a wake-up and its arrival on the run queue (the wake-up latency). */
    boolean waking;
    /**
     * For the wake-up in progress: it goes to an idle core, not to its busy previous one ({@code wake_move_percent}
     * or {@code signal_move_percent}).
     */
    boolean movesOnWake;
    /** For the wake-up in progress: another thread woke it (a signal, a release), not a timer. */
    boolean wokenByThread;
    /** When a wake-up of it by another thread last queued instead of preempting ({@link WakePreemption}), in ns. */
    long lastRefusedNs = NEVER;
    /** When its open window of refusals began ({@link WakePreemption}), in ns; NEVER when none is open. */
    long refusalWindowFromNs = NEVER;
    static final long NEVER = Long.MIN_VALUE;
    /** On its way into a futex sleep ({@link Machine#sleepOnFutex}): asleep to its waker, still on its core. */
    boolean enteringSleep;
    /** Woken while {@link #enteringSleep}: it does not leave its core, it goes on at once. */
    boolean wokenEntering;
    /**
     * Proceed events scheduled and not yet run. They all lie at the dispatch's instant, in order, so only the last
     * belongs to the current dispatch: the earlier ones are stale (a preemption came between).
     */
    int proceedsPending;
    /** The bursts' one record, reused: a thread has one burst at a time (a run allocates nothing per burst). */
    final Burst ownBurst = new Burst();
    /**
     * The machine's continuations for this thread, made once: a wake-up's arrival, a dispatch's proceed, a burst's
     * end. A lambda made at every wake-up and burst was a fifth of a pool run's allocation
     * (docs/notes/benchmarks-log.md).
     */
    Runnable arrival;
    Runnable proceed;
    Runnable burstEnd;

    SimThread(int id, String name, int pinnedCore) {
        this.id = id;
        this.name = name;
        this.pinnedCore = pinnedCore;
    }

    /** The core it runs on, else the one it last ran on (-1 before its first dispatch). */
    public int currentOrLastCore() {
        return core >= 0 ? core : lastCore;
    }

    public RunState state() {
        return state;
    }

    boolean mayRunOn(int c) {
        return pinnedCore < 0 || pinnedCore == c;
    }

    @Override
    public String toString() {
        return name;
    }
}
