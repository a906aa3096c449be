package gilsim.sync;

import gilsim.os.Machine;
import gilsim.os.SimThread;
import gilsim.sim.Trace;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * A condition variable with Mesa semantics: waking grants nothing, the woken thread must still run and find its
 * predicate true. Two models: one queue ordered by a {@link QueueOrder} ({@code glibc}, {@code fifo}, {@code random}),
 * and glibc's own algorithm of two groups ({@code glibc-groups}, {@link GroupCondVar}); each {@link WakeOrder} makes
 * its own.
 */
public interface CondVar {
    /** Threads waiting that neither a signal nor their timer has woken yet. */
    int waiting();

    /**
     * Blocks the running thread until a signal or, when {@code deadlineNs >= 0}, the deadline (plus timer slack).
     * {@code resume} gets {@code true} when the wait timed out.
     *
     * @param arrival the caller's first-arrival key, kept across re-waits; only the FIFO order reads it
     */
    void await(SimThread t, long arrival, long deadlineNs, Consumer<Boolean> resume);

    /** Wakes one waiter; returns the woken thread's id, or -1 when the signal woke nobody. */
    int signal(SimThread signaller);

    /**
     * The condition variable {@code order} describes; {@code random} is read by the random order only, and
     * {@code entry} (the CPU time of a wait before it sleeps, in which a signal is the waiter's own) by glibc's groups
     * only.
     */
    static CondVar create(String name, Machine machine, Trace trace, WakeOrder order, SplittableRandom random,
                          WaitEntry entry) {
        return create(name, machine, trace, order, random, entry, false);
    }

    /**
     * As above; {@code wakeTimedOut} (glibc's groups only): a signal's futex wake can still reach a waiter whose timer
     * has woken it but which has not run yet, and a timed-out waiter leaves its group as soon as it runs (the kernel
     * and glibc as they are); false, the model's default: it stays in its group, absorbing signals, until its wait
     * returns.
     */
    static CondVar create(String name, Machine machine, Trace trace, WakeOrder order, SplittableRandom random,
                          WaitEntry entry, boolean wakeTimedOut) {
        return order.create(name, machine, trace, random, entry, wakeTimedOut);
    }

    /**
     * How long a call to wait runs before it sleeps: uniform in {@code ns +- jitterNs}, drawn from {@code random}, and
     * longer by {@code growthPercent} of that for every doubling of {@code quietAfterNs}, up to
     * {@link #MAX_DOUBLINGS}, in the time since another sleeper last called wait (docs/model.md, "The requester's
     * window follows the queue's quiet time"). {@link #NONE}: at once.
     *
     * @param growthPercent per cent of the drawn entry added per doubling beyond {@code quietAfterNs}; 0: none
     * @param quietAfterNs  how long after another sleeper's call to wait the entry starts to grow
     * @param sameCore      the quiet time counts only the other sleepers whose call to wait ran on the caller's core
     *                      (a queue with sleepers, none of them from this core, is quiet for as long as growth goes);
     *                      false: every other sleeper (docs/model.md, "Sleepers on the requester's core")
     */
    record WaitEntry(long ns, long jitterNs, int growthPercent, long quietAfterNs, boolean sameCore,
                     SplittableRandom random) {
        public static final WaitEntry NONE = new WaitEntry(0, 0, 0, 1, false, null);
        /**
         * The growth stops after five doublings (6.4 ms at the default 200 us): a GIL waiter calls wait again at
         * least once a switch interval (5 ms), so the recorded crowded drops had no quieter queue to show more.
         */
        public static final int MAX_DOUBLINGS = 5;
        /**
         * The same-core quiet time when there are other sleepers but none called wait from the caller's core: past
         * any growth, and far enough from overflow to be subtracted from.
         */
        public static final long QUIET_FOREVER_NS = Long.MAX_VALUE / 4;

        public WaitEntry {
            if (ns < 0 || jitterNs < 0 || jitterNs > ns || growthPercent < 0 || quietAfterNs <= 0) {
                throw new IllegalArgumentException("wait entry " + ns + "+-" + jitterNs + ", growth " + growthPercent
                        + "% per doubling after " + quietAfterNs + "ns");
            }
        }

        /** The entry without growth (the form of 2026-12-01 to 12-02). */
        public WaitEntry(long ns, long jitterNs, SplittableRandom random) {
            this(ns, jitterNs, 0, 1, false, random);
        }

        /** The quiet time of every other sleeper (the form of 2026-12-03 to 12-05). */
        public WaitEntry(long ns, long jitterNs, int growthPercent, long quietAfterNs, SplittableRandom random) {
            this(ns, jitterNs, growthPercent, quietAfterNs, false, random);
        }

        /**
         * The entry of a call drawn as {@code drawnNs} when the newest call to wait of the other sleepers was
         * {@code quietNs} ago: {@code drawnNs * (1 + growth * min(5, log2(quietNs / quietAfterNs)))}, and as drawn
         * when {@code quietNs <= quietAfterNs}.
         */
        public long grown(long drawnNs, long quietNs) {
            if (growthPercent == 0) return drawnNs;
            return Math.round(drawnNs * (1 + growthPercent / 100.0 * doublings(quietNs, quietAfterNs)));
        }

        /** The doublings of {@code quietAfterNs} in {@code quietNs} that the entry grows by: 0 to 5. */
        public static double doublings(long quietNs, long quietAfterNs) {
            if (quietNs <= quietAfterNs) return 0;
            return Math.min(MAX_DOUBLINGS, Math.log((double) quietNs / quietAfterNs) / Math.log(2));
        }
    }
}
