package gilsim.metrics;

import java.util.Arrays;

/**
 * The order probe of m0's probe-pool-fairness: for each request, how many requests sent after it were answered
 * before it ("passed over"). The probe passes when at most {@link #ALLOWED_OVER_100} requests are passed over by
 * more than 100 later answers and none by more than 1000. A request still unanswered at the end counts the later
 * answers it saw.
 *
 * <p>Memory is bounded by the requests in service, not by the requests of the run: the pool takes requests in send
 * order (its queue is FIFO), so when request {@code n} is answered every request before it has been taken, and
 * the answered ones among them are {@code n} minus those still in service. Passed over =
 * answered so far - {@code n} + (requests in service numbered below {@code n}).
 */
public final class OrderProbe {
    static final int ALLOWED_OVER_100 = 5;
    static final long HARD_LIMIT = 1000;

    /**
     * Requests taken and not yet answered, ascending (they are taken in send order, so each is appended); at most
     * one per pool thread, so a plain array beats a tree.
     */
    private long[] inService = new long[8];
    private int inServiceCount;
    private long lastTaken = -1;
    private long answered;
    private long passedOverMax;
    private long over100;
    private long over1000;

    /** Request {@code number} (its place in send order) was taken from the queue; requests are taken in order. */
    public void taken(long number) {
        if (number <= lastTaken) {
            throw new IllegalStateException("request " + number + " taken after " + lastTaken + ": not in send order");
        }
        lastTaken = number;
        if (inServiceCount == inService.length) inService = Arrays.copyOf(inService, 2 * inServiceCount);
        inService[inServiceCount++] = number;
    }

    /** Request {@code number}, taken before, was answered. */
    public void answered(long number) {
        // A scan: the array holds a request a pool thread at most, and the oldest is most often the one answered.
        int at = 0;
        while (at < inServiceCount && inService[at] != number) at++;
        if (at == inServiceCount) throw new IllegalStateException("request " + number + " answered, never taken");
        // A loop, not System.arraycopy: the shift is a few places, shorter than the copy stub's call.
        for (int i = at + 1; i < inServiceCount; i++) inService[i - 1] = inService[i];
        inServiceCount--;
        judge(number, at);
        answered++;
    }

    /** Judges the requests still in service when the run ends. */
    public void finish() {
        for (int i = 0; i < inServiceCount; i++) judge(inService[i], i);
    }

    /** @param below requests in service numbered below {@code number} */
    private void judge(long number, int below) {
        long passedOver = answered - number + below;
        passedOverMax = Math.max(passedOverMax, passedOver);
        if (passedOver > 100) over100++;
        if (passedOver > HARD_LIMIT) over1000++;
    }

    public boolean inOrder() {
        return over100 <= ALLOWED_OVER_100 && over1000 == 0;
    }

    public long passedOverMax() {
        return passedOverMax;
    }

    public long passedOver100() {
        return over100;
    }
}
