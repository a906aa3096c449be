package gilsim.os;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gilsim.sim.Engine;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Linux's timer queues, worked by hand: a 50 us slack, two cores. */
class TimerQueuesTest {
    private static final long US = 1_000;

    private final Engine engine = new Engine(10_000);
    /** "core@ns: names" for each interrupt. */
    private final List<String> interrupts = new ArrayList<>();
    private final TimerQueues queues = new TimerQueues(engine, 2, 50 * US, (core, due) -> {
        StringBuilder b = new StringBuilder(core + "@" + engine.nowNs() / US + "us:");
        for (HrTimer t : due) {
            b.append(' ');
            t.action.run();
        }
        interrupts.add(b.toString().strip());
    });
    private final List<String> fired = new ArrayList<>();

    private HrTimer arm(int core, long deadlineUs, String name) {
        return queues.arm(core, deadlineUs * US, () -> fired.add(name + "@" + engine.nowNs() / US));
    }

    /**
     * Core 0's interrupt comes at its earliest deadline plus the slack (150 us) and fires every timer whose deadline
     * has passed, in deadline order (a at 100 us, b at 130 us), but not c (deadline 190 us), which fires at its own
     * hard expiry; core 1's queue is its own (d at 110 us fires at 160 us, not with a).
     */
    @Test
    void anInterruptFiresEveryTimerOfItsCorePastItsDeadlineInOrder() {
        arm(0, 130, "b");
        arm(0, 100, "a");
        arm(0, 190, "c");
        arm(1, 110, "d");
        engine.runUntil(1_000 * US);
        assertEquals(List.of("a@150", "b@150", "d@160", "c@240"), fired);
        assertEquals(List.of("0@150us:", "1@160us:", "0@240us:"), interrupts);
    }

    /** Cancelling the earliest timer moves the interrupt to the next one's hard expiry; a cancelled timer never fires. */
    @Test
    void cancellingTheEarliestTimerReprogramsTheInterrupt() {
        HrTimer e = arm(0, 300, "e");
        arm(0, 320, "f");
        engine.at(200 * US, e::cancel);
        engine.runUntil(1_000 * US);
        assertEquals(List.of("f@370"), fired);
    }
}
