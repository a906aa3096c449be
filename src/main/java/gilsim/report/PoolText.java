package gilsim.report;

import gilsim.metrics.Figures;
import gilsim.metrics.Metrics;
import gilsim.metrics.Summary;
import gilsim.sim.Durations;
import java.util.Locale;

/** The pool's lines of the human summary: the pool threads' table, then two sentences of the pool's figures. */
final class PoolText {
    private PoolText() {}

    static String of(Summary s) {
        Figures p = s.pool();
        String b = "\n" + SummaryText.table("pool", s.poolThreads(), Metrics.POOL_THREAD);
        return b + String.format(Locale.ROOT,
                "pool: %d answered (%.0f req/s), latency p99 %s (raw %s, as wrk prints it %s) max %s; "
                        + "%.2f jobs a slice, %d kept, %d yields (%d ran out their bound), %d re-takes past a parked "
                        + "waiter%n"
                        + "order: %s (worst request passed over by %d later answers; %d passed over by more than 100)%n",
                p.get(Metrics.ANSWERED), p.get(Metrics.THROUGHPUT_RPS), Durations.human(p.get(Metrics.LATENCY_P99_NS)),
                Durations.human(p.get(Metrics.LATENCY_RAW_P99_NS)), Durations.human(p.get(Metrics.LATENCY_WRK_P99_NS)),
                Durations.human(p.get(Metrics.LATENCY_MAX_NS)),
                p.get(Metrics.JOBS_PER_SLICE_MEAN), p.get(Metrics.KEPT), p.get(Metrics.YIELDS),
                p.get(Metrics.YIELD_BOUND_HITS), p.get(Metrics.RETAKES_PAST_PARKED_WAITER),
                p.get(Metrics.ORDER_VERDICT), p.get(Metrics.PASSED_OVER_MAX), p.get(Metrics.PASSED_OVER_100));
    }
}
