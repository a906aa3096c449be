package gilsim.sim;

/**
 * One event of a run's trace, at a simulated time in nanoseconds. The engine knows nothing of what happened: each
 * model package owns its sealed family of events (the machine's, the condition variable's, the GIL's, the pool's),
 * and listeners match on those.
 */
public interface TraceEvent {
    long timeNs();
}
