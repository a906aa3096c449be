package gilsim.sim;

import java.util.List;
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
 * The trace's fan-out alone: what handing one event to its listeners costs, with listeners that only count. A pool
 * run emits events of eleven classes, about 2.5 for each engine event, to six listeners that read a few classes
 * each; {@code readsAll} hands every listener every event instead (as before listeners named their classes).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class TraceBench {
    static final int EVENTS = 4096;

    record E0(long timeNs) implements TraceEvent {}
    record E1(long timeNs) implements TraceEvent {}
    record E2(long timeNs) implements TraceEvent {}
    record E3(long timeNs) implements TraceEvent {}
    record E4(long timeNs) implements TraceEvent {}
    record E5(long timeNs) implements TraceEvent {}
    record E6(long timeNs) implements TraceEvent {}
    record E7(long timeNs) implements TraceEvent {}
    record E8(long timeNs) implements TraceEvent {}
    record E9(long timeNs) implements TraceEvent {}
    record E10(long timeNs) implements TraceEvent {}

    /** Each listener's classes: the pool run's pattern (one reads nearly every GIL event, most read one family). */
    static final List<List<Class<? extends TraceEvent>>> READS = List.of(
            List.of(E1.class, E2.class, E3.class),
            List.of(E4.class, E2.class, E5.class, E6.class, E7.class, E8.class),
            List.of(E2.class, E3.class, E0.class),
            List.of(E1.class, E2.class, E3.class),
            List.of(E2.class, E9.class, E10.class),
            List.of(E0.class));

    @Param({"false", "true"})
    boolean readsAll;

    private Trace trace;
    private final TraceEvent[] events = new TraceEvent[EVENTS];

    /** Six listener classes, so the call to each is as megamorphic as in a run. */
    abstract static class Counter implements TraceListener {
        List<Class<? extends TraceEvent>> reads;
        long seen;

        void reading(List<Class<? extends TraceEvent>> classes) {
            this.reads = classes;
        }

        @Override
        public List<Class<? extends TraceEvent>> reads() {
            return reads;
        }
    }

    static final class C0 extends Counter { @Override public void on(TraceEvent e) { seen++; } }
    static final class C1 extends Counter { @Override public void on(TraceEvent e) { seen += 2; } }
    static final class C2 extends Counter { @Override public void on(TraceEvent e) { seen += 3; } }
    static final class C3 extends Counter { @Override public void on(TraceEvent e) { seen += 4; } }
    static final class C4 extends Counter { @Override public void on(TraceEvent e) { seen += 5; } }
    static final class C5 extends Counter { @Override public void on(TraceEvent e) { seen += 6; } }

    @Setup(Level.Trial)
    public void wire() {
        trace = new Trace();
        List<Counter> counters = List.of(new C0(), new C1(), new C2(), new C3(), new C4(), new C5());
        for (int i = 0; i < counters.size(); i++) counters.get(i).reading(readsAll ? null : READS.get(i));
        counters.forEach(trace::add);
        // All at time 0, so the trace's clock check passes however often the array is replayed. A pool run's mix:
        // ThreadState twice as often as each GIL or condition-variable event, the pool's events rarer.
        int[] mix = {0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1, 2, 3};
        SplittableRandom r = new SplittableRandom(1);
        for (int i = 0; i < EVENTS; i++) {
            events[i] = switch (mix[r.nextInt(mix.length)]) {
                case 0 -> new E0(0);
                case 1 -> new E1(0);
                case 2 -> new E2(0);
                case 3 -> new E3(0);
                case 4 -> new E4(0);
                case 5 -> new E5(0);
                case 6 -> new E6(0);
                case 7 -> new E7(0);
                case 8 -> new E8(0);
                case 9 -> new E9(0);
                default -> new E10(0);
            };
        }
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public void emit() {
        for (TraceEvent e : events) trace.emit(e);
    }
}
