package gilsim.sim;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The engine's event loop alone, with no model: what one event costs the queue and the loop. A pool run keeps
 * about 14 events queued (at most 17) and cancels one scheduled event in four; {@code pending} sets the first, and
 * {@code cancelPercent} the second.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class EventLoopBench {
    static final int EVENTS = 100_000;

    @Param({"14", "64"})
    int pending;

    @Param({"0", "25"})
    int cancelPercent;

    /** Delays drawn once: the benchmark measures the loop, not the random generator. */
    private final long[] delaysNs = new long[4096];
    private final boolean[] cancels = new boolean[4096];

    @Setup(Level.Trial)
    public void draw() {
        SplittableRandom r = new SplittableRandom(1);
        for (int i = 0; i < delaysNs.length; i++) {
            delaysNs[i] = r.nextLong(1, 400_000); // 1 ns to 400 us, the pool's spread of steps
            cancels[i] = r.nextInt(100) < cancelPercent;
        }
    }

    /**
     * {@code pending} actors, each scheduling its next step when it runs; a cancelled step is rescheduled at
     * once, as a woken condition-variable waiter's timer is replaced by its wake-up.
     */
    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public long engine() {
        Engine engine = new Engine(Long.MAX_VALUE);
        int[] next = {0};
        Runnable[] actor = new Runnable[1];
        actor[0] = () -> {
            if (engine.eventsExecuted() == EVENTS) engine.stop();
            int i = next[0]++ & (delaysNs.length - 1);
            Event e = engine.after(delaysNs[i], actor[0]);
            if (cancels[i]) {
                e.cancel();
                engine.after(delaysNs[(i + 1) & (delaysNs.length - 1)], actor[0]);
            }
        };
        for (int a = 0; a < pending; a++) engine.after(a, actor[0]);
        engine.runUntil(Long.MAX_VALUE / 4);
        return engine.nowNs();
    }

    /** The queue alone: one poll and one add an event, at {@code pending} events queued. */
    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public long heap() {
        EventQueue heap = new EventQueue();
        long seq = 0;
        for (int a = 0; a < pending; a++) heap.add(new Event(a, seq++, null));
        long nowNs = 0;
        for (int i = 0; i < EVENTS; i++) {
            if (heap.peek().timeNs < 0) throw new IllegalStateException(); // the engine peeks before it polls
            Event e = heap.poll();
            nowNs = e.timeNs;
            heap.add(new Event(nowNs + delaysNs[i & (delaysNs.length - 1)], seq++, null));
        }
        return nowNs;
    }
}
