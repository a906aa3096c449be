package gilsim.metrics;

import gilsim.cpython.GilEvent.GilDrop;
import gilsim.cpython.GilEvent.GilTake;
import gilsim.os.OsEvent.ThreadState;
import gilsim.os.RunState;
import gilsim.sim.TraceEvent;
import gilsim.sync.MutexEvent.MutexReleased;
import gilsim.sync.MutexEvent.MutexTaken;
import gilsim.sync.QueueEvent.QueueGet;
import gilsim.sync.QueueEvent.QueuePut;
import gilsim.program.RequestEvent.RequestAnswered;
import gilsim.program.RequestEvent.RequestArrived;
import gilsim.program.RequestEvent.RequestPassed;
import gilsim.program.RequestEvent.RequestTaken;
import java.util.HashMap;
import java.util.Map;

/**
 * Checks, in every run, what must always hold: at most one GIL holder, at most {@code cores} threads running, a
 * scenario's lock held by one thread at a time, a queue's items conserved (what was put and not yet got, never
 * below zero), and each request in one place at a time: in a queue or in the hands of one thread, from its arrival
 * to its one answer. That simulated time never goes back is checked on every event by the {@link gilsim.sim.Trace} itself,
 * which sees them all. It only observes; a violation stops the run with the event.
 */
public final class Invariants implements RunListener {
    private final int cores;
    /*
     * Its own holder and running threads, not the run's view of each thread's activity: it checks each event against
     * the state before it, which the view has already moved, and so checks the view's derivation too.
     */
    private final boolean[] isRunning;
    private int running;
    private int holder = -1;
    /** Each scenario lock's holder; a lock nobody holds is absent. */
    private final Map<String, Integer> lockHolder = new HashMap<>();
    /** Each queue's items: every put adds one, every get takes one, and none is made or lost otherwise. */
    private final Map<String, Long> queueItems = new HashMap<>();

    /** Each request in flight: the thread that holds it, or -1 while it is in a queue. */
    private final Map<Long, Integer> requestHolder = new HashMap<>();

    public Invariants(int cores, int threads) {
        this.cores = cores;
        this.isRunning = new boolean[threads];
    }

    @Override
    public void onGilTake(GilTake t) {
        if (holder >= 0) fail("thread " + holder + " still holds the GIL at", t);
        holder = t.thread();
    }

    @Override
    public void onGilDrop(GilDrop d) {
        if (holder != d.thread()) fail("GIL dropped by a thread that does not hold it (holder " + holder + ")", d);
        holder = -1;
    }

    @Override
    public void onThreadState(ThreadState s) {
        boolean now = s.state() == RunState.RUNNING;
        if (now != isRunning[s.thread()]) {
            running += now ? 1 : -1;
            isRunning[s.thread()] = now;
        }
        if (running > cores) fail(running + " threads running on " + cores + " cores", s);
    }

    @Override
    public void onMutexTaken(MutexTaken t) {
        Integer was = lockHolder.putIfAbsent(t.mutex(), t.thread());
        if (was != null) fail("lock " + t.mutex() + " taken while thread " + was + " holds it", t);
    }

    @Override
    public void onMutexReleased(MutexReleased r) {
        Integer was = lockHolder.get(r.mutex());
        if (was == null || was != r.thread()) {
            fail("lock " + r.mutex() + " released by a thread that does not hold it", r);
        }
        lockHolder.remove(r.mutex());
    }

    @Override
    public void onQueuePut(QueuePut p) {
        long items = queueItems.merge(p.queue(), 1L, Long::sum);
        if (items != p.items()) fail("queue " + p.queue() + " holds " + items + " items, not " + p.items(), p);
    }

    @Override
    public void onQueueGet(QueueGet g) {
        long items = queueItems.merge(g.queue(), -1L, Long::sum);
        if (items < 0 || items != g.items()) fail("queue " + g.queue() + " holds " + items + " items", g);
    }

    @Override
    public void onRequestArrived(RequestArrived a) {
        if (requestHolder.put(a.request(), -1) != null) fail("request " + a.request() + " arrived twice", a);
    }

    @Override
    public void onRequestTaken(RequestTaken t) {
        Integer was = requestHolder.get(t.request());
        if (was == null || was != -1) fail("request " + t.request() + " taken while not in a queue", t);
        requestHolder.put(t.request(), t.thread());
    }

    @Override
    public void onRequestPassed(RequestPassed p) {
        held(p.request(), p.thread(), p);
        requestHolder.put(p.request(), -1);
    }

    @Override
    public void onRequestAnswered(RequestAnswered a) {
        held(a.request(), a.thread(), a);
        requestHolder.remove(a.request());
    }

    private void held(long request, int thread, TraceEvent e) {
        Integer was = requestHolder.get(request);
        if (was == null || was != thread) fail("request " + request + " let go by a thread that does not hold it", e);
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
