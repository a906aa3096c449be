package gilsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TraceTest {
    record Ping(long timeNs) implements TraceEvent {}

    record Pong(long timeNs) implements TraceEvent {}

    @Test
    void aListenerGetsOnlyTheClassesItReadsInTheOrderListenersWereAdded() {
        Trace trace = new Trace();
        List<String> seen = new ArrayList<>();
        trace.add(e -> seen.add("all " + e.getClass().getSimpleName()));
        trace.add(TraceListener.of(Pong.class, e -> seen.add("pong " + e.timeNs())));
        trace.emit(new Ping(1));
        trace.emit(new Pong(2));
        // A listener added after the first events is handed the classes it reads from then on.
        trace.add(TraceListener.of(Ping.class, e -> seen.add("ping " + e.timeNs())));
        trace.emit(new Ping(3));
        trace.emit(new Pong(4));
        assertEquals(List.of("all Ping", "all Pong", "pong 2", "all Ping", "ping 3", "all Pong", "pong 4"), seen);
    }

    @Test
    void listenersThatReadEverythingGetEveryEventUntilOneNamesItsClasses() {
        Trace trace = new Trace();
        List<String> seen = new ArrayList<>();
        trace.add(e -> seen.add("a " + e.timeNs()));
        trace.add(e -> seen.add("b " + e.timeNs()));
        trace.emit(new Ping(1));
        trace.emit(new Pong(2));
        trace.add(TraceListener.of(Pong.class, e -> seen.add("pong " + e.timeNs())));
        trace.emit(new Ping(3));
        trace.emit(new Pong(4));
        assertEquals(List.of("a 1", "b 1", "a 2", "b 2", "a 3", "b 3", "a 4", "b 4", "pong 4"), seen);
    }

    @Test
    void aListenerOfAFamilyInterfaceIsRefused() {
        Trace trace = new Trace();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> trace.add(TraceListener.of(TraceEvent.class, event -> {})));
        assertEquals("a listener reads gilsim.sim.TraceEvent, an interface: name the event classes", e.getMessage());
    }

    @Test
    void timeNeverGoesBackInTheTrace() {
        // With no listener, with the one listener a run has (the trace's quick way), and with two.
        for (int listeners = 0; listeners <= 2; listeners++) {
            Trace trace = new Trace();
            List<TraceEvent> seen = new ArrayList<>();
            for (int i = 0; i < listeners; i++) trace.add(seen::add);
            trace.emit(new Ping(5));
            trace.emit(new Pong(5));
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> trace.emit(new Ping(4)));
            assertEquals("trace time went back from 5 to Ping[timeNs=4]", e.getMessage(), listeners + " listeners");
            assertEquals(2 * listeners, seen.size(), listeners + " listeners");
        }
    }

    /** An event that hands itself to a listener of its own kind, as a model family's events do. */
    record Knock(long timeNs) implements TraceEvent {
        interface Listener {
            void onKnock(Knock k);
        }

        @Override
        public void deliverTo(TraceListener listener) {
            if (listener instanceof Listener l) l.onKnock(this);
            else if (!(listener instanceof TraceListener.OfFamilies)) listener.on(this);
        }
    }

    @Test
    void aListenerOfFamiliesGetsTheirEventsThroughTheirMethodsAndNoOthers() {
        List<String> seen = new ArrayList<>();
        class Knocks implements TraceListener.OfFamilies, Knock.Listener {
            @Override
            public void onKnock(Knock k) {
                seen.add("knock " + k.timeNs());
            }
        }
        // The one listener that reads everything; then two; then one that names its classes.
        Trace trace = new Trace();
        trace.add(new Knocks());
        trace.emit(new Knock(1));
        trace.emit(new Ping(2));
        trace.add(e -> seen.add("plain " + e.timeNs()));
        trace.emit(new Knock(3));
        trace.add(TraceListener.of(Knock.class, k -> seen.add("of " + k.timeNs())));
        trace.emit(new Knock(4));
        assertEquals(List.of("knock 1", "knock 3", "plain 3", "knock 4", "plain 4", "of 4"), seen);
    }
}
