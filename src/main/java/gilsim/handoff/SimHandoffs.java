package gilsim.handoff;

import gilsim.cpython.Gil;
import gilsim.cpython.GilEvent;
import gilsim.cpython.GilEvent.ForcedSwitch;
import gilsim.cpython.GilEvent.GilDrop;
import gilsim.cpython.GilEvent.GilTake;
import gilsim.handoff.HandoffEvent.Kind;
import gilsim.sync.CondEvent;
import gilsim.sync.CondEvent.CondReturn;
import gilsim.sync.CondEvent.CondWait;
import gilsim.sync.MutexEvent;
import gilsim.sync.MutexEvent.MutexBlock;
import java.util.ArrayList;
import java.util.List;

/**
 * A simulated run's hand-offs, read from its trace events in the terms a real trace has: a timed wait on the GIL's
 * condition variable returns when the condition variable says so ({@code CondReturn}: after its thread has run the way
 * back from its sleep, as {@code pthread_cond_timedwait} returns only then), signalled or timed out.
 */
public final class SimHandoffs implements GilEvent.Listener, CondEvent.Listener, MutexEvent.Listener {
    private final String source;
    private final List<String> threads;
    private final List<HandoffEvent> events = new ArrayList<>();
    private long endNs = -1;

    public SimHandoffs(String source, List<String> threads) {
        this.source = source;
        this.threads = List.copyOf(threads);
    }

    @Override
    public void onGilTake(GilTake e) {
        add(e.timeNs(), e.thread(), Kind.TAKE);
    }

    @Override
    public void onGilDrop(GilDrop e) {
        add(e.timeNs(), e.thread(), Kind.DROP);
    }

    @Override
    public void onForcedSwitch(ForcedSwitch e) {
        add(e.timeNs(), e.thread(), Kind.FORCED_WAIT);
    }

    @Override
    public void onCondWait(CondWait e) {
        if (e.cond().equals(Gil.COND)) events.add(new HandoffEvent(e.timeNs(), e.thread(), Kind.WAIT, e.core()));
    }

    @Override
    public void onCondReturn(CondReturn e) {
        if (e.cond().equals(Gil.COND)) add(e.timeNs(), e.thread(), e.timedOut() ? Kind.TIMED_OUT : Kind.WOKEN);
    }

    @Override
    public void onMutexBlock(MutexBlock e) {
        if (e.mutex().equals(Gil.MUTEX)) add(e.timeNs(), e.thread(), Kind.MUTEX_BLOCK);
    }

    private void add(long timeNs, int thread, Kind kind) {
        events.add(new HandoffEvent(timeNs, thread, kind));
    }

    @Override
    public void finish(long endNs) {
        this.endNs = endNs;
    }

    /** The run's log; call after it has finished. */
    public HandoffLog log() {
        if (endNs < 0) throw new IllegalStateException("the run has not finished");
        return new HandoffLog(source, threads, endNs, events, 0, true, true);
    }
}
