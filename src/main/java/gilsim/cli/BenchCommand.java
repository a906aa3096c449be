package gilsim.cli;

import gilsim.run.Simulation;
import gilsim.scenario.InputError;
import gilsim.scenario.MachineProfile;
import gilsim.scenario.Params;
import gilsim.scenario.Scenario;
import gilsim.scenario.Scenarios;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code gilsim bench}: events per second over repeated in-process runs, after a warm-up, on one thread.
 * Speed is reported two ways: from the median run's wall time (robust to the occasional slow run on a shared
 * machine) and from the mean over all runs of the thread's CPU time. Wall-clock figures belong here and in docs,
 * never in tests.
 */
@Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Measures simulation speed: events per second and wall time per run, on one core.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:measured", "2:bad input", "3:a run exceeded its event budget (max_events)"},
        // The collector moves the figure more than most changes do: say so where the figure is asked for.
        footer = {"", "A run is one thread, so the figure is one core's work; the JVM around it moves it. Pinned to "
                + "one core (taskset -c 1 on Linux) the JVM uses its serial collector; on two or more processors G1, "
                + "about 10%% slower on the pool. The last line names the JVM and its collectors "
                + "(docs/benchmarks.md)."})
final class BenchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..*", paramLabel = "NAME|FILE", description = "scenarios to measure (default: all built-ins)")
    List<String> scenarios = new ArrayList<>();

    @Mixin
    SetOption set = new SetOption();

    @Mixin
    MachineOption machine = new MachineOption();

    @Option(names = "--runs", defaultValue = "300", paramLabel = "N",
            description = "measured runs per scenario, 1..1,000,000 (default: ${DEFAULT-VALUE})")
    int runs;

    @Option(names = "--warmup", defaultValue = "700", paramLabel = "N",
            description = "unmeasured runs first, for the JIT, 0..1,000,000 (default: ${DEFAULT-VALUE})")
    int warmup;

    static final int MAX_RUNS = 1_000_000;

    @Override
    public Integer call() {
        if (runs < 1 || runs > MAX_RUNS) throw new InputError("--runs " + runs + ": must be 1..1,000,000");
        if (warmup < 0 || warmup > MAX_RUNS) throw new InputError("--warmup " + warmup + ": must be 0..1,000,000");
        PrintWriter out = spec.commandLine().getOut();
        List<String> names = scenarios.isEmpty() ? gilsim.scenario.Builtins.names() : scenarios;
        // Every scenario and --set is read, and run once, before anything is printed: a typo or a run its event
        // budget stops ends the bench with one line, before the first measurement.
        MachineProfile profile = machine.profile();
        for (String name : names) {
            Scenario s = Scenarios.resolve(name);
            new Simulation(s, s.params(set.sets, profile), 1).run();
        }
        out.printf("%-16s %6s %11s %16s %16s %11s %11s%n", "scenario", "runs", "events/run", "events/s median",
                "events/cpu-s mean", "ms/run p50", "ms/run min");
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        for (String name : names) {
            Scenario s = Scenarios.resolve(name);
            Params p = s.params(set.sets, profile);
            for (int i = 0; i < warmup; i++) new Simulation(s, p, i + 1).run();
            long events = 0;
            long[] perRun = new long[runs];
            long cpu0 = cpu.getCurrentThreadCpuTime();
            for (int i = 0; i < runs; i++) {
                long t0 = System.nanoTime();
                events += new Simulation(s, p, i + 1).run().events();
                perRun[i] = System.nanoTime() - t0;
            }
            long cpuNs = cpu.getCurrentThreadCpuTime() - cpu0;
            Arrays.sort(perRun);
            long medianNs = perRun[runs / 2];
            out.printf(Locale.ROOT, "%-16s %6d %11d %16.0f %16.0f %11.3f %11.3f%n", name, runs, events / runs,
                    (events / runs) / (medianNs / 1e9), events / (cpuNs / 1e9), medianNs / 1e6, perRun[0] / 1e6);
        }
        out.println(jvm());
        return 0;
    }

    /**
     * The JVM the figures came from: they move with its collector (the serial one, which the JVM picks by itself on
     * one processor, runs the pool a fifth faster than G1, docs/benchmarks.md) and with the processors it may use.
     */
    static String jvm() {
        List<String> collectors = new ArrayList<>();
        for (var gc : ManagementFactory.getGarbageCollectorMXBeans()) collectors.add(gc.getName());
        int processors = Runtime.getRuntime().availableProcessors();
        return "# java " + System.getProperty("java.vm.version") + " (" + System.getProperty("java.vm.name") + "), "
                + processors + (processors == 1 ? " processor" : " processors") + ", collectors: "
                + String.join(", ", collectors);
    }
}
