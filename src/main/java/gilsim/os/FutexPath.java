package gilsim.os;

/**
 * The kernel's CPU time around a futex sleep, on the sleeper's own core: from the call that has decided to sleep
 * (past glibc's last check of its futex word) until {@code schedule()} switches it out, and, once it is woken and
 * back on a core, until the call returns to its caller. While it is on its way in, the thread is already queued on the
 * futex: a wake-up then finds it still running and costs no wake-up latency. Measured on this project's VM from
 * scheduler traces of CPython's GIL waits (docs/model.md, "A waiter's way into and out of its sleep").
 *
 * @param sleepNs  on the core after the caller's last check, before leaving it
 * @param returnNs on the core after getting it back, before the wait returns
 */
public record FutexPath(long sleepNs, long returnNs) {
    /** No cost either way: a sleep leaves its core at once and a woken thread goes on at once (before 2026-12-03). */
    public static final FutexPath NONE = new FutexPath(0, 0);

    public FutexPath {
        if (sleepNs < 0 || returnNs < 0) throw new IllegalArgumentException("a futex path's costs are at least 0");
    }
}
