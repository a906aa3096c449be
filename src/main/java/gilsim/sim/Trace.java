package gilsim.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Fans each emitted event out to the listeners that read its class ({@link TraceListener#reads}), in the order the
 * listeners were added. It sees every event, so it checks here that simulated time never goes back in the trace.
 */
public final class Trace {
    /** A dense number for each event class, the same in every run: the index into {@link #byClass}. */
    private static final ClassValue<Integer> CLASS_INDEX = new ClassValue<>() {
        private int next;

        @Override
        protected synchronized Integer computeValue(Class<?> type) {
            return next++;
        }
    };

    private final List<TraceListener> listeners = new ArrayList<>();
    /**
     * The listeners of each event class by its {@link #CLASS_INDEX}, made when the class is first emitted and
     * forgotten when a listener is added; null where not made yet.
     */
    private TraceListener[][] byClass = new TraceListener[32][];
    private long lastNs;

    public void add(TraceListener listener) {
        listeners.add(listener);
        Arrays.fill(byClass, null);
    }

    public void emit(TraceEvent event) {
        long timeNs = event.timeNs();
        if (timeNs < lastNs) throw new IllegalStateException("trace time went back from " + lastNs + " to " + event);
        lastNs = timeNs;
        int index = CLASS_INDEX.get(event.getClass());
        TraceListener[] readers = index < byClass.length ? byClass[index] : null;
        if (readers == null) readers = readersOf(event.getClass(), index);
        for (TraceListener l : readers) l.on(event);
    }

    private TraceListener[] readersOf(Class<?> type, int index) {
        List<TraceListener> readers = new ArrayList<>();
        for (TraceListener l : listeners) {
            List<Class<? extends TraceEvent>> reads = l.reads();
            if (reads == null || reads.contains(type)) readers.add(l);
        }
        if (index >= byClass.length) byClass = Arrays.copyOf(byClass, Math.max(index + 1, 2 * byClass.length));
        return byClass[index] = readers.toArray(new TraceListener[0]);
    }

    public void finish(long endNs) {
        for (TraceListener l : listeners) l.finish(endNs);
    }
}
