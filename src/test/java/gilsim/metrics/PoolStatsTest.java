package gilsim.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gilsim.m0.PoolEvent.JobAnswered;
import gilsim.m0.PoolEvent.JobTaken;
import org.junit.jupiter.api.Test;

/** The pool's three p99s read what each should: wrk's only what wrk records. */
class PoolStatsTest {
    private static final long MS = 1_000_000L;
    private static final long RUN_NS = 10_000 * MS;

    private static long job;

    /** One request sent at {@code sentNs}, taken at once and answered {@code latencyNs} later. */
    private static void answer(PoolStats s, long sentNs, long latencyNs) {
        s.onJobTaken(new JobTaken(sentNs, 0, job, sentNs, false));
        s.onJobAnswered(new JobAnswered(sentNs + latencyNs, 0, job++, sentNs));
    }

    @Test
    void wrksP99KeepsNoLatencyOverItsTimeoutAndNoUnansweredRequest() {
        // A hundred connections and 52 answers: less than one answer a connection, so nothing is corrected and
        // the p99 is the rank alone (round(0.99 n + 0.5): the 51st of 51, the 52nd of 52).
        PoolStats s = new PoolStats(1, 100, RUN_NS);
        job = 0;
        for (int i = 0; i < 50; i++) answer(s, i * 10 * MS, 6 * MS);
        answer(s, 1_000 * MS, PoolStats.WRK_TIMEOUT_NS); // wrk keeps exactly its timeout
        answer(s, 4_000 * MS, PoolStats.WRK_TIMEOUT_NS + 1); // and refuses a nanosecond more
        s.onJobTaken(new JobTaken(7_000 * MS, 0, job, 7_000 * MS, false)); // never answered: 3 s old at the end
        s.finish(RUN_NS);
        Figures p = Figures.of(null, new Metrics.PoolSource(s, RUN_NS), Metrics.POOL);
        assertEquals(PoolStats.WRK_TIMEOUT_NS, (long) p.get(Metrics.LATENCY_WRK_P99_NS),
                "the 51st of the 51 wrk keeps");
        // Raw and corrected count everything, the unanswered request at its age: the 53rd of 53 is its 3 s.
        assertEquals(3_000 * MS, (long) p.get(Metrics.LATENCY_MAX_NS));
        assertEquals(3_000 * MS, (long) p.get(Metrics.LATENCY_RAW_P99_NS));
        assertEquals(3_000 * MS, (long) p.get(Metrics.LATENCY_P99_NS), "nothing to correct");
    }
}
