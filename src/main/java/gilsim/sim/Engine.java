package gilsim.sim;

import java.util.Arrays;

/**
 * The discrete-event engine: a nanosecond clock and one event queue ordered by (time, insertion order).
 *
 * <p>Events are made only here ({@link #at}, {@link #post}); models schedule actions and never advance the clock
 * themselves.
 * Ties run in the order they were scheduled, so a run depends on nothing but its inputs and its seed.
 */
public final class Engine {
    /** Simulated time in nanoseconds; never goes back. */
    private long nowNs;
    /** Events executed so far (cancelled events are skipped and not counted). */
    private long executed;
    /** The most events one run may execute before it is stopped as a runaway. */
    private final long eventBudget;
    private final EventQueue queue = new EventQueue();
    /**
     * Posted events that have run, to be posted again: most of a run's events are posted (wake-ups, dispatches,
     * clients' requests), and reusing them saves an allocation an event (docs/notes/benchmarks-log.md).
     */
    private Event[] spare = new Event[16];
    private int spares;
    private boolean stopped;

    public Engine(long eventBudget) {
        if (eventBudget <= 0) throw new IllegalArgumentException("event budget must be positive");
        this.eventBudget = eventBudget;
    }

    public long nowNs() {
        return nowNs;
    }

    public long eventsExecuted() {
        return executed;
    }

    /** Schedules {@code action} at absolute time {@code timeNs} (not before now). */
    public Event at(long timeNs, Runnable action) {
        if (timeNs < nowNs) {
            throw new IllegalStateException("event scheduled in the past: " + timeNs + " < " + nowNs);
        }
        Event e = new Event(timeNs, action, false);
        queue.add(e);
        return e;
    }

    /** Schedules {@code action} after {@code delayNs}. */
    public Event after(long delayNs, Runnable action) {
        return at(nowNs + delayNs, action);
    }

    /**
     * Schedules {@code action} after {@code delayNs} (not negative), as {@link #after} does, for a caller that will
     * never cancel it: no handle is given, and the engine reuses the event once it has run.
     */
    public void post(long delayNs, Runnable action) {
        if (delayNs < 0) throw new IllegalStateException("event posted in the past: " + delayNs + " ns ago");
        Event e;
        if (spares == 0) {
            e = new Event(nowNs + delayNs, action, true);
        } else {
            spares -= 1;
            e = spare[spares];
            spare[spares] = null;
            e.timeNs = nowNs + delayNs;
            e.action = action;
        }
        queue.add(e);
    }

    /** Ends the run after the current event. */
    public void stop() {
        stopped = true;
    }

    /**
     * Runs events until the queue is empty, {@link #stop()} is called, or the next event lies past {@code endNs};
     * the clock is then left at {@code endNs} (or at the stop time).
     *
     * @throws EventBudgetExceeded when the run would execute more than the budget allows
     */
    public void runUntil(long endNs) {
        while (!stopped) {
            Event e = queue.isEmpty() ? null : queue.peek();
            if (e == null || e.timeNs > endNs) {
                nowNs = Math.max(nowNs, endNs);
                return;
            }
            queue.poll();
            if (e.cancelled) continue;
            if (executed >= eventBudget) {
                throw new EventBudgetExceeded(eventBudget, nowNs);
            }
            // Cannot go back: the queue is ordered and at() refuses the past. Checked anyway, it is cheap.
            if (e.timeNs < nowNs) throw new IllegalStateException("time went back");
            nowNs = e.timeNs;
            executed++;
            e.action.run();
            if (e.reusable) {
                e.action = null;
                if (spares == spare.length) spare = Arrays.copyOf(spare, 2 * spares);
                spare[spares++] = e;
            }
        }
    }
}
