package gilsim.os;

import gilsim.sim.Engine;
import gilsim.sim.RandomStreams;
import java.util.SplittableRandom;

/**
 * Other processes on the machine: on each core, foreign work arrives after exponential gaps of mean {@code gapNs}
 * and holds the core for {@code runNs}, preempting whatever simulated thread ran there. Off unless a scenario asks.
 */
public final class BackgroundLoad {
    private BackgroundLoad() {}

    /** Starts the load on every core of {@code machine}; a gap of 0 means none. */
    public static void start(Machine machine, RandomStreams streams, long gapNs, long runNs) {
        if (gapNs <= 0) return;
        for (int c = 0; c < machine.cores(); c++) {
            schedule(machine, c, streams.stream("background-load-" + c), gapNs, runNs);
        }
    }

    private static void schedule(Machine machine, int core, SplittableRandom random, long gapNs, long runNs) {
        Engine engine = machine.engine();
        // StrictMath: the gap feeds the simulation, so it must be the same bits on every JVM and CPU.
        long gap = (long) (-StrictMath.log(1 - random.nextDouble()) * gapNs);
        engine.after(gap, () -> {
            if (machine.occupyByForeignWork(core)) engine.after(runNs, () -> machine.releaseForeignWork(core));
            schedule(machine, core, random, gapNs, runNs);
        });
    }
}
