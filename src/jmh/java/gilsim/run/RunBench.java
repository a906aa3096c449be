package gilsim.run;

import gilsim.scenario.Params;
import gilsim.scenario.Scenario;
import gilsim.scenario.Scenarios;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A whole run of a built-in scenario, 2 s simulated, listeners and summary included: what {@code gilsim bench}
 * measures, under JMH's forks and statistics. Seeds cycle through 1..1000, as bench's measured runs do. The pool's
 * hot paths take thousands of runs to compile, hence the long warm-up.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class RunBench {
    @Param({"short-release", "slice-rotation"})
    String scenario;

    private Scenario s;
    private Params params;
    private long seed;

    @Setup(Level.Trial)
    public void resolve() {
        s = Scenarios.resolve(scenario);
        params = s.params(List.of(), null);
    }

    @Benchmark
    public long run() {
        seed = seed % 1000 + 1;
        return new Simulation(s, params, seed).run().events();
    }
}
