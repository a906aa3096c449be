package gilsim.m0;

import java.util.Set;

/**
 * The m0 blocking pool's configuration. Durations are nanoseconds.
 *
 * @param threads      pool threads; a pool of one has no turn block and so no barrier
 * @param connections  closed-loop client connections, each with one request in flight at a time
 * @param viewNs       the view's Python time, holding the GIL (the probe's /busy?ms=0.3 spin)
 * @param overheadNs   attached time per job beside the view (WSGI environ, response, bookkeeping)
 * @param clientGapNs  from a response to the same connection's next request reaching the queue
 * @param sliceNs      TURN_SLICE_NS: how long a thread may keep re-taking the GIL past parked waiters
 * @param waitedNs     TURN_WAITED_NS: a re-attach at least this long counts as a wait and starts a new run
 * @param yieldBoundNs TURN_YIELD_NS: the longest a thread yields waiting for an attach
 * @param rules        the {@link PoolRule}s switched on (M0_POOL_TURN, M0_POOL_TURN_KEEP)
 */
public record PoolSpec(int threads, int connections, long viewNs, long overheadNs, long clientGapNs, long sliceNs,
                       long waitedNs, long yieldBoundNs, Set<PoolRule> rules) {
    public PoolSpec {
        rules = Set.copyOf(rules);
    }

    /** Whether {@code rule} is switched on and this pool has what it acts on. */
    public boolean inForce(PoolRule rule) {
        return rules.contains(rule) && rule.appliesTo(this);
    }

    /** The turn block exists only for a pool of more than one thread with the turn on. */
    public boolean hasTurnBlock() {
        return inForce(PoolRule.TURN);
    }
}
