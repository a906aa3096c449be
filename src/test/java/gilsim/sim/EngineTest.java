package gilsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class EngineTest {
    @Test
    void eventsRunByTimeThenByInsertion() {
        Engine e = new Engine(100);
        List<String> order = new ArrayList<>();
        e.at(20, () -> order.add("b"));
        e.at(10, () -> order.add("a"));
        e.at(20, () -> order.add("c"));
        e.at(10, () -> e.after(0, () -> order.add("a2")));
        e.runUntil(100);
        assertEquals(List.of("a", "a2", "b", "c"), order);
        assertEquals(100, e.nowNs());
    }

    @Test
    void cancelledEventsDoNotRunAndDoNotCount() {
        Engine e = new Engine(100);
        int[] ran = {0};
        Event x = e.at(5, () -> ran[0]++);
        e.at(6, () -> ran[0]++);
        x.cancel();
        e.runUntil(10);
        assertEquals(1, ran[0]);
        assertEquals(1, e.eventsExecuted());
    }

    @Test
    void thePastIsRefused() {
        Engine e = new Engine(100);
        e.at(10, () -> e.at(5, () -> {}));
        assertThrows(IllegalStateException.class, () -> e.runUntil(20));
    }

    @Test
    void aRunawayTripsTheBudgetWithAClearMessage() {
        Engine e = new Engine(1000);
        Runnable[] loop = new Runnable[1];
        loop[0] = () -> e.after(0, loop[0]); // never advances time
        e.at(0, loop[0]);
        EventBudgetExceeded ex = assertThrows(EventBudgetExceeded.class, () -> e.runUntil(1_000_000));
        assertTrue(ex.getMessage().contains("event budget of 1000 events"), ex.getMessage());
        assertTrue(ex.getMessage().contains("at simulated time 0 ns"), ex.getMessage());
    }

    @Test
    void namedStreamsAreIndependentAndRepeatable() {
        RandomStreams a = new RandomStreams(7);
        RandomStreams b = new RandomStreams(7);
        assertEquals(a.stream("wake-latency").nextLong(), b.stream("wake-latency").nextLong());
        assertNotEquals(a.stream("wake-latency").nextLong(), a.stream("timer-slack").nextLong());
        assertNotEquals(new RandomStreams(7).stream("x").nextLong(), new RandomStreams(8).stream("x").nextLong());
    }

    @Test
    void durationsParseAndFormat() {
        assertEquals(5_000_000L, Durations.parseOrMinus1("5ms"));
        assertEquals(300_000L, Durations.parseOrMinus1("300us"));
        assertEquals(2_000_000_000L, Durations.parseOrMinus1("2s"));
        assertEquals(1500L, Durations.parseOrMinus1("1500ns"));
        assertEquals(1_500_000L, Durations.parseOrMinus1("1.5ms"));
        assertEquals(1_003_000_000L, Durations.parseOrMinus1("1.003s"));
        assertEquals(-1, Durations.parseOrMinus1("5"));
        assertEquals(-1, Durations.parseOrMinus1("-5ms"));
        assertEquals(-1, Durations.parseOrMinus1("1.5ns"));
        assertEquals("1500us", Durations.format(1_500_000L));
        assertEquals("2s", Durations.format(2_000_000_000L));
    }

    /**
     * The order is (time, then insertion), as a plain priority queue gives it, with many events scheduled for now
     * or the next ns, some cancelled, and the run cut into slices. The same random program runs on the engine and
     * on such a queue; each action draws from one stream in the order actions run, so any difference in order shows.
     */
    @Test
    void eventsRunInTheOrderOfAPriorityQueue() {
        for (long seed = 1; seed <= 20; seed++) {
            String replay = "seed " + seed + " (mvn -o -q test -Dtest=EngineTest)";
            assertEquals(referenceOrder(seed), engineOrder(seed), replay);
        }
    }

    /**
     * Schedules an action after a delay; returns what cancels it, or null when the caller said it will not cancel
     * (the engine then posts the event, which it reuses once run).
     */
    private interface Scheduler {
        Runnable after(long delayNs, Runnable action, boolean willCancel);
    }

    /** A step of the random program: logs itself, then schedules one or two more (many at now or at one ns). */
    private static void step(int id, SplittableRandom r, List<Integer> log, int[] next, Scheduler scheduler) {
        log.add(id);
        if (next[0] > 3_000) return;
        for (int k = 1 + r.nextInt(2); k > 0; k--) {
            long delayNs = switch (r.nextInt(4)) {
                case 0, 1 -> 0;
                case 2 -> 1;
                default -> r.nextInt(50);
            };
            int child = next[0]++;
            boolean willCancel = r.nextInt(10) == 0;
            Runnable cancel = scheduler.after(delayNs, () -> step(child, r, log, next, scheduler), willCancel);
            if (willCancel) cancel.run();
        }
    }

    private static List<Integer> engineOrder(long seed) {
        Engine e = new Engine(1_000_000);
        SplittableRandom r = new SplittableRandom(seed);
        List<Integer> log = new ArrayList<>();
        Scheduler scheduler = (delayNs, action, willCancel) -> {
            if (willCancel) return e.after(delayNs, action)::cancel;
            e.post(delayNs, action);
            return null;
        };
        e.at(0, () -> step(0, r, log, new int[] {1}, scheduler));
        for (long end = 10; end <= 200_000; end += 10) e.runUntil(end); // in slices: a slice's end cuts between events
        return log;
    }

    private static List<Integer> referenceOrder(long seed) {
        record Due(long timeNs, long seq, Runnable action, boolean[] cancelled) {}
        PriorityQueue<Due> queue =
                new PriorityQueue<>(Comparator.comparingLong(Due::timeNs).thenComparingLong(Due::seq));
        SplittableRandom r = new SplittableRandom(seed);
        List<Integer> log = new ArrayList<>();
        long[] nowAndSeq = {0, 0};
        Scheduler scheduler = (delayNs, action, willCancel) -> {
            boolean[] cancelled = {false};
            queue.add(new Due(nowAndSeq[0] + delayNs, nowAndSeq[1]++, action, cancelled));
            return () -> cancelled[0] = true;
        };
        scheduler.after(0, () -> step(0, r, log, new int[] {1}, scheduler), false);
        while (!queue.isEmpty()) {
            Due d = queue.poll();
            nowAndSeq[0] = d.timeNs();
            if (!d.cancelled()[0]) d.action().run();
        }
        return log;
    }
}
