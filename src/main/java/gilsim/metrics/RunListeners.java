package gilsim.metrics;

import gilsim.sim.TraceEvent;
import gilsim.sim.TraceListener;

/**
 * Every run's own listeners behind one: the view of each thread's activity, the pool's instruments (when there is a
 * pool), the invariants, the protocol checker, the GIL's statistics, the rounds and the locks' statistics (when
 * there are programs), in that order. Each event goes to each of them through {@link TraceEvent#deliverTo}: a
 * listener gets it through its method for the event's class when it implements the event's family's
 * {@code Handler}, and it passes by one that does not. Nothing here names an event: a listener reads a new event
 * by overriding its method, and no list of who reads what is kept by hand.
 *
 * <p>Why one listener and not seven: the trace's fan-out to several listeners, six interface calls and six chains
 * of class tests an event, was a third of a pool run's time (docs/notes/benchmarks-log.md). Here every call has one
 * receiver of a final class and the event's class is known where the emit site inlines it, so the JIT inlines each
 * listener's method for that class, or nothing where it has none, and the record is never made.
 */
public final class RunListeners implements TraceListener {
    private final Spans spans;
    /** Null when the run has no pool, and so no pool events. */
    private final PoolStats pool;
    private final Invariants invariants;
    private final ProtocolChecker protocol;
    private final GilStats gil;
    private final RoundStats rounds;
    /** Null when the run has no programs, and so no scenario locks. */
    private final LockStats locks;

    public RunListeners(Spans spans, PoolStats pool, Invariants invariants, ProtocolChecker protocol, GilStats gil,
                        RoundStats rounds) {
        this(spans, pool, invariants, protocol, gil, rounds, null);
    }

    public RunListeners(Spans spans, PoolStats pool, Invariants invariants, ProtocolChecker protocol, GilStats gil,
                        RoundStats rounds, LockStats locks) {
        this.locks = locks;
        this.spans = spans;
        this.pool = pool;
        this.invariants = invariants;
        this.protocol = protocol;
        this.gil = gil;
        this.rounds = rounds;
    }

    @Override
    public void on(TraceEvent event) {
        event.deliverTo(spans);
        if (pool != null) event.deliverTo(pool);
        event.deliverTo(invariants);
        event.deliverTo(protocol);
        event.deliverTo(gil);
        event.deliverTo(rounds);
        if (locks != null) event.deliverTo(locks);
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
    }
}
