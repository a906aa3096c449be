package gilsim.sync;

import gilsim.os.Machine;
import gilsim.sim.Trace;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Which waiter a condition-variable signal wakes, registered by id so a scenario can swap it
 * ({@code wake_order=glibc|glibc-groups|fifo|random}) and show what the order decides. Each order is its name, the
 * condition variable it makes, where it puts a waiter that waits again (for a run's explanation) and its line in
 * docs/model.md; docs/model.md says what each leaves out. A new order is one constant here.
 */
public enum WakeOrder {
    /**
     * glibc's order simplified to one queue (2.25 and later): a signal goes to the group of older waiters, and a
     * waiter that wakes, finds the predicate false and waits again has made a new call, so it goes behind those
     * already waiting. Modelled as: the waiter whose latest call to wait is oldest. The default until hand-off traces
     * showed what it leaves out ({@link #GLIBC_GROUPS}).
     */
    GLIBC("glibc", queue(QueueOrder.LATEST_WAIT), "at the back of the condition variable's queue",
            "glibc's order as one queue: the waiter whose latest call to wait is oldest"),
    /**
     * glibc's algorithm itself (2.25 and later, as reworked in 2.41), the default: two groups of waiters, signals as
     * tokens for the older group, a waiter whose timed wait expires still counted in its group until it runs, and a
     * waiter still on its way into futex_wait taking a token before the sleepers ({@code wait_entry}). The order
     * among sleepers is the one {@link #GLIBC} gives. {@link GroupCondVar} implements it.
     */
    GLIBC_GROUPS("glibc-groups", (name, machine, trace, random, entry, wakeTimedOut) -> new GroupCondVar(name,
            machine, trace, entry, wakeTimedOut), "at the back of the condition variable's queue",
            "glibc's own two groups of waiters and signal tokens, with `wait_entry` (`GroupCondVar`); the default"),
    /** A strict ticket: the waiter that first arrived, kept across its re-waits. */
    FIFO("fifo", queue(QueueOrder.FIRST_ARRIVAL), null,
            "a strict ticket: the waiter that first arrived, kept across its re-waits"),
    /** Any waiter, uniformly, from the run's "condvar-order" stream. */
    RANDOM("random", queue(QueueOrder.RANDOM), null, "any waiter, uniformly, from the run's `condvar-order` stream");

    /** The default of {@code wake_order}. */
    public static final WakeOrder DEFAULT = GLIBC_GROUPS;

    /** What {@code wake_order=} takes. */
    public final String id;
    private final Factory factory;
    /**
     * Where a woken waiter that finds its predicate false and waits again stands, as a run's explanation says it; null
     * when that says nothing (a ticket keeps its place, a random order has none).
     */
    public final String rewait;
    /** Its line in docs/model.md's list of wake orders, after {@code - `ID`: }. */
    public final String docsLine;

    WakeOrder(String id, Factory factory, String rewait, String docsLine) {
        this.id = id;
        this.factory = factory;
        this.rewait = rewait;
        this.docsLine = docsLine;
    }

    public static List<String> ids() {
        return Arrays.stream(values()).map(o -> o.id).toList();
    }

    public static WakeOrder byId(String id) {
        for (WakeOrder o : values()) if (o.id.equals(id)) return o;
        throw new IllegalArgumentException("unknown wake order " + id);
    }

    /** The condition variable of this order ({@link CondVar#create}). */
    CondVar create(String name, Machine machine, Trace trace, SplittableRandom random, CondVar.WaitEntry entry,
                   boolean wakeTimedOut) {
        return factory.create(name, machine, trace, random, entry, wakeTimedOut);
    }

    /** One queue that {@code order} picks from; the wait entry and wakeTimedOut are read by glibc's groups only. */
    private static Factory queue(QueueOrder order) {
        return (name, machine, trace, random, entry, wakeTimedOut) -> new QueueCondVar(name, machine, trace, order,
                random);
    }

    private interface Factory {
        CondVar create(String name, Machine machine, Trace trace, SplittableRandom random, CondVar.WaitEntry entry,
                       boolean wakeTimedOut);
    }
}
