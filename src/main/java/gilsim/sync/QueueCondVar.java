package gilsim.sync;

import gilsim.os.HrTimer;
import gilsim.os.Machine;
import gilsim.os.SimThread;
import gilsim.sim.Trace;
import gilsim.sync.CondEvent.CondReturn;
import gilsim.sync.CondEvent.CondSignal;
import gilsim.sync.CondEvent.CondTimeout;
import gilsim.sync.CondEvent.CondWait;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * A condition variable with Mesa semantics, as glibc's {@code pthread_cond_t} behaves to its callers, kept as one
 * queue that a {@link QueueOrder} picks from.
 *
 * <ul>
 *   <li>Waiters are kept in the order of their latest call to wait; {@link QueueOrder} picks whom a signal wakes.
 *   <li>A signal with no waiter is lost. A waiter whose timed wait expires leaves without consuming a signal
 *       (glibc re-signals on the timed-out waiter's behalf, so the next signal still reaches someone).
 *   <li>Waking grants nothing: the woken thread must still run and find its predicate true. The mutex around the
 *       predicate is not modelled separately: its critical sections are instants here, so whoever runs first wins.
 * </ul>
 */
final class QueueCondVar implements CondVar {
    /**
     * A thread parked in wait; {@code arrival} is the caller's first-arrival key. Each thread has one, reused from
     * wait to wait (it waits on one condition at a time), with its timer's and its wake-up's continuations made once.
     */
    final class Waiter {
        final SimThread thread;
        long arrival;
        Consumer<Boolean> resume;
        HrTimer timer;
        boolean timedOut;
        final Runnable expire = () -> expire(this);
        final Runnable resumeAfterWake = this::returns;

        Waiter(SimThread thread) {
            this.thread = thread;
        }

        /** The wait returns to its caller, woken or timed out. */
        void returns() {
            trace.emit(new CondReturn(machine.nowNs(), name, thread.id, timedOut));
            resume.accept(timedOut);
        }
    }

    private final String name;
    private final Machine machine;
    private final Trace trace;
    private final QueueOrder order;
    private final SplittableRandom random;
    /** Waiters in the order of their latest wait. */
    private final List<Waiter> waiters = new ArrayList<>();
    /** Each thread's waiter record, by thread id, made at its first wait. */
    private Waiter[] records = new Waiter[0];

    QueueCondVar(String name, Machine machine, Trace trace, QueueOrder order, SplittableRandom random) {
        this.name = name;
        this.machine = machine;
        this.trace = trace;
        this.order = order;
        this.random = random;
    }

    @Override
    public int waiting() {
        return waiters.size();
    }

    @Override
    public void await(SimThread t, long arrival, long deadlineNs, Consumer<Boolean> resume) {
        Waiter w = recordOf(t);
        w.arrival = arrival;
        w.resume = resume;
        w.timedOut = false;
        w.timer = null;
        waiters.add(w);
        if (deadlineNs >= 0) w.timer = machine.timedWaitTimer(t, deadlineNs, w.expire);
        trace.emit(new CondWait(machine.nowNs(), name, t.id, order.positionOfNewest(waiters), waiters.size(),
                deadlineNs, t.currentOrLastCore()));
        machine.sleepOnFutex(t, null, w.resumeAfterWake);
    }

    private Waiter recordOf(SimThread t) {
        if (t.id >= records.length) records = Arrays.copyOf(records, t.id + 1);
        if (records[t.id] == null) records[t.id] = new Waiter(t);
        return records[t.id];
    }

    @Override
    public int signal(SimThread signaller) {
        if (waiters.isEmpty()) {
            trace.emit(new CondSignal(machine.nowNs(), name, signaller.id, -1));
            return -1;
        }
        Waiter w = waiters.remove(order.pick(waiters, random));
        if (w.timer != null) w.timer.cancel(); // a wake-up beats a timer that has not fired yet
        trace.emit(new CondSignal(machine.nowNs(), name, signaller.id, w.thread.id));
        machine.wake(w.thread);
        return w.thread.id;
    }

    private void expire(Waiter w) {
        if (!waiters.remove(w)) return;
        w.timedOut = true;
        trace.emit(new CondTimeout(machine.nowNs(), name, w.thread.id));
        machine.wakeTimedOut(w.thread);
    }
}
