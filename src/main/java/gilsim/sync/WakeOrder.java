package gilsim.sync;

import java.util.List;
import java.util.SplittableRandom;

/**
 * Which waiter a condition-variable signal wakes. Registered by name so a scenario can swap it
 * ({@code wake_order=glibc|fifo|random}) and show what the order decides.
 */
public enum WakeOrder {
    /**
     * glibc >= 2.25 (and macOS psynch): the waiter whose latest call to wait is oldest. A waiter that wakes, finds
     * the predicate false and waits again has made a new call, so it goes to the back.
     */
    GLIBC("glibc"),
    /** A strict ticket: the waiter that first arrived, kept across its re-waits. */
    FIFO("fifo"),
    /** Any waiter, uniformly, from the run's "condvar-order" stream. */
    RANDOM("random");

    public final String id;

    WakeOrder(String id) {
        this.id = id;
    }

    public static WakeOrder byId(String id) {
        for (WakeOrder o : values()) if (o.id.equals(id)) return o;
        throw new IllegalArgumentException("unknown wake order " + id);
    }

    /** Index into {@code waiters}, which are kept in the order of their latest wait. */
    int pick(List<CondVar.Waiter> waiters, SplittableRandom random) {
        switch (this) {
            case GLIBC:
                return 0;
            case FIFO: {
                int best = 0;
                for (int i = 1; i < waiters.size(); i++) {
                    if (waiters.get(i).arrival < waiters.get(best).arrival) best = i;
                }
                return best;
            }
            default:
                return random.nextInt(waiters.size());
        }
    }

    /** Where the newest waiter (the last in the list) stands in this order's queue (0 = next to be woken). */
    int positionOfNewest(List<CondVar.Waiter> waiters) {
        CondVar.Waiter w = waiters.get(waiters.size() - 1);
        if (this == FIFO) {
            int ahead = 0;
            for (CondVar.Waiter o : waiters) if (o != w && o.arrival < w.arrival) ahead++;
            return ahead;
        }
        return waiters.size() - 1; // glibc: behind everyone; random: no place, shown as the back
    }
}
