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
        assertEquals(3 * MS, t.lastRefusedNs);
    }

    /**
     * A refusal within a window opens a new one from itself; a timer's wake-up draws the outside share and opens
     * none; another thread's window is its own.
     */
    @Test
    void refusalsChainAndTimersStayOutside() {
        WakePreemption rule = new WakePreemption(0, 3 * MS, 100);
        SplittableRandom r = new SplittableRandom(1);
        SimThread t = thread();
        SimThread other = new SimThread(1, "worker", -1);
        assertFalse(rule.preempts(t, true, 0, r));
        assertFalse(rule.preempts(t, true, MS, r));
        assertFalse(rule.preempts(t, true, 3_500_000, r), "2.5 ms after the refusal at 1 ms");
        assertFalse(rule.preempts(t, false, 4 * MS, r), "a timer's wake-up: the outside share, 0 %");
        assertEquals(3_500_000, t.lastRefusedNs, "a timer's refusal opens no window");
        WakePreemption none = new WakePreemption(0, 3 * MS, 0);
        assertFalse(none.preempts(other, true, 4 * MS, r), "t's window is not other's: the outside share");
        assertTrue(none.preempts(other, true, 5 * MS, r), "other's own window");
    }

    @Test
    void sharesOutsideTheirRangeAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new WakePreemption(101, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new WakePreemption(50, -1, 0));
        assertThrows(IllegalArgumentException.class, () -> new WakePreemption(50, MS, 101));
    }
}
