package gilsim.sync;

import gilsim.os.HrTimer;
import gilsim.os.Machine;
import gilsim.os.SimThread;
import gilsim.sim.Trace;
import gilsim.sync.CondEvent.CondAbsorb;
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
 * glibc's condition variable as 2.25 and later implement it ({@code nptl/pthread_cond_wait.c} and
 * {@code pthread_cond_common.c}, read as reworked in 2.41), with the names of its fields where they map:
 *
 * <ul>
 *   <li>Every call to wait joins G2, the younger group, at the back ({@code __wseq}).
 *   <li>A signal goes to G1 while G1 has members no signal was assigned to ({@code __g_size}); it is a token that
 *       the futex wake of the longest sleeper in G1 delivers. When G1 has none left, the signal first turns G2 into
 *       G1 ({@code __condvar_switch_g1}); when G2 is empty too, it is lost.
 *   <li>A waiter whose timed wait expires leaves its group only once it runs ({@code __condvar_cancel_waiting}).
 *       Until then it still counts in G1, so a signal may be assigned to it although it will not take it: it
 *       <em>absorbs</em> that signal, and passes it on with a signal of its own. By default it leaves when its wait
 *       returns. With {@code wake_timed_out=true} (Linux's and glibc's rule, off by default: docs/model.md) it stays
 *       on the futex's queue until it runs ({@code futex_wait} leaves it only then, and returns 0, a wake-up, when a
 *       {@code FUTEX_WAKE} took it off first), so a signal's wake that comes before it has run takes it in its turn
 *       and its wait returns as signalled; and it leaves its group as soon as it runs, the first thing after the
 *       system call. Then only a waiter whose deadline passes while it is still entering its wait ({@code
 *       wait_entry}, before it queues on the futex) absorbs a signal.
 * </ul>
 *
 * <p>Tokens are anonymous in glibc: any member of G1 that checks may take one. Here a member checks when a
 * signal's futex wake or its timer has woken it (each wake comes with a token), and while it is still entering its
 * wait ({@code wait_entry}): such a member reads the new token before it sleeps and takes it before the sleeper the
 * futex wake was for. The 2.25 to 2.40 code also let a waiter of a closed group take a newer group's token and hand
 * it back (bug 25847); that needs a waiter running inside wait while groups switch twice, which the short entries
 * here never are, so it is left out.
 */
final class GroupCondVar implements CondVar {
    /**
     * A thread inside wait. Each thread has one record, reused from wait to wait (it waits on one condition at a time,
     * and leaves both groups when it runs), with its continuations made once.
     */
    private final class Waiter {
        final SimThread thread;
        Consumer<Boolean> resume;
        HrTimer timer;
        /** Asleep in futex_wait: a signal's wake or the timer takes it out. */
        boolean asleep;
        /** From its call to wait until the call returns ({@code CondReturn}), as a recording sees a thread in a wait. */
        boolean inWait;
        /** The timer woke it: its futex_wait returns ETIMEDOUT once it runs. */
        boolean timedOut;
        /** Its group was closed (every member got a signal) before it ran: it returns as signalled. */
        boolean closed;
        /** Still inside pthread_cond_wait on its way to futex_wait: it checks for a signal before it sleeps. */
        boolean entering;
        /** A signal's token was taken while entering: it returns without having slept. */
        boolean tookToken;
        /** Timed out and already out of its group ({@code __condvar_cancel_waiting} done): it only has to return. */
        boolean cancelled;
        /** When it last called wait, ns of simulated time: how long the queue has been quiet for the next caller. */
        long calledNs;
        /** The core that call ran on: with {@code sameCore}, only callers from the next caller's core count. */
        int calledCore = -1;
        final Runnable expire = () -> expire(this);
        final Runnable ran = () -> ran(this);
        final Runnable onCore = () -> onCore(this);
        final Runnable entered = () -> entered(this);

        Waiter(SimThread thread) {
            this.thread = thread;
        }
    }

    private final String name;
    private final Machine machine;
    private final Trace trace;
    /** Each thread's waiter record, by thread id, made at its first wait. */
    private Waiter[] records = new Waiter[0];
    /** The older group, in the order its members began waiting; members leave when they run. */
    private List<Waiter> g1 = new ArrayList<>();
    /** The younger group, where every wait begins. */
    private List<Waiter> g2 = new ArrayList<>();
    /** __g_size of G1: its members no signal has been assigned to yet, timed-out members that have not run included. */
    private int g1Unsignalled;
    /**
     * CPU time from the call to wait to sleeping in futex_wait: the waiter joins its group (__wseq), lets go of the
     * mutex (a FUTEX_WAKE when the mutex was taken back after a wait, which leaves it marked contended) and reads
     * __g_signals, so a signal in this window is its own. Uniform in {@code entryNs +- entryJitterNs}.
     */
    private final CondVar.WaitEntry entry;
    /**
     * A signal's futex wake reaches a timed-out waiter that has not run yet, and a timed-out waiter leaves its group
     * once it runs ({@link #onFutexQueue}, {@link #onCore}); false: it stays in its group until its wait returns.
     */
    private final boolean wakeTimedOut;

    GroupCondVar(String name, Machine machine, Trace trace, CondVar.WaitEntry entry, boolean wakeTimedOut) {
        this.name = name;
        this.machine = machine;
        this.trace = trace;
        this.entry = entry;
        this.wakeTimedOut = wakeTimedOut;
    }

    /** Waiters still asleep: neither a signal's wake nor their timer has reached them. */
    @Override
    public int waiting() {
        int asleep = 0;
        for (Waiter w : g1) if (w.asleep) asleep++;
        for (Waiter w : g2) if (w.asleep) asleep++;
        return asleep;
    }

    @Override
    public void await(SimThread t, long arrival, long deadlineNs, Consumer<Boolean> resume) {
        Waiter w = recordOf(t);
        w.resume = resume;
        w.timer = null;
        w.asleep = true;
        w.inWait = true;
        w.timedOut = false;
        w.closed = false;
        w.tookToken = false;
        w.cancelled = false;
        w.entering = entry.ns() > 0;
        w.calledCore = t.currentOrLastCore();
        long quietNs = entry.growthPercent() == 0 ? 0 : quietNs(w);
        w.calledNs = machine.nowNs();
        g2.add(w);
        if (deadlineNs >= 0) w.timer = machine.timedWaitTimer(t, deadlineNs, w.expire);
        int waiting = waiting();
        trace.emit(new CondWait(machine.nowNs(), name, t.id, waiting - 1, waiting, deadlineNs, w.calledCore));
        if (!w.entering) {
            machine.sleepOnFutex(t, w.onCore, w.ran);
            return;
        }
        long jitter = entry.jitterNs();
        long drawn = jitter == 0 ? entry.ns() : entry.ns() - jitter + entry.random().nextLong(2 * jitter + 1);
        machine.cpu(t, entry.grown(drawn, quietNs), w.entered);
    }

    /**
     * How long ago the newest call to wait of the other sleepers came (0 with no other sleeper): on a real machine
     * the requester's window widens with it (docs/model.md, "The requester's window follows the queue's quiet time"),
     * whatever the cause. With {@code sameCore}, only the waiters whose call ran on the caller's core count, and
     * when there are waiters but none of them called from here the queue is as quiet as growth goes
     * ({@link CondVar.WaitEntry#QUIET_FOREVER_NS}; docs/model.md, "Sleepers on the requester's core"). That rule
     * counts every thread still inside its wait, as the recordings it is fitted to do (a waiter whose timer has
     * fired but which has not run yet included); every sleeper's rule, as it was written, only those asleep.
     */
    private long quietNs(Waiter self) {
        long newestNs = -1;
        boolean others = false;
        for (Waiter w : records) {
            if (w == null || w == self || !(entry.sameCore() ? w.inWait : w.asleep)) continue;
            others = true;
            if (!entry.sameCore() || w.calledCore == self.calledCore) newestNs = Math.max(newestNs, w.calledNs);
        }
        if (newestNs >= 0) return machine.nowNs() - newestNs;
        return others ? CondVar.WaitEntry.QUIET_FOREVER_NS : 0;
    }

    private Waiter recordOf(SimThread t) {
        if (t.id >= records.length) records = Arrays.copyOf(records, t.id + 1);
        if (records[t.id] == null) records[t.id] = new Waiter(t);
        return records[t.id];
    }

    /** The end of a wait's entry: it sleeps on the futex, unless a token or its deadline came first. */
    private void entered(Waiter w) {
        w.entering = false;
        if (w.tookToken || w.timedOut) {
            ran(w); // it never slept: futex_wait found the word changed, or the deadline had passed
        } else {
            machine.sleepOnFutex(w.thread, w.onCore, w.ran);
        }
    }

    @Override
    public int signal(SimThread signaller) {
        if (g1Unsignalled == 0 && !switchGroups()) {
            trace.emit(new CondSignal(machine.nowNs(), name, signaller.id, -1));
            return -1;
        }
        g1Unsignalled--;
        // A member still entering its wait reads the new signal before it would sleep and takes it; the futex wake
        // meant for the longest sleeper then finds nothing and that sleeper sleeps on (unseen by the caller).
        for (Waiter w : g1) {
            if (w.asleep && w.entering) {
                w.asleep = false;
                w.tookToken = true;
                trace.emit(new CondSignal(machine.nowNs(), name, signaller.id, w.thread.id));
                return w.thread.id;
            }
        }
        Waiter sleeper = null;
        for (Waiter w : g1) {
            if (w.asleep || onFutexQueue(w)) {
                sleeper = w;
                break;
            }
        }
        if (sleeper == null) {
            // Every member still counted has timed out and is on its way out: the token waits for one of them.
            trace.emit(new CondAbsorb(machine.nowNs(), name, signaller.id, firstTimedOut().thread.id));
            return -1;
        }
        trace.emit(new CondSignal(machine.nowNs(), name, signaller.id, sleeper.thread.id));
        if (sleeper.asleep) {
            sleeper.asleep = false;
            machine.wake(sleeper.thread);
        } else {
            sleeper.timedOut = false; // already woken by its timer: it returns as signalled when it runs
        }
        return sleeper.thread.id;
    }

    /**
     * Whether a member whose timer has fired is still on the futex's queue, where the signal's {@code FUTEX_WAKE}
     * finds it in its turn: it has not run since (Linux's {@code futex_wait} leaves the queue only once its thread
     * runs, and returns 0, a wake-up, when a wake took it off first, "whatever" the timer did), so it takes the signal
     * as its own and its wait returns as signalled; so does one still on its way into its futex sleep, which has
     * queued already. Once it has run it is off the queue and returns ETIMEDOUT.
     */
    private boolean onFutexQueue(Waiter w) {
        return wakeTimedOut && w.timedOut && !w.entering && machine.onFutexQueue(w.thread);
    }

    /** __condvar_switch_g1: G2 becomes G1 and the old G1 closes; false when G2 is empty. */
    private boolean switchGroups() {
        if (g2.isEmpty()) return false;
        List<Waiter> closed = g1;
        for (Waiter w : closed) w.closed = true;
        closed.clear(); // its members return as signalled when they run; the list serves as the next G2
        g1 = g2;
        g2 = closed;
        g1Unsignalled = g1.size();
        return true;
    }

    private Waiter firstTimedOut() {
        for (Waiter w : g1) if (w.timedOut) return w;
        throw new IllegalStateException(name + ": a member of G1 unsignalled, none asleep or timed out");
    }

    private void expire(Waiter w) {
        if (!w.asleep) return; // a signal's wake came first: futex_wait reports the wake, not the timeout
        w.asleep = false;
        w.timedOut = true;
        trace.emit(new CondTimeout(machine.nowNs(), name, w.thread.id));
        if (!w.entering) machine.wakeTimedOut(w.thread); // an entering waiter runs: it sees the deadline passed itself
    }

    /**
     * Back on a core after its futex sleep: a waiter its timer woke is off the futex's queue now, gets ETIMEDOUT, and
     * leaves its group at once ({@code __condvar_cancel_waiting} comes first after the system call; the rest of the way
     * back, {@code futex_return}, is the mutex and the return to the caller).
     */
    private void onCore(Waiter w) {
        if (wakeTimedOut && w.timedOut) cancel(w);
    }

    /** The woken thread runs again, inside pthread_cond_wait. */
    private void ran(Waiter w) {
        if (w.timer != null) w.timer.cancel();
        w.inWait = false;
        if (!w.timedOut) {
            g1.remove(w); // signalled, or its group closed: either way it returns as signalled
            trace.emit(new CondReturn(machine.nowNs(), name, w.thread.id, false));
            w.resume.accept(false);
            return;
        }
        if (!w.cancelled) cancel(w); // it timed out on its way in, and never slept
        trace.emit(new CondReturn(machine.nowNs(), name, w.thread.id, true));
        w.resume.accept(true);
    }

    /**
     * {@code __condvar_cancel_waiting}: a timed-out waiter leaves its group; if a signal had been assigned to it that
     * it will not take, it sends a replacement.
     */
    private void cancel(Waiter w) {
        w.cancelled = true;
        boolean absorbed;
        if (w.closed) {
            absorbed = true;
        } else if (g2.remove(w)) {
            absorbed = false;
        } else {
            g1.remove(w);
            absorbed = g1Unsignalled == 0;
            if (!absorbed) g1Unsignalled--;
        }
        if (absorbed) signal(w.thread); // the replacement signal
    }
}
