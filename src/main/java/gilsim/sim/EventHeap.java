package gilsim.sim;

import java.util.Arrays;

/**
 * A binary min-heap of events ordered by (time, sequence): the engine's queue. Written out rather than a
 * {@code PriorityQueue} so the comparison is two field reads inline, on the hottest path of every run.
 */
final class EventHeap {
    private Event[] heap = new Event[64];
    private int size;

    boolean isEmpty() {
        return size == 0;
    }

    Event peek() {
        return heap[0];
    }

    void add(Event e) {
        if (size == heap.length) heap = Arrays.copyOf(heap, size * 2);
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            Event p = heap[parent];
            if (!before(e, p)) break;
            heap[i] = p;
            i = parent;
        }
        heap[i] = e;
    }

    Event poll() {
        Event top = heap[0];
        Event last = heap[--size];
        heap[size] = null;
        if (size > 0) {
            int i = 0;
            int half = size >>> 1;
            while (i < half) {
                int child = 2 * i + 1;
                Event c = heap[child];
                int right = child + 1;
                if (right < size && before(heap[right], c)) {
                    child = right;
                    c = heap[right];
                }
                if (!before(c, last)) break;
                heap[i] = c;
                i = child;
            }
            heap[i] = last;
        }
        return top;
    }

    private static boolean before(Event a, Event b) {
        return a.timeNs < b.timeNs || (a.timeNs == b.timeNs && a.seq < b.seq);
    }
}
