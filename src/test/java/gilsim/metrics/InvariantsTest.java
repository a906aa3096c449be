package gilsim.metrics;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.sync.MutexEvent.MutexReleased;
import gilsim.sync.MutexEvent.MutexTaken;
import gilsim.sync.QueueEvent.QueueGet;
import gilsim.sync.QueueEvent.QueuePut;
import org.junit.jupiter.api.Test;

/** The invariants of locks and queues catch what they must (each run checks them; here they are made to fail). */
class InvariantsTest {
    @Test
    void aLockHeldTwiceOrReleasedByAnotherFails() {
        Invariants inv = new Invariants(2, 2);
        inv.onMutexTaken(new MutexTaken(1, "cache", 0));
        var e = assertThrows(Invariants.InvariantViolation.class, () -> inv.onMutexTaken(new MutexTaken(2, "cache", 1)));
        assertTrue(e.getMessage().contains("lock cache taken while thread 0 holds it"), e.getMessage());
        Invariants other = new Invariants(2, 2);
        other.onMutexTaken(new MutexTaken(1, "cache", 0));
        assertThrows(Invariants.InvariantViolation.class, () -> other.onMutexReleased(new MutexReleased(2, "cache", 1)));
        other.onMutexReleased(new MutexReleased(3, "cache", 0));
        other.onMutexTaken(new MutexTaken(4, "cache", 1));
    }

    @Test
    void aQueueMakesNoItemAndLosesNone() {
        Invariants inv = new Invariants(2, 2);
        inv.onQueuePut(new QueuePut(1, "jobs", 0, 1));
        inv.onQueueGet(new QueueGet(2, "jobs", 1, 0));
        assertThrows(Invariants.InvariantViolation.class, () -> inv.onQueueGet(new QueueGet(3, "jobs", 1, -1)));
        Invariants lying = new Invariants(2, 2);
        assertThrows(Invariants.InvariantViolation.class, () -> lying.onQueuePut(new QueuePut(1, "jobs", 0, 2)));
    }
}
