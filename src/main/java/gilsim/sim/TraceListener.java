package gilsim.sim;

/** Observes a run's events. Listeners only observe; they never change the run. */
@FunctionalInterface
public interface TraceListener {
    void on(TraceEvent event);

    /** Called once when the run ends at {@code endNs}. */
    default void finish(long endNs) {}
}
