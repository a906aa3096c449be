package gilsim.metrics;

import java.util.BitSet;

/**
 * The order probe of m0's probe-pool-fairness: for each request, how many requests sent after it were answered
 * before it ("passed over"), counted with a Fenwick tree over send numbers. The probe passes when at most
 * {@link #ALLOWED_OVER_100} requests are passed over by more than 100 later answers and none by more than 1000.
 * A request still unanswered at the end counts the later answers it saw.
 *
 * <p>Memory is one int and one bit per request sent, not per event: it grows with requests, as the probe's does.
 */
public final class OrderProbe {
    static final int ALLOWED_OVER_100 = 5;
    static final long HARD_LIMIT = 1000;

    private int[] tree = new int[1024];
    private final BitSet answeredSet = new BitSet();
    private long answered;
    private long maxNumber = -1;
    private long passedOverMax;
    private long over100;
    private long over1000;

    /** Request {@code number} (its place in send order) was answered. */
    public void answered(long number) {
        ensure(number);
        judge(answered - prefix(number));
        add(number);
        answeredSet.set((int) number);
        answered++;
    }

    /** A request seen in flight (taken from the queue), so the end of the run can judge it if it is never answered. */
    public void seen(long number) {
        maxNumber = Math.max(maxNumber, number);
    }

    public void finish() {
        for (int n = answeredSet.nextClearBit(0); n <= maxNumber; n = answeredSet.nextClearBit(n + 1)) {
            judge(answered - prefix(n));
        }
    }

    private void judge(long passedOver) {
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

    // Fenwick tree over send numbers 0..; index i+1 in the array.
    private void ensure(long number) {
        maxNumber = Math.max(maxNumber, number);
        if (number + 1 < tree.length) return;
        int size = tree.length;
        while (size <= number + 1) size *= 2;
        // Rebuild: a Fenwick tree cannot simply be extended, but it can be rebuilt from the answered set in O(n).
        tree = new int[size];
        for (int i = answeredSet.nextSetBit(0); i >= 0; i = answeredSet.nextSetBit(i + 1)) tree[i + 1] = 1;
        for (int i = 1; i < size; i++) {
            int parent = i + (i & -i);
            if (parent < size) tree[parent] += tree[i];
        }
    }

    private void add(long number) {
        for (int i = (int) number + 1; i < tree.length; i += i & -i) tree[i]++;
    }

    /** Answered requests with send number at most {@code number}. */
    private long prefix(long number) {
        long sum = 0;
        for (int i = (int) Math.min(number + 1, tree.length - 1); i > 0; i -= i & -i) sum += tree[i];
        return sum;
    }
}
