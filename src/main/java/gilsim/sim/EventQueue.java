package gilsim.sim;

import java.util.Arrays;

/**
 * The engine's queue of events ordered by (time, insertion order). Kept as an array sorted latest first, so the next
 * event is the last one: a poll takes it, an add walks from the end over the events that come before the new one
 * (due earlier, or at the same time and added earlier: every queued event was) and shifts them up. A run keeps few
 * events queued (the pool 14 on average, 17 at most) and most are added for now or shortly after, so the walk is
 * short, and it reads a plain array of times instead of following a heap's pointers. An add costs up to the queue's
 * length: a model that kept thousands of events queued would want a heap again (it was a binary heap until a
 * measurement, docs/notes/benchmarks-log.md, found this faster at the queues gilsim keeps).
 */
final class EventQueue {
    private Event[] events = new Event[64];
    /** {@code times[i] == events[i].timeNs}, beside it so the walk reads one array. */
    private long[] times = new long[64];
    private int size;

    boolean isEmpty() {
        return size == 0;
    }

    Event peek() {
        return events[size - 1];
    }

    void add(Event e) {
        if (size == events.length) {
            events = Arrays.copyOf(events, size * 2);
            times = Arrays.copyOf(times, size * 2);
        }
        long t = e.timeNs;
        int i = size;
        while (i > 0 && times[i - 1] <= t) i--;
        int earlier = size - i; // the events due before e, moved up one place
        if (earlier > 0) {
            System.arraycopy(events, i, events, i + 1, earlier);
            System.arraycopy(times, i, times, i + 1, earlier);
        }
        events[i] = e;
        times[i] = t;
        size++;
    }

    Event poll() {
        Event top = events[--size];
        events[size] = null;
        return top;
    }
}
