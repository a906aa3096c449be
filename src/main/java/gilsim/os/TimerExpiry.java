package gilsim.os;

import java.util.Arrays;
import java.util.List;

/**
 * When a timer with slack fires, and how the threads it wakes arrive ({@code timer_expiry=uniform|hrtimer}): the
 * timers of a sleep and of a condition variable's timed wait. docs/model.md ("When a timer fires") gives the traces.
 */
public enum TimerExpiry {
    /** Each timer on its own, uniformly within its slack after its deadline; its thread wakes as any wake-up does. */
    UNIFORM("uniform", "each timer on its own, uniformly within its slack after its deadline (the default until "
            + "2026-12-05)"),
    /**
     * Linux's high-resolution timers (kernel/time/hrtimer.c): a timer sits on the queue of the core its thread ran on
     * when it armed it; the core's interrupt comes at the earliest deadline plus slack on that queue and fires every
     * timer whose deadline has passed, in deadline order ("the immediate goal for using the softexpires is minimizing
     * wakeups", __hrtimer_run_queues). The threads one interrupt wakes arrive after the interrupted core's way out of
     * idle: at once on that core, after a further wake-up latency on another idle core, after {@code wake_ipi} on a
     * busy one.
     */
    HRTIMER("hrtimer", "Linux's: per-core timer queues, an interrupt at the earliest deadline plus slack firing every "
            + "timer past its deadline; its threads arrive in order, on the interrupted core first; the default");

    public static final TimerExpiry DEFAULT = HRTIMER;

    /** What {@code timer_expiry=} takes. */
    public final String id;
    /** Its line in docs/model.md's list, after {@code - `ID`: }. */
    public final String docsLine;

    TimerExpiry(String id, String docsLine) {
        this.id = id;
        this.docsLine = docsLine;
    }

    public static List<String> ids() {
        return Arrays.stream(values()).map(e -> e.id).toList();
    }

    public static TimerExpiry byId(String id) {
        for (TimerExpiry e : values()) if (e.id.equals(id)) return e;
        throw new IllegalArgumentException("no timer_expiry " + id);
    }
}
