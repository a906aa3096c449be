package gilsim.cpython;

import gilsim.cpython.GilEvent.DropRequest;
import gilsim.cpython.GilEvent.ForcedSwitch;
import gilsim.cpython.GilEvent.GilDrop;
import gilsim.cpython.GilEvent.GilTake;
import gilsim.cpython.GilEvent.GilWant;
import gilsim.os.Machine;
import gilsim.os.RaceSpeed;
import gilsim.os.SimThread;
import gilsim.sim.Trace;
import gilsim.sync.CondVar;
import gilsim.sync.Mutex;
import gilsim.sync.WakeOrder;
import java.util.function.Consumer;

/**
 * The GIL as {@code Python/ceval_gil.c} implements it (3.12 to main; {@code ceval_gil.h} in 3.9 to 3.11), driven by
 * simulated threads, with the hand-off decisions a {@link GilPolicy} may change.
 *
 * <p>Names mirror {@code struct _gil_runtime_state} so the model can be read against the C: {@code locked},
 * {@code lastHolder}, {@code switchNumber}, {@code cond}, {@code switchCond}. The drop request is the 3.13+ form,
 * a bit on the holder's thread state ({@code _PY_GIL_DROP_REQUEST_BIT}); 3.9 to 3.12 kept one flag per
 * interpreter, which behaves the same with a single holder. {@code gil->mutex} is modelled when the scenario asks
 * ({@code gil_mutex=true}): {@code drop_gil} signals while holding it, so a waiter the signal wakes onto the dropper's
 * own core preempts it inside that critical section and must sleep on the mutex until the dropper runs again.
 * Otherwise its critical sections are instants and whoever runs first wins.
 */
public final class Gil implements Interpreter {
    /** The name {@code gil->cond} reports its events under ({@code CondEvent.cond()}); listeners tell it by this. */
    public static final String COND = "gil";
    /** The name {@code gil->mutex} reports its events under ({@code gil_mutex=true}). */
    public static final String MUTEX = "gil->mutex";

    private final Machine machine;
    private final Trace trace;
    private final GilPolicy policy;
    private final EvalLoop evalLoop;
    /** sys.getswitchinterval() in nanoseconds: how long a waiter waits before asking the holder to drop. */
    private final long intervalNs;

    /** Whether the GIL is taken. */
    private boolean locked;
    /** The thread that holds or last held the GIL; null before the first take. */
    private SimThread lastHolder;
    /** Hand-offs to a different thread since the start; a drop and re-take by one thread does not count. */
    private long switchNumber;
    /** Waiters for the GIL (gil->cond). */
    private final CondVar cond;
    /** A forced dropper waits here until another thread has taken the GIL (FORCE_SWITCHING). */
    private final CondVar switchCond;
    /** _PY_GIL_DROP_REQUEST_BIT of each thread's eval breaker. */
    private final boolean[] dropRequest;
    /** Each thread's first-arrival key for this take_gil call, kept across re-waits (the FIFO order reads it). */
    private final long[] arrival;
    private long arrivals;
    /** A check point's drop request to the drop, ns (GilSetup.dropReactionNs). */
    private final long dropReactionNs;
    /** The machine's speed for the holder's reaction: check points and drop_reaction shorten while it runs fast. */
    private final RaceSpeed raceSpeed;
    /** gil->mutex, or null when its critical sections are taken as instants. */
    private final Mutex mutex;
    /** Each thread's continuation after take_gil, kept while it waits (one take at a time per thread). */
    private final Runnable[] taking;
    /** Each thread's current pass of the timed wait. */
    private final GilPolicy.TimedWait[] timedWait;
    /** Each thread's return from the timed wait, made at its first wait. */
    private final Consumer<Boolean>[] woken;

    Gil(GilSetup setup, GilPolicy policy) {
        this.machine = setup.machine();
        this.trace = setup.trace();
        this.policy = policy;
        this.intervalNs = clampInterval(setup.intervalNs());
        this.raceSpeed = setup.raceSpeed();
        this.evalLoop = new EvalLoop(machine, setup.checkpointNs(), raceSpeed, setup.threads(), this::evalBreaker);
        this.dropReactionNs = setup.dropReactionNs();
        this.cond = CondVar.create(COND, machine, trace, policy.wakeOrder(setup.wakeOrder()),
                setup.streams().stream("condvar-order"), setup.waitEntryNs() == 0 ? CondVar.WaitEntry.NONE
                        : new CondVar.WaitEntry(setup.waitEntryNs(), setup.waitEntryJitterNs(),
                                setup.waitEntryGrowthPercent(), setup.waitEntryQuietNs(), setup.waitEntrySameCore(),
                                setup.streams().stream("wait-entry")), setup.wakeTimedOut());
        // switch_cond's waiter is a forced dropper, signalled only once it sleeps: its entry changes nothing.
        this.switchCond = CondVar.create("switch", machine, trace, WakeOrder.GLIBC,
                setup.streams().stream("switch-order"), CondVar.WaitEntry.NONE);
        this.dropRequest = new boolean[setup.threads()];
        this.arrival = new long[setup.threads()];
        this.mutex = setup.gilMutex() ? new Mutex(MUTEX, machine, trace) : null;
        this.taking = new Runnable[setup.threads()];
        this.timedWait = new GilPolicy.TimedWait[setup.threads()];
        @SuppressWarnings("unchecked")
        Consumer<Boolean>[] continuations = new Consumer[setup.threads()];
        this.woken = continuations;
    }

    /** take_gil's {@code interval = (gil->interval >= 1 ? gil->interval : 1)}, in microseconds there. */
    public static long clampInterval(long intervalNs) {
        return Math.max(1_000L, intervalNs);
    }

    @Override
    public void takeGil(SimThread t, Runnable then) {
        arrival[t.id] = arrivals++;
        policy.entered(t.id, machine.nowNs(), switchNumber);
        trace.emit(new GilWant(machine.nowNs(), t.id));
        taking[t.id] = then;
        // Without gil->mutex its sections are instants: called directly, not through a continuation made per call.
        if (mutex == null) {
            takeGilLoop(t);
        } else {
            mutex.lock(t, () -> takeGilLoop(t));
        }
    }

    /**
     * One pass of take_gil's {@code while (locked)} loop, entered holding gil->mutex. A policy may keep a free GIL
     * for another thread.
     */
    private void takeGilLoop(SimThread t) {
        if (!locked && !policy.keptForAnother(t.id)) {
            acquire(t);
            unlock(t);
            Runnable then = taking[t.id];
            taking[t.id] = null;
            then.run();
            return;
        }
        timedWait[t.id] = policy.timedWait(t.id, machine.nowNs(), switchNumber, intervalNs);
        // COND_TIMED_WAIT queues the thread, then lets go of the mutex; it takes the mutex back before it returns.
        cond.await(t, arrival[t.id], timedWait[t.id].deadlineNs(), woken(t));
        unlock(t);
    }

    /** The thread's return from COND_TIMED_WAIT, made once per thread: a wait allocates no continuation. */
    private Consumer<Boolean> woken(SimThread t) {
        Consumer<Boolean> w = woken[t.id];
        if (w == null) {
            w = woken[t.id] = timedOut -> {
                if (mutex == null) {
                    afterWait(t, timedOut);
                } else {
                    mutex.lock(t, () -> afterWait(t, timedOut));
                }
            };
        }
        return w;
    }

    /** Back from the timed wait, holding gil->mutex. */
    private void afterWait(SimThread t, boolean timedOut) {
        GilPolicy.TimedWait wait = timedWait[t.id];
        // If we timed out and no switch occurred in the meantime, ask the holder to drop the GIL.
        if (policy.ranOut(wait, timedOut, machine.nowNs()) && locked && switchNumber == wait.savedSwitchNumber()) {
            setDropRequest(lastHolder, t);
        }
        takeGilLoop(t);
    }

    private void acquire(SimThread t) {
        locked = true;
        policy.taken(t.id);
        boolean switched = t != lastHolder;
        if (switched) {
            lastHolder = t;
            switchNumber++;
        }
        // COND_SIGNAL(switch_cond); a signal nobody waits for is lost, so it is only sent when someone waits.
        if (switchCond.waiting() > 0) switchCond.signal(t);
        dropRequest[t.id] = false; // the new holder clears its own request bit
        trace.emit(new GilTake(machine.nowNs(), t.id, switched, switchNumber));
    }

    /**
     * {@code drop_gil}: releases the GIL, signals one waiter and, if a drop request is pending for {@code t},
     * waits on switch_cond until another thread has taken it (FORCE_SWITCHING); then runs {@code then}.
     */
    @Override
    public void dropGil(SimThread t, Runnable then) {
        release(t, then);
    }

    /** After drop_gil has let go of gil->mutex: the forced switch's wait, if a drop request is pending. */
    private void afterRelease(SimThread t, Runnable then) {
        if (dropRequest[t.id] && lastHolder == t) {
            dropRequest[t.id] = false;
            trace.emit(new ForcedSwitch(machine.nowNs(), t.id));
            switchCond.await(t, 0, -1, timedOut -> then.run());
            return;
        }
        then.run();
    }

    /**
     * The last release of an exiting thread ({@code final_release}): no forced switch, last holder kept. The thread
     * leaves at once, so nothing can preempt it inside gil->mutex.
     */
    @Override
    public void exitGil(SimThread t) {
        release(t, null);
    }

    /**
     * Releases the GIL under gil->mutex and signals one waiter; then lets go of the mutex and, unless the thread is
     * exiting ({@code then == null}), goes on to {@link #afterRelease}.
     */
    private void release(SimThread t, Runnable then) {
        if (!locked || lastHolder != t) throw new IllegalStateException(t + " drops a GIL it does not hold");
        if (mutex == null) {
            releaseLocked(t, then);
            return;
        }
        if (mutex.isLocked()) {
            // Every other section under the mutex is an instant, and only the holder drops: nobody can hold it here.
            throw new IllegalStateException(t + " drops the GIL while gil->mutex is held");
        }
        mutex.lock(t, () -> releaseLocked(t, then));
    }

    private void releaseLocked(SimThread t, Runnable then) {
        locked = false;
        trace.emit(new GilDrop(machine.nowNs(), t.id));
        int woken = cond.signal(t);
        if (woken >= 0) policy.woken(woken);
        if (mutex == null || then == null) {
            unlock(t);
            if (then != null) afterRelease(t, then);
        } else {
            // MUTEX_UNLOCK comes after COND_SIGNAL, in a step of its own: a waiter the signal wakes onto this
            // core preempts the dropper before it, and finds the mutex still held. The forced switch's test of
            // last_holder is a step after the unlock: a waiter the unlock wakes onto this core preempts the dropper
            // on its way back from that system call, takes the GIL, and the dropper then finds it switched.
            machine.cpu(t, 0, () -> {
                unlock(t);
                machine.cpu(t, 0, () -> afterRelease(t, then));
            });
        }
    }

    private void unlock(SimThread t) {
        if (mutex != null) mutex.unlock(t);
    }

    /**
     * Runs {@code ns} of Python holding the GIL. The eval breaker is checked at every check point: a pending drop
     * request makes the thread drop the GIL and take it again there, then go on.
     */
    @Override
    public void runPython(SimThread t, long ns, Runnable then) {
        evalLoop.run(t, ns, then);
        if (dropRequest[t.id]) evalLoop.stopAtCheckpoint(t);
    }

    private void evalBreaker(SimThread t, Runnable resume) {
        long reactionNs = dropRequest[t.id] ? raceSpeed.scaled(machine.nowNs(), dropReactionNs) : 0;
        if (reactionNs > 0) {
            // drop_gil's MUTEX_LOCK finds gil->mutex held by the requester, which set the request under it and is on
            // its way into its wait; the holder sleeps on it until that wait lets go (its core stays its own).
            machine.cpu(t, reactionNs, () -> dropGil(t, () -> takeGil(t, resume)));
        } else if (dropRequest[t.id]) {
            dropGil(t, () -> takeGil(t, resume));
        } else {
            resume.run();
        }
    }

    private void setDropRequest(SimThread holder, SimThread requester) {
        dropRequest[holder.id] = true;
        trace.emit(new DropRequest(machine.nowNs(), requester.id, holder.id));
        evalLoop.stopAtCheckpoint(holder);
    }
}
