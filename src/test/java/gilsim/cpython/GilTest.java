package gilsim.cpython;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.cpython.GilEvent.DropRequest;
import gilsim.cpython.GilEvent.ForcedSwitch;
import gilsim.cpython.GilEvent.GilDrop;
import gilsim.cpython.GilEvent.GilTake;
import gilsim.cpython.GilEvent.GilWant;
import gilsim.metrics.ProtocolChecker;
import gilsim.metrics.Spans;
import gilsim.os.Machine;
import gilsim.os.RaceSpeed;
import gilsim.os.SimThread;
import gilsim.os.WakeLatency;
import gilsim.program.ProgramRunner;
import gilsim.program.Step;
import gilsim.sim.Engine;
import gilsim.sim.RandomStreams;
import gilsim.sim.TraceEvent;
import gilsim.sim.Trace;
import gilsim.sync.CondEvent;
import gilsim.sync.CondEvent.CondSignal;
import gilsim.sync.CondEvent.CondWait;
import gilsim.sync.WakeOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The GIL on its own, built by name through the policy registry, on a real machine: hand-written threads and the
 * events it reports. Wake-up latency 50 us, no jitter, no timer slack, switch interval 5 ms unless a test says.
 */
class GilTest {
    private static final long US = 1_000L;
    private static final long MS = 1_000_000L;
    private static final long LATENCY = 50 * US;
    private static final long INTERVAL = 5 * MS;

    /** A machine, a GIL under one policy, and everything they reported. */
    private static final class Bench {
        final Engine engine = new Engine(5_000_000);
        final Trace trace = new Trace();
        final Machine machine;
        final Interpreter gil;
        final List<TraceEvent> events = new ArrayList<>();
        final List<String> log = new ArrayList<>();

        Bench(String policy, int cores, long checkpointNs, int threads) {
            this(policy, cores, checkpointNs, 0, threads, RaceSpeed.CONSTANT);
        }

        Bench(String policy, int cores, long checkpointNs, long dropReactionNs, int threads, RaceSpeed speed) {
            machine = new Machine(engine, trace, new RandomStreams(1), cores, new WakeLatency.Uniform(LATENCY, 0), 0, 10 * MS);
            gil = GilPolicies.build(policy, new GilSetup(machine, trace, new RandomStreams(1), WakeOrder.GLIBC,
                    INTERVAL, checkpointNs, dropReactionNs, threads, false, 0, 0, 0, 1, false, false, speed));
            trace.add(e -> {
                if (e instanceof GilEvent || e instanceof CondEvent) events.add(e);
            });
            // The protocol checker watches every bench, as it watches every run.
            Spans spans = new Spans(threads);
            trace.add(spans);
            trace.add(new ProtocolChecker(threads, Gil.clampInterval(INTERVAL), spans));
        }

        void note(SimThread t, String what) {
            log.add(t.name + "@" + engine.nowNs() + " " + what);
        }

        /** Runs a program of steps from {@code startNs}, as a scenario's thread does. */
        SimThread program(String name, long startNs, Step... steps) {
            SimThread t = machine.newThread(name, -1);
            ProgramRunner r = new ProgramRunner(machine, gil, t, List.of(steps));
            engine.at(startNs, r::start);
            return t;
        }

        /** From {@code startNs}: take the GIL, run {@code ns} of Python, drop it for good and exit. */
        SimThread once(String name, long startNs, long ns) {
            SimThread t = machine.newThread(name, -1);
            engine.at(startNs, () -> machine.start(t, () -> {
                note(t, "wants");
                gil.takeGil(t, () -> {
                    note(t, "takes");
                    gil.runPython(t, ns, () -> {
                        note(t, "done");
                        gil.exitGil(t);
                        machine.exit(t);
                    });
                });
            }));
            return t;
        }

        Bench run(long untilNs) {
            engine.runUntil(untilNs);
            return this;
        }

        <T> List<T> all(Class<T> kind) {
            return events.stream().filter(kind::isInstance).map(kind::cast).toList();
        }

        List<String> takes() {
            return all(GilTake.class).stream().map(t -> name(t.thread()) + "@" + t.timeNs()).toList();
        }

        String name(int thread) {
            return machine.threads().get(thread).name;
        }
    }

    /** Runs {@code work} of Python, releases the GIL for 2 us, and again, forever: short-release's worker. */
    private static Step.Loop worker(long work) {
        return new Step.Loop(-1, List.of(new Step.Compute(work), new Step.Release(2 * US)));
    }

    @Test
    void takingAFreeGilIsImmediate() {
        Bench b = new Bench("cpython", 2, US, 1);
        b.once("a", 3 * MS, MS);
        b.run(10 * MS);
        assertEquals(List.of("a@" + 3 * MS + " wants", "a@" + 3 * MS + " takes", "a@" + 4 * MS + " done"), b.log);
        assertEquals(List.of(new GilWant(3 * MS, 0), new GilTake(3 * MS, 0, true, 1), new GilDrop(4 * MS, 0)),
                b.events.stream().filter(e -> e instanceof GilEvent).toList());
        assertTrue(b.all(CondWait.class).isEmpty(), "nobody waited");
    }

    /**
     * b's timed wait runs out with no switch (a holds the GIL all along): b asks a to drop; a drops at its next
     * check point (1 ms of Python apart here), waits on switch_cond (FORCE_SWITCHING), and b takes next.
     */
    @Test
    void anExpiredWaitWithNoSwitchAsksTheHolderToDropAtItsNextCheckpoint() {
        Bench b = new Bench("cpython", 2, MS, 2);
        b.program("a", 0, new Step.Compute(100 * MS));
        b.once("b", MS, MS);
        b.run(20 * MS);
        CondWait first = b.all(CondWait.class).get(0);
        assertEquals(new CondWait(MS, "gil", 1, 0, 1, MS + INTERVAL, 1), first, "b waits one interval, on core 1 (a holds core 0)");
        long requestNs = MS + INTERVAL + LATENCY; // the timeout, then the wake-up latency
        assertEquals(List.of(new DropRequest(requestNs, 1, 0)), b.all(DropRequest.class));
        // a has run Python since 0: its next check point after 6.05 ms is at 7 ms.
        assertEquals(List.of(new GilDrop(7 * MS, 0)), b.all(GilDrop.class).subList(0, 1));
        assertEquals(List.of(new ForcedSwitch(7 * MS, 0)), b.all(ForcedSwitch.class));
        assertEquals(List.of("a@0", "b@" + (7 * MS + LATENCY), "a@" + (8 * MS + LATENCY + LATENCY)), b.takes());
        // The forced dropper waited on switch_cond until b's take signalled it.
        assertTrue(b.events.contains(new CondSignal(7 * MS + LATENCY, "switch", 1, 0)), b.events.toString());
    }

    /** Check points 1 us apart: the holder drops within 1 us of the request. */
    @Test
    void theDropComesAtTheCheckpointSpacing() {
        for (long checkpoint : new long[] {US, 250 * US, 2 * MS}) {
            Bench b = new Bench("cpython", 2, checkpoint, 2);
            b.program("a", 0, new Step.Compute(100 * MS));
            b.once("b", MS, MS);
            b.run(20 * MS);
            long requestNs = MS + INTERVAL + LATENCY;
            long dropNs = b.all(GilDrop.class).get(0).timeNs();
            long expected = (requestNs + checkpoint - 1) / checkpoint * checkpoint;
            assertEquals(expected, dropNs, "checkpoint " + checkpoint);
        }
    }

    /**
     * The race at its fast speed ({@code fast_race_percent=100}, {@code fast_race_reaction=50}): check points 2 ms
     * apart come every 1 ms, and the drop's reaction of 400 us takes 200 us. The request at 6.05 ms finds the next
     * check point at 7 ms (8 ms at one speed), and the drop follows it by the reaction.
     */
    @Test
    void atTheFastSpeedTheHoldersReactionIsShortened() {
        for (boolean fast : new boolean[] {false, true}) {
            RaceSpeed speed = fast ? new RaceSpeed(new SplittableRandom(1), 100, 50, 7_000 * MS) : RaceSpeed.CONSTANT;
            Bench b = new Bench("cpython", 2, 2 * MS, 400 * US, 2, speed);
            b.program("a", 0, new Step.Compute(100 * MS));
            b.once("b", MS, MS);
            b.run(20 * MS);
            assertEquals(List.of(new DropRequest(MS + INTERVAL + LATENCY, 1, 0)), b.all(DropRequest.class));
            long dropNs = b.all(GilDrop.class).get(0).timeNs();
            assertEquals(fast ? 7 * MS + 200 * US : 8 * MS + 400 * US, dropNs, fast ? "fast" : "one speed");
        }
    }

    /** Without check points (checkpoint=0) a drop request cannot stop the Python: the holder drops when it ends. */
    @Test
    void withoutCheckpointsTheHolderDropsOnlyAtTheEndOfItsPython() {
        Bench b = new Bench("cpython", 2, 0, 2);
        b.program("a", 0, new Step.Compute(30 * MS));
        b.once("b", MS, MS);
        b.run(50 * MS);
        // b asks again each time its wait runs out (every interval plus the wake-up latency); a cannot stop.
        List<DropRequest> requests = b.all(DropRequest.class);
        assertEquals(5, requests.size(), requests.toString());
        for (int i = 0; i < requests.size(); i++) {
            assertEquals(new DropRequest(MS + (i + 1) * (INTERVAL + LATENCY), 1, 0), requests.get(i));
        }
        assertEquals(30 * MS, b.all(GilDrop.class).get(0).timeNs());
        assertEquals(List.of(), b.all(ForcedSwitch.class), "the last release of an exiting thread forces nothing");
        assertEquals("b@" + (30 * MS + LATENCY), b.takes().get(1));
    }

    /**
     * #161868: the holder drops for 2 us every 2 ms; each drop wakes the waiter, which finds the GIL taken again.
     * CPython restarts a full interval on every such wake-up, so the wait never runs out and the waiter starves;
     * paused-budget keeps the deadline of its first wait and gets the GIL soon after it.
     */
    @Test
    void aWakeUpThatFindsTheGilRetakenRestartsTheIntervalInCpythonOnly() {
        Bench cpython = new Bench("cpython", 2, US, 2);
        cpython.program("w", 0, worker(2 * MS));
        cpython.once("m", MS, 100 * US);
        cpython.run(40 * MS);
        List<CondWait> waits = cpython.all(CondWait.class).stream().filter(w -> w.thread() == 1).toList();
        assertTrue(waits.size() > 10, waits.toString());
        for (CondWait w : waits) assertEquals(w.timeNs() + INTERVAL, w.deadlineNs(), "a full interval: " + w);
        assertEquals(0, cpython.all(DropRequest.class).size());
        assertFalse(cpython.log.stream().anyMatch(l -> l.startsWith("m@") && l.endsWith("takes")),
                cpython.log.toString());

        Bench paused = new Bench("paused-budget", 2, US, 2);
        paused.program("w", 0, worker(2 * MS));
        paused.once("m", MS, 100 * US);
        paused.run(40 * MS);
        List<CondWait> budget = paused.all(CondWait.class).stream().filter(w -> w.thread() == 1).toList();
        // Every wait before the first timeout ends at the first wait's deadline: the budget is paused, not reset.
        long deadline = MS + INTERVAL;
        List<CondWait> before = budget.stream().filter(w -> w.timeNs() < deadline).toList();
        assertTrue(before.size() >= 3, budget.toString());
        for (CondWait w : before) assertEquals(deadline, w.deadlineNs(), w.toString());
        DropRequest request = paused.all(DropRequest.class).get(0);
        assertEquals(new DropRequest(deadline + LATENCY, 1, 0), request);
        long mTakes = paused.all(GilTake.class).stream().filter(t -> t.thread() == 1).findFirst().orElseThrow()
                .timeNs();
        assertTrue(mTakes < deadline + MS, "m takes at " + mTakes);
    }

    /**
     * fifo-ticket: a drop hands the GIL to the waiter that arrived first, and the dropper cannot take it back when
     * it asks again 2 us later; CPython's dropper does (it barges past the woken waiter).
     */
    @Test
    void fifoTicketHandsTheGilToTheFirstArrivalAndNobodyBarges() {
        Bench fifo = new Bench("fifo-ticket", 4, US, 3);
        fifo.program("w", 0, worker(2 * MS));
        fifo.once("m1", MS, 100 * US);
        fifo.once("m2", 1500 * US, 100 * US);
        fifo.run(6 * MS);
        // w drops at 2 ms and wakes m1; w asks again at 2.002 ms and waits; m1 takes at 2.05 ms.
        assertEquals(List.of("w@0", "m1@" + (2 * MS + LATENCY)), fifo.takes().subList(0, 2));
        // m1 drops at 2.15 ms, handing to m2 (arrived 1.5 ms), ahead of w (asked again at 2.002 ms).
        assertEquals("m2@" + (2150 * US + LATENCY), fifo.takes().get(2));
        assertEquals("w@" + (2300 * US + LATENCY), fifo.takes().get(3));

        Bench cpython = new Bench("cpython", 4, US, 3);
        cpython.program("w", 0, worker(2 * MS));
        cpython.once("m1", MS, 100 * US);
        cpython.once("m2", 1500 * US, 100 * US);
        cpython.run(6 * MS);
        assertEquals(List.of("w@0", "w@" + 2002 * US), cpython.takes().subList(0, 2), "cpython's dropper barges");
    }

    /** A longer run of three threads under fifo-ticket: every take after a drop that woke a waiter is that one's. */
    @Test
    void underFifoTicketTheWokenWaiterAlwaysTakesNext() {
        Bench b = new Bench("fifo-ticket", 2, US, 3);
        b.program("a", 0, worker(MS));
        b.program("b", 10 * US, worker(700 * US));
        b.program("c", 20 * US, new Step.Loop(-1, List.of(new Step.Compute(300 * US), new Step.Sleep(200 * US))));
        b.run(200 * MS);
        int handed = -1;
        int checked = 0;
        for (TraceEvent e : b.events) {
            if (e instanceof CondSignal s && s.cond().equals("gil") && s.woken() >= 0) handed = s.woken();
            if (e instanceof GilTake t) {
                if (handed >= 0) {
                    assertEquals(handed, t.thread(), "the GIL was handed to " + handed + ": " + t);
                    checked++;
                }
                handed = -1;
            }
        }
        assertTrue(checked > 100, "hand-offs checked: " + checked);
    }

    @Test
    void freeThreadedNeverEmitsGilEventsAndRunsPythonInParallel() {
        Bench b = new Bench("free-threaded", 2, US, 2);
        b.once("a", 0, 5 * MS);
        b.once("b", 0, 5 * MS);
        b.run(20 * MS);
        assertEquals(List.of(), b.events);
        assertTrue(b.log.contains("a@" + 5 * MS + " done") && b.log.contains("b@" + 5 * MS + " done"),
                b.log.toString());

        Bench gil = new Bench("cpython", 2, US, 2);
        gil.once("a", 0, 5 * MS);
        gil.once("b", 0, 5 * MS);
        gil.run(20 * MS);
        assertTrue(gil.log.contains("b@" + (10 * MS + LATENCY) + " done"), "one at a time with a GIL: " + gil.log);
    }

    /** switch_number moves only when the GIL goes to another thread than its last holder. */
    @Test
    void switchNumberCountsOnlyHandOffsToAnotherThread() {
        Bench b = new Bench("cpython", 1, US, 2);
        b.program("a", 0, new Step.Compute(MS), new Step.Release(10 * US), new Step.Compute(MS),
                new Step.Sleep(5 * MS), new Step.Compute(MS));
        b.program("b", 2500 * US, new Step.Compute(MS), new Step.Release(10 * US), new Step.Compute(MS));
        b.run(30 * MS);
        List<String> takes = b.all(GilTake.class).stream()
                .map(t -> b.name(t.thread()) + (t.switched() ? " switched " : " again ") + t.switchNumber()).toList();
        assertEquals(List.of("a switched 1", "a again 1", "b switched 2", "b again 2", "a switched 3"), takes);
    }

    @Test
    void theRegistryNamesEveryPolicyAndRefusesOthers() {
        // CPython's own first (the default), then the others; a policy added later is one more, not a change here.
        assertEquals(List.of("cpython", "paused-budget", "fifo-ticket", "free-threaded"),
                GilPolicies.names().subList(0, 4));
        try {
            new Bench("no-such-policy", 1, US, 1);
            throw new AssertionError("an unknown policy was built");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage().contains("no-such-policy"), e.getMessage());
        }
        assertEquals(1_000, Gil.clampInterval(0));
        assertEquals(1_000, Gil.clampInterval(999));
        assertEquals(5 * MS, Gil.clampInterval(5 * MS));
    }
}
