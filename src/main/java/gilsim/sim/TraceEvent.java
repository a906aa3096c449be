package gilsim.sim;

/**
 * One event of a run's trace, at a simulated time in nanoseconds. The engine knows nothing of what happened: each
 * model package owns its sealed family of events (the machine's, the condition variable's, the GIL's, the pool's),
 * and listeners match on those.
 */
public interface TraceEvent {
    long timeNs();

    /**
     * Hands this event to {@code listener}'s method for its class. Each record of a model family implements this: a
     * listener that implements the family's {@code Handler} gets the event through its method for the event's class;
     * any other through {@link #passOn}. Here, for an event of no family: {@code passOn} too.
     *
     * <p>A method per class, not one per family: it is where a run's events go through the trace's one virtual call,
     * so that the JIT compiles it for that class, inlines the run's listeners' work for that class alone into it, and
     * the record is never made, whether or not the trace's call was inlined at the emit site. Through one shared
     * method per family, or one shared {@code on} full of class tests, the JIT compiled that method on its own, with
     * every class and listener seen there, and inlined nothing (a pool run five to eight times slower; and
     * docs/notes/benchmarks-log.md, eighth round).
     */
    default void deliverTo(TraceListener listener) {
        passOn(listener);
    }

    /**
     * Hands this event to a listener that has no method for its class: through {@link TraceListener#on}, unless
     * the listener reads only families' events ({@link TraceListener.OfFamilies}).
     */
    default void passOn(TraceListener listener) {
        if (!(listener instanceof TraceListener.OfFamilies)) listener.on(this);
    }

    /**
     * A model's sealed family of events. Each of its records implements {@link #deliverTo}, a line naming its method
     * in the family's {@code Handler}: the compiler refuses a record without it, where the default above would pass
     * the event by in silence.
     */
    interface Family extends TraceEvent {
        @Override
        void deliverTo(TraceListener listener);
    }
}
