package gilsim.metrics;

import gilsim.sync.MutexEvent.MutexAcquire;
import gilsim.sync.MutexEvent.MutexAcquired;
import gilsim.sync.MutexEvent.MutexBlock;
import gilsim.sync.MutexEvent.MutexHandOff;
import gilsim.sync.MutexEvent.MutexTaken;
import gilsim.sync.MutexEvent.MutexWake;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Each scenario lock's figures per thread: {@code acquire()} calls that returned, those that waited, those that took
 * the lock from another thread, those handed the lock by its releaser (a PyMutex's fair hand-off), the wake-ups that
 * found it taken again, and the wait of each call, from the call to its return holding the lock and the GIL (a call
 * still waiting at the end counts to the end). Locks come in the order of their first {@code acquire()}; a lock's
 * rows are the threads that called it, in the run's order. {@code gil->mutex} is not a scenario lock: its events
 * are ignored.
 */
public final class LockStats implements RunListener {
    private final int threadCount;
    private final String model;
    private final Map<String, PerLock> locks = new LinkedHashMap<>();

    private final class PerLock {
        final boolean[] called = new boolean[threadCount];
        final long[] acquisitions = new long[threadCount];
        final long[] contended = new long[threadCount];
        final long[] changes = new long[threadCount];
        final long[] handOffs = new long[threadCount];
        final long[] racesLost = new long[threadCount];
        final long[] waitMaxNs = new long[threadCount];
        final long[] waitTotalNs = new long[threadCount];
        /** When the thread's call in progress began; -1 when it has none. */
        final long[] callNs = new long[threadCount];
        /** Woken by a release in its call in progress, and not yet back asleep or through. */
        final boolean[] woken = new boolean[threadCount];
        int lastTaker = -1;

        PerLock() {
            java.util.Arrays.fill(callNs, -1);
        }
    }

    /** @param model what the run's locks are built on ({@code semaphore} or {@code pymutex}) */
    public LockStats(int threadCount, String model) {
        this.threadCount = threadCount;
        this.model = model;
    }

    @Override
    public void onMutexAcquire(MutexAcquire e) {
        PerLock l = locks.computeIfAbsent(e.mutex(), n -> new PerLock());
        l.called[e.thread()] = true;
        l.callNs[e.thread()] = e.timeNs();
        l.woken[e.thread()] = false;
    }

    @Override
    public void onMutexAcquired(MutexAcquired e) {
        PerLock l = locks.get(e.mutex());
        int t = e.thread();
        long wait = e.waitNs();
        l.acquisitions[t]++;
        if (wait > 0) l.contended[t]++;
        l.waitTotalNs[t] += wait;
        l.waitMaxNs[t] = Math.max(l.waitMaxNs[t], wait);
        l.callNs[t] = -1;
        l.woken[t] = false;
    }

    @Override
    public void onMutexBlock(MutexBlock e) {
        PerLock l = locks.get(e.mutex());
        if (l == null) return; // gil->mutex
        int t = e.thread();
        if (l.woken[t]) l.racesLost[t]++;
        l.woken[t] = false;
    }

    @Override
    public void onMutexTaken(MutexTaken e) {
        PerLock l = locks.get(e.mutex());
        if (l == null) return;
        if (l.lastTaker >= 0 && l.lastTaker != e.thread()) l.changes[e.thread()]++;
        l.lastTaker = e.thread();
    }

    @Override
    public void onMutexWake(MutexWake e) {
        PerLock l = locks.get(e.mutex());
        if (l != null) l.woken[e.woken()] = true;
    }

    @Override
    public void onMutexHandOff(MutexHandOff e) {
        PerLock l = locks.get(e.mutex());
        if (l != null) l.handOffs[e.to()]++;
    }

    @Override
    public void finish(long endNs) {
        for (PerLock l : locks.values()) {
            for (int t = 0; t < threadCount; t++) {
                if (l.callNs[t] >= 0) l.waitMaxNs[t] = Math.max(l.waitMaxNs[t], endNs - l.callNs[t]);
            }
        }
    }

    /**
     * One thread's use of one lock, what {@link Metrics#LOCK_THREAD} reads.
     */
    public final class Use {
        private final PerLock l;
        private final int t;

        private Use(PerLock l, int t) {
            this.l = l;
            this.t = t;
        }

        public long acquisitions() {
            return l.acquisitions[t];
        }

        public long contended() {
            return l.contended[t];
        }

        public long tookFromOther() {
            return l.changes[t];
        }

        public long handedOff() {
            return l.handOffs[t];
        }

        public long racesLost() {
            return l.racesLost[t];
        }

        /** Null when the thread never had the lock. */
        public Long waitMeanNs() {
            long n = l.acquisitions[t];
            return n == 0 ? null : l.waitTotalNs[t] / n;
        }

        public long waitMaxNs() {
            return l.waitMaxNs[t];
        }
    }

    /** The locks' figures; {@code names} are the run's threads by index. Empty when no lock was called. */
    public List<Summary.Lock> summary(List<String> names) {
        List<Summary.Lock> out = new ArrayList<>();
        locks.forEach((name, l) -> {
            List<Figures> rows = new ArrayList<>();
            for (int t = 0; t < threadCount; t++) {
                if (l.called[t]) rows.add(Figures.of(names.get(t), new Use(l, t), Metrics.LOCK_THREAD));
            }
            out.add(new Summary.Lock(name, model, rows));
        });
        return List.copyOf(out);
    }
}
