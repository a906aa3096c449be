package gilsim.sim;

import java.util.List;
import java.util.function.Consumer;

/** Observes a run's events. Listeners only observe; they never change the run. */
@FunctionalInterface
public interface TraceListener {
    /**
     * One event: every event the trace gives this listener, unless the listener implements the {@code Handler} of the
     * event's family, which gets it through its method for the class instead ({@link TraceEvent#deliverTo}).
     */
    void on(TraceEvent event);

    /** Called once when the run ends at {@code endNs}. */
    default void finish(long endNs) {}

    /**
     * The event classes this listener reads, or null for every event. {@link Trace} hands a listener only these, so
     * a listener that names its classes costs nothing on the events it would ignore: a run's hot loop emits
     * about 2.5 trace events per engine event, and most listeners read a few of them. Classes, never family
     * interfaces: the trace matches an event's own class.
     */
    default List<Class<? extends TraceEvent>> reads() {
        return null;
    }

    /**
     * A listener that reads events only through the {@code Handler}s of the event families it implements, one method
     * for each class ({@link TraceEvent#deliverTo}): an event of any other family passes it by. The compiler, not a
     * chain of class tests, matches each event to its method.
     */
    interface OfFamilies extends TraceListener {
        @Override
        default void on(TraceEvent event) {
            event.deliverTo(this);
        }

        /** An event of a family this listener implements, whose own method it does not override; by default nothing. */
        default void onOther(TraceEvent event) {}
    }

    /** A listener of the events of one class. */
    static <E extends TraceEvent> TraceListener of(Class<E> type, Consumer<? super E> action) {
        return new TraceListener() {
            @Override
            public void on(TraceEvent event) {
                action.accept(type.cast(event));
            }

            @Override
            public List<Class<? extends TraceEvent>> reads() {
                return List.of(type);
            }
        };
    }
}
