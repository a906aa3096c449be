package gilsim.cpython;

/**
 * What the old GIL ({@link OldGil}) costs, from the scenario's keys; docs/versions.md says where each default was
 * measured.
 *
 * @param tickNs          {@code tick}: CPU time of one tick (an instruction that counts down {@code _Py_Ticker}), ns
 * @param checkInterval   {@code checkinterval}: {@code sys.setcheckinterval()}, {@code _Py_CheckInterval}, ticks; the
 *                        lock is released every {@code checkInterval + 1} ticks, as {@code --_Py_Ticker < 0} does
 * @param postWakeNs      {@code sem_wake}: CPU time of a sem_post whose FUTEX_WAKE wakes a sleeping waiter, ns
 * @param postNoSleeperNs {@code sem_syscall}: CPU time of a sem_post whose FUTEX_WAKE finds nobody asleep, ns
 * @param waitRetryNs     {@code sem_retry}: CPU time of a woken waiter that finds the token gone and goes back
 *                        to FUTEX_WAIT, ns
 */
public record OldGilCosts(long tickNs, long checkInterval, long postWakeNs, long postNoSleeperNs, long waitRetryNs) {
    public OldGilCosts {
        if (tickNs <= 0) throw new IllegalArgumentException("a tick takes time");
        if (checkInterval < 0) throw new IllegalArgumentException("negative check interval");
    }

    /** CPU time from one expiry of {@code _Py_Ticker} to the next, ns. */
    long periodNs() {
        return (checkInterval + 1) * tickNs;
    }
}
