package gilsim.cpython;

import gilsim.os.Machine;
import gilsim.os.SimThread;
import java.util.function.BiConsumer;

/**
 * Python running on a thread: CPU time on the machine, with the eval breaker checked every {@code checkpointNs} of
 * it (loop back-edges, function entries, returns from C calls). A check point matters only once a stop has been
 * asked for (a drop request is pending): the run then stops at the next one and hands the rest of itself, as a
 * continuation, to the check point's handler.
 */
final class EvalLoop {
    private final Machine machine;
    private final long checkpointNs;
    private final BiConsumer<SimThread, Runnable> atCheckpoint;
    /**
     * Each thread's one run record, reused from run to run (a thread runs one piece of Python at a time); null before
     * its first. Only a run in progress is ever in a burst.
     */
    private final PythonRun[] records;
    /** Each thread's burst-end continuation, made at its first run: none is allocated per burst. */
    private final Runnable[] burstEnded;

    EvalLoop(Machine machine, long checkpointNs, int threads, BiConsumer<SimThread, Runnable> atCheckpoint) {
        this.machine = machine;
        this.checkpointNs = checkpointNs;
        this.atCheckpoint = atCheckpoint;
        this.records = new PythonRun[threads];
        this.burstEnded = new Runnable[threads];
    }

    void run(SimThread t, long ns, Runnable then) {
        PythonRun r = records[t.id];
        if (r == null) {
            r = records[t.id] = new PythonRun(ns, then);
            PythonRun record = r;
            burstEnded[t.id] = () -> burstEnded(t, record);
        } else {
            r.start(ns, then);
        }
        burst(t, r);
    }

    /** Asks {@code t}'s Python to stop at its next check point; no effect between bursts or without check points. */
    void stopAtCheckpoint(SimThread t) {
        PythonRun r = records[t.id];
        if (r == null || !r.inBurst || r.stopping || checkpointNs <= 0) return;
        r.stopping = true;
        long leftNs = machine.cpuLeftNs(t);
        long doneNs = r.doneNs + r.burstNs - leftNs;
        long untilCheckpointNs = Math.min(leftNs, (checkpointNs - doneNs % checkpointNs) % checkpointNs);
        r.burstNs -= leftNs - untilCheckpointNs;
        machine.shortenBurst(t, untilCheckpointNs);
    }

    private void burst(SimThread t, PythonRun r) {
        r.burstNs = r.totalNs - r.doneNs;
        r.inBurst = true;
        machine.cpu(t, r.burstNs, burstEnded[t.id]);
    }

    private void burstEnded(SimThread t, PythonRun r) {
        r.inBurst = false;
        r.doneNs += r.burstNs;
        if (r.doneNs >= r.totalNs) {
            r.then.run();
            return;
        }
        r.stopping = false;
        atCheckpoint.accept(t, () -> burst(t, r));
    }
}
