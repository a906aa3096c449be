package gilsim.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import gilsim.Runs;
import gilsim.cpython.GilEvent.DropRequest;
import gilsim.cpython.GilEvent.ForcedSwitch;
import gilsim.cpython.GilEvent.GilDrop;
import gilsim.cpython.GilEvent.GilTake;
import gilsim.cpython.GilEvent.GilWant;
import gilsim.sim.TraceEvent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The protocol checker on synthetic event streams: each rule catches its violation, at the event that breaks it. */
class ProtocolCheckerTest {
    private static final long US = 1_000L;
    private static final long MS = 1_000_000L;
    private static final long INTERVAL = 5 * MS;
    private static final int A = 0;
    private static final int B = 1;
    private static final int C = 2;

    /**
     * A valid hand-off: a holds; b waits an interval and asks; a drops at a check point and waits on switch_cond;
     * b takes; a asks again and takes when b drops.
     */
    private static List<TraceEvent> valid() {
        return new ArrayList<>(List.of(
                new GilWant(0, A),
                new GilTake(0, A, true, 1),
                new GilWant(MS, B),
                new DropRequest(MS + INTERVAL + 50 * US, B, A),
                new GilDrop(7 * MS, A),
                new ForcedSwitch(7 * MS, A),
                new GilTake(7 * MS + 50 * US, B, true, 2),
                new GilWant(7 * MS + 100 * US, A),
                new GilDrop(8 * MS, B),
                new GilTake(8 * MS + 50 * US, A, true, 3),
                // a drops and takes again by itself (a release), no switch: allowed without any request.
                new GilDrop(9 * MS, A),
                new GilWant(9 * MS + 2 * US, A),
                new GilTake(9 * MS + 2 * US, A, false, 3)));
    }

    /** Feeds the events; returns the index of the one the checker refused and its message, or -1 and null. */
    private static Object[] feed(List<TraceEvent> events) {
        Spans spans = new Spans(3);
        ProtocolChecker checker = new ProtocolChecker(3, INTERVAL, spans);
        for (int i = 0; i < events.size(); i++) {
            try {
                // The run's view moves first, as in a run.
                events.get(i).deliverTo(spans);
                events.get(i).deliverTo(checker);
            } catch (Invariants.InvariantViolation e) {
                return new Object[] {i, e.getMessage()};
            }
        }
        return new Object[] {-1, null};
    }

    private static void assertRefused(List<TraceEvent> events, int at, String rule) {
        Object[] r = feed(events);
        assertEquals(at, r[0],
                "refused at event " + r[0] + " (" + r[1] + "), expected at " + at + ": " + events.get(at));
        String message = (String) r[1];
        assertTrue(message.startsWith("protocol violated: " + rule), message);
        assertTrue(message.contains(events.get(at).toString()), "names the event: " + message);
    }

    @Test
    void acceptsAValidStream() {
        assertEquals(-1, feed(valid())[0], String.valueOf(feed(valid())[1]));
    }

    @Test
    void aDropRequestToAThreadThatDoesNotHoldTheGil() {
        List<TraceEvent> e = valid();
        e.set(3, new DropRequest(MS + INTERVAL + 50 * US, B, C));
        assertRefused(e, 3, "drop request to a thread that does not hold the GIL");
        // Nor while nobody holds it (during a hand-off).
        List<TraceEvent> free = valid().subList(0, 3);
        free.add(new GilDrop(2 * MS, A));
        free.add(new DropRequest(MS + INTERVAL + 50 * US, B, A));
        assertRefused(free, 4, "drop request to a thread that does not hold the GIL");
    }

    @Test
    void aDropRequestBeforeASwitchIntervalOfWaiting() {
        List<TraceEvent> e = valid();
        e.set(3, new DropRequest(MS + INTERVAL - 1, B, A)); // 1 ns short of the interval
        assertRefused(e, 3, "drop request before a switch interval of waiting with no switch");
        List<TraceEvent> exact = valid();
        exact.set(3, new DropRequest(MS + INTERVAL, B, A)); // exactly the interval: allowed
        assertEquals(-1, feed(exact)[0], String.valueOf(feed(exact)[1]));
    }

    /** A switch restarts the count: b waited long enough since it asked, but the GIL changed hands 4.5 ms ago. */
    @Test
    void aDropRequestSoonAfterASwitch() {
        List<TraceEvent> e = new ArrayList<>(List.of(
                new GilWant(0, A),
                new GilTake(0, A, true, 1),
                new GilWant(MS, B),
                new GilWant(MS, C),
                new GilDrop(2 * MS, A),
                new GilTake(2 * MS, C, true, 2),
                new DropRequest(6500 * US, B, C)));
        assertRefused(e, 6, "drop request before a switch interval of waiting with no switch");
        e.set(6, new DropRequest(7 * MS, B, C));
        assertEquals(-1, feed(e)[0], String.valueOf(feed(e)[1]));
    }

    @Test
    void aDropRequestFromAThreadOutsideTakeGil() {
        List<TraceEvent> e = valid();
        e.set(3, new DropRequest(MS + INTERVAL + 50 * US, C, A));
        assertRefused(e, 3, "drop request from a thread outside take_gil");
    }

    @Test
    void aForcedSwitchWithNoRequest() {
        List<TraceEvent> e = valid();
        e.remove(3); // no drop request
        assertRefused(e, 4, "forced switch with no drop request pending");
        // A request is used up by the holder's next take: a second forced switch needs a second request.
        List<TraceEvent> twice = valid();
        twice.add(new GilDrop(10 * MS, A));
        twice.add(new ForcedSwitch(10 * MS, A));
        assertRefused(twice, twice.size() - 1, "forced switch with no drop request pending");
    }

    @Test
    void theSameThreadTakingRightAfterItsForcedSwitch() {
        List<TraceEvent> e = valid();
        e.set(6, new GilTake(7 * MS + 50 * US, A, false, 1));
        assertRefused(e, 6, "thread 0 took the GIL back right after its forced switch");
    }

    @Test
    void aDropByAThreadThatDoesNotHoldTheGil() {
        List<TraceEvent> e = valid();
        e.set(4, new GilDrop(7 * MS, B));
        assertRefused(e, 4, "thread 1 dropped a GIL held by 0");
        // Nor a second drop after the GIL is free.
        List<TraceEvent> twice = valid().subList(0, 3);
        twice.add(new GilDrop(2 * MS, A));
        twice.add(new GilDrop(2 * MS, A));
        assertRefused(twice, 4, "thread 0 dropped a GIL held by -1");
    }

    @TempDir
    Path dir;

    /**
     * The fifo-ticket bug the checker found: during a ticket hand-off (the GIL free but kept for the woken waiter)
     * a waiter whose wait ran out sent a drop request to the last holder, who no longer held it (the old code: 8939
     * drop requests against 6674 forced switches). The run has the checker attached, as every Simulation does.
     */
    @Test
    void fifoTicketSendsNoDropRequestDuringAHandOff() throws IOException {
        Path file = dir.resolve("three-computers.yaml");
        StringBuilder yaml = new StringBuilder("name: three-computers\nthreads:\n");
        for (String t : List.of("a", "b", "c")) {
            yaml.append("  - name: ").append(t).append("\n    program:\n      - loop: [compute: 10ms]\n");
        }
        Files.writeString(file, yaml);
        String[] sets = {"policy=fifo-ticket", "interval=100us"};
        String replay = Runs.replay(file.toString(), 1, sets) + " with " + file.getFileName() + ":\n" + yaml;
        Summary s;
        try {
            s = Runs.run(file.toString(), 1, sets);
        } catch (Invariants.InvariantViolation e) {
            fail("the protocol checker stopped the run: " + e.getMessage() + "; replay: " + replay, e);
            return;
        }
        assertEquals(2_000_000_000L, s.simulatedNs(), "ran to the end; " + replay);
        long requests = s.gil().get(Metrics.DROP_REQUESTS);
        long forced = s.gil().get(Metrics.FORCED_SWITCHES);
        assertTrue(forced > 5000, forced + " forced switches; " + replay);
        assertTrue(requests * 100 <= forced * 105, requests + " drop requests against " + forced + " forced switches; "
                + replay);
    }
}
