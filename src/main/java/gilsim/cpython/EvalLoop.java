package gilsim.cpython;

import gilsim.os.Machine;
import gilsim.os.RaceSpeed;
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
    /** The machine's race speed: while it runs fast, the holder reaches its next check point sooner. */
    private final RaceSpeed raceSpeed;
    private final BiConsumer<SimThread, Runnable> atCheckpoint;
    /**
     * Each thread's one run record, reused from run to run (a thread runs one piece of Python at a time); null before
     * its first. Only a run in progress is ever in a burst.
     */
    private final PythonRun[] records;
    /** Each thread's burst-end continuation, made at its first run: none is allocated per burst. */
    private final Runnable[] burstEnded;

    EvalLoop(Machine machine, long checkpointNs, RaceSpeed raceSpeed, int threads,
             BiConsumer<SimThread, Runnable> atCheckpoint) {
        this.machine = machine;
        this.checkpointNs = checkpointNs;
        this.raceSpeed = raceSpeed;
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
        // The spacing is the holder's reaction spread (docs/model.md): at the fast speed its check points come closer.
        long spacingNs = Math.max(1, raceSpeed.scaled(machine.nowNs(), checkpointNs));
        long untilCheckpointNs = Math.min(leftNs, (spacingNs - doneNs % spacingNs) % spacingNs);
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
