package gilsim.report.chart;

import gilsim.cpython.Gil;
import gilsim.cpython.GilEvent;
import gilsim.cpython.GilEvent.DropRequest;
import gilsim.cpython.GilEvent.ForcedSwitch;
import gilsim.cpython.GilEvent.GilDrop;
import gilsim.cpython.GilEvent.GilTake;
import gilsim.cpython.GilEvent.GilWant;
import gilsim.m0.PoolEvent;
import gilsim.m0.PoolEvent.JobTaken;
import gilsim.m0.PoolEvent.TurnYield;
import gilsim.metrics.Spans;
import gilsim.os.OsEvent;
import gilsim.os.OsEvent.ThreadState;
import gilsim.sync.CondEvent;
import gilsim.sync.CondEvent.CondSignal;
import gilsim.sync.CondEvent.CondTimeout;
import java.util.Arrays;

/**
 * Each thread's lane as a timeline draws it, read from the run's view of each thread's activity ({@link Spans}): a
 * segment of one {@link Activity} each time it changes, and the marked instants ({@link MarkKind}). The one reading
 * that the PNG timelines and the HTML page's recording both draw from.
 */
public final class ActivityLanes implements OsEvent.Listener, GilEvent.Listener, CondEvent.Listener,
        PoolEvent.Listener {
    /** Receives the lanes as they are drawn, in time order. */
    public interface Sink {
        /** {@code thread} did {@code activity} over {@code [fromNs, toNs)}, a span of some length. */
        void segment(int thread, Activity activity, long fromNs, long toNs);

        void mark(int thread, MarkKind kind, long timeNs);

        /** The GIL was taken, after the taker's lane moved. */
        default void taken(GilTake e) {}

        /** The GIL was dropped, after the dropper's lane moved. */
        default void dropped(GilDrop e) {}

        /** The run ended, after every lane's last segment. */
        default void end(long endNs) {}
    }

    private final Spans view;
    private final Sink sink;
    private final Activity[] activity;
    private final long[] sinceNs;

    /** @param view the run's view of each thread's activity, a listener before this one */
    public ActivityLanes(int threads, Spans view, Sink sink) {
        this.view = view;
        this.sink = sink;
        activity = new Activity[threads];
        Arrays.fill(activity, Activity.OFF);
        sinceNs = new long[threads];
    }

    @Override
    public void onThreadState(ThreadState e) {
        update(e.thread(), e.timeNs());
    }

    @Override
    public void onGilWant(GilWant e) {
        update(e.thread(), e.timeNs());
    }

    @Override
    public void onGilTake(GilTake e) {
        update(e.thread(), e.timeNs());
        sink.taken(e);
    }

    @Override
    public void onGilDrop(GilDrop e) {
        update(e.thread(), e.timeNs());
        sink.dropped(e);
    }

    @Override
    public void onCondSignal(CondSignal e) {
        if (e.cond().equals(Gil.COND) && e.woken() >= 0) sink.mark(e.woken(), MarkKind.SIGNAL, e.timeNs());
    }

    @Override
    public void onCondTimeout(CondTimeout e) {
        if (e.cond().equals(Gil.COND)) sink.mark(e.thread(), MarkKind.TIMEOUT, e.timeNs());
    }

    @Override
    public void onDropRequest(DropRequest e) {
        sink.mark(e.holder(), MarkKind.DROP_REQUEST, e.timeNs());
    }

    @Override
    public void onForcedSwitch(ForcedSwitch e) {
        sink.mark(e.thread(), MarkKind.FORCED_SWITCH, e.timeNs());
    }

    @Override
    public void onJobTaken(JobTaken e) {
        if (e.kept()) sink.mark(e.thread(), MarkKind.JOB_KEPT, e.timeNs());
    }

    @Override
    public void onTurnYield(TurnYield e) {
        if (e.start()) sink.mark(e.thread(), MarkKind.YIELD, e.timeNs());
    }

    @Override
    public void finish(long endNs) {
        for (int t = 0; t < activity.length; t++) close(t, endNs);
        sink.end(endNs);
    }

    private void update(int t, long nowNs) {
        Activity now = Activity.of(view.holding(t), view.waiting(t), view.state(t));
        if (now == activity[t]) return;
        close(t, nowNs);
        activity[t] = now;
        sinceNs[t] = nowNs;
    }

    private void close(int t, long nowNs) {
        if (nowNs > sinceNs[t]) sink.segment(t, activity[t], sinceNs[t], nowNs);
    }
}
