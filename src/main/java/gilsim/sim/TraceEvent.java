package gilsim.sim;

/**
 * One event of a run's trace, at a simulated time in nanoseconds. The engine knows nothing of what happened: each
 * model package owns its sealed family of events (the machine's, the condition variable's, the GIL's, the pool's),
 * and listeners match on those.
 */
public interface TraceEvent {
    long timeNs();

    /**
     * Hands this event to {@code listener}: by default through {@link TraceListener#on}. A family whose events are
     * frequent gives its listeners a method for each of those classes, and those events override this to call it
     * when the listener has one. A call per class, from the emit site, is one the JIT inlines with the listener's work
     * for that class alone, so the record is never made. Through the one shared {@code on}, the JIT compiled that
     * method on its own first in some JVMs, too big to inline anywhere after, and the records were made at every emit
     * site (docs/notes/benchmarks-log.md, eighth round). The override's test of the listener's interface is cheap
     * where the JIT has seen one listener class there, as in a run's hot loop.
     */
    default void deliverTo(TraceListener listener) {
        listener.on(this);
    }
}
