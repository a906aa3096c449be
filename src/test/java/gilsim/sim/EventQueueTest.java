package gilsim.sim;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Comparator;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class EventQueueTest {
    @Test
    void pollsInTimeThenSequenceOrderAgainstAPriorityQueue() {
        for (long seed = 1; seed <= 30; seed++) {
            SplittableRandom r = new SplittableRandom(seed);
            EventQueue queue = new EventQueue();
            // The reference orders by time, then by the order of the adds, which it numbers itself.
            record Added(Event event, long seq) {}
            PriorityQueue<Added> reference = new PriorityQueue<>(
                    Comparator.comparingLong((Added a) -> a.event().timeNs).thenComparingLong(Added::seq));
            long seq = 0;
            long nowNs = 0;
            String replay = "seed " + seed + " (mvn -o -q test -Dtest=EventQueueTest)";
            // Bursts of adds (many ties: few distinct times) and polls, growing past the initial 64 slots and emptying.
            for (int step = 0; step < 5_000; step++) {
                if (reference.isEmpty() || r.nextInt(100) < 55) {
                    // Mostly soon (ties), one in ten far ahead: adds land near either end, and in between.
                    long delayNs = r.nextInt(10) == 0 ? r.nextInt(1_000) : r.nextInt(20);
                    Event e = new Event(nowNs + delayNs, () -> {}, false);
                    queue.add(e);
                    reference.add(new Added(e, seq++));
                } else {
                    Event expected = reference.poll().event();
                    assertSame(expected, queue.peek(), replay);
                    assertSame(expected, queue.poll(), replay);
                    nowNs = expected.timeNs;
                }
            }
            while (!reference.isEmpty()) assertSame(reference.poll().event(), queue.poll(), replay);
            assertTrue(queue.isEmpty(), replay);
        }
    }
}
