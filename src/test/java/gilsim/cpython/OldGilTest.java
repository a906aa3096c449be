package gilsim.cpython;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.cpython.GilEvent.DropRequest;
import gilsim.cpython.GilEvent.ForcedSwitch;
import gilsim.cpython.GilEvent.GilDrop;
import gilsim.cpython.GilEvent.GilTake;
import gilsim.cpython.GilEvent.GilWant;
import gilsim.cpython.GilEvent.SemPostWake;
import gilsim.cpython.GilEvent.SemWaitRetry;
import gilsim.metrics.Invariants;
import gilsim.metrics.ProtocolChecker;
import gilsim.metrics.Spans;
import gilsim.os.Machine;
import gilsim.os.SimThread;
import gilsim.os.WakeLatency;
import gilsim.program.ProgramRunner;
import gilsim.program.Step;
import gilsim.sim.Engine;
import gilsim.sim.RandomStreams;
import gilsim.sim.Trace;
import gilsim.sim.TraceEvent;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The old GIL (2.7, 3.1) on its own, on a real machine: hand-written threads and the events it reports. Ticks of
 * 10 ns and a check interval of 99, so the lock is released every 100 ticks = 1 us of Python; wake-up latency
 * 20 us, no jitter, no timer slack; a release that wakes a sleeper costs 3 us, one that wakes nobody 100 ns, a
 * wasted wake-up 2 us.
 */
class OldGilTest {
    private static final long US = 1_000L;
    private static final long MS = 1_000_000L;
    private static final long LATENCY = 20 * US;
    private static final OldGilCosts COSTS = new OldGilCosts(10, 99, 3 * US, 100, 2 * US);

    private static final class Bench {
        final Engine engine = new Engine(50_000_000);
        final Trace trace = new Trace();
        final Machine machine;
        final Interpreter gil;
        final List<TraceEvent> events = new ArrayList<>();

        Bench(int cores, int threads, OldGilCosts costs) {
            machine = new Machine(engine, trace, new RandomStreams(1), cores, new WakeLatency.Uniform(LATENCY, 0), 0,
                    10 * MS);
            gil = PythonVersions.build("2.7", "cpython", new GilSetup(machine, trace, new RandomStreams(1),
                    gilsim.sync.WakeOrder.GLIBC, 5 * MS, US, 0, threads, false, 0, 0, 0, 1), costs);
            trace.add(e -> {
                if (e instanceof GilEvent) events.add(e);
            });
            trace.add(new Invariants(cores, threads));
            Spans spans = new Spans(threads);
            trace.add(spans);
            trace.add(new ProtocolChecker(threads, 5 * MS, spans));
        }

        SimThread program(String name, long startNs, Step... steps) {
            SimThread t = machine.newThread(name, -1);
            ProgramRunner r = new ProgramRunner(machine, gil, t, List.of(steps));
            engine.at(startNs, r::start);
            return t;
        }

        Bench run(long untilNs) {
            engine.runUntil(untilNs);
            return this;
        }

        <T> List<T> all(Class<T> kind) {
            return events.stream().filter(kind::isInstance).map(kind::cast).toList();
        }

        <T extends GilEvent> long count(Class<T> kind, int thread) {
            return all(kind).stream().filter(e -> threadOf(e) == thread).count();
        }

        private static int threadOf(GilEvent e) {
            if (e instanceof GilTake t) return t.thread();
            if (e instanceof GilDrop d) return d.thread();
            if (e instanceof GilWant w) return w.thread();
            if (e instanceof SemPostWake w) return w.poster();
            if (e instanceof SemWaitRetry r) return r.thread();
            return -1;
        }
    }

    @Test
    void aLoneThreadRunsItsPythonInOneBurstWithNoReleaseItPaysFor() {
        Bench b = new Bench(2, 1, COSTS);
        b.program("a", 0, new Step.Compute(10 * MS));
        b.run(50 * MS);
        // Nobody waits: the expiries of _Py_Ticker release and re-take the semaphore with no system call.
        assertEquals(List.of(new GilWant(0, 0), new GilTake(0, 0, true, 1), new GilDrop(10 * MS, 0)), b.events);
    }

    @Test
    void withAWaiterTheHolderReleasesAndRetakesEveryCheckIntervalAndEachReleaseWakesTheSleeper() {
        Bench b = new Bench(2, 2, COSTS);
        b.program("a", 0, new Step.Compute(2 * MS));
        b.program("b", 100 * US, new Step.Compute(MS));
        b.run(3 * MS);
        // b arrives at 100 us, finds the lock taken and sleeps in FUTEX_WAIT: from then on a releases it every
        // 100 ticks (1 us of Python), and a release finds b asleep, wakes it (3 us) or finds it awake (100 ns).
        // _Py_Ticker started at one tick (10 ns), so a's expiries fall at 10 ns + k us.
        List<GilDrop> drops = b.all(GilDrop.class).stream().filter(d -> d.thread() == 0 && d.timeNs() < 150 * US).toList();
        assertTrue(drops.size() > 10, "a released " + drops.size() + " times in its first 150 us");
        assertEquals(100 * US + 10, drops.get(0).timeNs(), "the first release is at the first expiry after b waits");
        List<SemPostWake> wakes = b.all(SemPostWake.class);
        assertFalse(wakes.isEmpty());
        assertEquals(new SemPostWake(100 * US + 10, 0, 1), wakes.get(0), "the first release wakes the sleeper");
        // Each wake-up costs the poster 3 us of CPU before it asks for the lock again; then 1 us of Python.
        GilWant retake = b.all(GilWant.class).stream().filter(w -> w.thread() == 0 && w.timeNs() > 0).findFirst()
                .orElseThrow();
        assertEquals(103 * US + 10, retake.timeNs());
        // The next releases find b awake (woken, not yet on its core): they wake nobody and cost 100 ns each.
        assertEquals(104 * US + 10, drops.get(1).timeNs());
        assertEquals(105 * US + 10 + 100, drops.get(2).timeNs());
        for (SemPostWake w : wakes) assertTrue(w.woken() == 1 && w.poster() == 0);
        // No timed waits, no drop requests, no forced switches: the old GIL has none.
        assertTrue(b.all(DropRequest.class).isEmpty());
        assertTrue(b.all(ForcedSwitch.class).isEmpty());
    }

    @Test
    void theWokenWaiterUsuallyFindsTheLockTakenAgainAndSleepsAgain() {
        Bench b = new Bench(2, 2, COSTS);
        b.program("a", 0, new Step.Compute(5 * MS));
        b.program("b", 10 * US, new Step.Compute(5 * MS));
        b.run(20 * MS);
        long wakes = b.all(SemPostWake.class).size();
        long retries = b.all(SemWaitRetry.class).size();
        assertTrue(wakes > 50, "wake-ups: " + wakes);
        // Most wake-ups are wasted: the holder took the token back long before the woken thread got a core.
        assertTrue(retries > wakes / 2, retries + " retries of " + wakes + " wake-ups");
        // And yet both finish, in about their 10 ms of Python plus what the battle costs.
        long end = b.all(GilDrop.class).get(b.all(GilDrop.class).size() - 1).timeNs();
        assertTrue(end > 10 * MS, "ended at " + end);
    }

    @Test
    void aWaiterRunningDuringTheReleasersSystemCallTakesTheToken() {
        // A release whose wake-up costs more than the wake-up latency: the woken waiter runs while the token is
        // still free and takes it; the releaser's sem_wait then sleeps.
        Bench b = new Bench(2, 2, new OldGilCosts(10, 99, 2 * LATENCY, 100, 2 * US));
        b.program("a", 0, new Step.Compute(MS));
        b.program("b", 10 * US, new Step.Compute(MS));
        b.run(10 * MS);
        GilTake first = b.all(GilTake.class).stream().filter(t -> t.thread() == 1).findFirst().orElseThrow();
        // a's first release is at its first expiry after b waits (10 us); b runs 20 us later, within a's 40 us call.
        assertEquals(new GilTake(10 * US + 10 + LATENCY, 1, true, 2), first);
    }

    @Test
    void aBlockingCallReleasesAndRetakesThroughTheSameSemaphore() {
        Bench b = new Bench(2, 2, COSTS);
        b.program("a", 0, new Step.Compute(50 * US), new Step.Sleep(200 * US), new Step.Compute(50 * US));
        b.program("b", 10 * US, new Step.Compute(100 * US));
        b.run(MS);
        // a sleeps at 50 us: its release wakes b, which takes the free lock after its wake-up latency.
        assertTrue(b.all(GilTake.class).stream().anyMatch(t -> t.thread() == 1 && t.switched()));
        assertEquals(2, b.all(GilTake.class).stream().filter(GilTake::switched).filter(t -> t.thread() == 0).count(),
                "a takes the lock at the start and again after its sleep");
    }

    @Test
    void onOneCoreAWokenWaiterPreemptsTheReleaserInsideItsSystemCallAndTakesTheToken() {
        Bench b = new Bench(1, 2, COSTS);
        b.program("a", 0, new Step.Compute(MS));
        b.program("b", 100 * US, new Step.Compute(MS));
        b.run(10 * MS);
        // The wake-up finds no idle core and preempts a at once (preempt_percent 100): b runs with the token free.
        SemPostWake w = b.all(SemPostWake.class).get(0);
        GilTake bTakes = b.all(GilTake.class).stream().filter(t -> t.thread() == 1).findFirst().orElseThrow();
        assertEquals(w.timeNs(), bTakes.timeNs());
        assertTrue(b.all(SemWaitRetry.class).isEmpty(), "on one core the woken waiter never finds the token gone");
    }

    @Test
    void theTickerIsGlobalAndCountsDownAcrossThreadsAndSteps() {
        // The lock is released every checkinterval + 1 ticks: with a waiter, a holder's releases are 1 us of
        // Python apart, whatever its steps.
        Bench b = new Bench(2, 2, new OldGilCosts(10, 99, 0, 0, 0));
        b.program("a", 0, new Step.Loop(20, List.of(new Step.Compute(300), new Step.Compute(400))));
        b.program("b", 1, new Step.Compute(10 * US));
        b.run(MS);
        List<Long> drops = b.all(GilDrop.class).stream().filter(d -> d.thread() == 0).map(GilDrop::timeNs).toList();
        // a's releases while b waits come every 1 us of its Python, across its 300 ns and 400 ns steps.
        assertTrue(drops.size() >= 3, drops.toString());
        assertEquals(US, drops.get(1) - drops.get(0));
    }

    @Test
    void versionsPickTheirGil() {
        assertTrue(PythonVersions.oldGil("2.7") && PythonVersions.oldGil("3.1"));
        assertFalse(PythonVersions.oldGil("3.2") || PythonVersions.oldGil("3.13t"));
        assertEquals(19, PythonVersions.names().size());
        assertEquals("2.7", PythonVersions.names().get(0));
        assertEquals("3.15", PythonVersions.names().get(15));
        assertEquals("3.13t", PythonVersions.names().get(16));
        assertTrue(PythonVersions.problem("2.7", "fifo-ticket").contains("policy=fifo-ticket"));
        assertTrue(PythonVersions.problem("3.13t", "paused-budget").contains("python=3.13t"));
        assertEquals(null, PythonVersions.problem("3.13t", "free-threaded"));
        assertEquals(null, PythonVersions.problem("3.5", "fifo-ticket"));
        assertEquals(null, PythonVersions.problem("3.1", "cpython"));
    }
}
