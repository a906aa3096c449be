package gilsim.sync;

import java.util.List;
import java.util.SplittableRandom;

/**
 * The orders a one-queue condition variable ({@link QueueCondVar}) can pick its woken waiter in. Its waiters are kept
 * in the order of their latest call to wait; glibc's groups are a condition variable of their own
 * ({@link GroupCondVar}) and pick nothing from such a queue.
 */
enum QueueOrder {
    /** The waiter whose latest call to wait is oldest: a re-wait goes behind those already waiting. */
    LATEST_WAIT {
        @Override
        int pick(List<QueueCondVar.Waiter> waiters, SplittableRandom random) {
            return 0;
        }
    },
    /** The waiter that first arrived, kept across its re-waits. */
    FIRST_ARRIVAL {
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
    RANDOM {
        @Override
        int pick(List<QueueCondVar.Waiter> waiters, SplittableRandom random) {
            return random.nextInt(waiters.size());
        }
    };

    /** Index into {@code waiters}, which are kept in the order of their latest wait. */
    abstract int pick(List<QueueCondVar.Waiter> waiters, SplittableRandom random);

    /**
     * Where the newest waiter (the last in the list) stands in this order's queue (0 = next to be woken); the latest
     * wait puts it behind everyone, and random has no place, shown as the back.
     */
    int positionOfNewest(List<QueueCondVar.Waiter> waiters) {
        return waiters.size() - 1;
    }
}
