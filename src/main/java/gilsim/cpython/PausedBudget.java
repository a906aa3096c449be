package gilsim.cpython;

/**
 * The waiter's budget is paused, not reset, by a wake-up that finds the GIL re-taken: it runs from the waiter's
 * arrival until a switch happens (Stutzbach's 2009 suggestion, quoted in #161868). A budget restarts only after a
 * switch (somebody else got the GIL) or after it ran out.
 */
final class PausedBudget implements GilPolicy {
    /** When each waiter's budget runs out, in simulated ns. */
    private final long[] deadlineNs;
    /** The switch_number each waiter's budget started at. */
    private final long[] startSwitchNumber;
    private final long intervalNs;

    PausedBudget(int threads, long intervalNs) {
        this.deadlineNs = new long[threads];
        this.startSwitchNumber = new long[threads];
        this.intervalNs = intervalNs;
    }

    @Override
    public void entered(int thread, long nowNs, long switchNumber) {
        deadlineNs[thread] = nowNs + intervalNs;
        startSwitchNumber[thread] = switchNumber;
    }

    @Override
    public TimedWait timedWait(int thread, long nowNs, long switchNumber, long intervalNs) {
        if (switchNumber != startSwitchNumber[thread] || deadlineNs[thread] <= nowNs) {
            startSwitchNumber[thread] = switchNumber;
            deadlineNs[thread] = nowNs + intervalNs;
        }
        return new TimedWait(deadlineNs[thread], startSwitchNumber[thread]);
    }

    /** A paused budget has run out once its deadline has passed, even if a signal woke the waiter first. */
    @Override
    public boolean ranOut(TimedWait wait, boolean timedOut, long nowNs) {
        return nowNs >= wait.deadlineNs();
    }
}
