package gilsim.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A group's row, worked by hand: its worst thread's times, the sum of its counts and shares. */
class GroupsTest {
    private static Figures thread(String name, long takes, double share, Long waitMaxNs) {
        Map<Metric<?, ?>, Object> v = new LinkedHashMap<>();
        v.put(Metrics.GIL_ACQUISITIONS, takes);
        v.put(Metrics.GIL_SHARE, share);
        v.put(Metrics.WAIT_MAX_NS, waitMaxNs);
        return new Figures(name, v);
    }

    @Test
    void copiesMakeAGroupOfTheirWorstTimesAndSummedCounts() {
        List<Figures> threads = List.of(thread("accept", 5, 0.05, 10L), thread("worker-1", 100, 0.2, 3_000L),
                thread("worker-2", 50, 0.3, 7_000L), thread("lone-1", 1, 0.1, 1L), thread("worker-10", 10, 0.1, null));
        List<Metric<?, ?>> metrics = List.of(Metrics.GIL_ACQUISITIONS, Metrics.GIL_SHARE, Metrics.WAIT_MAX_NS);
        List<Figures> rows = Groups.rows(threads, metrics);
        assertEquals(1, rows.size(), "lone-1 is one copy, not a group: " + rows);
        Figures worker = rows.get(0);
        assertEquals("worker (3)", worker.name());
        assertEquals(160L, (long) worker.get(Metrics.GIL_ACQUISITIONS));
        assertEquals(0.6, worker.get(Metrics.GIL_SHARE), 1e-12);
        assertEquals(7_000L, (long) worker.get(Metrics.WAIT_MAX_NS), "the worst thread's, a null skipped");
        assertNull(Groups.groupOf("accept"));
        assertEquals("a-b", Groups.groupOf("a-b-3"));
    }
}
