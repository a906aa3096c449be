package gilsim.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.os.FutexPath;
import gilsim.os.Machine;
import gilsim.os.SimThread;
import gilsim.os.WakeCore;
import gilsim.os.WakeLatency;
import gilsim.sim.Engine;
import gilsim.sim.RandomStreams;
import gilsim.sim.Trace;
import gilsim.sync.CondEvent.CondSignal;
import gilsim.sync.CondEvent.CondTimeout;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/** The condition variable's order and its timeouts, on a machine with enough cores that nobody queues. */
class CondVarTest {
    private static final long US = 1_000L;
    private static final long MS = 1_000_000L;

    /** One machine, one condition variable, its waiters and what happened to them. */
    private static final class Bench {
        final Engine engine = new Engine(10_000);
        final Trace trace = new Trace();
        final Machine machine;
        final CondVar cv;
        /** Wake-ups in the order the woken threads ran: a name, with ":timeout" when the wait expired. */
        final List<String> woken = new ArrayList<>();
        /** When each woken thread ran again, in the same order. */
        final List<Long> returnedNs = new ArrayList<>();
        /** What each signal returned: the woken thread's name, or "lost". */
        final List<String> signalled = new ArrayList<>();
        final List<CondEvent> events = new ArrayList<>();

        Bench(WakeOrder order, long seed) {
            this(order, seed, 0);
        }

        Bench(WakeOrder order, long seed, long waitEntryNs) {
            this(order, seed, waitEntryNs == 0 ? CondVar.WaitEntry.NONE : new CondVar.WaitEntry(waitEntryNs, 0, null));
        }

        Bench(WakeOrder order, long seed, CondVar.WaitEntry entry) {
            this(order, seed, entry, false, 0);
        }

        /**
         * @param wakeTimedOut   glibc's groups: a timed-out waiter that has not run can still take a signal's wake
         * @param futexReturnNs  CPU time a woken waiter runs on its core before its wait returns
         */
        Bench(WakeOrder order, long seed, CondVar.WaitEntry entry, boolean wakeTimedOut, long futexReturnNs) {
            machine = new Machine(engine, trace, new RandomStreams(1), 8, new WakeLatency.Uniform(10 * US, 0), 0, MS,
                    100, WakeCore.IDLE, 0, 0, new FutexPath(0, futexReturnNs));
            cv = CondVar.create("c", machine, trace, order, new RandomStreams(seed).stream("o"), entry, wakeTimedOut);
            trace.add(e -> {
                if (e instanceof CondEvent c) events.add(c);
            });
        }

        /** A thread that waits from {@code startNs}; when woken it waits once more (no deadline) if {@code rewait}. */
        void waiter(String name, long startNs, long arrival, long deadlineNs, boolean rewait) {
            waiter(name, -1, startNs, arrival, deadlineNs, rewait);
        }

        /** As above, pinned to {@code core} (-1: any). */
        void waiter(String name, int core, long startNs, long arrival, long deadlineNs, boolean rewait) {
            SimThread t = machine.newThread(name, core);
            engine.at(startNs, () -> machine.start(t, () -> await(t, arrival, deadlineNs, rewait)));
        }

        private void await(SimThread t, long arrival, long deadlineNs, boolean rewait) {
            cv.await(t, arrival, deadlineNs, timedOut -> {
                woken.add(t.name + (timedOut ? ":timeout" : ""));
                returnedNs.add(machine.nowNs());
                // A waiter that finds its predicate false waits again, keeping its first-arrival key.
                if (rewait) await(t, arrival, -1, false);
                else machine.exit(t);
            });
        }

        /** At {@code atNs}, {@code first} signals; 0.1 ms later, {@code then} more. */
        void signals(long atNs, int first, int then) {
            SimThread s = machine.newThread("s", -1);
            engine.at(atNs, () -> machine.start(s, () -> {
                signal(s, first);
                machine.sleep(s, 100 * US, () -> {
                    signal(s, then);
                    machine.exit(s);
                });
            }));
        }

        private void signal(SimThread s, int n) {
            for (int i = 0; i < n; i++) {
                int id = cv.signal(s);
                signalled.add(id < 0 ? "lost" : machine.threads().get(id).name);
            }
        }

        Bench run() {
            engine.runUntil(10 * MS);
            return this;
        }
    }

    @ParameterizedTest
    @EnumSource(value = WakeOrder.class, names = {"GLIBC", "GLIBC_GROUPS"})
    void glibcWakesTheOldestLatestWaitAndARewaiterGoesToTheBack(WakeOrder order) {
        Bench b = new Bench(order, 1);
        b.waiter("a", 0, 0, -1, true);
        b.waiter("b", 1, 1, -1, false);
        b.waiter("c", 2, 2, -1, false);
        // a is woken first and waits again (now behind b and c); the next signals go to b, c, then a.
        b.signals(MS, 1, 3);
        b.run();
        assertEquals(List.of("a", "b", "c", "a"), b.signalled);
        assertEquals(List.of("a", "b", "c", "a"), b.woken);
    }

    /**
     * glibc's waiter reads __g_signals before it sleeps: with a 1 us entry, b, which called wait at 1 ms, takes a
     * signal sent 0.5 us later although a has slept since 0 (the signal switched the groups, so both are in G1), and
     * returns without a wake-up (the bench's wake-up takes 10 us). a, still unsignalled in G1, gets the next signal.
     * Sent 2 us after b's call, when b sleeps, the signal goes to the longest sleeper, a.
     */
    @Test
    void aWaiterStillEnteringItsWaitTakesTheSignal() {
        Bench b = new Bench(WakeOrder.GLIBC_GROUPS, 1, US);
        b.waiter("a", 0, 0, -1, false);
        b.waiter("b", MS, 1, -1, false);
        b.signals(MS + 500, 1, 1);
        b.run();
        assertEquals(List.of("b", "a"), b.signalled);
        assertEquals(List.of("b", "a"), b.woken);
        assertEquals(MS + US, b.returnedNs.get(0), "b returns at the end of its entry, having never slept");

        Bench late = new Bench(WakeOrder.GLIBC_GROUPS, 1, US);
        late.waiter("a", 0, 0, -1, false);
        late.waiter("b", MS, 1, -1, false);
        late.signals(MS + 2 * US, 1, 1);
        late.run();
        assertEquals(List.of("a", "b"), late.signalled);
    }

    /**
     * The entry grows with the time since another sleeper last called wait (50 % per doubling of 1 ms here): a calls
     * wait at 0. b's 1 us entry at 4 ms is two doublings past 1 ms, so 2 us, and a signal 1.5 us after b's call is
     * b's own; at 0.5 ms, a's call is less than 1 ms past, b's entry stays 1 us and the signal goes to a. Hours of
     * quiet grow it by five doublings at most: 3.5 us.
     */
    @Test
    void anEntryGrowsWithTheQueuesQuietTime() {
        CondVar.WaitEntry entry = new CondVar.WaitEntry(US, 0, 50, MS, null);
        Bench quiet = new Bench(WakeOrder.GLIBC_GROUPS, 1, entry);
        quiet.waiter("a", 0, 0, -1, false);
        quiet.waiter("b", 4 * MS, 1, -1, false);
        quiet.signals(4 * MS + 1_500, 1, 1);
        quiet.run();
        assertEquals(List.of("b", "a"), quiet.signalled);
        assertEquals(4 * MS + 2 * US, quiet.returnedNs.get(0), "b's entry: 1 us x (1 + 0.5 x 2)");

        Bench busy = new Bench(WakeOrder.GLIBC_GROUPS, 1, entry);
        busy.waiter("a", 0, 0, -1, false);
        busy.waiter("b", MS / 2, 1, -1, false);
        busy.signals(MS / 2 + 1_500, 1, 1);
        busy.run();
        assertEquals(List.of("a", "b"), busy.signalled);

        assertEquals(3_500, entry.grown(US, 3_600_000 * MS));
        assertEquals(US, entry.grown(US, MS));
        assertEquals(1_500, entry.grown(US, 2 * MS));
    }

    /**
     * The quiet time read is since the other sleepers' newest call to wait, not their oldest (50 % per doubling of
     * 100 us). a calls wait at 0, x at 800 us, r at 1000 us: x's call is 200 us past (one doubling: r's entry 1.5
     * us), a's 1000 us (3.3 doublings: 2.7 us, were the oldest read). A signal 2 us after r's call finds r asleep and
     * wakes a, the longest sleeper. Without x, a's call is the newest, r's entry is 2.7 us, and the same signal is
     * r's own.
     */
    @Test
    void theEntryReadsTheNewestCallToWaitNotTheOldest() {
        for (boolean withX : new boolean[] {true, false}) {
            Bench b = new Bench(WakeOrder.GLIBC_GROUPS, 1, new CondVar.WaitEntry(US, 0, 50, 100 * US, null));
            b.waiter("a", 0, 0, -1, false);
            if (withX) b.waiter("x", 800 * US, 1, -1, false);
            b.waiter("r", 1000 * US, 2, -1, false);
            b.signals(1000 * US + 2 * US, 1, 0);
            b.run();
            assertEquals(withX ? List.of("a") : List.of("r"), b.signalled, withX ? "with x" : "without x");
        }
    }

    /**
     * With {@code sameCore}, only sleepers whose call to wait ran on the caller's core set its quiet time (50 % per
     * doubling of 100 us, as above). a waits on core 0 at 0, x on core 1 at 800 us, r on core 0 at 1000 us. Read
     * from every sleeper, x's call is 200 us past (r's entry 1.5 us) and a signal 2 us after r's call wakes a; read
     * from core 0, a's is 1000 us past (3.3 doublings: 2.7 us) and the signal is r's own. Without a, no sleeper
     * called from core 0: r's entry grows the full five doublings (3.5 us) under the same-core rule, and the signal
     * is again r's, where every sleeper's rule gives x the signal.
     */
    @Test
    void theSameCoreRuleReadsOnlyTheSleepersThatCalledFromTheCallersCore() {
        for (boolean withA : new boolean[] {true, false}) {
            for (boolean sameCore : new boolean[] {false, true}) {
                Bench b = new Bench(WakeOrder.GLIBC_GROUPS, 1,
                        new CondVar.WaitEntry(US, 0, 50, 100 * US, sameCore, null));
                if (withA) b.waiter("a", 0, 0, 0, -1, false);
                b.waiter("x", 1, 800 * US, 1, -1, false);
                b.waiter("r", 0, 1000 * US, 2, -1, false);
                b.signals(1000 * US + 2 * US, 1, 0);
                b.run();
                List<String> expected = sameCore ? List.of("r") : List.of(withA ? "a" : "x");
                assertEquals(expected, b.signalled, (withA ? "a, x, r" : "x, r") + ", same core " + sameCore);
                List<Integer> cores = b.events.stream().filter(e -> e instanceof CondEvent.CondWait)
                        .map(e -> ((CondEvent.CondWait) e).core()).toList();
                assertEquals(withA ? List.of(0, 1, 0) : List.of(1, 0), cores, "each call's core, in its event");
            }
        }
        CondVar.WaitEntry entry = new CondVar.WaitEntry(US, 0, 50, 100 * US, true, null);
        assertEquals(3_500, entry.grown(US, CondVar.WaitEntry.QUIET_FOREVER_NS));
    }

    @Test
    void fifoKeepsTheFirstArrivalAcrossRewaits() {
        Bench b = new Bench(WakeOrder.FIFO, 1);
        b.waiter("a", 0, 0, -1, true);
        b.waiter("b", 1, 1, -1, false);
        b.waiter("c", 2, 2, -1, false);
        b.signals(MS, 1, 3);
        b.run();
        assertEquals(List.of("a", "a", "b", "c"), b.signalled);
        assertEquals(List.of("a", "a", "b", "c"), b.woken);
    }

    /**
     * a waits first but its timed wait expires at 0.5 ms; the signal at 1 ms must reach b, the next waiter in line
     * (under both orders), and the second c: the expired waiter took no signal with it. A third finds nobody.
     */
    @ParameterizedTest
    @EnumSource(value = WakeOrder.class, names = {"GLIBC", "GLIBC_GROUPS", "FIFO"})
    void aTimeoutEatsNoSignalAndASignalWithNoWaiterIsLost(WakeOrder order) {
        Bench b = new Bench(order, 1);
        b.waiter("a", 0, 0, 500 * US, false);
        b.waiter("b", 1, 1, -1, false);
        b.waiter("c", 2, 2, -1, false);
        b.signals(MS, 1, 2);
        b.run();
        assertEquals(List.of("b", "c", "lost"), b.signalled);
        assertEquals(List.of("a:timeout", "b", "c"), b.woken);
        List<CondEvent> timeouts = b.events.stream().filter(e -> e instanceof CondTimeout).toList();
        assertEquals(List.of(new CondTimeout(500 * US, "c", 0)), timeouts, "a times out at its deadline, no slack");
        assertEquals(3, b.events.stream().filter(e -> e instanceof CondSignal).count());
    }

    /**
     * The expired waiter waits again at once with its first-arrival key: glibc puts it behind b and c (its latest
     * wait is the newest), fifo in front of them (it arrived first). Four signals reach each thread once, in order.
     */
    @ParameterizedTest
    @EnumSource(value = WakeOrder.class, names = {"GLIBC", "GLIBC_GROUPS", "FIFO"})
    void aWaiterThatTimedOutAndWaitsAgainIsPlacedByTheOrder(WakeOrder order) {
        Bench b = new Bench(order, 1);
        b.waiter("a", 0, 0, 500 * US, true);
        b.waiter("b", 1, 1, -1, false);
        b.waiter("c", 2, 2, -1, false);
        b.signals(MS, 1, 3);
        b.run();
        List<String> expected = order != WakeOrder.FIFO
                ? List.of("b", "c", "a", "lost")
                : List.of("a", "b", "c", "lost");
        assertEquals(expected, b.signalled, order.id);
        List<String> wakes = new ArrayList<>(List.of("a:timeout"));
        wakes.addAll(expected.subList(0, 3));
        assertEquals(wakes, b.woken, order.id);
    }

    /**
     * Random order: each signal picks uniformly, from the seeded stream, among the waiters (kept in latest-wait
     * order); the same seed gives the same wakes, and over seeds each waiter is sometimes first.
     */
    @Test
    void randomOrderIsReproducibleFromTheSeed() {
        Set<String> firsts = new HashSet<>();
        for (long seed = 1; seed <= 40; seed++) {
            String replay = "seed " + seed + " (replay: CondVarTest#randomOrderIsReproducibleFromTheSeed, this seed)";
            Bench b = randomBench(seed).run();
            assertEquals(b.signalled, randomBench(seed).run().signalled, "same seed, same wakes; " + replay);
            // What the stream's draws pick from the queue [b, c, a] (a waited again after its timeout, so last).
            List<String> queue = new ArrayList<>(List.of("b", "c", "a"));
            SplittableRandom r = new RandomStreams(seed).stream("o");
            List<String> expected = new ArrayList<>();
            while (!queue.isEmpty()) expected.add(queue.remove(r.nextInt(queue.size())));
            expected.add("lost");
            assertEquals(expected, b.signalled, replay);
            assertEquals("a:timeout", b.woken.get(0), replay);
            assertEquals(expected.subList(0, 3), b.woken.subList(1, 4), replay);
            firsts.add(b.signalled.get(0));
        }
        assertEquals(Set.of("a", "b", "c"), firsts, "each waiter is woken first under some seed");
    }

    private static Bench randomBench(long seed) {
        Bench b = new Bench(WakeOrder.RANDOM, seed);
        b.waiter("a", 0, 0, 500 * US, true);
        b.waiter("b", 1, 1, -1, false);
        b.waiter("c", 2, 2, -1, false);
        b.signals(MS, 1, 3);
        return b;
    }

    @Test
    void theWaitEventTellsTheNewestWaitersPlaceInEachOrder() {
        for (WakeOrder order : List.of(WakeOrder.GLIBC, WakeOrder.GLIBC_GROUPS, WakeOrder.FIFO)) {
            Bench b = new Bench(order, 1);
            b.waiter("a", 0, 0, 500 * US, true);
            b.waiter("b", 1, 1, -1, false);
            b.run();
            // a's second wait (after its timeout) finds b waiting: behind it in glibc's order, ahead of it in fifo.
            List<CondEvent.CondWait> waits = b.events.stream()
                    .filter(e -> e instanceof CondEvent.CondWait).map(e -> (CondEvent.CondWait) e).toList();
            assertEquals(3, waits.size(), waits.toString());
            CondEvent.CondWait again = waits.get(2);
            assertEquals(0, again.thread());
            assertEquals(2, again.queued());
            assertEquals(order == WakeOrder.FIFO ? 0 : 1, again.position(), order.id);
            assertTrue(again.deadlineNs() < 0);
        }
    }

    /**
     * glibc's groups: b's timed wait expires at 1 ms, but b runs only 10 us later. A signal at 1.005 ms finds b the
     * only member of G1 no signal has reached. Linux's futex_wait leaves the futex's queue only when its thread runs,
     * and returns 0 when a wake took it off first, so the signal's FUTEX_WAKE takes b: b's wait returns as signalled,
     * and c, in G2, sleeps on. With {@code wake_timed_out=false} (the model before 2026-12-03) b absorbs the signal,
     * returns timed out and passes it on when it runs, and only then is c woken. One queue gives it to c at once.
     */
    @ParameterizedTest
    @CsvSource({"glibc-groups,true", "glibc-groups,false", "glibc,true"})
    void aSignalReachesATimedOutWaiterThatHasNotRun(String orderId, boolean wakeTimedOut) {
        WakeOrder order = WakeOrder.byId(orderId);
        Bench b = new Bench(order, 1, CondVar.WaitEntry.NONE, wakeTimedOut, 0);
        b.waiter("a", 0, 0, -1, false);
        b.waiter("b", 1, 1, MS, false);
        b.waiter("c", 700 * US, 2, -1, false);
        b.signals(500 * US, 1, 0); // forms G1 of a and b, and wakes a
        b.signals(1005 * US, 1, 0);
        List<String> signalsToC = signalsTo(b, 2);
        b.run();
        List<CondEvent> absorbed = b.events.stream().filter(e -> e instanceof CondEvent.CondAbsorb).toList();
        if (order == WakeOrder.GLIBC_GROUPS && wakeTimedOut) {
            assertEquals(List.of("a", "b"), b.signalled, "the futex wake takes b, still on the futex's queue");
            assertEquals(List.of("a", "b"), b.woken, "b's wait returns as signalled; c sleeps on");
            assertEquals(List.of(), absorbed);
            assertEquals(List.of(), signalsToC);
        } else if (order == WakeOrder.GLIBC_GROUPS) {
            assertEquals(List.of("a", "b:timeout", "c"), b.woken);
            assertEquals(List.of("a", "lost"), b.signalled, "the second signal wakes nobody at once");
            assertEquals(List.of(new CondEvent.CondAbsorb(1005 * US, "c", 4, 1)), absorbed);
            assertEquals(List.of("b@1010us"), signalsToC, "b's replacement signal, when b runs");
        } else {
            assertEquals(List.of("a", "b:timeout", "c"), b.woken);
            assertEquals(List.of("a", "c"), b.signalled);
            assertEquals(List.of(), absorbed);
            assertEquals(List.of("s@1005us"), signalsToC);
        }
    }

    /**
     * glibc's groups, a 5 us way back from the futex: b's timed wait expires at 1 ms and b is back on a core at 1.010
     * ms, so it is off the futex's queue and out of its group (__condvar_cancel_waiting comes first after the system
     * call); a signal at 1.012 ms finds G1 empty, makes G2 (c) the new G1 and wakes c at once. With
     * {@code wake_timed_out=false} b stays in G1 until its wait returns at 1.015 ms, absorbs the signal and passes it
     * on then.
     */
    @ParameterizedTest
    @CsvSource({"true,s@1012us", "false,b@1015us"})
    void aTimedOutWaiterLeavesItsGroupWhenItRuns(boolean wakeTimedOut, String cWokenBy) {
        Bench b = new Bench(WakeOrder.GLIBC_GROUPS, 1, CondVar.WaitEntry.NONE, wakeTimedOut, 5 * US);
        b.waiter("a", 0, 0, -1, false);
        b.waiter("b", 1, 1, MS, false);
        b.waiter("c", 700 * US, 2, -1, false);
        b.signals(500 * US, 1, 0);
        b.signals(1012 * US, 1, 0);
        List<String> signalsToC = signalsTo(b, 2);
        b.run();
        assertEquals(List.of("a", "b:timeout", "c"), b.woken);
        assertEquals(List.of(cWokenBy), signalsToC);
    }

    /**
     * The one absorb left with {@code wake_timed_out}: b's deadline (220 us) passes while it is still entering its wait
     * (a 50 us entry from 200 us), before it has queued on the futex. A signal at 230 us turns G2 (b alone) into G1
     * and is assigned to b, whom no futex wake can reach: b absorbs it, and when its entry ends at 250 us it leaves its
     * group and sends a replacement, which finds nobody.
     */
    @Test
    void aWaiterTimedOutWhileEnteringItsWaitAbsorbsTheSignal() {
        Bench b = new Bench(WakeOrder.GLIBC_GROUPS, 1, new CondVar.WaitEntry(50 * US, 0, null), true, 0);
        b.waiter("a", 0, 0, -1, false);
        b.waiter("b", 200 * US, 1, 220 * US, false);
        b.signals(100 * US, 1, 0);
        b.signals(230 * US, 1, 0);
        b.run();
        assertEquals(List.of("a", "lost"), b.signalled);
        assertEquals(List.of("a", "b:timeout"), b.woken);
        assertEquals(List.of(new CondEvent.CondAbsorb(230 * US, "c", 3, 1)),
                b.events.stream().filter(e -> e instanceof CondEvent.CondAbsorb).toList());
        assertEquals(List.of(new CondSignal(250 * US, "c", 1, -1)), b.events.stream()
                .filter(e -> e instanceof CondSignal s && s.signaller() == 1).toList(), "b's replacement, lost");
    }

    /** "signaller@time" of each signal that woke thread {@code id}, as the run goes. */
    private static List<String> signalsTo(Bench b, int id) {
        List<String> out = new ArrayList<>();
        b.trace.add(e -> {
            if (e instanceof CondSignal s && s.woken() == id) {
                out.add(b.machine.threads().get(s.signaller()).name + "@" + s.timeNs() / US + "us");
            }
        });
        return out;
    }
}
