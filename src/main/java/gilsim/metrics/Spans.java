package gilsim.metrics;

import gilsim.cpython.Gil;
import gilsim.cpython.GilEvent.ForcedSwitch;
import gilsim.cpython.GilEvent.GilDrop;
import gilsim.cpython.GilEvent.GilTake;
import gilsim.cpython.GilEvent.GilWant;
import gilsim.os.OsEvent.ThreadState;
import gilsim.os.RunState;
import gilsim.sync.CondEvent.CondSignal;
import gilsim.sync.CondEvent.CondTimeout;
import gilsim.sync.CondEvent.CondWait;
import java.util.Arrays;

/**
 * The one view of each thread's activity, derived once from the event stream: its scheduler state (running, ready,
 * blocked, exited), whether it waits for the GIL (from take_gil's entry to the take) or holds it (from the take to
 * the drop), whether it is parked on the GIL's condition variable (from its wait to the signal or the timeout that
 * ends it) and whether it is in a forced switch (from its drop to the signal on switch_cond of the next taker).
 * Each wait and hold is also handed, as it closes, to the {@link Sink}s as a {@link Span}; one still open when the
 * run ends closes at the end, marked open. The checker, the statistics, the timelines, the page's recording, the
 * Chrome trace and the story read this view; none keeps its own "waiting since" or scheduler state.
 *
 * <p>It must be the first listener of a run, so that everything after it sees an event with the view already
 * moved by it (and the spans it closed). A parked spell's and a forced switch's start stay readable after the event
 * that ended them, for the readers of that event.
 */
public final class Spans implements RunListener {
    public enum Kind { WAIT, HOLD }

    /** A wait or a hold of {@code thread}, {@code [startNs, endNs]}; {@code open}: cut by the end of the run. */
    public record Span(Kind kind, int thread, long startNs, long endNs, boolean open) {
        public long lengthNs() {
            return endNs - startNs;
        }
    }

    /** Receives each span as it closes, in time order. */
    public interface Sink {
        void span(Span span);
    }

    private final RunState[] state;
    /** Each thread's scheduler state before its last change, for a reader that tells the change. */
    private final RunState[] stateBefore;
    private final long[] waitSinceNs;
    private final long[] holdSinceNs;
    private final boolean[] parked;
    private final long[] parkedSinceNs;
    private final boolean[] forced;
    private final long[] forcedSinceNs;
    private int holder = -1;
    private int running;
    private int runnable;
    private Sink[] sinks = new Sink[0];

    public Spans(int threads) {
        state = new RunState[threads];
        // A thread is blocked until the machine first runs it.
        Arrays.fill(state, RunState.BLOCKED);
        stateBefore = state.clone();
        waitSinceNs = filled(threads);
        holdSinceNs = filled(threads);
        parked = new boolean[threads];
        parkedSinceNs = filled(threads);
        forced = new boolean[threads];
        forcedSinceNs = filled(threads);
    }

    public void add(Sink sink) {
        sinks = Arrays.copyOf(sinks, sinks.length + 1);
        sinks[sinks.length - 1] = sink;
    }

    /** {@code thread}'s scheduler state now. */
    public RunState state(int thread) {
        return state[thread];
    }

    /** {@code thread}'s scheduler state before its last change (blocked before its first). */
    public RunState stateBefore(int thread) {
        return stateBefore[thread];
    }

    /** Threads running now. */
    public int running() {
        return running;
    }

    /** Threads ready to run now, with no core free to them. */
    public int runnable() {
        return runnable;
    }

    /** Whether {@code thread} is in take_gil now. */
    public boolean waiting(int thread) {
        return waitSinceNs[thread] >= 0;
    }

    /** When {@code thread} entered take_gil, or -1 outside it. */
    public long waitSinceNs(int thread) {
        return waitSinceNs[thread];
    }

    /** Whether {@code thread} holds the GIL now. */
    public boolean holding(int thread) {
        return holdSinceNs[thread] >= 0;
    }

    /** The thread that holds the GIL now, or -1. */
    public int holder() {
        return holder;
    }

    /** Whether {@code thread} is parked on the GIL's condition variable now. */
    public boolean parked(int thread) {
        return parked[thread];
    }

    /** When {@code thread}'s current parked spell began, or its last one (after the event that ended it); else -1. */
    public long parkedSinceNs(int thread) {
        return parkedSinceNs[thread];
    }

    /** Whether {@code thread} waits on switch_cond for another thread to take the GIL (a forced switch). */
    public boolean forced(int thread) {
        return forced[thread];
    }

    /** When {@code thread}'s current forced switch began, or its last one (after the event that ended it); else -1. */
    public long forcedSinceNs(int thread) {
        return forcedSinceNs[thread];
    }

    @Override
    public void onThreadState(ThreadState e) {
        RunState before = state[e.thread()];
        RunState now = e.state();
        stateBefore[e.thread()] = before;
        state[e.thread()] = now;
        running += (now == RunState.RUNNING ? 1 : 0) - (before == RunState.RUNNING ? 1 : 0);
        runnable += (now == RunState.RUNNABLE ? 1 : 0) - (before == RunState.RUNNABLE ? 1 : 0);
    }

    @Override
    public void onGilWant(GilWant e) {
        waitSinceNs[e.thread()] = e.timeNs();
    }

    @Override
    public void onGilTake(GilTake e) {
        close(Kind.WAIT, waitSinceNs, e.thread(), e.timeNs(), false);
        holdSinceNs[e.thread()] = e.timeNs();
        holder = e.thread();
    }

    @Override
    public void onGilDrop(GilDrop e) {
        close(Kind.HOLD, holdSinceNs, e.thread(), e.timeNs(), false);
        holder = -1;
    }

    @Override
    public void onForcedSwitch(ForcedSwitch e) {
        forced[e.thread()] = true;
        forcedSinceNs[e.thread()] = e.timeNs();
    }

    @Override
    public void onCondWait(CondWait e) {
        if (!e.cond().equals(Gil.COND)) return;
        parked[e.thread()] = true;
        parkedSinceNs[e.thread()] = e.timeNs();
    }

    /** A signal on the GIL's condition variable ends the woken's parked spell; on switch_cond, its forced switch. */
    @Override
    public void onCondSignal(CondSignal e) {
        int woken = e.woken();
        if (woken < 0) return;
        if (e.cond().equals(Gil.COND)) {
            parked[woken] = false;
        } else {
            forced[woken] = false;
        }
    }

    @Override
    public void onCondTimeout(CondTimeout e) {
        if (e.cond().equals(Gil.COND)) parked[e.thread()] = false;
    }

    @Override
    public void finish(long endNs) {
        for (int t = 0; t < waitSinceNs.length; t++) {
            close(Kind.WAIT, waitSinceNs, t, endNs, true);
            close(Kind.HOLD, holdSinceNs, t, endNs, true);
        }
    }

    private void close(Kind kind, long[] sinceNs, int thread, long endNs, boolean open) {
        long since = sinceNs[thread];
        if (since < 0) return;
        sinceNs[thread] = -1;
        Span span = new Span(kind, thread, since, endNs, open);
        for (Sink s : sinks) s.span(span);
    }

    private static long[] filled(int n) {
        long[] a = new long[n];
        Arrays.fill(a, -1);
        return a;
    }
}
