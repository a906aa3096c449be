package gilsim.metrics;

import gilsim.sim.TraceEvent;

/**
 * Every run's own listeners behind one: the view of each thread's activity, the pool's instruments (when there is a
 * pool), the invariants, the protocol checker, the GIL's statistics, the rounds, the locks' statistics (when
 * there are programs) and the requests' (when there are arrivals), in that order. Every event goes to every one of them, through its method for the event's
 * class ({@link RunListener}): those that read the event override it, and for the others it does nothing. Nothing
 * here names an event class, and no list of who reads what is kept by hand: a listener reads a new event by
 * overriding its method.
 *
 * <p>Why one listener and not seven: the trace's fan-out to several listeners was a third of a pool run's time
 * (docs/notes/benchmarks-log.md). The trace hands an event to this one through the event's own {@code deliverTo},
 * which the JIT compiles for the event's class, and its family's {@code Listener} to {@link #onOther}; from there each
 * call ({@link TraceEvent#accept}) has a receiver of a final class and an event of a known class, so the JIT inlines
 * each listener's method for that class (or nothing, where it has none) and the record is never made.
 */
public final class RunListeners implements RunListener {
    private final Spans spans;
    /** Null when the run has no pool, and so no pool events. */
    private final PoolStats pool;
    private final Invariants invariants;
    private final ProtocolChecker protocol;
    private final GilStats gil;
    private final RoundStats rounds;
    /** Null when the run has no programs, and so no scenario locks. */
    private final LockStats locks;
    /** Null when the run has no arrivals, and so no requests. */
    private final RequestStats requests;

    public RunListeners(Spans spans, PoolStats pool, Invariants invariants, ProtocolChecker protocol, GilStats gil,
                        RoundStats rounds) {
        this(spans, pool, invariants, protocol, gil, rounds, null, null);
    }

    public RunListeners(Spans spans, PoolStats pool, Invariants invariants, ProtocolChecker protocol, GilStats gil,
                        RoundStats rounds, LockStats locks, RequestStats requests) {
        this.locks = locks;
        this.requests = requests;
        this.spans = spans;
        this.pool = pool;
        this.invariants = invariants;
        this.protocol = protocol;
        this.gil = gil;
        this.rounds = rounds;
    }

    /** Every event: this overrides no event's own method. */
    @Override
    public void onOther(TraceEvent e) {
        e.accept(spans);
        if (pool != null) e.accept(pool);
        e.accept(invariants);
        e.accept(protocol);
        e.accept(gil);
        e.accept(rounds);
        if (locks != null) e.accept(locks);
        if (requests != null) e.accept(requests);
    }

    @Override
    public void finish(long endNs) {
        spans.finish(endNs);
        if (pool != null) pool.finish(endNs);
        invariants.finish(endNs);
        protocol.finish(endNs);
        gil.finish(endNs);
        rounds.finish(endNs);
        if (locks != null) locks.finish(endNs);
        if (requests != null) requests.finish(endNs);
    }
}
