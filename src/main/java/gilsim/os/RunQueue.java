package gilsim.os;

import java.util.Arrays;
import java.util.List;

/**
 * Whose queue a thread that cannot run at once waits in ({@code run_queue=per-core|shared}), with
 * {@code wake_core=previous}; docs/model.md ("Each core has its own run queue") gives the scheduler traces.
 */
public enum RunQueue {
    /**
     * Linux's: each core has its own run queue. A woken thread that does not get its core waits for that core (the one
     * it last ran on), as does a preempted thread: the core's runner's slice end or its leaving the core lets it on.
     * Another core takes it only by balancing, while idle, within {@code balance_tick}: a core that comes free runs
     * its own queue, and passes over the others' at that moment (kernel/sched/fair.c; the traces found a thread queued
     * on a busy CPU run there, not on the other CPU going idle meanwhile).
     */
    PER_CORE("per-core", "each core has its own: a thread waits for the core it was woken onto or preempted on (its "
            + "runner's slice end, or its leaving the core); another core takes it only at an idle balance "
            + "(`balance_tick`), not the moment it comes free; with `wake_core=previous`; the default, from scheduler "
            + "traces"),
    /** One queue for the machine: any core that comes free or ends its runner's slice takes the first thread in it. */
    SHARED("shared", "one queue for the machine: a core that comes free, or whose runner's slice ends, takes its "
            + "first thread, wherever that thread was woken (the default until 2026-12-05, and always with "
            + "`wake_core=idle`)");

    public static final RunQueue DEFAULT = PER_CORE;

    /** What {@code run_queue=} takes. */
    public final String id;
    /** Its line in docs/model.md's list, after {@code - `ID`: }. */
    public final String docsLine;

    RunQueue(String id, String docsLine) {
        this.id = id;
        this.docsLine = docsLine;
    }

    public static List<String> ids() {
        return Arrays.stream(values()).map(q -> q.id).toList();
    }

    public static RunQueue byId(String id) {
        for (RunQueue q : values()) if (q.id.equals(id)) return q;
        throw new IllegalArgumentException("no run_queue " + id);
    }
}
