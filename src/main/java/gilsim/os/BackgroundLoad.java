package gilsim.os;

import gilsim.sim.Engine;
import gilsim.sim.RandomStreams;
import java.util.SplittableRandom;

/**
 * Other processes on the machine: for each core, foreign work arrives after exponential gaps of mean {@code gapNs}
 * and holds a core for {@code runNs}: its own core, preempting whatever simulated thread ran there, or with
 * {@code idleFirst} an idle core when there is one (a kernel worker or a daemon that may run anywhere; on this
 * project's VM the spinning thread of a busy CPU lost its CPU for a millisecond or more about once a second while the
 * other CPU was busy too, and almost never while it was idle: docs/model.md, "Background load"). Off unless asked.
 */
public final class BackgroundLoad {
    private BackgroundLoad() {}

    /** Starts the load on every core of {@code machine}; a gap of 0 means none. */
    public static void start(Machine machine, RandomStreams streams, long gapNs, long runNs, boolean idleFirst) {
        if (gapNs <= 0) return;
        for (int c = 0; c < machine.cores(); c++) {
            schedule(machine, c, streams.stream("background-load-" + c), gapNs, runNs, idleFirst);
        }
    }

    private static void schedule(Machine machine, int core, SplittableRandom random, long gapNs, long runNs,
                                 boolean idleFirst) {
        Engine engine = machine.engine();
        // StrictMath: the gap feeds the simulation, so it must be the same bits on every JVM and CPU.
        long gap = (long) (-StrictMath.log(1 - random.nextDouble()) * gapNs);
        engine.after(gap, () -> {
            int at = idleFirst ? machine.coreForMovableWork(core) : core;
            if (machine.occupyByForeignWork(at)) engine.after(runNs, () -> machine.releaseForeignWork(at));
            schedule(machine, core, random, gapNs, runNs, idleFirst);
        });
    }
}
