package gilsim.metrics;

import gilsim.cpython.GilEvent.GilTake;
import gilsim.m0.PoolEvent.JobAnswered;
import gilsim.m0.PoolEvent.JobTaken;
import gilsim.m0.PoolEvent.RetakePastWaiter;
import gilsim.m0.PoolEvent.SliceStart;
import gilsim.m0.PoolEvent.TurnYield;
import java.util.List;

/**
 * The pool's instruments (m0's M0_POOL_DEBUG, and more): per-thread histograms of queue wait and service time (the
 * GIL wait is {@link GilStats}'s); jobs per run of a slice; jobs kept; yields and yields that ran out their bound;
 * re-takes of the GIL past a parked waiter; request latency (a request still in service at the end counts its
 * age); and the order probe. Streams: memory does not grow with events.
 */
public final class PoolStats implements RunListener {
    /** One pool thread's histograms. */
    public static final class PerThread {
        final Latencies queueWait;
        final Latencies service;
        /**
         * When the job in hand began its service: at the take of the GIL it waited for, or at its own take when it
         * was kept inside the slice. Its own, not the view's start of the hold: a kept job starts inside a hold.
         */
        long serviceStartNs = -1;
        /** When the client sent the job this thread has in service, or -1: a pool thread serves one job at a time. */
        long inServiceSentNs = -1;
        long jobsThisRun;
        boolean inRun;

        PerThread(long runNs) {
            this.queueWait = new Latencies(runNs);
            this.service = new Latencies(runNs);
        }

        public long jobs() {
            return queueWait.count();
        }

        public long queueWaitP99Ns() {
            return queueWait.percentileNs(99);
        }

        public long queueWaitMaxNs() {
            return queueWait.maxNs();
        }

        public long serviceP99Ns() {
            return service.percentileNs(99);
        }

        public long serviceMaxNs() {
            return service.maxNs();
        }
    }

    private final PerThread[] threads;
    private final Latencies latency;
    private final OrderProbe probe = new OrderProbe();
    private long runs;
    private long jobsInRuns;
    private long kept;
    private long yields;
    private long yieldBoundHits;
    private long retakes;
    private long answered;
    /**
     * wrk's default {@code --timeout}: wrk keeps no latency longer than this ({@code stats_record} refuses it, and
     * wrk counts a timeout instead).
     */
    static final long WRK_TIMEOUT_NS = 2_000_000_000L;
    /**
     * The latencies wrk would have kept: answered ones (wrk records a latency when the answer comes), none over its
     * timeout. Kept apart from the answers that came later, since {@link #latency}'s bucket at 2 s is a millisecond
     * wide; each answer is counted once, in one of the two, and {@link #latency} is made of both at the end.
     */
    private final Latencies wrkKept;
    /** Answered latencies over wrk's timeout. */
    private final Latencies answeredLate;

    /** Closed-loop connections, for the correction of the latency percentile. */
    private final int connections;

    /**
     * @param runNs       the run's length: no latency is longer
     * @param connections the pool's client connections
     */
    public PoolStats(int threadCount, int connections, long runNs) {
        this.connections = connections;
        this.latency = new Latencies(runNs);
        this.wrkKept = new Latencies(runNs);
        this.answeredLate = new Latencies(runNs);
        threads = new PerThread[threadCount];
        for (int i = 0; i < threadCount; i++) threads[i] = new PerThread(runNs);
    }

    @Override
    public void onJobTaken(JobTaken j) {
        PerThread p = threads[j.thread()];
        p.queueWait.record(j.timeNs() - j.sentNs());
        p.jobsThisRun++;
        probe.taken(j.job());
        p.inServiceSentNs = j.sentNs();
        if (j.kept()) {
            kept++;
            p.serviceStartNs = j.timeNs();
        }
    }

    @Override
    public void onGilTake(GilTake g) {
        threads[g.thread()].serviceStartNs = g.timeNs();
    }

    @Override
    public void onSliceStart(SliceStart s) {
        PerThread p = threads[s.thread()];
        // The run that ended here held the jobs taken since the last run began, minus the one in hand now.
        if (p.inRun) {
            runs++;
            jobsInRuns += p.jobsThisRun - 1;
        }
        p.inRun = true;
        p.jobsThisRun = 1;
    }

    @Override
    public void onJobAnswered(JobAnswered a) {
        PerThread p = threads[a.thread()];
        if (p.serviceStartNs >= 0) p.service.record(a.timeNs() - p.serviceStartNs);
        long ns = a.timeNs() - a.sentNs();
        (ns <= WRK_TIMEOUT_NS ? wrkKept : answeredLate).record(ns);
        probe.answered(a.job());
        p.inServiceSentNs = -1;
        answered++;
    }

    @Override
    public void onTurnYield(TurnYield y) {
        if (y.start()) yields++;
        else if (y.boundHit()) yieldBoundHits++;
    }

    @Override
    public void onRetakePastWaiter(RetakePastWaiter r) {
        retakes++;
    }

    @Override
    public void finish(long endNs) {
        probe.finish();
        latency.add(wrkKept);
        latency.add(answeredLate);
        // A job still in service at the end counts its age.
        for (PerThread p : threads) if (p.inServiceSentNs >= 0) latency.record(endNs - p.inServiceSentNs);
    }

    public PerThread thread(int id) {
        return threads[id];
    }

    /**
     * The expected interval between one connection's requests, as wrk takes it: the run's length over the requests a
     * connection completed on average, in whole requests (wrk's {@code runtime_us / (complete / connections)}); 0
     * when that is none, and nothing is corrected.
     */
    private long expectedIntervalNs(long durationNs) {
        long perConnection = answered / connections;
        return perConnection == 0 ? 0 : durationNs / perConnection;
    }

    // What the pool's metrics read (Metrics.POOL, POOL_THREAD); the GIL waits after a pop are GilStats', not kept
    // twice.

    public double jobsPerSliceMean() {
        return runs == 0 ? 0 : (double) jobsInRuns / runs;
    }

    public long kept() {
        return kept;
    }

    public long yields() {
        return yields;
    }

    public long yieldBoundHits() {
        return yieldBoundHits;
    }

    public long retakes() {
        return retakes;
    }

    public String orderVerdict() {
        return probe.inOrder() ? "in-order" : "out-of-order";
    }

    public long passedOverMax() {
        return probe.passedOverMax();
    }

    public long passedOver100() {
        return probe.passedOver100();
    }

    public long answered() {
        return answered;
    }

    /** @param durationNs the run's length, for wrk's interval between one connection's requests */
    public long latencyP99Ns(long durationNs) {
        return latency.correctedPercentileNs(99, expectedIntervalNs(durationNs));
    }

    public long latencyRawP99Ns() {
        return latency.percentileNs(99);
    }

    public long latencyWrkP99Ns(long durationNs) {
        return wrkKept.correctedPercentileNs(99, expectedIntervalNs(durationNs));
    }

    public long latencyMaxNs() {
        return latency.maxNs();
    }

    public double throughputRps(long durationNs) {
        return durationNs == 0 ? 0 : answered / (durationNs / 1e9);
    }
}
