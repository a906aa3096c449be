package gilsim.os;

import gilsim.sim.Event;

/**
 * One armed timer of a sleep or a timed wait: its owner may cancel it (a wake-up beat it). Under
 * {@link TimerExpiry#UNIFORM} it is one engine event; under {@link TimerExpiry#HRTIMER} it waits on its core's queue
 * in {@link TimerQueues}, which fires it.
 */
public final class HrTimer {
    /** The deadline: the timer may fire from here on (Linux's soft expiry), in ns. */
    final long softNs;
    /** The core whose queue holds it (the core its thread ran on when it was armed), or -1 for an engine event. */
    final int core;
    final Runnable action;
    /** Its engine event under {@link TimerExpiry#UNIFORM}, else null. */
    final Event event;
    private final TimerQueues queues;
    /** Fired or cancelled: off its queue for good. */
    boolean done;

    HrTimer(long softNs, int core, Runnable action, Event event, TimerQueues queues) {
        this.softNs = softNs;
        this.core = core;
        this.action = action;
        this.event = event;
        this.queues = queues;
    }

    /** A timer that is one engine event ({@link TimerExpiry#UNIFORM}, or a profile's {@code timer_wake}). */
    static HrTimer of(Event event) {
        return new HrTimer(event.timeNs(), -1, null, event, null);
    }

    /** The timer will not fire (a no-op once it has). */
    public void cancel() {
        if (event != null) event.cancel();
        else queues.cancel(this);
    }
}
