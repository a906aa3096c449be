package gilsim.cli;

import gilsim.scenario.InputError;
import gilsim.scenario.MachineProfile;
import gilsim.scenario.Params;
import gilsim.scenario.Scenario;
import gilsim.scenario.Scenarios;
import gilsim.sim.Durations;
import gilsim.validate.RealSide;
import gilsim.validate.RealSides;
import gilsim.validate.Validation;
import gilsim.validate.ValidationChart;
import gilsim.validate.ValidationHandoffTrace;
import gilsim.validate.ValidationJson;
import gilsim.validate.ValidationText;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code gilsim validate NAME|FILE}: the scenario on real CPython beside its simulation, side by side. */
@Command(name = "validate", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Runs a scenario's threads as a Python script on real interpreters and prints, beside the "
                + "simulation of the same scenario and parameters, per thread: rounds of its outer loop per second, "
                + "round time p50/p99/max, CPU share, the ratio sim/real, the Kolmogorov-Smirnov distance between "
                + "the round times, and the verdict each side implies; then how far the real steps were from their "
                + "nominal durations.",
                "Each interpreter runs --repeat times, the simulation --sim-repeat times (seeds 1..N). Real runs "
                        + "last the scenario's duration capped at 5s, or --duration. Scenarios of the m0 pool cannot "
                        + "run as plain Python and are refused."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:no verdict disagrees: on every thread and interpreter the sides agree or are too close "
                + "to call (the last line names those)",
                "1:a verdict disagrees: one side starves in every run and the other in none, or Fisher's exact test "
                        + "on the starved runs gives p < 0.05 after Holm's correction over the interpreter's threads",
                "2:bad input, a busy machine without --force, or a real run failed (one line on stderr; nothing "
                        + "written)",
                "3:a simulated run exceeded its event budget (max_events)"})
final class ValidateCommand implements Callable<Integer> {
    /** The most runs a side: each real run costs its whole duration in wall time. */
    static final int MAX_REPEAT = 20;
    /** The most simulated seeds. */
    static final int MAX_SIM_REPEAT = 200;
    /** The longest run --duration asks for. */
    static final long MAX_DURATION_NS = 60_000_000_000L;
    /** The longest --timeout, in seconds. */
    static final long MAX_TIMEOUT_S = 3600;

    /** The real side; tests put a fake here. */
    static RealSide realSide = RealSides.cpython();

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "NAME|FILE",
            description = "a built-in scenario (see `gilsim scenarios`) or a scenario YAML file")
    String scenario;

    @Mixin
    SetOption set = new SetOption();

    @Mixin
    MachineOption machine = new MachineOption();

    @Option(names = "--python", paramLabel = "PATH",
            description = "an interpreter to run on: a path, a name on the PATH (python3.12) or a pyenv version "
                    + "(3.12: its newest patch release); repeatable (default: python3 on the PATH)")
    List<String> pythons = new ArrayList<>();

    @Option(names = "--repeat", defaultValue = "3", paramLabel = "N",
            description = "real runs per interpreter, 1..20 (default: ${DEFAULT-VALUE})")
    int repeat;

    @Option(names = "--sim-repeat", defaultValue = "20", paramLabel = "N",
            description = "simulated seeds (1..N), 1.." + MAX_SIM_REPEAT + " (default: ${DEFAULT-VALUE}): a simulated "
                    + "run costs a fraction of a real one, and with many the model's figures are its expectation, "
                    + "not one more sample as uncertain as the real side's")
    int simRepeat;

    @Option(names = "--duration", paramLabel = "D",
            description = "how long each run lasts, 1ms..60s (default: the scenario's duration, capped at 5s)")
    String duration;

    @Option(names = "--timeout", paramLabel = "S",
            description = "seconds after which a real run is stopped, 1..3600 (default: twice the duration plus "
                    + "30s); it must exceed the duration")
    Long timeout;

    @Option(names = "--force", description = "run the real side even when the machine is busy (1-minute load "
            + "average above the core count), with a warning on how to read the figures")
    boolean force;

    @Option(names = "--json", description = "print exactly one JSON object (both sides' figures) on stdout")
    boolean json;

    @Option(names = "--chart", paramLabel = "FILE.png|svg",
            description = "also draw the round-time CDFs of both sides (its directory must exist)")
    Path chart;

    @Option(names = "--handoffs", description = "also record every GIL take, drop, timed wait and wake-up of as many "
            + "more real runs, through a shim over the pthread calls (LD_PRELOAD; needs Linux, a C compiler and Python "
            + "3.8+), and print the hand-off statistics beside the simulation's, the crowded drops run by run, and "
            + "the recorder's cost (each thread's rounds without and with it); as root with tracefs, every run is also "
            + "read from the kernel's scheduler trace, which gives the requester's share of the crowded drops for "
            + "plain and recorded runs alike; then the model again at the real runs' race (the recorded runs' speeds, "
            + "and the requester's window that gives it the plain runs' share where traced, else the recorded "
            + "runs') and those runs' rounds beside the model's there")
    boolean handoffs;

    @Option(names = "--handoff-trace", paramLabel = "FILE.json",
            description = "with --handoffs: write the first recorded run and simulated seed 1 of each interpreter as "
                    + "one Perfetto trace (Chrome JSON), one above the other on one time axis")
    Path handoffTrace;

    @Override
    public Integer call() {
        if (repeat < 1 || repeat > MAX_REPEAT) {
            throw new InputError("--repeat " + repeat + ": give 1 to " + MAX_REPEAT + " real runs");
        }
        if (simRepeat < 1 || simRepeat > MAX_SIM_REPEAT) {
            throw new InputError("--sim-repeat " + simRepeat + ": give 1 to " + MAX_SIM_REPEAT + " simulated seeds");
        }
        long durationNs = -1;
        if (duration != null) {
            durationNs = Durations.parseOrMinus1(duration.trim());
            if (durationNs < 1_000_000L || durationNs > MAX_DURATION_NS) {
                throw new InputError("--duration " + duration + ": give a duration from 1ms to 60s, e.g. 2s");
            }
        }
        if (timeout != null && (timeout < 1 || timeout > MAX_TIMEOUT_S)) {
            throw new InputError("--timeout " + timeout + ": give 1 to " + MAX_TIMEOUT_S + " seconds");
        }
        if (handoffTrace != null) {
            if (!handoffs) throw new InputError("--handoff-trace " + handoffTrace + ": add --handoffs to record them");
            OutputPath.check("--handoff-trace", handoffTrace);
        }
        if (chart != null) {
            OutputPath.check("--chart", chart);
            ValidationChart.checkExtension(chart);
        }
        Scenario s = Scenarios.resolve(scenario);
        MachineProfile profile = machine.profile();
        Params base = s.params(set.sets, profile);
        Validation.threads(s, base); // a pool is refused before anything runs
        long scenarioNs = base.ns("duration");
        long runNs = durationNs > 0 ? durationNs : Math.min(scenarioNs, Validation.REAL_CAP_NS);
        List<String> all = new ArrayList<>(set.sets);
        all.add("duration=" + Durations.format(runNs));
        Params p = s.params(all, profile);
        long timeoutMs = timeout != null ? timeout * 1000 : 2 * (runNs / 1_000_000L) + 30_000;
        if (timeoutMs <= runNs / 1_000_000L) {
            throw new InputError("--timeout " + timeout + ": shorter than a run (" + Durations.format(runNs)
                    + "); give more seconds than the duration");
        }
        List<Path> interpreters = new ArrayList<>();
        if (pythons.isEmpty()) interpreters.addAll(realSide.defaults());
        for (String py : pythons) interpreters.add(realSide.resolve(py));
        PrintWriter err = spec.commandLine().getErr();
        String warning = MachineLoad.check(force, "the real side's threads also waited for cores behind other "
                + "work, so its rounds are longer and its stalls may be broken sooner than on a quiet machine");
        if (warning != null) err.println("gilsim validate: warning: " + warning);
        Consumer<String> progress = Terminal.stderrIsTerminal() ? m -> err.println("gilsim validate: " + m) : m -> {};
        Validation.Report report = Validation.run(s, p, scenarioNs, interpreters, repeat, simRepeat, timeoutMs,
                realSide, handoffs, progress);
        if (chart != null) {
            ValidationChart.write(report, chart);
            OutputPath.wrote(err, chart);
        }
        if (handoffTrace != null) {
            ValidationHandoffTrace.write(report, handoffTrace);
            OutputPath.wrote(err, handoffTrace);
        }
        spec.commandLine().getOut().print(json ? ValidationJson.of(report) + "\n" : ValidationText.of(report));
        return report.agree() ? 0 : 1;
    }
}
