package gilsim.sim;

/** A run executed more events than its budget allows: most likely a runaway configuration. */
public final class EventBudgetExceeded extends RuntimeException {
    public EventBudgetExceeded(long budget, long atNs) {
        super("event budget of " + budget + " events exhausted at simulated time " + Durations.human(atNs)
                + "; the run was stopped.");
    }
}
