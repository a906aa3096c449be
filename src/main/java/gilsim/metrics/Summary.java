package gilsim.metrics;

import java.util.List;
import java.util.Map;

/**
 * The result of one run: what the JSON summary and the human summary print. Each part of the run holds its metrics'
 * values keyed by metric ({@link Figures}, read with {@code get(Metrics.X)}), in the order {@link Metrics} declares
 * them; a new metric needs no field here. Times are nanoseconds.
 *
 * @param params      every key's value as {@code --set} takes it back
 * @param paramValues the same keys typed for JSON (numbers, booleans; durations as text and {@code KEY_ns})
 * @param run         {@link Metrics#RUN}: the verdict and the run's longest wait
 * @param threads     {@link Metrics#THREAD_ALL}, one per thread in the run's order
 * @param gil         {@link Metrics#GIL}
 * @param pool        {@link Metrics#POOL}; null for a scenario without a pool
 * @param poolThreads {@link Metrics#POOL_THREAD}, one per pool thread; empty without a pool
 * @param locks       the scenario's {@code threading.Lock}s that some thread called; empty for none
 * @param requests    {@link Metrics#REQUESTS}; null for a scenario without arrivals
 */
public record Summary(String scenario, long seed, Map<String, String> params, Map<String, Object> paramValues,
                      long simulatedNs, long events, Figures run, List<Figures> threads, Figures gil, Figures pool,
                      List<Figures> poolThreads, List<Lock> locks, Figures requests) {

    public static final String FAIR = "fair";
    public static final String STARVES = "starves";

    public Summary {
        threads = List.copyOf(threads);
        poolThreads = List.copyOf(poolThreads);
        locks = List.copyOf(locks);
    }

    /**
     * A scenario's {@code threading.Lock}: what the run's version builds it on ({@code semaphore}, {@code pymutex})
     * and one row of {@link Metrics#LOCK_THREAD} per thread that called {@code acquire()} on it.
     */
    public record Lock(String name, String model, List<Figures> threads) {
        public Lock {
            threads = List.copyOf(threads);
        }
    }

    public String verdict() {
        return run.get(Metrics.VERDICT);
    }

    public List<String> starvedThreads() {
        return run.get(Metrics.STARVED_THREADS);
    }

    /** The longest GIL wait of any thread. */
    public long maxWaitNs() {
        return run.get(Metrics.MAX_WAIT_NS);
    }

    public boolean starves() {
        return STARVES.equals(verdict());
    }

    public Figures thread(String name) {
        for (Figures t : threads) if (t.name().equals(name)) return t;
        throw new IllegalArgumentException("no thread " + name);
    }
}
