package gilsim.sim;

/** One scheduled action. Only {@link Engine} makes these; models may cancel the ones they were given. */
public final class Event {
    final long timeNs;
    final long seq;
    final Runnable action;
    boolean cancelled;

    Event(long timeNs, long seq, Runnable action) {
        this.timeNs = timeNs;
        this.seq = seq;
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
