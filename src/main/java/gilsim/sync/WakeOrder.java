package gilsim.sync;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Which waiter a condition-variable signal wakes. Registered by name so a scenario can swap it
 * ({@code wake_order=glibc|glibc-groups|fifo|random}) and show what the order decides. docs/model.md says what each leaves out.
 */
public enum WakeOrder {
    /**
     * glibc's order simplified to one queue (2.25 and later): a signal goes to the group of older waiters, and a
     * waiter that wakes, finds the predicate false and waits again has made a new call, so it goes behind those
     * already waiting. Modelled as: the waiter whose latest call to wait is oldest. The default until hand-off traces
     * showed what it leaves out ({@link #GLIBC_GROUPS}).
     */
    GLIBC("glibc") {
        @Override
        int pick(List<QueueCondVar.Waiter> waiters, SplittableRandom random) {
            return 0;
        }
    },
    /**
     * glibc's algorithm itself (2.25 and later, as reworked in 2.41), the default: two groups of waiters, signals as
     * tokens for the older group, a waiter whose timed wait expires still counted in its group until it runs, and a
     * waiter still on its way into futex_wait taking a token before the sleepers ({@code wait_entry}). The order
     * among sleepers is the one {@link #GLIBC} gives. {@link GroupCondVar} implements it.
     */
    GLIBC_GROUPS("glibc-groups") {
        @Override
        int pick(List<QueueCondVar.Waiter> waiters, SplittableRandom random) {
            throw new UnsupportedOperationException("glibc-groups is a condition variable of its own");
        }
    },
    /** A strict ticket: the waiter that first arrived, kept across its re-waits. */
    FIFO("fifo") {
        @Override
        int pick(List<QueueCondVar.Waiter> waiters, SplittableRandom random) {
            int best = 0;
            for (int i = 1; i < waiters.size(); i++) {
                if (waiters.get(i).arrival < waiters.get(best).arrival) best = i;
            }
            return best;
        }

        @Override
        int positionOfNewest(List<QueueCondVar.Waiter> waiters) {
            QueueCondVar.Waiter w = waiters.get(waiters.size() - 1);
            int ahead = 0;
            for (QueueCondVar.Waiter o : waiters) if (o != w && o.arrival < w.arrival) ahead++;
            return ahead;
        }
    },
    /** Any waiter, uniformly, from the run's "condvar-order" stream. */
    RANDOM("random") {
        @Override
        int pick(List<QueueCondVar.Waiter> waiters, SplittableRandom random) {
            return random.nextInt(waiters.size());
        }
    };

    public final String id;

    WakeOrder(String id) {
        this.id = id;
    }

    public static List<String> ids() {
        return Arrays.stream(values()).map(o -> o.id).toList();
    }

    public static WakeOrder byId(String id) {
        for (WakeOrder o : values()) if (o.id.equals(id)) return o;
        throw new IllegalArgumentException("unknown wake order " + id);
    }

    /** Index into {@code waiters}, which are kept in the order of their latest wait. */
    abstract int pick(List<QueueCondVar.Waiter> waiters, SplittableRandom random);

    /**
     * Where the newest waiter (the last in the list) stands in this order's queue (0 = next to be woken); glibc's
     * puts it behind everyone, and random has no place, shown as the back.
     */
    int positionOfNewest(List<QueueCondVar.Waiter> waiters) {
        return waiters.size() - 1;
    }
}
