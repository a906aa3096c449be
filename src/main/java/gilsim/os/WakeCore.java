package gilsim.os;

import java.util.Arrays;
import java.util.List;

/**
 * Which core a woken thread runs on ({@code wake_core=previous|idle}). docs/model.md ("Which core a woken thread
 * runs on") gives the scheduler traces each rule was held against.
 */
public enum WakeCore {
    /**
     * The core it last ran on, unless that core is busy while another is idle, when {@code wake_move_percent} of a
     * timer's such wake-ups and {@code signal_move_percent} of another thread's go to the idle core; a thread that
     * stays preempts the runner ({@code preempt_percent}) or queues for it, and an idle core pulls a queued thread
     * over at the scheduler's next balance ({@code balance_tick}).
     * The default, from scheduler traces: a GIL waiter's timer sent it to the other CPU in 86 % of the wake-ups whose
     * previous CPU was busy while the other idled, and kept it on an idle previous CPU (docs/model.md, "Which core a
     * woken thread runs on"); a wake-up by another thread moved in 43 % ("A wake-up by another thread").
     */
    PREVIOUS("previous", "the core it last ran on, unless that core is busy and another idle, when "
            + "`wake_move_percent` of a timer's such wake-ups and `signal_move_percent` of another thread's go to the "
            + "idle one; an idle core takes a queued thread at the next balance (`balance_tick`); the default, from "
            + "scheduler traces"),
    /** An idle core if there is one, anywhere; only when none is idle does it preempt or queue. The earlier rule. */
    IDLE("idle", "an idle core if there is one; only when none is does it preempt or queue (the rule before "
            + "2026-12-02)");

    public static final WakeCore DEFAULT = PREVIOUS;

    /** What {@code wake_core=} takes. */
    public final String id;
    /** Its line in docs/model.md's list, after {@code - `ID`: }. */
    public final String docsLine;

    WakeCore(String id, String docsLine) {
        this.id = id;
        this.docsLine = docsLine;
    }

    public static List<String> ids() {
        return Arrays.stream(values()).map(w -> w.id).toList();
    }

    public static WakeCore byId(String id) {
        for (WakeCore w : values()) if (w.id.equals(id)) return w;
        throw new IllegalArgumentException("no wake_core " + id);
    }
}
