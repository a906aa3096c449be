package gilsim.metrics;

import gilsim.cpython.GilEvent.DropRequest;
import gilsim.cpython.GilEvent.ForcedSwitch;
import gilsim.cpython.GilEvent.GilDrop;
import gilsim.cpython.GilEvent.GilTake;
import gilsim.cpython.GilEvent.SemPostWake;
import gilsim.cpython.GilEvent.SemWaitRetry;
import gilsim.sim.TraceEvent;

/**
 * Checks, on every event of every run, that the GIL keeps CPython's hand-off protocol, whatever the policy:
 * <ul>
 *   <li>a drop request goes to the thread that holds the GIL, from a thread inside take_gil that has waited at
 *       least the switch interval with no switch (its timed wait, or under paused-budget its budget, ran out);
 *   <li>a forced switch is made only by a thread with a drop request pending, and after a forced switch by T the
 *       next take is by another thread;
 *   <li>every drop is by the holder;
 *   <li>the old GIL (2.7, 3.1): a sem_post wakes a thread inside take_gil, after its poster has dropped the GIL;
 *       a wasted wake-up is by a thread inside take_gil that finds the GIL held by another.
 * </ul>
 * It only observes; a violation stops the run with the event (a bug in gilsim, never in the input).
 */
public final class ProtocolChecker implements RunListener {
    /** The clamped switch interval, ns. */
    private final long intervalNs;
    /**
     * Its own holder, not the view's: it checks each take and drop against the holder before the event, which the
     * view has already moved.
     */
    private int holder = -1;
    /** When the GIL last changed hands, ns. */
    private long lastSwitchNs;
    /** Whether each thread is in take_gil and since when: the run's view, which moved before this checker. */
    private final Spans spans;
    /** Whether a drop request reached each thread since its last take. */
    private final boolean[] requested;
    /** The thread that made the last forced switch and has not yet seen another take, or -1. */
    private int forcedBy = -1;

    /** @param spans the run's view of each thread's activity, a listener before this one */
    public ProtocolChecker(int threads, long intervalNs, Spans spans) {
        this.intervalNs = intervalNs;
        this.spans = spans;
        this.requested = new boolean[threads];
    }

    @Override
    public void onGilTake(GilTake e) {
        if (e.thread() == forcedBy) fail("thread " + forcedBy + " took the GIL back right after its forced switch", e);
        forcedBy = -1;
        if (e.switched()) lastSwitchNs = e.timeNs();
        holder = e.thread();
        requested[e.thread()] = false;
    }

    @Override
    public void onGilDrop(GilDrop e) {
        if (e.thread() != holder) fail("thread " + e.thread() + " dropped a GIL held by " + holder, e);
        holder = -1;
    }

    @Override
    public void onDropRequest(DropRequest e) {
        if (e.holder() != holder) fail("drop request to a thread that does not hold the GIL (holder " + holder + ")", e);
        long since = spans.waitSinceNs(e.requester());
        if (since < 0) fail("drop request from a thread outside take_gil", e);
        if (e.timeNs() - Math.max(since, lastSwitchNs) < intervalNs) {
            fail("drop request before a switch interval of waiting with no switch", e);
        }
        requested[e.holder()] = true;
    }

    @Override
    public void onSemPostWake(SemPostWake e) {
        if (holder >= 0) fail("sem_post woke a waiter while the GIL is held by " + holder, e);
        if (!spans.waiting(e.woken())) fail("sem_post woke a thread outside take_gil", e);
    }

    @Override
    public void onSemWaitRetry(SemWaitRetry e) {
        if (!spans.waiting(e.thread())) fail("a wasted wake-up of a thread outside take_gil", e);
        if (holder < 0 || holder == e.thread()) fail("a wasted wake-up with the GIL free or its own", e);
    }

    @Override
    public void onForcedSwitch(ForcedSwitch e) {
        if (!requested[e.thread()]) fail("forced switch with no drop request pending", e);
        forcedBy = e.thread();
    }

    private static void fail(String what, TraceEvent e) {
        throw new Invariants.InvariantViolation("protocol violated: " + what + ": " + e);
    }
}
