package gilsim.m0;

import gilsim.os.Machine;
import gilsim.os.SimThread;
import java.util.ArrayList;
import java.util.List;

/**
 * The turn block shared by the pool's threads (three int64 words in m0): the waiter and attach counters.
 * {@code waiters} counts pool threads parked in PyEval_RestoreThread with a job in hand; {@code attaches} counts
 * completed re-attaches, and a yielding thread spins until it moves.
 */
final class Turn {
    private final Machine machine;
    /** _TURN_WAITERS. Kept whether or not the turn is on: the pool's instruments read it too. */
    int waiters;
    /** _TURN_ATTACHES. */
    long attaches;
    /** Threads spinning in sched_yield until {@link #attaches} moves. */
    private final List<SimThread> yielding = new ArrayList<>();

    Turn(Machine machine) {
        this.machine = machine;
    }

    void attached() {
        attaches++;
        // A spinning thread sees the counter move on its next sched_yield round: within a microsecond; taken as now.
        for (SimThread t : yielding) machine.shortenBurst(t, 0);
        yielding.clear();
    }

    void startYield(SimThread t) {
        yielding.add(t);
    }

    void endYield(SimThread t) {
        yielding.remove(t);
    }
}
