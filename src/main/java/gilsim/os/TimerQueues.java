package gilsim.os;

import gilsim.sim.Engine;
import gilsim.sim.Event;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * The cores' high-resolution timer queues, as Linux keeps them (kernel/time/hrtimer.c), for
 * {@link TimerExpiry#HRTIMER}. A timer armed with slack has a soft expiry, its deadline, and a hard one, the deadline
 * plus the slack; it is queued on the core its thread runs on. Each core's clock event is programmed for the earliest
 * hard expiry on its queue, and when that interrupt comes it runs every queued timer whose soft expiry has passed, in
 * deadline order ({@code __hrtimer_run_queues}), then programs the next.
 */
final class TimerQueues {
    private final Engine engine;
    private final long slackNs;
    /** Each core's armed timers, in deadline order (then arming order). A few a core: a list is enough. */
    private final List<List<HrTimer>> queued = new ArrayList<>();
    /** Each core's programmed interrupt, or null with nothing queued. */
    private final Event[] interrupt;
    /** Each core's interrupt handler, made once. */
    private final Runnable[] expire;
    /** Runs one interrupt's due timers, in order. */
    private final BiConsumer<Integer, List<HrTimer>> fire;

    TimerQueues(Engine engine, int cores, long slackNs, BiConsumer<Integer, List<HrTimer>> fire) {
        this.engine = engine;
        this.slackNs = slackNs;
        this.interrupt = new Event[cores];
        this.fire = fire;
        this.expire = new Runnable[cores];
        for (int c = 0; c < cores; c++) {
            queued.add(new ArrayList<>());
            int core = c;
            expire[c] = () -> expire(core);
        }
    }

    /** Queues a timer with deadline {@code softNs} on {@code core}; a new earliest one reprograms the interrupt. */
    HrTimer arm(int core, long softNs, Runnable action) {
        HrTimer timer = new HrTimer(softNs, core, action, null, this);
        List<HrTimer> queue = queued.get(core);
        int at = queue.size();
        while (at > 0 && queue.get(at - 1).softNs > softNs) at--;
        queue.add(at, timer);
        if (at == 0) program(core);
        return timer;
    }

    /** Takes a timer off its queue (a no-op once fired); the earliest one's going reprograms the interrupt. */
    void cancel(HrTimer timer) {
        if (timer.done) return;
        timer.done = true;
        List<HrTimer> queue = queued.get(timer.core);
        boolean first = queue.get(0) == timer;
        queue.remove(timer);
        if (first) program(timer.core);
    }

    /** The core's clock event at the earliest hard expiry on its queue, none for an empty queue. */
    private void program(int core) {
        if (interrupt[core] != null) interrupt[core].cancel();
        interrupt[core] = null;
        List<HrTimer> queue = queued.get(core);
        if (queue.isEmpty()) return;
        long hardNs = Math.max(queue.get(0).softNs + slackNs, engine.nowNs());
        interrupt[core] = engine.at(hardNs, expire[core]);
    }

    /** The core's timer interrupt: every queued timer past its deadline fires, in deadline order. */
    private void expire(int core) {
        interrupt[core] = null;
        List<HrTimer> queue = queued.get(core);
        long now = engine.nowNs();
        List<HrTimer> due = new ArrayList<>();
        while (!queue.isEmpty() && queue.get(0).softNs <= now) {
            HrTimer timer = queue.remove(0);
            timer.done = true;
            due.add(timer);
        }
        program(core);
        fire.accept(core, due);
    }
}
