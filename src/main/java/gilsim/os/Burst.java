package gilsim.os;

import gilsim.sim.Event;
import java.util.function.Consumer;

/** CPU time a thread must consume; it can be paused by preemption and stopped at its next check point. */
final class Burst {
    long remainingNs;
    /** CPU time consumed so far; check points fall at multiples of {@link #checkpointNs}. */
    long doneNs;
    final Runnable then;
    /** Spacing of check points in CPU time, or 0 when nothing can stop the burst early. */
    final long checkpointNs;
    /** Called at a check point with the continuation that resumes the rest of the burst. */
    final Consumer<Runnable> atCheckpoint;
    boolean stopAtCheckpoint;
    /** When the current stretch on a core began. */
    long startedNs;
    Event pending;

    Burst(long ns, long checkpointNs, Consumer<Runnable> atCheckpoint, Runnable then) {
        this.remainingNs = ns;
        this.checkpointNs = checkpointNs;
        this.atCheckpoint = atCheckpoint;
        this.then = then;
    }

    /** CPU time until the burst ends or, when asked, until its next check point. */
    long nextStopNs() {
        if (!stopAtCheckpoint || checkpointNs <= 0) return remainingNs;
        long untilCheckpoint = (checkpointNs - doneNs % checkpointNs) % checkpointNs;
        return Math.min(remainingNs, untilCheckpoint);
    }
}
