package gilsim.handoff;

import gilsim.cpython.Gil;
import gilsim.cpython.GilEvent;
import gilsim.cpython.GilEvent.ForcedSwitch;
import gilsim.cpython.GilEvent.GilDrop;
import gilsim.cpython.GilEvent.GilTake;
import gilsim.handoff.HandoffEvent.Kind;
import gilsim.os.OsEvent;
import gilsim.os.OsEvent.ThreadState;
import gilsim.os.RunState;
import gilsim.sync.CondEvent;
import gilsim.sync.CondEvent.CondSignal;
import gilsim.sync.CondEvent.CondTimeout;
import gilsim.sync.CondEvent.CondWait;
import gilsim.sync.MutexEvent;
import gilsim.sync.MutexEvent.MutexBlock;
import java.util.ArrayList;
import java.util.List;

/**
 * A simulated run's hand-offs, read from its trace events in the terms a real trace has: a timed wait on the GIL's
 * condition variable returns when its thread runs again (as {@code pthread_cond_timedwait} returns only then),
 * timed out if its timer fired first.
 */
public final class SimHandoffs implements GilEvent.Listener, CondEvent.Listener, OsEvent.Listener,
        MutexEvent.Listener {
    private final String source;
    private final List<String> threads;
    private final List<HandoffEvent> events = new ArrayList<>();
    /*
     * Its own state, not the run's view of each thread's activity: a wait here ends as a real trace sees it, when its
     * thread runs again, not at the signal; and the hand-off layer sits below metrics, where the view is.
     */
    /** Each thread is inside a timed wait on gil->cond. */
    private final boolean[] waiting;
    /** Each thread is blocked (asleep); a thread still entering its wait is not. */
    private final boolean[] blocked;
    /** ... and its timer has fired. */
    private final boolean[] timedOut;
    private long endNs = -1;

    public SimHandoffs(String source, List<String> threads) {
        this.source = source;
        this.threads = List.copyOf(threads);
        this.waiting = new boolean[threads.size()];
        this.timedOut = new boolean[threads.size()];
        this.blocked = new boolean[threads.size()];
    }

    @Override
    public void onGilTake(GilTake e) {
        add(e.timeNs(), e.thread(), Kind.TAKE);
    }

    @Override
    public void onGilDrop(GilDrop e) {
        add(e.timeNs(), e.thread(), Kind.DROP);
    }

    @Override
    public void onForcedSwitch(ForcedSwitch e) {
        add(e.timeNs(), e.thread(), Kind.FORCED_WAIT);
    }

    @Override
    public void onCondWait(CondWait e) {
        if (!e.cond().equals(Gil.COND)) return;
        waiting[e.thread()] = true;
        timedOut[e.thread()] = false;
        add(e.timeNs(), e.thread(), Kind.WAIT);
    }

    @Override
    public void onCondSignal(CondSignal e) {
        if (!e.cond().equals(Gil.COND) || e.woken() < 0 || blocked[e.woken()]) return;
        // A waiter still entering its wait takes the signal and returns without having slept.
        waiting[e.woken()] = false;
        add(e.timeNs(), e.woken(), Kind.WOKEN);
    }

    @Override
    public void onCondTimeout(CondTimeout e) {
        if (!e.cond().equals(Gil.COND)) return;
        timedOut[e.thread()] = true;
        if (!blocked[e.thread()]) { // still entering: it sees the deadline passed without sleeping
            waiting[e.thread()] = false;
            add(e.timeNs(), e.thread(), Kind.TIMED_OUT);
        }
    }

    @Override
    public void onThreadState(ThreadState e) {
        int t = e.thread();
        // A wait returns when its thread runs again after sleeping; an entering thread that a preemption
        // took off its core and put back has not slept.
        if (e.state() == RunState.RUNNING && waiting[t] && blocked[t]) {
            waiting[t] = false;
            add(e.timeNs(), t, timedOut[t] ? Kind.TIMED_OUT : Kind.WOKEN);
        }
        if (e.state() != RunState.RUNNABLE) blocked[t] = e.state() == RunState.BLOCKED;
    }

    @Override
    public void onMutexBlock(MutexBlock e) {
        if (e.mutex().equals(Gil.MUTEX)) add(e.timeNs(), e.thread(), Kind.MUTEX_BLOCK);
    }

    private void add(long timeNs, int thread, Kind kind) {
        events.add(new HandoffEvent(timeNs, thread, kind));
    }

    @Override
    public void finish(long endNs) {
        this.endNs = endNs;
    }

    /** The run's log; call after it has finished. */
    public HandoffLog log() {
        if (endNs < 0) throw new IllegalStateException("the run has not finished");
        return new HandoffLog(source, threads, endNs, events, 0, true);
    }
}
