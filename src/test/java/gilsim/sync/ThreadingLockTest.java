package gilsim.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.os.Machine;
import gilsim.os.SimThread;
import gilsim.os.WakeLatency;
import gilsim.sim.Engine;
import gilsim.sim.RandomStreams;
import gilsim.sim.Trace;
import gilsim.sync.MutexEvent.MutexAcquired;
import gilsim.sync.MutexEvent.MutexBlock;
import gilsim.sync.MutexEvent.MutexHandOff;
import gilsim.sync.MutexEvent.MutexTaken;
import gilsim.sync.MutexEvent.MutexWake;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The two {@code threading.Lock} models worked by hand on a bare machine: two cores, every wake-up 50 us, no GIL (a
 * {@link Detach} that lets go and takes back at once), so each figure below is arithmetic on the programs' times.
 */
class ThreadingLockTest {
    private static final long US = 1_000L;
    private static final long MS = 1_000_000L;
    private static final Detach NO_GIL = new Detach() {
        @Override
        public void dropGil(SimThread t, Runnable then) {
            then.run();
        }

        @Override
        public void takeGil(SimThread t, Runnable then) {
            then.run();
        }
    };

    /** A machine, one lock, and what the lock reported, as "event thread@us" lines. */
    private static final class Bench {
        final Engine engine = new Engine(1_000_000);
        final Trace trace = new Trace();
        final Machine machine;
        final PythonLock lock;
        final List<String> log = new ArrayList<>();

        Bench(long wakeUs, Function<Bench, PythonLock> lock) {
            machine = new Machine(engine, trace, new RandomStreams(1), 2, new WakeLatency.Uniform(wakeUs * US, 0), 0,
                    1500 * US);
            this.lock = lock.apply(this);
            trace.add(e -> {
                String at = "@" + e.timeNs() / US;
                if (e instanceof MutexTaken t) log.add("taken " + name(t.thread()) + at);
                else if (e instanceof MutexBlock b) log.add("waits " + name(b.thread()) + at);
                else if (e instanceof MutexWake w) log.add("wakes " + name(w.woken()) + at);
                else if (e instanceof MutexHandOff h) {
                    log.add("hands to " + name(h.to()) + " after " + h.waitedNs() / US + "us" + at);
                } else if (e instanceof MutexAcquired a) {
                    log.add("acquired " + name(a.thread()) + " after " + a.waitNs() / US + "us" + at);
                }
            });
        }

        String name(int thread) {
            return machine.threads().get(thread).name;
        }

        /** A thread that starts at {@code startUs}, then for each hold takes the lock, holds it, and lets it go. */
        void thread(String name, long startUs, long... holdsUs) {
            SimThread t = machine.newThread(name, -1);
            engine.at(startUs * US, () -> machine.start(t, () -> pass(t, holdsUs, 0)));
        }

        private void pass(SimThread t, long[] holdsUs, int i) {
            if (i == holdsUs.length) {
                machine.exit(t);
                return;
            }
            lock.acquire(t, NO_GIL, () -> machine.cpu(t, holdsUs[i] * US,
                    () -> lock.release(t, () -> pass(t, holdsUs, i + 1))));
        }

        List<String> run() {
            engine.runUntil(100 * MS);
            return log;
        }
    }

    private static Bench pyMutex(long wakeUs) {
        return new Bench(wakeUs, b -> new PyMutex("L", b.machine, b.trace, 0, ReleaseCost.fixed(0)));
    }

    @Test
    void aPyMutexWaiterParkedPastOneMillisecondIsHandedTheLock() {
        Bench b = pyMutex(50);
        b.thread("a", 0, 1500, 100);
        b.thread("b", 100, 100);
        // b parks at 100 us, so it is due fairness at 1,100 us; a's release at 1,500 us hands it over (the byte stays
        // locked), and a's own acquire right after finds it taken and parks. b runs 50 us later, owning it. Its release
        // at 1,650 us finds a parked for 150 us only: a is woken, not handed the lock, and takes it when it runs.
        assertEquals(List.of("taken a@0", "acquired a after 0us@0", "waits b@100",
                "hands to b after 1400us@1500", "taken b@1500", "waits a@1500",
                "acquired b after 1450us@1550", "wakes a@1650", "taken a@1700",
                "acquired a after 200us@1700"), b.run());
    }

    @Test
    void aPyMutexWaiterUnderOneMillisecondIsWokenAndTheReleaserTakesTheLockBackFirst() {
        Bench b = pyMutex(50);
        b.thread("a", 0, 500, 1000);
        b.thread("b", 100, 100);
        // At 500 us b has waited 400 us: no hand-off. The byte is cleared and b woken, but a takes the lock back at
        // once (barging). b runs at 550 us, finds it taken and parks again, keeping its fairness time (1,100 us): a's
        // release at 1,500 us hands it over.
        assertEquals(List.of("taken a@0", "acquired a after 0us@0", "waits b@100", "wakes b@500", "taken a@500",
                "acquired a after 0us@500", "waits b@550", "hands to b after 1400us@1500", "taken b@1500",
                "acquired b after 1450us@1550"), b.run());
    }

    @Test
    void parkedPyMutexWaitersAreServedFirstParkedFirst() {
        Bench b = pyMutex(50);
        b.thread("a", 0, 2000);
        b.thread("b", 100, 100);
        b.thread("c", 200, 100);
        List<String> log = b.run();
        // b parked before c: a's release goes to b, and b's to c, each past its 1 ms.
        assertEquals(List.of("taken a@0", "acquired a after 0us@0", "waits b@100", "waits c@200",
                "hands to b after 1900us@2000", "taken b@2000", "acquired b after 1950us@2050",
                "hands to c after 1950us@2150", "taken c@2150", "acquired c after 2000us@2200"), log);
    }

    @Test
    void aFreeThreadedPyMutexWaiterSpinsInSchedYieldAndTakesTheLockWithoutParking() {
        Bench b = new Bench(50, x -> new PyMutex("L", x.machine, x.trace, PyMutex.FREE_THREADED_SPINS, ReleaseCost.fixed(0)));
        b.thread("a", 0, 10);
        b.thread("b", 1, 10);
        // b spins from 1 us in 480 ns yields; a lets go at 10 us, and b sees it at the end of its 19th yield.
        List<String> log = b.run();
        assertEquals(List.of("taken a@0", "acquired a after 0us@0", "taken b@10", "acquired b after 9us@10"), log);
        assertTrue(log.stream().noneMatch(l -> l.startsWith("waits")), log.toString());
    }

    @Test
    void aSemaphoreGoesBackToItsReleaserWhoTakesItAgainBeforeTheWokenWaiterRuns() {
        Bench b = new Bench(50, x -> new Mutex("L", x.machine, x.trace, true, ReleaseCost.fixed(0)));
        b.thread("a", 0, 1500, 1500, 1500);
        b.thread("b", 100, 100);
        // However long b has waited, each release wakes it and a takes the token straight back: b runs 50 us later,
        // finds it taken and sleeps again. It gets the lock only when a stops taking it.
        assertEquals(List.of("taken a@0", "acquired a after 0us@0", "waits b@100", "wakes b@1500", "taken a@1500",
                "acquired a after 0us@1500", "waits b@1550", "wakes b@3000", "taken a@3000",
                "acquired a after 0us@3000", "waits b@3050", "wakes b@4500", "taken b@4550",
                "acquired b after 4450us@4550"), b.run());
    }

    @Test
    void aSemaphoreWaiterWokenFasterThanTheReleasersFutexWakeTakesTheFreeToken() {
        // sem_post frees the token before its FUTEX_WAKE: a waiter that runs 5 us later, while the 15 us system call
        // is still under way, takes it, and the releaser's own acquire finds it gone.
        Bench b = new Bench(5, x -> new Mutex("L", x.machine, x.trace, true, ReleaseCost.fixed(15 * US)));
        b.thread("a", 0, 1500, 100);
        b.thread("b", 100, 100);
        assertEquals(List.of("taken a@0", "acquired a after 0us@0", "waits b@100", "wakes b@1500", "taken b@1505",
                "acquired b after 1405us@1505", "waits a@1515", "wakes a@1605", "taken a@1610",
                "acquired a after 95us@1610"), b.run());
    }

    /**
     * The same race with the measured tail: a release that is slow (here every one, 200 us) outlasts the waiter's
     * 50 us wake-up, so the waiter takes the token, which a fixed 15 us release never lets it do (the test above but
     * one).
     */
    @Test
    void aSlowReleaseLetsTheWokenWaiterTakeTheToken() {
        Bench b = new Bench(50, x -> new Mutex("L", x.machine, x.trace, true,
                new ReleaseCost(15 * US, 1000, 200 * US, 200 * US, new java.util.SplittableRandom(1))));
        b.thread("a", 0, 1500, 100);
        b.thread("b", 100, 100);
        // b runs at 1,550 us, mid-release, and takes the token; it holds the lock 100 us and lets it go at 1,650 us,
        // before a, still in its 200 us release, comes back for it at 1,700 us and finds it free.
        assertEquals(List.of("taken a@0", "acquired a after 0us@0", "waits b@100", "wakes b@1500", "taken b@1550",
                "acquired b after 1450us@1550", "taken a@1700", "acquired a after 0us@1700"), b.run());
    }

    @Test
    void aReleaseCostDrawsItsTailAtItsRateAndOnlyWithATail() {
        assertEquals(15 * US, ReleaseCost.fixed(15 * US).draw());
        ReleaseCost c = new ReleaseCost(15 * US, 5, 30 * US, 150 * US, new java.util.SplittableRandom(7));
        int slow = 0;
        for (int i = 0; i < 200_000; i++) {
            long ns = c.draw();
            if (ns != 15 * US) {
                slow++;
                assertTrue(ns >= 30 * US && ns <= 150 * US, ns + " ns");
            }
        }
        // 5 in a thousand of 200,000: 1,000, with a standard deviation of about 32 (seed 7).
        assertTrue(slow > 850 && slow < 1150, slow + " slow releases of 200,000 (seed 7)");
    }
}
