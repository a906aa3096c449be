package gilsim.cpython;

import gilsim.os.Machine;
import gilsim.os.SimThread;
import gilsim.sim.RandomStreams;
import gilsim.sim.Trace;
import gilsim.sim.TraceEvent.DropRequest;
import gilsim.sim.TraceEvent.ForcedSwitch;
import gilsim.sim.TraceEvent.GilDrop;
import gilsim.sim.TraceEvent.GilTake;
import gilsim.sim.TraceEvent.GilWant;
import gilsim.sync.CondVar;
import gilsim.sync.WakeOrder;

/**
 * The GIL as {@code Python/ceval_gil.c} implements it (3.9 to main), driven by simulated threads.
 *
 * <p>Names mirror {@code struct _gil_runtime_state} so the model can be read against the C: {@code locked},
 * {@code lastHolder}, {@code switchNumber}, {@code cond}, {@code switchCond}. The drop request is the 3.13+ form,
 * a bit on the holder's thread state ({@code _PY_GIL_DROP_REQUEST_BIT}); 3.9 to 3.12 kept one flag per
 * interpreter, which behaves the same with a single holder.
 */
public final class Gil {
    private final Machine machine;
    private final Trace trace;
    private final GilPolicy policy;
    /** sys.getswitchinterval() in nanoseconds: how long a waiter waits before asking the holder to drop. */
    private final long intervalNs;
    /** CPU time between eval-breaker checks of a thread running Python (back-edges, calls); 0 = none. */
    private final long checkpointNs;

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

    /** When each thread entered take_gil, for the wait it reports when it gets the GIL. */
    private final long[] wantSinceNs;
    /** Each thread's first-arrival key for this take_gil call, kept across re-waits (the FIFO order reads it). */
    private final long[] arrival;
    private long arrivals;
    /** paused-budget: when each waiter's budget runs out, and the switch_number its budget started at. */
    private final long[] budgetDeadlineNs;
    private final long[] budgetSwitchNumber;
    /** fifo-ticket: the waiter the GIL was handed to, which takes it when it runs; null when none. */
    private SimThread grantedTo;

    public Gil(Machine machine, Trace trace, RandomStreams streams, GilPolicy policy, WakeOrder wakeOrder,
               long intervalNs, long checkpointNs, int maxThreads) {
        this.machine = machine;
        this.trace = trace;
        this.policy = policy;
        // take_gil clamps the interval to at least 1 us.
        this.intervalNs = Math.max(1_000L, intervalNs);
        this.checkpointNs = checkpointNs;
        // A ticket hand-off only makes sense in arrival order.
        WakeOrder order = policy == GilPolicy.FIFO_TICKET ? WakeOrder.FIFO : wakeOrder;
        this.cond = new CondVar("gil", machine, trace, order, streams.stream("condvar-order"));
        this.switchCond = new CondVar("switch", machine, trace, WakeOrder.GLIBC, streams.stream("switch-order"));
        this.dropRequest = new boolean[maxThreads];
        this.wantSinceNs = new long[maxThreads];
        this.arrival = new long[maxThreads];
        this.budgetDeadlineNs = new long[maxThreads];
        this.budgetSwitchNumber = new long[maxThreads];
    }

    /** {@code take_gil}: returns (runs {@code then}) once {@code t} holds the GIL. */
    public void takeGil(SimThread t, Runnable then) {
        if (policy == GilPolicy.FREE_THREADED) {
            then.run();
            return;
        }
        wantSinceNs[t.id] = machine.nowNs();
        arrival[t.id] = arrivals++;
        budgetDeadlineNs[t.id] = machine.nowNs() + intervalNs;
        budgetSwitchNumber[t.id] = switchNumber;
        trace.emit(new GilWant(machine.nowNs(), t.id));
        takeGilLoop(t, then);
    }

    /** One pass of take_gil's {@code while (locked)} loop. */
    private void takeGilLoop(SimThread t, Runnable then) {
        if (!locked || grantedTo == t) {
            acquire(t);
            then.run();
            return;
        }
        long now = machine.nowNs();
        long savedSwitchNumber;
        long deadlineNs;
        if (policy == GilPolicy.PAUSED_BUDGET) {
            // The budget restarts only after a switch (somebody else got the GIL) or after it ran out.
            if (switchNumber != budgetSwitchNumber[t.id] || budgetDeadlineNs[t.id] <= now) {
                budgetSwitchNumber[t.id] = switchNumber;
                budgetDeadlineNs[t.id] = now + intervalNs;
            }
            savedSwitchNumber = budgetSwitchNumber[t.id];
            deadlineNs = budgetDeadlineNs[t.id];
        } else {
            // COND_TIMED_WAIT computes a fresh deadline, now + interval, on every pass: time already waited is lost.
            savedSwitchNumber = switchNumber;
            deadlineNs = now + intervalNs;
        }
        cond.await(t, arrival[t.id], deadlineNs, timedOut -> {
            // A paused budget has run out once its deadline has passed, even if a signal woke the waiter first.
            boolean expired = policy == GilPolicy.PAUSED_BUDGET ? machine.nowNs() >= deadlineNs : timedOut;
            // If we timed out and no switch occurred in the meantime, ask the holder to drop the GIL.
            if (expired && locked && switchNumber == savedSwitchNumber && lastHolder != null) {
                setDropRequest(lastHolder, t);
            }
            takeGilLoop(t, then);
        });
    }

    private void acquire(SimThread t) {
        locked = true;
        grantedTo = null;
        boolean switched = t != lastHolder;
        if (switched) {
            lastHolder = t;
            switchNumber++;
        }
        // COND_SIGNAL(switch_cond); a signal nobody waits for is lost, so it is only sent when someone waits.
        if (switchCond.waiting() > 0) switchCond.signal(t);
        dropRequest[t.id] = false; // the new holder clears its own request bit
        trace.emit(new GilTake(machine.nowNs(), t.id, machine.nowNs() - wantSinceNs[t.id], switched, switchNumber));
    }

    /**
     * {@code drop_gil}: releases the GIL, signals one waiter and, if a drop request is pending for {@code t},
     * waits on switch_cond until another thread has taken it (FORCE_SWITCHING); then runs {@code then}.
     */
    public void dropGil(SimThread t, Runnable then) {
        if (policy == GilPolicy.FREE_THREADED) {
            then.run();
            return;
        }
        release(t, false);
        if (dropRequest[t.id] && lastHolder == t) {
            dropRequest[t.id] = false;
            trace.emit(new ForcedSwitch(machine.nowNs(), t.id));
            switchCond.await(t, 0, -1, timedOut -> then.run());
            return;
        }
        then.run();
    }

    /** The last release of an exiting thread ({@code final_release}): no forced switch, last holder kept. */
    public void exitGil(SimThread t) {
        if (policy == GilPolicy.FREE_THREADED) return;
        release(t, true);
    }

    private void release(SimThread t, boolean finalRelease) {
        if (!locked || lastHolder != t) throw new IllegalStateException(t + " drops a GIL it does not hold");
        locked = false;
        trace.emit(new GilDrop(machine.nowNs(), t.id));
        int woken = cond.signal(t);
        if (policy == GilPolicy.FIFO_TICKET && woken >= 0) {
            // Hand the GIL to the woken waiter: it stays locked, so nobody can take it before that waiter runs.
            locked = true;
            grantedTo = machine.threads().get(woken);
        }
    }

    /**
     * Runs {@code ns} of Python holding the GIL. The eval breaker is checked at every check point: a pending
     * drop request makes the thread drop the GIL and take it again there, then go on.
     */
    public void runPython(SimThread t, long ns, Runnable then) {
        if (policy == GilPolicy.FREE_THREADED) {
            machine.cpu(t, ns, then);
            return;
        }
        machine.cpu(t, ns, checkpointNs, resume -> evalBreaker(t, resume), then);
        if (dropRequest[t.id]) machine.stopAtCheckpoint(t);
    }

    private void evalBreaker(SimThread t, Runnable resume) {
        if (dropRequest[t.id]) {
            dropGil(t, () -> takeGil(t, resume));
        } else {
            resume.run();
        }
    }

    private void setDropRequest(SimThread holder, SimThread requester) {
        dropRequest[holder.id] = true;
        trace.emit(new DropRequest(machine.nowNs(), requester.id, holder.id));
        machine.stopAtCheckpoint(holder);
    }
}
