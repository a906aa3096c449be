package gilsim.report;

import gilsim.metrics.Metrics;
import gilsim.metrics.Summary;
import gilsim.sim.Durations;
import java.util.Locale;

/** The pool's lines of the human summary. */
final class PoolText {
    private PoolText() {}

    static String of(Summary.PoolSummary p) {
        String b = "\n" + SummaryText.table("pool", p.threads(), Summary.PoolThread::name, Metrics.POOL_THREAD);
        return b + String.format(Locale.ROOT,
                "pool: %d answered (%.0f req/s), latency p99 %s (raw %s, as wrk prints it %s) max %s; "
                        + "%.2f jobs a slice, %d kept, %d yields (%d ran out their bound), %d re-takes past a parked "
                        + "waiter%n"
                        + "order: %s (worst request passed over by %d later answers; %d passed over by more than 100)%n",
                p.answered(), p.throughputRps(), Durations.human(p.latencyP99Ns()),
                Durations.human(p.latencyRawP99Ns()), Durations.human(p.latencyWrkP99Ns()),
                Durations.human(p.latencyMaxNs()),
                p.jobsPerSliceMean(), p.kept(), p.yields(), p.yieldBoundHits(), p.retakesPastParkedWaiter(),
                p.orderVerdict(), p.passedOverMax(), p.passedOver100());
    }
}
