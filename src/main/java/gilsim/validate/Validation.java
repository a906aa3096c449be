package gilsim.validate;

import gilsim.handoff.HandoffLog;
import gilsim.handoff.HandoffStats;
import gilsim.program.ArrivalSpec;
import gilsim.program.Arrivals;
import gilsim.program.ThreadSpec;
import gilsim.sim.RandomStreams;
import gilsim.scenario.InputError;
import gilsim.scenario.Params;
import gilsim.scenario.Scenario;
import gilsim.scenario.Workload;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A validation, run: the scenario simulated with seeds 1..N, then run N times on each interpreter, and each
 * interpreter's runs compared with the simulated ones.
 */
public final class Validation {
    /** Real runs last at most this long unless --duration says otherwise: each costs its full length in wall time. */
    public static final long REAL_CAP_NS = 5_000_000_000L;

    /** One interpreter's runs and their comparison with the simulation. */
    /**
     * @param recorded with {@code --handoffs}: as many more runs, made with the hand-off recorder, and their hand-offs
     *                 (empty without)
     * @param traced    with {@code --handoffs} where the scheduler could be traced: the plain and the recorded runs'
     *                  crowded forced drops as the kernel's scheduler trace read them; null otherwise
     * @param raceMatch with {@code --handoffs}: the model at the real runs' race (the plain runs' when traced, else
     *                  the recorded runs'), or null without hand-offs or with too few crowded forced drops to match
     *                  ({@link RaceMatch#MIN_DROPS})
     */
    public record Interpreter(Path python, List<Observation> runs, Comparison.Result comparison,
                              List<RealRun.Recorded> recorded, CrowdedRace.Traced traced, RaceMatch raceMatch) {
        public Interpreter {
            runs = List.copyOf(runs);
            recorded = List.copyOf(recorded);
        }

        public List<HandoffLog> handoffs() {
            return recorded.stream().map(RealRun.Recorded::handoffs).toList();
        }
    }

    /**
     * @param scenarioDurationNs the scenario's own duration (after --set), before the cap or --duration
     * @param repeat             real runs per interpreter (and recorded ones with {@code --handoffs})
     * @param sim                the simulated runs, seeds 1 to {@link #simRepeat}
     * @param untraced           with {@code --handoffs}, why the scheduler was not traced (null when it was, and
     *                           without hand-offs)
     */
    public record Report(Scenario scenario, Params params, long durationNs, long scenarioDurationNs, int repeat,
                         List<ThreadSpec> threads, List<SimSide.Run> sim, List<Interpreter> interpreters,
                         String untraced) {
        public Report {
            threads = List.copyOf(threads);
            sim = List.copyOf(sim);
            interpreters = List.copyOf(interpreters);
        }

        /** Simulated seeds (1 to this). */
        public int simRepeat() {
            return sim.size();
        }

        public boolean agree() {
            return interpreters.stream().allMatch(i -> i.comparison().agree());
        }

        /** Whether hand-offs were recorded ({@code --handoffs}). */
        public boolean handoffs() {
            return !sim.isEmpty() && sim.get(0).handoffs() != null;
        }

        public List<HandoffLog> simHandoffs() {
            return sim.stream().map(SimSide.Run::handoffs).toList();
        }

        public long starveAfterNs() {
            return params.ns("starve_after");
        }
    }

    private Validation() {}

    /**
     * The threads the scenario runs with these parameters.
     *
     * @throws InputError in one line for a pool, which cannot run as plain Python, and for arrivals, which the
     *                     compiled script does not send yet
     */
    public static List<ThreadSpec> threads(Scenario scenario, Params params) {
        Workload w = scenario.workload().apply(params);
        if (w instanceof Workload.Threads t && t.arrivals().stream().anyMatch(a -> a instanceof ArrivalSpec.Clients)) {
            throw new InputError(scenario.name() + " has closed-loop clients, whose requests follow the answers; "
                    + "validate sends open-loop arrivals (a rate, or times from a file), the same schedule on both "
                    + "sides");
        }
        if (w instanceof Workload.Threads t) return t.threads();
        throw new InputError(scenario.name() + " runs the m0 pool, which cannot run as plain Python; validate "
                + "takes scenarios of threads");
    }

    /**
     * @param params    the parameters with the duration both sides run for already set
     * @param progress  told, in a few words, what runs next
     */
    public static Report run(Scenario scenario, Params params, long scenarioDurationNs, List<Path> pythons,
                             int repeat, int simRepeat, long timeoutMs, RealSide real, boolean handoffs,
                             Consumer<String> progress) {
        List<ThreadSpec> threads = threads(scenario, params);
        if (handoffs) for (Path python : pythons) real.checkRecordable(python);
        // With the hand-offs, every run is made with the scheduler traced where it can be: the one reader of both
        // kinds of run says how far the recorder moved the race, and tracing leaves a plain run's tails as they are.
        String untraced = handoffs ? real.untraceable() : null;
        boolean trace = handoffs && untraced == null;
        long durationNs = params.ns("duration");
        List<SimSide.Run> sim = new ArrayList<>();
        for (int seed = 1; seed <= simRepeat; seed++) {
            progress.accept("simulating seed " + seed + " of " + simRepeat);
            sim.add(SimSide.run(scenario, params, seed, handoffs));
        }
        List<Observation> simObs = sim.stream().map(SimSide.Run::observation).toList();
        List<List<String>> simOwn = sim.stream().map(r -> r.summary().starvedThreads()).toList();
        List<Interpreter> interpreters = new ArrayList<>();
        for (Path python : pythons) {
            List<Observation> runs = new ArrayList<>();
            List<RealRun.Recorded> recorded = new ArrayList<>();
            List<HandoffStats.CrowdedRun> tracedPlain = new ArrayList<>();
            List<HandoffStats.CrowdedRun> tracedRecorded = new ArrayList<>();
            long intervalNs = params.ns("interval");
            for (int i = 1; i <= repeat; i++) {
                progress.accept("real run " + i + " of " + repeat + " on " + python);
                List<PythonScript.Arrival> arrivals = arrivals(scenario, params, i, durationNs);
                Observation o;
                if (trace) {
                    RealSide.TracedRun t = real.traced(python, threads, arrivals, intervalNs, durationNs, timeoutMs,
                            false);
                    o = t.observation();
                    tracedPlain.add(t.crowded());
                } else {
                    o = real.observe(python, threads, arrivals, intervalNs, durationNs, timeoutMs);
                }
                check(o, threads, python);
                runs.add(RealRun.withSchedule(o, arrivals.stream().map(PythonScript.Arrival::timeNs).toList(),
                        durationNs));
                // Each recorded run right after its plain one, not all after all: a real machine's race moves from
                // minute to minute, and the recorder's cost is the difference between the two sets of runs.
                if (handoffs) {
                    progress.accept("recorded run " + i + " of " + repeat + " on " + python);
                    RealRun.Recorded r;
                    if (trace) {
                        RealSide.TracedRun t = real.traced(python, threads, List.of(), intervalNs, durationNs,
                                timeoutMs, true);
                        r = new RealRun.Recorded(t.observation(), t.handoffs());
                        tracedRecorded.add(t.crowded());
                    } else {
                        r = real.record(python, threads, intervalNs, durationNs, timeoutMs);
                    }
                    check(r.observation(), threads, python);
                    recorded.add(r);
                }
            }
            CrowdedRace.Traced traced = trace ? new CrowdedRace.Traced(tracedPlain, tracedRecorded) : null;
            RaceMatch match = null;
            if (handoffs) {
                progress.accept("matching the model's race to the real runs on " + python);
                match = RaceMatch.of(scenario, params, threads, recorded, traced, runs,
                        sim.stream().map(SimSide.Run::handoffs).toList(), repeat).orElse(null);
            }
            interpreters.add(new Interpreter(python, runs,
                    Comparison.of(threads, params.ns("starve_after"), runs, simObs, simOwn), recorded, traced, match));
        }
        return new Report(scenario, params, durationNs, scenarioDurationNs, repeat, threads, sim, interpreters,
                untraced);
    }

    /**
     * The requests the simulated run of {@code seed} receives, in time order (a source before a later one at the
     * same instant): what the real run of the same index is sent. Empty for a scenario without arrivals.
     */
    static List<PythonScript.Arrival> arrivals(Scenario scenario, Params params, long seed, long durationNs) {
        Workload w = scenario.workload().apply(params);
        if (!(w instanceof Workload.Threads t)) return List.of();
        List<PythonScript.Arrival> out = new ArrayList<>();
        RandomStreams streams = new RandomStreams(seed);
        for (int i = 0; i < t.arrivals().size(); i++) {
            ArrivalSpec spec = t.arrivals().get(i);
            for (long at : Arrivals.schedule(spec, i, streams, durationNs)) {
                out.add(new PythonScript.Arrival(at, spec.queue()));
            }
        }
        out.sort(java.util.Comparator.comparingLong(PythonScript.Arrival::timeNs));
        return out;
    }

    /** A real run must report the scenario's threads, in its order. */
    private static void check(Observation o, List<ThreadSpec> threads, Path python) {
        List<String> want = threads.stream().map(ThreadSpec::name).toList();
        List<String> got = o.threads().stream().map(Observation.ThreadRounds::name).toList();
        if (!want.equals(got)) {
            throw new InputError("validate: the run on " + python + " reported threads " + got + ", expected "
                    + want);
        }
    }
}
