package gilsim.cpython;

import gilsim.cpython.GilEvent.GilDrop;
import gilsim.cpython.GilEvent.GilTake;
import gilsim.cpython.GilEvent.GilWant;
import gilsim.cpython.GilEvent.SemPostWake;
import gilsim.cpython.GilEvent.SemWaitRetry;
import gilsim.os.Machine;
import gilsim.os.SimThread;
import gilsim.sim.Trace;
import java.util.ArrayDeque;

/**
 * The GIL before 3.2 (CPython 2.7 and 3.1), on Linux: {@code interpreter_lock} is a POSIX semaphore
 * ({@code Python/thread_pthread.h} with USE_SEMAPHORES: {@code PyThread_release_lock} is {@code sem_post},
 * {@code PyThread_acquire_lock(lock, 1)} is {@code sem_wait}), and the eval loop of {@code Python/ceval.c} gives
 * another thread "a chance" whenever the global {@code _Py_Ticker} goes below 0: it is reset to
 * {@code _Py_CheckInterval} and the running thread releases the lock and at once asks for it again. There is no
 * timed wait, no drop request and no switch interval: whoever gets to the free semaphore first has it.
 *
 * <p>The semaphore is glibc's (nptl {@code sem_post}, {@code sem_wait}): a value (1 free, 0 taken) and a count of
 * registered waiters ({@code nwaiters}). {@code sem_wait} takes a free token at once (its fast path); otherwise the
 * thread registers and sleeps in FUTEX_WAIT, and every time it is woken it tries again, going back to sleep when
 * the token is gone. {@code sem_post} frees the token and, whenever any waiter is registered, makes a FUTEX_WAKE
 * system call that wakes one sleeper, if one is asleep. The releaser's own {@code sem_wait} comes right after that
 * call, so a woken waiter on another core, which needs a wake-up latency to run, nearly always finds the token gone
 * again: a wasted wake-up, and the next release wakes it again (Beazley's "GIL battle"). Three CPU costs make that
 * battle cost time, each measured on its own by {@code tools/count/semcost.c} (docs/versions.md): the FUTEX_WAKE
 * that wakes a sleeper ({@code postWakeNs}, paid by the releaser), the one that finds nobody asleep
 * ({@code postNoSleeperNs}), and the woken waiter's return from FUTEX_WAIT and way back in ({@code waitRetryNs}).
 * The token is free during the releaser's FUTEX_WAKE: a waiter running then takes it.
 *
 * <p>Python is CPU time counted in ticks of {@code tickNs} each. {@code _Py_Ticker} is global, as in the C: it goes
 * on counting down across threads and steps. While nobody waits, the release and re-take cost nothing the model
 * counts (two atomic operations, no system call) and the holder's Python runs in one burst.
 */
final class OldGil implements Interpreter {
    private final Machine machine;
    private final Trace trace;
    private final OldGilCosts costs;

    /** interpreter_lock's sem_t value: true when the token is free (value 1). */
    private boolean semValue = true;
    /** glibc's nwaiters: threads inside sem_wait's slow path, asleep or awake; sem_post calls FUTEX_WAKE if any. */
    private int nwaiters;
    /** Registered waiters asleep in FUTEX_WAIT and not yet woken, in the kernel's order (FIFO at one priority). */
    private final ArrayDeque<SimThread> sleepers = new ArrayDeque<>();
    /** The thread that holds the token, or null. */
    private SimThread holder;
    /** The thread that held it last, to tell a hand-off from a re-take. */
    private SimThread lastHolder;
    /** Hand-offs to a different thread (the new GIL's switch_number, counted the same way for comparison). */
    private long switchNumber;
    /**
     * {@code _Py_Ticker} as CPU time: the Python left to run before it goes below 0, ns. It starts at one tick,
     * as {@code volatile int _Py_Ticker = 0} does: the first ticking instruction expires it.
     */
    private long tickerNs;
    /** Each thread's Python run in progress, or null. */
    private final PythonRun[] runs;

    OldGil(Machine machine, Trace trace, int threads, OldGilCosts costs) {
        this.machine = machine;
        this.trace = trace;
        this.costs = costs;
        this.tickerNs = costs.tickNs();
        this.runs = new PythonRun[threads];
    }

    // ---------------------------------------------------------------- PyThread_acquire_lock / release_lock

    /** {@code PyEval_RestoreThread}: {@code PyThread_acquire_lock(interpreter_lock, 1)}, a sem_wait. */
    @Override
    public void takeGil(SimThread t, Runnable then) {
        trace.emit(new GilWant(machine.nowNs(), t.id));
        semWait(t, then);
    }

    /** {@code PyEval_SaveThread}: {@code PyThread_release_lock(interpreter_lock)}, a sem_post. */
    @Override
    public void dropGil(SimThread t, Runnable then) {
        semPost(t, then);
    }

    /**
     * The release of an exiting thread. Its FUTEX_WAKE, if any, is not charged: the thread leaves at once and the
     * machine has no CPU time after an exit.
     */
    @Override
    public void exitGil(SimThread t) {
        release(t);
        if (nwaiters > 0) wakeOne(t);
    }

    private void semWait(SimThread t, Runnable then) {
        if (semValue) { // the fast path: a free token is taken with one atomic operation
            acquire(t);
            then.run();
            return;
        }
        nwaiters++;
        // From now on the holder's expiries make system calls: a Python burst of it stops at its next one.
        if (holder != null) limitBurst(holder);
        futexWait(t, then);
    }

    /** Asleep in FUTEX_WAIT until a sem_post wakes it. */
    private void futexWait(SimThread t, Runnable then) {
        sleepers.addLast(t);
        machine.block(t, () -> woken(t, then));
    }

    /**
     * Back from FUTEX_WAIT on a core: the token is taken if it is free; otherwise the wake-up was wasted, and the
     * thread spends {@code waitRetryNs} returning to user space and calling FUTEX_WAIT again, whose check of the
     * value is its second chance.
     */
    private void woken(SimThread t, Runnable then) {
        if (semValue) {
            nwaiters--;
            acquire(t);
            then.run();
            return;
        }
        trace.emit(new SemWaitRetry(machine.nowNs(), t.id));
        machine.cpu(t, costs.waitRetryNs(), () -> {
            if (semValue) {
                nwaiters--;
                acquire(t);
                then.run();
            } else {
                futexWait(t, then);
            }
        });
    }

    /**
     * sem_post: the token is freed; with a registered waiter, a FUTEX_WAKE follows, which wakes the longest
     * sleeper if one is asleep. The token stays free while that call runs.
     */
    private void semPost(SimThread t, Runnable then) {
        release(t);
        if (nwaiters == 0) {
            then.run();
            return;
        }
        boolean wokeOne = wakeOne(t);
        machine.cpu(t, wokeOne ? costs.postWakeNs() : costs.postNoSleeperNs(), then);
    }

    private boolean wakeOne(SimThread poster) {
        SimThread s = sleepers.pollFirst();
        if (s == null) return false;
        trace.emit(new SemPostWake(machine.nowNs(), poster.id, s.id));
        machine.wake(s);
        return true;
    }

    private void acquire(SimThread t) {
        semValue = false;
        holder = t;
        boolean switched = t != lastHolder;
        if (switched) {
            lastHolder = t;
            switchNumber++;
        }
        trace.emit(new GilTake(machine.nowNs(), t.id, switched, switchNumber));
    }

    private void release(SimThread t) {
        if (holder != t) throw new IllegalStateException(t + " releases an interpreter_lock it does not hold");
        holder = null;
        semValue = true;
        trace.emit(new GilDrop(machine.nowNs(), t.id));
    }

    // ---------------------------------------------------------------- the eval loop's ticker

    /** Runs {@code ns} of Python, releasing and re-taking the lock whenever {@code _Py_Ticker} goes below 0. */
    @Override
    public void runPython(SimThread t, long ns, Runnable then) {
        PythonRun r = new PythonRun(ns, then);
        runs[t.id] = r;
        burst(t, r);
    }

    private void burst(SimThread t, PythonRun r) {
        long leftNs = r.totalNs - r.doneNs;
        if (leftNs == 0) {
            runs[t.id] = null;
            r.then.run();
            return;
        }
        // With a waiter registered every expiry costs a system call, so the burst stops there; without one the
        // expiries are free and the ticker is only counted.
        r.burstNs = nwaiters > 0 ? Math.min(leftNs, tickerNs) : leftNs;
        r.inBurst = true;
        machine.cpu(t, r.burstNs, () -> burstEnded(t, r));
    }

    private void burstEnded(SimThread t, PythonRun r) {
        r.inBurst = false;
        r.doneNs += r.burstNs;
        boolean expiredNow = countDown(r.burstNs);
        if (expiredNow && nwaiters > 0) {
            // "Give another thread a chance": PyThread_release_lock, then at once PyThread_acquire_lock(lock, 1).
            semPost(t, () -> takeGil(t, () -> burst(t, r)));
            return;
        }
        burst(t, r);
    }

    /** Counts {@code ranNs} of Python off {@code _Py_Ticker}; true when it expired exactly at the end. */
    private boolean countDown(long ranNs) {
        long overNs = ranNs - tickerNs;
        if (overNs < 0) {
            tickerNs = -overNs;
            return false;
        }
        long periodNs = costs.periodNs();
        long intoPeriodNs = overNs % periodNs;
        tickerNs = periodNs - intoPeriodNs;
        return intoPeriodNs == 0;
    }

    /** A waiter registered while {@code t} runs Python in one burst: the burst now ends at the next expiry. */
    private void limitBurst(SimThread t) {
        PythonRun r = runs[t.id];
        if (r == null || !r.inBurst) return;
        long leftNs = machine.cpuLeftNs(t);
        long ranNs = r.burstNs - leftNs;
        long overNs = ranNs - tickerNs;
        long untilExpiryNs = overNs < 0 ? -overNs : costs.periodNs() - overNs % costs.periodNs();
        if (untilExpiryNs < leftNs) {
            r.burstNs = ranNs + untilExpiryNs;
            machine.shortenBurst(t, untilExpiryNs);
        }
    }
}
