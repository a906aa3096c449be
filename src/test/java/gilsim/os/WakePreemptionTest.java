package gilsim.os;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class WakePreemptionTest {
    private static final long MS = 1_000_000;

    private static SimThread thread() {
        return new SimThread(0, "main", -1);
    }

    /** Without a window every wake-up draws alone, and a rule of 100 % draws nothing. */
    @Test
    void withoutAWindowEachWakeUpDrawsAlone() {
        SplittableRandom r = new SplittableRandom(7);
        SimThread t = thread();
        assertTrue(WakePreemption.independent(100).preempts(t, true, 0, r));
        assertEquals(new SplittableRandom(7).nextLong(), r.nextLong(), "a rule of 100 % drew");
        assertFalse(WakePreemption.independent(0).preempts(t, true, 0, r));
        assertEquals(SimThread.NEVER, t.lastRefusedNs, "no window: nothing recorded");
    }

    /**
     * Outside a window every wake-up queues (0 %), inside none does: the wake-up at 0 queues and opens a window to
     * 3 ms; at 1 and 2 ms the thread preempts; at 3 ms the window has closed, it queues and opens the next.
     */
    @Test
    void aQueuedWakeUpOpensAWindowOfTheOtherShare() {
        WakePreemption rule = new WakePreemption(0, 3 * MS, 0);
        SplittableRandom r = new SplittableRandom(1);
        SimThread t = thread();
        assertFalse(rule.preempts(t, true, 0, r));
        assertTrue(rule.preempts(t, true, MS, r));
        assertTrue(rule.preempts(t, true, 2 * MS, r));
        assertFalse(rule.preempts(t, true, 3 * MS, r), "the window is [0, 3 ms)");
        assertEquals(3 * MS, t.refusalWindowFromNs);
    }

    /**
     * Refusals come in pairs: every wake-up queues (0 % outside a window, 100 % inside). The refusal at 0 opens a
     * window; the one at 1 ms, inside it, closes it; the one at 3.5 ms, 2.5 ms after that, opens none; the one at
     * 6.5 ms, 3 ms after the last, opens the next. A timer's wake-up draws the outside share and touches no window;
     * another thread's window is its own.
     */
    @Test
    void aRefusalInsideAWindowClosesItAndOneSoonAfterOpensNone() {
        WakePreemption rule = new WakePreemption(0, 3 * MS, 100);
        SplittableRandom r = new SplittableRandom(1);
        SimThread t = thread();
        assertFalse(rule.preempts(t, true, 0, r));
        assertEquals(0, t.refusalWindowFromNs);
        assertFalse(rule.preempts(t, true, MS, r));
        assertEquals(SimThread.NEVER, t.refusalWindowFromNs, "the second refusal closes the window");
        assertFalse(rule.preempts(t, true, 3_500_000, r));
        assertEquals(SimThread.NEVER, t.refusalWindowFromNs, "2.5 ms after the last refusal: no window");
        assertFalse(rule.preempts(t, false, 4 * MS, r), "a timer's wake-up: the outside share, 0 %");
        assertEquals(3_500_000, t.lastRefusedNs, "a timer's refusal is not recorded");
        assertFalse(rule.preempts(t, true, 6_500_000, r));
        assertEquals(6_500_000, t.refusalWindowFromNs, "3 ms after the last refusal: a window");

        WakePreemption none = new WakePreemption(0, 3 * MS, 0);
        SimThread other = new SimThread(1, "worker", -1);
        SimThread u = thread();
        assertFalse(none.preempts(u, true, 0, r));
        assertFalse(none.preempts(other, true, MS, r), "u's window is not other's: the outside share");
        assertTrue(none.preempts(u, true, MS, r), "u's own window");
    }

    @Test
    void sharesOutsideTheirRangeAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new WakePreemption(101, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new WakePreemption(50, -1, 0));
        assertThrows(IllegalArgumentException.class, () -> new WakePreemption(50, MS, 101));
    }
}
