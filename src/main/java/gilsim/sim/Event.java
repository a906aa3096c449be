package gilsim.sim;

/** One scheduled action. Only {@link Engine} makes these; models may cancel the ones they were given. */
public final class Event {
    final long timeNs;
    final Runnable action;
    boolean cancelled;

    Event(long timeNs, Runnable action) {
        this.timeNs = timeNs;
        this.action = action;
    }

    public long timeNs() {
        return timeNs;
    }

    /** The event will be skipped when its time comes. */
    public void cancel() {
        cancelled = true;
    }
}
