package gilsim.report.html;

import gilsim.cpython.Gil;
import gilsim.cpython.GilEvent;
import gilsim.cpython.GilEvent.DropRequest;
import gilsim.cpython.GilEvent.GilDrop;
import gilsim.cpython.GilEvent.GilTake;
import gilsim.m0.PoolEvent;
import gilsim.os.OsEvent;
import gilsim.os.OsEvent.ThreadState;
import gilsim.os.RunState;
import gilsim.report.TimeWindow;
import gilsim.sim.TraceEvent;
import gilsim.sync.CondEvent;
import gilsim.sync.CondEvent.CondAbsorb;
import gilsim.sync.CondEvent.CondSignal;
import gilsim.sync.CondEvent.CondTimeout;
import gilsim.sync.CondEvent.CondWait;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.LongPredicate;

/**
 * What the page's state panel shows at any instant, recorded as the changes that make it: the drop request and whom
 * it asks, the GIL condition variable's waiters in the order the model would wake them with each one's timed-wait
 * deadline, each thread's place on the machine (the core it runs on, ready with no core, or blocked), and each switch
 * of the GIL to another thread ({@code switch_number}). Who holds the GIL ({@code locked}, {@code last_holder}) the
 * page reads off the timeline's GIL lane, which holds every take and drop already. The
 * page replays the changes up to the instant asked, from a snapshot of the whole state at the detail window's start;
 * it simulates nothing. Changes are kept inside the detailed span, as the timeline's segments are, without counting
 * against its budget: they index the same events.
 *
 * <p>For the m0 pool it also records the turn: whose run of its slice it is, and who yields its turn.
 *
 * <p>A change is one number, {@code op + 16 * ((a + 2) + 2048 * (b + 3))}, and its time as a difference from the one
 * before; a wait's deadline is kept only where it is not the wait's start plus the switch interval: a 2 s built-in's
 * page stays under 1 MB.
 */
final class GilState implements OsEvent.Listener, GilEvent.Listener, CondEvent.Listener, PoolEvent.Listener {
    /** The change codes the page reads ({@code report.js}, {@code OP}). */
    static final int SWITCH = 1;
    static final int REQUEST = 3;
    static final int WAIT = 4;
    static final int SIGNAL = 5;
    static final int TIMEOUT = 6;
    static final int ABSORB = 7;
    static final int RUNS = 8;
    static final int READY = 9;
    static final int BLOCKED = 10;
    /** The m0 pool's turn: a thread's run of its slice begins; a thread starts or stops yielding its turn. */
    static final int SLICE = 11;
    static final int YIELD = 12;
    static final int YIELD_END = 13;
    /** The thread numbers a change holds stay below this. */
    static final long BASE = 2048;

    private final TimeWindow window;
    private final long intervalNs;
    private final Recording.Column ops = new Recording.Column(1);
    /** The deadlines of the waits whose deadline is not their start plus the interval: the change's index, then it. */
    private final List<Long> deadlines = new ArrayList<>();
    /** Each change's code (the op and its two numbers). */
    private final List<Long> codes = new ArrayList<>();
    /** Whether a change at this instant is kept: the recording's window and budget. */
    private final LongPredicate keep;

    // The live state, for the snapshot at the window's start.
    private int holder = -1;
    private int lastHolder = -1;
    private long switchNumber;
    private int requester = -1;
    private int requested = -1;
    private final List<long[]> waiters = new ArrayList<>();
    private final int[] place;
    /** The pool's thread in its slice (-1: none yet, or no pool) and the threads yielding their turn. */
    private int slice = -1;
    private final Set<Integer> yielding = new TreeSet<>();
    private Map<String, Object> snapshot;

    GilState(int threads, TimeWindow window, long intervalNs, LongPredicate keep) {
        this.window = window;
        this.intervalNs = intervalNs;
        this.keep = keep;
        this.place = new int[threads];
        Arrays.fill(place, -1);
    }

    @Override
    public void onOther(TraceEvent e) {}

    /**
     * A take: only a switch (another thread than the last holder) is a change of its own, since the lane cannot show a
     * hold of no length, and switch_number counts them.
     */
    @Override
    public void onGilTake(GilTake e) {
        if (e.switched()) change(e.timeNs(), SWITCH, e.thread(), 0, 0);
        else snapshotBefore(e.timeNs());
        holder = e.thread();
        lastHolder = e.thread();
        switchNumber = e.switchNumber();
        requester = -1; // a new holder starts with no drop request (3.12 resets the flag, 3.13 the holder's bit)
        requested = -1;
    }

    @Override
    public void onGilDrop(GilDrop e) {
        snapshotBefore(e.timeNs());
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

    @Override
    public void onSliceStart(PoolEvent.SliceStart e) {
        change(e.timeNs(), SLICE, e.thread(), 0, 0);
        slice = e.thread();
    }

    @Override
    public void onTurnYield(PoolEvent.TurnYield e) {
        change(e.timeNs(), e.start() ? YIELD : YIELD_END, e.thread(), 0, 0);
        if (e.start()) yielding.add(e.thread());
        else yielding.remove(e.thread());
    }

    private void leave(int thread) {
        waiters.removeIf(w -> w[0] == thread);
    }

    /** A change, kept when the recording keeps its instant; the snapshot is taken before the first in the window. */
    private void change(long timeNs, int op, int a, int b, long deadlineNs) {
        snapshotBefore(timeNs);
        if (!keep.test(timeNs)) return;
        if (op == WAIT && deadlineNs != timeNs + intervalNs) {
            deadlines.add((long) ops.size());
            deadlines.add(deadlineNs);
        }
        ops.add(timeNs, 0);
        codes.add(op + 16L * ((a + 2) + BASE * (b + 3)));
    }

    /** The state at the window's start, taken before the first event at or after it changes anything. */
    private void snapshotBefore(long timeNs) {
        if (snapshot == null && timeNs >= window.fromNs()) snapshot = snapshot(window.fromNs());
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
        s.put("slice", slice);
        s.put("yielding", List.copyOf(yielding));
        return s;
    }

    /** The page's data: the snapshot at the window's start and the changes after it. */
    Map<String, Object> data(long endNs) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("start", snapshot != null ? snapshot : snapshot(Math.min(window.fromNs(), endNs)));
        d.put("t", ops.deltas());
        d.put("c", codes.stream().mapToLong(Long::longValue).toArray());
        d.put("d", deadlines.stream().mapToLong(Long::longValue).toArray());
        return d;
    }
}
