package gilsim.metrics;

import gilsim.sim.TraceEvent;
import gilsim.cpython.GilEvent.GilDrop;
import gilsim.cpython.GilEvent.GilTake;
import gilsim.os.RunState;
import gilsim.os.OsEvent.ThreadState;
import gilsim.sim.TraceListener;
import gilsim.sync.MutexEvent.MutexReleased;
import gilsim.sync.MutexEvent.MutexTaken;
import gilsim.sync.QueueEvent.QueueGet;
import gilsim.sync.QueueEvent.QueuePut;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks, in every run, what must always hold: at most one GIL holder, at most {@code cores} threads running, a
 * scenario's lock held by one thread at a time, and a queue's items conserved (what was put and not yet got, never
 * below zero). That simulated time never goes back is checked on every event by the {@link gilsim.sim.Trace} itself,
 * which sees them all. It only observes; a violation stops the run with the event.
 */
public final class Invariants implements TraceListener {
    private final int cores;
    private final boolean[] isRunning;
    private int running;
    private int holder = -1;
    /** Each scenario lock's holder; a lock nobody holds is absent. */
    private final Map<String, Integer> lockHolder = new HashMap<>();
    /** Each queue's items: every put adds one, every get takes one, and none is made or lost otherwise. */
    private final Map<String, Long> queueItems = new HashMap<>();

    public Invariants(int cores, int threads) {
        this.cores = cores;
        this.isRunning = new boolean[threads];
    }

    @Override
    public List<Class<? extends TraceEvent>> reads() {
        return List.of(GilTake.class, GilDrop.class, ThreadState.class, MutexTaken.class, MutexReleased.class,
                QueuePut.class, QueueGet.class);
    }

    @Override
    public void on(TraceEvent e) {
        if (e instanceof GilTake t) {
            on(t);
        } else if (e instanceof GilDrop d) {
            on(d);
        } else if (e instanceof ThreadState s) {
            on(s);
        } else if (e instanceof MutexTaken t) {
            on(t);
        } else if (e instanceof MutexReleased r) {
            on(r);
        } else if (e instanceof QueuePut p) {
            on(p);
        } else if (e instanceof QueueGet g) {
            on(g);
        }
    }

    void on(GilTake t) {
        if (holder >= 0) fail("thread " + holder + " still holds the GIL at", t);
        holder = t.thread();
    }

    void on(GilDrop d) {
        if (holder != d.thread()) fail("GIL dropped by a thread that does not hold it (holder " + holder + ")", d);
        holder = -1;
    }

    void on(ThreadState s) {
        boolean now = s.state() == RunState.RUNNING;
        if (now != isRunning[s.thread()]) {
            running += now ? 1 : -1;
            isRunning[s.thread()] = now;
        }
        if (running > cores) fail(running + " threads running on " + cores + " cores", s);
    }

    void on(MutexTaken t) {
        Integer was = lockHolder.putIfAbsent(t.mutex(), t.thread());
        if (was != null) fail("lock " + t.mutex() + " taken while thread " + was + " holds it", t);
    }

    void on(MutexReleased r) {
        Integer was = lockHolder.get(r.mutex());
        if (was == null || was != r.thread()) {
            fail("lock " + r.mutex() + " released by a thread that does not hold it", r);
        }
        lockHolder.remove(r.mutex());
    }

    void on(QueuePut p) {
        long items = queueItems.merge(p.queue(), 1L, Long::sum);
        if (items != p.items()) fail("queue " + p.queue() + " holds " + items + " items, not " + p.items(), p);
    }

    void on(QueueGet g) {
        long items = queueItems.merge(g.queue(), -1L, Long::sum);
        if (items < 0 || items != g.items()) fail("queue " + g.queue() + " holds " + items + " items", g);
    }

    private static void fail(String what, TraceEvent e) {
        throw new InvariantViolation("invariant violated: " + what + " " + e);
    }

    /** An invariant of the model does not hold: a bug in gilsim, never in the input. */
    public static final class InvariantViolation extends IllegalStateException {
        InvariantViolation(String message) {
            super(message);
        }
    }
}
