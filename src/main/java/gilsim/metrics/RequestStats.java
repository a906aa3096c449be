package gilsim.metrics;

import gilsim.program.RequestEvent.RequestAnswered;
import gilsim.program.RequestEvent.RequestArrived;
import gilsim.program.RequestEvent.RequestPassed;
import gilsim.program.RequestEvent.RequestTaken;
import java.util.HashMap;
import java.util.Map;

/**
 * The requests of a scenario with arrivals: each one's latency from its arrival to its answer, and its parts. A
 * request's time is in a queue (from its arrival, or from a put that passed it on, to the get that took it) or in a
 * thread's hands (from that get to the answer or the next put); while in a thread's hands, the time the thread waited
 * for the GIL is its GIL wait, and the rest its service. A request still unanswered at the end counts its age as its
 * latency, so an overloaded service shows its backlog. Memory holds the requests in flight, not the answered ones.
 */
public final class RequestStats implements RunListener, Spans.Sink {
    /** A request in flight. */
    private static final class InFlight {
        final long arrivalNs;
        /** Since when it is in a queue, or -1 while a thread holds it. */
        long queuedSinceNs;
        long queueNs;
        long gilWaitNs;
        int holder = -1;
        /** The holder's GIL wait in all when it took the request: what it waits for the GIL from then is the request's. */
        long holderWaitAtTakeNs;

        InFlight(long arrivalNs) {
            this.arrivalNs = arrivalNs;
            this.queuedSinceNs = arrivalNs;
        }
    }

    private final Map<Long, InFlight> inFlight = new HashMap<>();
    /** Each thread's GIL waits in all so far, from the closed wait spans. */
    private final long[] waitedNs;
    private final Latencies latency;
    private final Latencies queueWait;
    private final Latencies gilWait;
    private final Latencies service;
    private long arrived;
    private long answered;
    /** The closed-loop clients when every source is one (their latency can be corrected as wrk does); else 0. */
    private final int clients;

    public RequestStats(int threads, long runNs) {
        this(threads, runNs, 0);
    }

    /** @param clients the closed-loop clients when all the requests come from such clients; 0 otherwise */
    public RequestStats(int threads, long runNs, int clients) {
        this.clients = clients;
        this.waitedNs = new long[threads];
        this.latency = new Latencies(runNs);
        this.queueWait = new Latencies(runNs);
        this.gilWait = new Latencies(runNs);
        this.service = new Latencies(runNs);
    }

    @Override
    public void span(Spans.Span span) {
        if (span.kind() == Spans.Kind.WAIT) waitedNs[span.thread()] += span.lengthNs();
    }

    @Override
    public void onRequestArrived(RequestArrived e) {
        arrived++;
        inFlight.put(e.request(), new InFlight(e.timeNs()));
    }

    @Override
    public void onRequestTaken(RequestTaken e) {
        InFlight r = inFlight.get(e.request());
        r.queueNs += e.timeNs() - r.queuedSinceNs;
        r.queuedSinceNs = -1;
        r.holder = e.thread();
        r.holderWaitAtTakeNs = waitedNs[e.thread()];
    }

    @Override
    public void onRequestPassed(RequestPassed e) {
        InFlight r = inFlight.get(e.request());
        release(r);
        r.queuedSinceNs = e.timeNs();
    }

    @Override
    public void onRequestAnswered(RequestAnswered e) {
        InFlight r = inFlight.remove(e.request());
        release(r);
        answered++;
        record(r, e.timeNs());
    }

    /** The request leaves its holder's hands: the GIL waits the holder had meanwhile are the request's. */
    private void release(InFlight r) {
        r.gilWaitNs += waitedNs[r.holder] - r.holderWaitAtTakeNs;
        r.holder = -1;
    }

    private void record(InFlight r, long endNs) {
        long total = endNs - r.arrivalNs;
        latency.record(total);
        queueWait.record(r.queueNs);
        gilWait.record(r.gilWaitNs);
        service.record(total - r.queueNs - r.gilWaitNs);
    }

    /** The requests still in flight count their age, and their parts so far. */
    @Override
    public void finish(long endNs) {
        for (InFlight r : inFlight.values()) {
            if (r.queuedSinceNs >= 0) r.queueNs += endNs - r.queuedSinceNs;
            // A wait still open at the end was closed by the spans (which finish first) into waitedNs.
            if (r.holder >= 0) release(r);
            record(r, endNs);
        }
        inFlight.clear();
    }

    // What the request metrics read (Metrics.REQUESTS).

    public long arrived() {
        return arrived;
    }

    public long answered() {
        return answered;
    }

    public Latencies latency() {
        return latency;
    }

    public Latencies queueWait() {
        return queueWait;
    }

    public Latencies gilWait() {
        return gilWait;
    }

    public Latencies service() {
        return service;
    }

    /**
     * The 99th percentile corrected for coordinated omission as wrk corrects it (a sample added for each interval a
     * slow answer held its client back, the interval being a client's mean time between requests over the run), for
     * closed-loop clients; null for open-loop arrivals, whose latency needs no correction.
     */
    public Long correctedP99Ns(long runNs) {
        if (clients == 0) return null;
        long perClient = answered / clients;
        return latency.correctedPercentileNs(99, perClient == 0 ? 0 : runNs / perClient);
    }

    public double throughputRps(long runNs) {
        return runNs == 0 ? 0 : answered / (runNs / 1e9);
    }
}
