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
     * How long a call to wait runs before it sleeps: uniform in {@code ns +- jitterNs}, drawn from {@code random}.
     * {@link #NONE}: at once.
     */
    record WaitEntry(long ns, long jitterNs, SplittableRandom random) {
        public static final WaitEntry NONE = new WaitEntry(0, 0, null);

        public WaitEntry {
            if (ns < 0 || jitterNs < 0 || jitterNs > ns) {
                throw new IllegalArgumentException("wait entry " + ns + "+-" + jitterNs);
            }
        }
    }
}
