package gilsim.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Fans each emitted event out to the listeners that read its class ({@link TraceListener#reads}), in the order the
 * listeners were added. It sees every event, so it checks here that simulated time never goes back in the trace.
 *
 * <p>When no listener names its classes (a run's own listeners are one that reads everything), every event goes to
 * every listener and its class is not looked up: the scan of the classes seen, a loop whose length the branch
 * predictor cannot guess, was a twelfth of a pool run (docs/notes/benchmarks-log.md).
 */
public final class Trace {
    private final List<TraceListener> listeners = new ArrayList<>();
    /** The event classes seen so far, and beside each the listeners that read it; reset when a listener is added. */
    private Class<?>[] classes = new Class<?>[0];
    private TraceListener[][] readers = new TraceListener[0][];
    /** Every listener, while none names the classes it reads; else null. */
    private TraceListener[] readingAll = new TraceListener[0];
    private long lastNs;
    /** The only listener, when there is one and it reads everything; else null. */
    private TraceListener onlyListener;

    public void add(TraceListener listener) {
        List<Class<? extends TraceEvent>> reads = listener.reads();
        // An event's own class is matched, never its family: a family interface would match nothing, silently.
        if (reads != null) {
            for (Class<?> type : reads) {
                if (type.isInterface()) {
                    throw new IllegalArgumentException("a listener reads " + type.getName() + ", an interface: "
                            + "name the event classes");
                }
            }
        }
        listeners.add(listener);
        readingAll = readingAll != null && reads == null ? listeners.toArray(new TraceListener[0]) : null;
        onlyListener = readingAll != null && readingAll.length == 1 ? readingAll[0] : null;
        classes = new Class<?>[0];
        readers = new TraceListener[0][];
    }

    /**
     * Hands the event to its listeners, through {@link TraceEvent#deliverTo}: the event's own method, which the JIT
     * compiles for each class. A run's own listeners are one, reading everything: that case is a call, not a loop over
     * an array of one (2-5 % of a pool run), and it is all this method holds, so that the JIT inlines it at every hot
     * emit site. With the other cases here too (222 bytes of bytecode) it did not always, and the record escaped at
     * those sites (docs/notes/benchmarks-log.md, eighth round).
     */
    public void emit(TraceEvent event) {
        long timeNs = event.timeNs();
        TraceListener only = onlyListener;
        if (only == null || timeNs < lastNs) {
            emitToMany(event);
            return;
        }
        lastNs = timeNs;
        event.deliverTo(only);
    }

    /** Several listeners, or none, or an event from the past (which it refuses). */
    private void emitToMany(TraceEvent event) {
        long timeNs = event.timeNs();
        if (timeNs < lastNs) throw new IllegalStateException("trace time went back from " + lastNs + " to " + event);
        lastNs = timeNs;
        if (readingAll != null) {
            for (TraceListener l : readingAll) event.deliverTo(l);
            return;
        }
        Class<?> type = event.getClass();
        Class<?>[] known = classes;
        int i = 0;
        while (i < known.length && known[i] != type) i++;
        TraceListener[] to = i < known.length ? readers[i] : readersOf(type);
        for (TraceListener l : to) event.deliverTo(l);
    }

    /** A run emits a dozen classes at most: a scan of them is quicker than any map. */
    private TraceListener[] readersOf(Class<?> type) {
        List<TraceListener> to = new ArrayList<>();
        for (TraceListener l : listeners) {
            List<Class<? extends TraceEvent>> reads = l.reads();
            if (reads == null || reads.contains(type)) to.add(l);
        }
        classes = Arrays.copyOf(classes, classes.length + 1);
        classes[classes.length - 1] = type;
        readers = Arrays.copyOf(readers, readers.length + 1);
        return readers[readers.length - 1] = to.toArray(new TraceListener[0]);
    }

    public void finish(long endNs) {
        for (TraceListener l : listeners) l.finish(endNs);
    }
}
