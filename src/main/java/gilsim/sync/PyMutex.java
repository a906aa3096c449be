package gilsim.sync;

import gilsim.os.Machine;
import gilsim.os.SimThread;
import gilsim.sim.Trace;
import gilsim.sync.MutexEvent.MutexAcquire;
import gilsim.sync.MutexEvent.MutexBlock;
import gilsim.sync.MutexEvent.MutexHandOff;
import gilsim.sync.MutexEvent.MutexReleased;
import gilsim.sync.MutexEvent.MutexTaken;
import gilsim.sync.MutexEvent.MutexWake;
import java.util.ArrayDeque;

/**
 * A Python {@code threading.Lock} from CPython 3.13.1 on: a {@code PyMutex} ({@code Python/lock.c}) whose waiters
 * park in the parking lot ({@code Python/parking_lot.c}). The lock is one byte, {@code _Py_LOCKED} = 1 (here:
 * {@link #holder} is set) and {@code _Py_HAS_PARKED} = 2 ({@link #hasParked}).
 *
 * <ul>
 *   <li><b>acquire</b> ({@code _PyMutex_LockTimed} with {@code _PY_LOCK_DETACH}): the fast path takes a free lock
 *       with one compare-and-swap, holding the GIL. Otherwise the waiter notes {@code time_to_be_fair}, now plus
 *       {@link #TIME_TO_BE_FAIR_NS} (1 ms), once for the whole call, and loops: a free lock is taken; while nobody
 *       is parked it may spin in {@code sched_yield()} up to {@code MAX_SPIN_COUNT} times (40 in a free-threaded
 *       build, 0 with the GIL); then it sets HAS_PARKED and parks: it joins the end of the lock's queue, detaches
 *       its thread state (drops the GIL) and sleeps on its own semaphore. Woken, it attaches again (takes the GIL)
 *       before anything else; if the lock was handed to it, it owns it; otherwise it loops, and may park again,
 *       behind the waiters already there, with its first {@code time_to_be_fair}.</li>
 *   <li><b>release</b> ({@code _PyMutex_TryUnlock}): with HAS_PARKED clear, the byte is cleared. With it set, the
 *       first waiter in the queue is unparked ({@code _PyParkingLot_Unpark}, {@code mutex_unpark}): if it has waited
 *       past its {@code time_to_be_fair} ({@code now > time_to_be_fair}) the lock is handed off to it (the byte
 *       stays LOCKED, {@code handed_off = 1}); otherwise the byte is cleared and the woken thread must take the lock
 *       itself, and anyone may get there first (barging). HAS_PARKED stays set while more waiters are parked. The
 *       wake-up is a {@code sem_post} on the waiter's semaphore; one that wakes a sleeper costs the releaser the
 *       FUTEX_WAKE system call ({@code sem_wake}).</li>
 * </ul>
 *
 * <p>Left out: the parking lot's 257 buckets are shared by addresses ({@code has_more_waiters} counts a bucket's
 * waiters, so a lock can keep HAS_PARKED for another lock's waiter in its bucket): here each lock has its own queue.
 * A timed acquire's timeout: a program's {@code lock} step waits for ever. The bucket's raw mutex is an instant.
 */
public final class PyMutex extends PythonLock {
    /** {@code TIME_TO_BE_FAIR_NS} of {@code Python/lock.c}: a waiter past this long gets the lock handed to it. */
    public static final long TIME_TO_BE_FAIR_NS = 1_000_000;
    /** {@code MAX_SPIN_COUNT} of {@code Python/lock.c} in a free-threaded build ({@code Py_GIL_DISABLED}); 0 else. */
    public static final int FREE_THREADED_SPINS = 40;
    /**
     * CPU time of one {@code sched_yield()} that finds nothing else to run on its core: 474 to 495 ns (the median of
     * 200 batches of 1,000 calls, on either core of the project's VM; {@code tools/locks/yieldcost.c}).
     */
    public static final long YIELD_NS = 480;

    private final int maxSpins;
    /** The thread that owns the lock ({@code _Py_LOCKED}), or null. */
    private SimThread holder;
    /** {@code _Py_HAS_PARKED}. */
    private boolean hasParked;
    /** The parking lot's queue for this lock's address, first parked first. */
    private final ArrayDeque<Waiter> parked = new ArrayDeque<>();

    /** One {@code acquire()} call that went to the slow path: its {@code struct mutex_entry} and its loop's state. */
    private static final class Waiter {
        final SimThread thread;
        final Detach gil;
        final Runnable acquired;
        /** When the call went to the slow path. */
        final long slowSinceNs;
        /** {@code entry.time_to_be_fair}. */
        final long fairAfterNs;
        int spins;
        /** Unparked since it last parked: its semaphore was posted. */
        boolean unparked;
        /** {@code entry.handed_off}. */
        boolean handedOff;
        /** Asleep on its semaphore. */
        boolean asleep;

        Waiter(SimThread thread, Detach gil, Runnable acquired, long nowNs) {
            this.thread = thread;
            this.gil = gil;
            this.acquired = acquired;
            this.slowSinceNs = nowNs;
            this.fairAfterNs = nowNs + TIME_TO_BE_FAIR_NS;
        }
    }

    /**
     * @param maxSpins {@code MAX_SPIN_COUNT}: {@link #FREE_THREADED_SPINS} in a free-threaded build, 0 with the GIL
     * @param wakeCost CPU time of a release whose {@code sem_post} wakes a sleeping waiter ({@code sem_wake})
     */
    public PyMutex(String name, Machine machine, Trace trace, int maxSpins, ReleaseCost wakeCost) {
        super(name, machine, trace, wakeCost);
        if (maxSpins < 0) throw new IllegalArgumentException("negative spins");
        this.maxSpins = maxSpins;
    }

    @Override
    public String model() {
        return "pymutex";
    }

    @Override
    public void acquire(SimThread t, Detach gil, Runnable then) {
        Runnable acquired = reportAcquire(t, then);
        if (holder == null) { // the fast path: one compare-and-swap, the GIL kept
            take(t);
            acquired.run();
            return;
        }
        slowPath(new Waiter(t, gil, acquired, machine.nowNs()));
    }

    /** One pass of {@code _PyMutex_LockTimed}'s loop, by a thread that holds the GIL (or has none to hold). */
    private void slowPath(Waiter w) {
        if (holder == null) {
            take(w.thread);
            w.acquired.run();
            return;
        }
        if (!hasParked && w.spins < maxSpins) {
            w.spins++;
            machine.cpu(w.thread, YIELD_NS, () -> slowPath(w));
            return;
        }
        hasParked = true;
        w.unparked = false;
        w.handedOff = false;
        parked.addLast(w);
        trace.emit(new MutexBlock(machine.nowNs(), name, w.thread.id, holder.id));
        // _PyParkingLot_Park: queued first, then the thread state detaches. An unpark while the drop is still under
        // way (a forced switch) posts the semaphore before the wait, which then returns at once.
        w.gil.dropGil(w.thread, () -> {
            if (w.unparked) {
                woken(w);
            } else {
                w.asleep = true;
                machine.block(w.thread, () -> woken(w));
            }
        });
    }

    /** Back from the semaphore: the thread state attaches again (takes the GIL) before the lock is looked at. */
    private void woken(Waiter w) {
        w.gil.takeGil(w.thread, () -> {
            if (w.handedOff) w.acquired.run();
            else slowPath(w);
        });
    }

    @Override
    public void release(SimThread t, Runnable then) {
        if (holder != t) throw new IllegalStateException(t + " releases " + name + " held by " + holder);
        holder = null;
        trace.emit(new MutexReleased(machine.nowNs(), name, t.id));
        if (!hasParked) { // the fast path: nobody parked, the byte is cleared
            then.run();
            return;
        }
        Waiter w = parked.pollFirst();
        if (w == null) { // mutex_unpark with no waiter found: the byte goes to 0
            hasParked = false;
            then.run();
            return;
        }
        long now = machine.nowNs();
        w.handedOff = now > w.fairAfterNs;
        hasParked = !parked.isEmpty();
        if (w.handedOff) {
            holder = w.thread;
            trace.emit(new MutexHandOff(now, name, t.id, w.thread.id, now - w.slowSinceNs));
            trace.emit(new MutexTaken(now, name, w.thread.id));
        } else {
            trace.emit(new MutexWake(now, name, t.id, w.thread.id));
        }
        w.unparked = true;
        if (w.asleep) {
            w.asleep = false;
            machine.wake(w.thread);
            afterWake(t, then);
            return;
        }
        then.run();
    }

    private void take(SimThread t) {
        holder = t;
        trace.emit(new MutexTaken(machine.nowNs(), name, t.id));
    }

    public boolean isLocked() {
        return holder != null;
    }
}
