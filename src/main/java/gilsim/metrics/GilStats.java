package gilsim.metrics;

import gilsim.cpython.Gil;
import gilsim.cpython.GilEvent.DropRequest;
import gilsim.cpython.GilEvent.ForcedSwitch;
import gilsim.cpython.GilEvent.GilTake;
import gilsim.sync.CondEvent.CondSignal;
import gilsim.sync.CondEvent.CondTimeout;
import gilsim.sync.CondEvent.CondWait;

/**
 * Streams per-thread GIL waits and holds and the GIL's counters. Memory is one histogram per thread, however long
 * the run: waits stream into {@link Latencies}.
 */
public final class GilStats implements RunListener, Spans.Sink {
    /** One thread's figures. */
    public static final class PerThread {
        final Latencies waits;
        long acquisitions;
        long holdNs;
        /** Wake-ups by a GIL signal that found the GIL taken again, so the thread waited anew. */
        long wakeupsLost;
        boolean signalled;

        PerThread(long runNs) {
            this.waits = new Latencies(runNs);
        }

        public long waitMaxNs() {
            return waits.maxNs();
        }

        /** A percentile of the waits; never above the exact maximum (a histogram bucket's top can be). */
        public long waitPercentileNs(double p) {
            return waits.percentileNs(p);
        }

        public long acquisitions() {
            return acquisitions;
        }

        public long holdNs() {
            return holdNs;
        }

        public long wakeupsLost() {
            return wakeupsLost;
        }
    }

    private final PerThread[] threads;
    private long switches;
    private long dropRequests;
    private long forcedSwitches;
    private long timeouts;

    /** @param runNs the run's length: no wait is longer */
    public GilStats(int threadCount, long runNs) {
        threads = new PerThread[threadCount];
        for (int i = 0; i < threadCount; i++) threads[i] = new PerThread(runNs);
    }

    @Override
    public void onGilTake(GilTake t) {
        PerThread p = threads[t.thread()];
        p.signalled = false;
        p.acquisitions++;
        if (t.switched()) switches++;
    }

    @Override
    public void onCondSignal(CondSignal s) {
        if (s.cond().equals(Gil.COND) && s.woken() >= 0) threads[s.woken()].signalled = true;
    }

    @Override
    public void onCondWait(CondWait w) {
        if (!w.cond().equals(Gil.COND)) return;
        PerThread p = threads[w.thread()];
        if (p.signalled) p.wakeupsLost++;
        p.signalled = false;
    }

    @Override
    public void onCondTimeout(CondTimeout t) {
        if (t.cond().equals(Gil.COND)) timeouts++;
    }

    @Override
    public void onDropRequest(DropRequest r) {
        dropRequests++;
    }

    @Override
    public void onForcedSwitch(ForcedSwitch f) {
        forcedSwitches++;
    }

    /** Waits and holds, open ones up to the end of the run. */
    @Override
    public void span(Spans.Span s) {
        PerThread p = threads[s.thread()];
        if (s.kind() == Spans.Kind.HOLD) {
            p.holdNs += s.lengthNs();
        } else {
            p.waits.record(s.lengthNs());
        }
    }

    public PerThread thread(int id) {
        return threads[id];
    }

    public long switches() {
        return switches;
    }

    public long dropRequests() {
        return dropRequests;
    }

    public long forcedSwitches() {
        return forcedSwitches;
    }

    public long timeouts() {
        return timeouts;
    }
}
