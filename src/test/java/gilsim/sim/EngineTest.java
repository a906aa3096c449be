package gilsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
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
}
