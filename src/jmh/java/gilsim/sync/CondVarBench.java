package gilsim.sync;

import gilsim.os.Machine;
import gilsim.os.SimThread;
import gilsim.os.WakeLatency;
import gilsim.sim.Engine;
import gilsim.sim.RandomStreams;
import gilsim.sim.Trace;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The GIL's condition variable on the machine, with no GIL and no listener: a waiter in a 5 ms timed wait and a
 * signaller that computes 10 us and signals, over and over. One operation is one wait, signal, wake-up and
 * dispatch, the round trip of a GIL hand-off (the pool makes one about every 4 engine events).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class CondVarBench {
    static final int CYCLES = 10_000;

    @Param({"glibc", "fifo", "glibc-groups"})
    String wakeOrder;

    @Benchmark
    @OperationsPerInvocation(CYCLES)
    public long waitAndSignal() {
        Engine engine = new Engine(Long.MAX_VALUE);
        RandomStreams streams = new RandomStreams(1);
        Trace trace = new Trace();
        Machine machine = new Machine(engine, trace, streams, 2, new WakeLatency.Uniform(60_000, 30_000), 50_000,
                1_500_000);
        CondVar cond = CondVar.create("gil", machine, trace, WakeOrder.byId(wakeOrder), streams.stream("order"),
                CondVar.WaitEntry.NONE);
        SimThread waiter = machine.newThread("waiter", -1);
        SimThread signaller = machine.newThread("signaller", -1);
        long[] cycles = {0};
        Runnable[] await = new Runnable[1];
        await[0] = () -> cond.await(waiter, 0, machine.nowNs() + 5_000_000, timedOut -> await[0].run());
        Runnable[] signal = new Runnable[1];
        signal[0] = () -> machine.cpu(signaller, 10_000, () -> {
            if (cond.signal(signaller) >= 0) cycles[0]++;
            if (cycles[0] < CYCLES) signal[0].run();
            else engine.stop();
        });
        machine.start(waiter, await[0]);
        machine.start(signaller, signal[0]);
        engine.runUntil(Long.MAX_VALUE / 4);
        return engine.eventsExecuted();
    }
}
