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
        return order.create(name, machine, trace, random, entry);
    }

    /**
     * How long a call to wait runs before it sleeps: uniform in {@code ns +- jitterNs}, drawn from {@code random}, and
     * longer by {@code growthPercent} of that for every doubling of {@code staleAfterNs}, up to
     * {@link #MAX_DOUBLINGS}, that the sleeper at the head of the queue has gone without a signal (docs/model.md, "The
     * requester's window follows the other sleeper"). {@link #NONE}: at once.
     *
     * @param growthPercent per cent of the drawn entry added per doubling beyond {@code staleAfterNs}; 0: none
     * @param staleAfterNs  how long a sleeper may go without a signal before the entry starts to grow
     */
    record WaitEntry(long ns, long jitterNs, int growthPercent, long staleAfterNs, SplittableRandom random) {
        public static final WaitEntry NONE = new WaitEntry(0, 0, 0, 1, null);
        /**
         * The growth stops after four doublings: recorded with a thread sleeping 100 and 200 ms beside two spinners,
         * the window was the same (3.4 and 3.3 us, docs/notes/2026-12-02-stale-sleeper.md).
         */
        public static final int MAX_DOUBLINGS = 4;

        public WaitEntry {
            if (ns < 0 || jitterNs < 0 || jitterNs > ns || growthPercent < 0 || staleAfterNs <= 0) {
                throw new IllegalArgumentException("wait entry " + ns + "+-" + jitterNs + ", growth " + growthPercent
                        + "% per doubling after " + staleAfterNs + "ns");
            }
        }

        /** The entry without growth (the form of 2026-12-01 to 12-02). */
        public WaitEntry(long ns, long jitterNs, SplittableRandom random) {
            this(ns, jitterNs, 0, 1, random);
        }

        /**
         * The entry of a call drawn as {@code drawnNs} while the sleeper at the head of the queue has gone
         * {@code staleNs} without a signal: {@code drawnNs * (1 + growth * min(4, log2(staleNs / staleAfterNs)))},
         * and as drawn when {@code staleNs <= staleAfterNs}.
         */
        public long grown(long drawnNs, long staleNs) {
            if (growthPercent == 0) return drawnNs;
            return Math.round(drawnNs * (1 + growthPercent / 100.0 * doublings(staleNs, staleAfterNs)));
        }

        /** The doublings of {@code staleAfterNs} in {@code staleNs} that the entry grows by: 0 to 4. */
        public static double doublings(long staleNs, long staleAfterNs) {
            if (staleNs <= staleAfterNs) return 0;
            return Math.min(MAX_DOUBLINGS, Math.log((double) staleNs / staleAfterNs) / Math.log(2));
        }
    }
}
