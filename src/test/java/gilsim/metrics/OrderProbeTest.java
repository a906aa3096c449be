package gilsim.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class OrderProbeTest {
    @Test
    void inOrderAnswersPassNobody() {
        OrderProbe p = new OrderProbe();
        for (int i = 0; i < 5000; i++) {
            p.taken(i);
            p.answered(i);
        }
        p.finish();
        assertEquals(0, p.passedOverMax());
        assertTrue(p.inOrder());
    }

    @Test
    void countsLaterAnswersFirstAgainstABruteForceCount() {
        long seed = 99;
        SplittableRandom r = new SplittableRandom(seed);
        int n = 3000;
        int[] order = new int[n];
        for (int i = 0; i < n; i++) order[i] = i;
        for (int i = 0; i < n; i++) { // local shuffles: each answer moves at most 150 places
            int j = Math.min(n - 1, i + r.nextInt(150));
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        OrderProbe p = new OrderProbe();
        for (int i = 0; i < n; i++) p.taken(i); // everything in service at once: the most the probe must hold
        long bruteMax = 0;
        for (int k = 0; k < n; k++) {
            p.answered(order[k]);
            long later = 0;
            for (int m = 0; m < k; m++) if (order[m] > order[k]) later++;
            bruteMax = Math.max(bruteMax, later);
        }
        p.finish();
        assertEquals(bruteMax, p.passedOverMax(), "seed " + seed);
    }

    @Test
    void aRequestStuckWhileThousandsAreAnsweredFails() {
        OrderProbe p = new OrderProbe();
        p.taken(0);
        for (int i = 1; i <= 1500; i++) {
            p.taken(i);
            p.answered(i);
        }
        p.finish();
        assertEquals(1500, p.passedOverMax());
        assertFalse(p.inOrder());
    }

    @Test
    void requestsTakenOutOfSendOrderAreABugNotAVerdict() {
        OrderProbe p = new OrderProbe();
        p.taken(3);
        org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, () -> p.taken(2));
    }

    @Test
    void aStuckRequestIsJudgedAfterAMillionAnswersInBoundedMemory() {
        OrderProbe p = new OrderProbe();
        p.taken(0);
        for (int i = 1; i <= 1_000_000; i++) {
            p.taken(i);
            p.answered(i);
        }
        p.finish();
        assertEquals(1_000_000, p.passedOverMax());
        assertEquals(1, p.passedOver100());
    }
}
