package gilsim.handoff;

import gilsim.cpython.GilEvent.ForcedSwitch;
import gilsim.cpython.GilEvent.GilDrop;
import gilsim.cpython.GilEvent.GilTake;
import gilsim.handoff.HandoffEvent.Kind;
import gilsim.os.OsEvent.ThreadState;
import gilsim.os.RunState;
import gilsim.sim.TraceEvent;
import gilsim.sim.TraceListener;
import gilsim.sync.CondEvent.CondSignal;
import gilsim.sync.CondEvent.CondTimeout;
import gilsim.sync.CondEvent.CondWait;
import gilsim.sync.MutexEvent.MutexBlock;
import java.util.ArrayList;
import java.util.List;

/**
 * A simulated run's hand-offs, read from its trace events in the terms a real trace has: a timed wait on the GIL's
 * condition variable returns when its thread runs again (as {@code pthread_cond_timedwait} returns only then),
 * timed out if its timer fired first.
 */
public final class SimHandoffs implements TraceListener {
    private static final String GIL_COND = "gil";
    private static final String GIL_MUTEX = "gil->mutex";

    private final String source;
    private final List<String> threads;
    private final List<HandoffEvent> events = new ArrayList<>();
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
    public List<Class<? extends TraceEvent>> reads() {
        return List.of(GilTake.class, GilDrop.class, ForcedSwitch.class, CondWait.class, CondSignal.class,
                CondTimeout.class, ThreadState.class, MutexBlock.class);
    }

    @Override
    public void on(TraceEvent event) {
        if (event instanceof GilTake e) {
            add(e.timeNs(), e.thread(), Kind.TAKE);
        } else if (event instanceof GilDrop e) {
            add(e.timeNs(), e.thread(), Kind.DROP);
        } else if (event instanceof ForcedSwitch e) {
            add(e.timeNs(), e.thread(), Kind.FORCED_WAIT);
        } else if (event instanceof CondWait e && e.cond().equals(GIL_COND)) {
            waiting[e.thread()] = true;
            timedOut[e.thread()] = false;
            add(e.timeNs(), e.thread(), Kind.WAIT);
        } else if (event instanceof CondSignal e && e.cond().equals(GIL_COND) && e.woken() >= 0
                && !blocked[e.woken()]) {
            // A waiter still entering its wait takes the signal and returns without having slept.
            waiting[e.woken()] = false;
            add(e.timeNs(), e.woken(), Kind.WOKEN);
        } else if (event instanceof CondTimeout e && e.cond().equals(GIL_COND)) {
            timedOut[e.thread()] = true;
            if (!blocked[e.thread()]) { // still entering: it sees the deadline passed without sleeping
                waiting[e.thread()] = false;
                add(e.timeNs(), e.thread(), Kind.TIMED_OUT);
            }
        } else if (event instanceof ThreadState e) {
            int t = e.thread();
            // A wait returns when its thread runs again after sleeping; an entering thread that a preemption
            // took off its core and put back has not slept.
            if (e.state() == RunState.RUNNING && waiting[t] && blocked[t]) {
                waiting[t] = false;
                add(e.timeNs(), t, timedOut[t] ? Kind.TIMED_OUT : Kind.WOKEN);
            }
            if (e.state() != RunState.RUNNABLE) blocked[t] = e.state() == RunState.BLOCKED;
        } else if (event instanceof MutexBlock e && e.mutex().equals(GIL_MUTEX)) {
            add(e.timeNs(), e.thread(), Kind.MUTEX_BLOCK);
        }
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
        return new HandoffLog(source, threads, endNs, events, 0);
    }
}
