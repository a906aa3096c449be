package gilsim.sim;

/**
 * One scheduled action. Only {@link Engine} makes these; models may cancel the ones they were given. One posted
 * without a handle ({@link Engine#post}) is reused by the engine once it has run.
 */
public final class Event {
    long timeNs;
    Runnable action;
    boolean cancelled;
    /** Posted without a handle: nobody else holds it, so the engine may reuse it once it has run. */
    final boolean reusable;

    Event(long timeNs, Runnable action, boolean reusable) {
        this.timeNs = timeNs;
        this.action = action;
        this.reusable = reusable;
    }

    public long timeNs() {
        return timeNs;
    }

    /** The event will be skipped when its time comes. */
    public void cancel() {
        cancelled = true;
    }
}
