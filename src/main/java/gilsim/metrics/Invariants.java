package gilsim.metrics;

import gilsim.sim.TraceEvent;
import gilsim.cpython.GilEvent.GilDrop;
import gilsim.cpython.GilEvent.GilTake;
import gilsim.os.RunState;
import gilsim.os.OsEvent.ThreadState;
import gilsim.sim.TraceListener;

/**
 * Checks, on every event of every run, what must always hold: at most one GIL holder, at most {@code cores}
 * threads running, simulated time never going back. It only observes; a violation stops the run with the event.
 */
public final class Invariants implements TraceListener {
    private final int cores;
    private final boolean[] isRunning;
    private int running;
    private int holder = -1;
    private long lastNs;

    public Invariants(int cores, int threads) {
        this.cores = cores;
        this.isRunning = new boolean[threads];
    }

    @Override
    public void on(TraceEvent e) {
        if (e.timeNs() < lastNs) fail("time went back from " + lastNs + " to", e);
        lastNs = e.timeNs();
        if (e instanceof GilTake t) {
            if (holder >= 0) fail("thread " + holder + " still holds the GIL at", e);
            holder = t.thread();
        } else if (e instanceof GilDrop d) {
            if (holder != d.thread()) fail("GIL dropped by a thread that does not hold it (holder " + holder + ")", e);
            holder = -1;
        } else if (e instanceof ThreadState s) {
            boolean now = s.state() == RunState.RUNNING;
            if (now != isRunning[s.thread()]) {
                running += now ? 1 : -1;
                isRunning[s.thread()] = now;
            }
            if (running > cores) fail(running + " threads running on " + cores + " cores", e);
        }
    }

    private static void fail(String what, TraceEvent e) {
        throw new InvariantViolation("invariant violated: " + what + " " + e);
    }

    /** An invariant of the model does not hold: a bug in gilsim, never in the input. */
    public static final class InvariantViolation extends IllegalStateException {
        InvariantViolation(String message) {
            super(message);
        }
    }
}
