package gilsim.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gilsim.os.Machine;
import gilsim.os.SimThread;
import gilsim.os.WakeLatency;
import gilsim.sim.Engine;
import gilsim.sim.RandomStreams;
import gilsim.sim.Trace;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The condition variable's order and its timeouts, on a machine with enough cores that nobody queues. */
class CondVarTest {
    private final Engine engine = new Engine(10_000);
    private final Machine machine = new Machine(engine, new Trace(), new RandomStreams(1), 8,
            new WakeLatency(10_000, 0), 0, 1_000_000);
    private final List<String> woken = new ArrayList<>();

    private SimThread waiter(CondVar cv, String name, long startNs, long arrival, long deadlineNs, boolean rewait) {
        SimThread t = machine.newThread(name, -1);
        engine.at(startNs, () -> machine.start(t, () -> wait(cv, t, arrival, deadlineNs, rewait)));
        return t;
    }

    private void wait(CondVar cv, SimThread t, long arrival, long deadlineNs, boolean rewait) {
        cv.await(t, arrival, deadlineNs, timedOut -> {
            woken.add(t.name + (timedOut ? ":timeout" : ""));
            // A waiter that finds its predicate false waits again: glibc puts it at the back.
            if (rewait) wait(cv, t, arrival, -1, false);
            else machine.exit(t);
        });
    }

    private CondVar condVar(WakeOrder order) {
        return new CondVar("c", machine, new Trace(), order, new RandomStreams(1).stream("o"));
    }

    /** One signal at 1 ms (the woken waiter waits again at once), then three more 0.1 ms later. */
    private void signalOnceThenThrice(CondVar cv) {
        SimThread signaller = machine.newThread("s", -1);
        engine.at(1_000_000, () -> machine.start(signaller, () -> {
            cv.signal(signaller);
            machine.sleep(signaller, 100_000, () -> {
                cv.signal(signaller);
                cv.signal(signaller);
                cv.signal(signaller);
                machine.exit(signaller);
            });
        }));
        engine.runUntil(10_000_000);
    }

    @Test
    void glibcWakesTheOldestLatestWaitAndARewaiterGoesToTheBack() {
        CondVar cv = condVar(WakeOrder.GLIBC);
        SimThread a = waiter(cv, "a", 0, 0, -1, true);
        waiter(cv, "b", 1, 1, -1, false);
        waiter(cv, "c", 2, 2, -1, false);
        // a is woken first and waits again (now behind b and c); the next signals go to b, c, then a.
        signalOnceThenThrice(cv);
        assertEquals(List.of("a", "b", "c", "a"), woken);
    }

    @Test
    void fifoKeepsTheFirstArrivalAcrossRewaits() {
        CondVar cv = condVar(WakeOrder.FIFO);
        waiter(cv, "a", 0, 0, -1, true);
        waiter(cv, "b", 1, 1, -1, false);
        waiter(cv, "c", 2, 2, -1, false);
        signalOnceThenThrice(cv);
        assertEquals(List.of("a", "a", "b", "c"), woken);
    }

    @Test
    void aTimeoutEatsNoSignalAndASignalWithNoWaiterIsLost() {
        CondVar cv = condVar(WakeOrder.GLIBC);
        waiter(cv, "a", 0, 0, 500_000, false);   // times out at 0.5 ms
        waiter(cv, "b", 1, 1, -1, false);
        SimThread s = machine.newThread("s", -1);
        engine.at(1_000_000, () -> machine.start(s, () -> {
            assertEquals(1, cv.signal(s) >= 0 ? 1 : 0); // reaches b although a was ahead of it
            assertEquals(-1, cv.signal(s));            // nobody left: lost
            machine.exit(s);
        }));
        engine.runUntil(10_000_000);
        assertEquals(List.of("a:timeout", "b"), woken);
    }
}
