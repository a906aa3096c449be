package gilsim.sim;

import java.util.ArrayList;
import java.util.List;

/** Fans each emitted event out to the listeners, in the order they were added. */
public final class Trace {
    private final List<TraceListener> listeners = new ArrayList<>();
    /** The listeners as an array: the hot loop of every run reads it without a list's checks. */
    private TraceListener[] array = new TraceListener[0];

    public void add(TraceListener listener) {
        listeners.add(listener);
        array = listeners.toArray(new TraceListener[0]);
    }

    public void emit(TraceEvent event) {
        for (TraceListener l : array) l.on(event);
    }

    public void finish(long endNs) {
        for (TraceListener l : listeners) l.finish(endNs);
    }
}
