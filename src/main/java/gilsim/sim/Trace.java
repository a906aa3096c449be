package gilsim.sim;

import java.util.ArrayList;
import java.util.List;

/** Fans each emitted event out to the listeners, in the order they were added. */
public final class Trace {
    private final List<TraceListener> listeners = new ArrayList<>();

    public void add(TraceListener listener) {
        listeners.add(listener);
    }

    public void emit(TraceEvent event) {
        for (int i = 0, n = listeners.size(); i < n; i++) listeners.get(i).on(event);
    }

    public void finish(long endNs) {
        for (TraceListener l : listeners) l.finish(endNs);
    }
}
