package gilsim.handoff;

import java.util.Arrays;

/**
 * The GIL's state rebuilt from a log's events, as a reader of {@code ceval_gil.c} would: who took it last, whether
 * it is taken, {@code switch_number}, and when each thread's current {@code take_gil} began to wait. Read the state
 * before {@link #apply} to see it as the event found it.
 */
final class GilReplay {
    /** The last thread to take the GIL, or -1 before the first take. */
    int lastHolder = -1;
    boolean locked;
    /** Takes by another thread than the last taker. */
    long switchNumber;
    /** Each thread's first timed wait of its current take_gil, or -1 when it is not waiting. */
    final long[] waitStartNs;
    /** {@code switch_number} when each thread's latest timed wait began. */
    private final long[] savedSwitch;

    GilReplay(int threads) {
        waitStartNs = new long[threads];
        Arrays.fill(waitStartNs, -1);
        savedSwitch = new long[threads];
    }

    /**
     * Applies {@code e}; returns true for a timeout that asked for a drop: the wait ran out while the GIL was taken
     * and no switch happened during it (take_gil's condition for {@code SET_GIL_DROP_REQUEST}).
     */
    boolean apply(HandoffEvent e) {
        int t = e.thread();
        switch (e.kind()) {
            case WAIT -> {
                if (waitStartNs[t] < 0) waitStartNs[t] = e.timeNs();
                savedSwitch[t] = switchNumber;
            }
            case TIMED_OUT -> {
                return locked && switchNumber == savedSwitch[t] && waitStartNs[t] >= 0;
            }
            case TAKE -> {
                if (t != lastHolder) switchNumber++;
                lastHolder = t;
                locked = true;
                waitStartNs[t] = -1;
            }
            case DROP -> locked = false;
            default -> {
            }
        }
        return false;
    }
}
