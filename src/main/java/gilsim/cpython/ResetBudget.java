package gilsim.cpython;

/**
 * CPython's own policy, 3.2 to main: every pass of take_gil's loop is a fresh COND_TIMED_WAIT of the whole switch
 * interval, so time already waited is lost whenever a wake-up finds the GIL taken again (#161868).
 */
final class ResetBudget implements GilPolicy {
    @Override
    public TimedWait timedWait(int thread, long nowNs, long switchNumber, long intervalNs) {
        return new TimedWait(nowNs + intervalNs, switchNumber);
    }
}
