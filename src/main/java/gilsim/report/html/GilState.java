package gilsim.report.html;

import gilsim.cpython.Gil;
import gilsim.cpython.GilEvent.DropRequest;
import gilsim.cpython.GilEvent.GilDrop;
import gilsim.cpython.GilEvent.GilTake;
import gilsim.os.OsEvent.ThreadState;
import gilsim.os.RunState;
import gilsim.report.TimeWindow;
import gilsim.sim.TraceEvent;
import gilsim.sim.TraceListener;
import gilsim.sync.CondEvent.CondAbsorb;
import gilsim.sync.CondEvent.CondSignal;
import gilsim.sync.CondEvent.CondTimeout;
import gilsim.sync.CondEvent.CondWait;
import gilsim.cpython.GilEvent;
import gilsim.os.OsEvent;
import gilsim.sync.CondEvent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the page's state panel shows at any instant, recorded as the changes that make it: the GIL's fields as
 * {@code ceval_gil.c} names them ({@code locked} and its holder, {@code last_holder}, {@code switch_number}, the drop
 * request and whom it asks), the GIL condition variable's waiters in the order the model would wake them with each
 * one's timed-wait deadline, and each thread's place on the machine (the core it runs on, ready with no core, or
 * blocked). The page replays the changes up to the instant asked, from a snapshot of the state at the detail window's
 * start; it simulates nothing. Changes are kept inside the detail window only, as the timeline's segments are.
 */
final class GilState implements OsEvent.Listener, GilEvent.Listener, CondEvent.Listener {
    /** The change codes the page reads ({@code report.js}, {@code STATE_OPS}). */
    static final int TAKE = 0;
    static final int TAKE_SWITCHED = 1;
    static final int DROP = 2;
    static final int REQUEST = 3;
    static final int WAIT = 4;
    static final int SIGNAL = 5;
    static final int TIMEOUT = 6;
    static final int ABSORB = 7;
    static final int RUNS = 8;
    static final int READY = 9;
    static final int BLOCKED = 10;

    private final TimeWindow window;
    private final Recording.Column ops = new Recording.Column(3);
    /** Each change's deadline (a WAIT's), in ns from the start; 0 for the others. */
    private final List<Long> deadlines = new ArrayList<>();
    /** Whether a change at this instant is kept: the recording's window and budget. */
    private final java.util.function.LongPredicate keep;

    // The live state, for the snapshot at the window's start.
    private int holder = -1;
    private int lastHolder = -1;
    private long switchNumber;
    private int requester = -1;
    private int requested = -1;
    private final List<long[]> waiters = new ArrayList<>();
    private final int[] place;
    private Map<String, Object> snapshot;

    GilState(int threads, TimeWindow window, java.util.function.LongPredicate keep) {
        this.window = window;
        this.keep = keep;
        this.place = new int[threads];
        java.util.Arrays.fill(place, -1);
    }

    @Override
    public void onOther(TraceEvent e) {}

    @Override
    public void onGilTake(GilTake e) {
        change(e.timeNs(), e.switched() ? TAKE_SWITCHED : TAKE, e.thread(), (int) Math.min(Integer.MAX_VALUE,
                e.switchNumber()), 0);
        holder = e.thread();
        lastHolder = e.thread();
        switchNumber = e.switchNumber();
        requester = -1; // a new holder starts with no drop request (3.12 resets the flag, 3.13 the holder's bit)
        requested = -1;
    }

    @Override
    public void onGilDrop(GilDrop e) {
        change(e.timeNs(), DROP, e.thread(), 0, 0);
        holder = -1;
    }

    @Override
    public void onDropRequest(DropRequest e) {
        change(e.timeNs(), REQUEST, e.requester(), e.holder(), 0);
        requester = e.requester();
        requested = e.holder();
    }

    @Override
    public void onCondWait(CondWait e) {
        if (!e.cond().equals(Gil.COND)) return;
        change(e.timeNs(), WAIT, e.thread(), e.position(), Math.max(0, e.deadlineNs()));
        waiters.add(Math.min(e.position(), waiters.size()), new long[] {e.thread(), Math.max(0, e.deadlineNs())});
    }

    @Override
    public void onCondSignal(CondSignal e) {
        if (!e.cond().equals(Gil.COND)) return;
        change(e.timeNs(), SIGNAL, e.signaller(), e.woken(), 0);
        leave(e.woken());
    }

    @Override
    public void onCondTimeout(CondTimeout e) {
        if (!e.cond().equals(Gil.COND)) return;
        change(e.timeNs(), TIMEOUT, e.thread(), 0, 0);
        leave(e.thread());
    }

    @Override
    public void onCondAbsorb(CondAbsorb e) {
        if (!e.cond().equals(Gil.COND)) return;
        change(e.timeNs(), ABSORB, e.signaller(), e.absorber(), 0);
        leave(e.absorber());
    }

    @Override
    public void onThreadState(ThreadState e) {
        int now = e.state() == RunState.RUNNING ? RUNS : e.state() == RunState.RUNNABLE ? READY : BLOCKED;
        change(e.timeNs(), now, e.thread(), e.core(), 0);
        place[e.thread()] = e.state() == RunState.RUNNING ? e.core() : e.state() == RunState.RUNNABLE ? -2 : -1;
    }

    private void leave(int thread) {
        waiters.removeIf(w -> w[0] == thread);
    }

    /** A change, kept when the recording keeps its instant; the snapshot is taken before the first in the window. */
    private void change(long timeNs, int op, int a, int b, long deadlineNs) {
        if (snapshot == null && timeNs >= window.fromNs()) snapshot = snapshot(window.fromNs());
        if (!keep.test(timeNs)) return;
        ops.add(timeNs, op, a, b);
        deadlines.add(deadlineNs);
    }

    private Map<String, Object> snapshot(long atNs) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("atNs", atNs);
        s.put("holder", holder);
        s.put("lastHolder", lastHolder);
        s.put("switchNumber", switchNumber);
        s.put("requester", requester);
        s.put("requested", requested);
        List<long[]> w = new ArrayList<>();
        for (long[] x : waiters) w.add(x.clone());
        s.put("waiters", w);
        s.put("place", place.clone());
        return s;
    }

    /** The page's data: the snapshot at the window's start and the changes after it. */
    Map<String, Object> data(long endNs) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("start", snapshot != null ? snapshot : snapshot(Math.min(window.fromNs(), endNs)));
        d.put("t", ops.deltas());
        d.put("o", ops.ints(0));
        d.put("a", ops.ints(1));
        d.put("b", ops.ints(2));
        d.put("d", deadlines.stream().mapToLong(Long::longValue).toArray());
        return d;
    }
}
