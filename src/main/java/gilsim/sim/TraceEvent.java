package gilsim.sim;

/**
 * One event of a run's trace, at a simulated time in nanoseconds. The engine knows nothing of what happened: each
 * model package owns its sealed family of events (the machine's, the condition variable's, the GIL's, the pool's),
 * and listeners match on those.
 */
public interface TraceEvent {
    long timeNs();

    /**
     * Hands this event to {@code listener}: by default through {@link TraceListener#on}. Each model family overrides
     * this once: a listener that implements the family's {@code Handler} gets the event through its method for the
     * event's class. A call per class, from the emit site, is one the JIT inlines with the listener's work for that
     * class alone, so the record is never made. Through one shared {@code on} full of class tests, the JIT compiled
     * that method on its own first in some JVMs, too big to inline anywhere after, and the records were made at every
     * emit site (docs/notes/benchmarks-log.md, eighth round). The test of the listener's interface is cheap where the
     * JIT has seen one listener class there, as in a run's hot loop.
     */
    default void deliverTo(TraceListener listener) {
        listener.on(this);
    }
}
