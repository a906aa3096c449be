package gilsim.run;

import gilsim.cpython.Gil;
import gilsim.cpython.GilSetup;
import gilsim.cpython.Interpreter;
import gilsim.cpython.LockVersions;
import gilsim.cpython.PythonVersions;
import gilsim.m0.Pool;
import gilsim.m0.PoolSpec;
import gilsim.metrics.GilStats;
import gilsim.metrics.Invariants;
import gilsim.metrics.LockStats;
import gilsim.metrics.PoolStats;
import gilsim.metrics.ProtocolChecker;
import gilsim.metrics.RequestStats;
import gilsim.metrics.RoundStats;
import gilsim.metrics.RunListeners;
import gilsim.metrics.Spans;
import gilsim.metrics.Summary;
import gilsim.os.BackgroundLoad;
import gilsim.os.FutexPath;
import gilsim.os.Machine;
import gilsim.os.RaceSpeed;
import gilsim.os.RunQueue;
import gilsim.os.SimThread;
import gilsim.os.TimerExpiry;
import gilsim.os.WakeCore;
import gilsim.os.WakeLatency;
import gilsim.os.WakePreemption;
import gilsim.program.ArrivalSpec;
import gilsim.program.Arrivals;
import gilsim.program.ProgramRunner;
import gilsim.program.Shared;
import gilsim.program.ThreadSpec;
import gilsim.scenario.Builtins;
import gilsim.scenario.InputError;
import gilsim.scenario.MachineProfile;
import gilsim.scenario.Params;
import gilsim.scenario.Scenario;
import gilsim.scenario.VersionKeys;
import gilsim.scenario.Workload;
import gilsim.sim.Engine;
import gilsim.sim.RandomStreams;
import gilsim.sim.Trace;
import gilsim.sim.TraceListener;
import gilsim.sync.ReleaseCost;
import gilsim.sync.WakeOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * One run, wired: scenario and parameters in; engine, machine, GIL and workload built; listeners attached;
 * a {@link Summary} out. Data flows one way: scenario, model, event stream, listeners, summary.
 */
public final class Simulation {
    private final Scenario scenario;
    private final Params params;
    private final long seed;
    private final Engine engine;
    private final Trace trace = new Trace();
    private final Machine machine;
    private final Interpreter gil;
    /** Waits and holds, derived once for every listener that reads them. */
    private final Spans spans;
    private final List<String> threadNames = new ArrayList<>();
    private final List<Runnable> starters = new ArrayList<>();
    private final GilStats gilStats;
    private final RoundStats roundStats;
    /** The pool's instruments, or null when the workload has no pool. */
    private final PoolStats poolStats;
    /** The scenario locks' figures, or null when the workload is a pool (which has no locks). */
    private final LockStats lockStats;
    /** The requests' figures, or null when the workload has no arrivals. */
    private final RequestStats requestStats;

    public Simulation(Scenario scenario, Params params, long seed) {
        this.scenario = scenario;
        // Params made by Scenario.params were checked there; any other caller's (a search's) are checked here.
        Scenario.Problem problem = scenario.problem(params);
        if (problem != null) throw new InputError(scenario.origin() + ": " + problem.message());
        // A pool's jobs key sets its view: the summary's params say which view ran.
        this.params = params = Builtins.withJobView(params);
        this.seed = seed;
        RandomStreams streams = new RandomStreams(seed);
        this.engine = new Engine(params.count("max_events"));
        this.machine = new Machine(engine, trace, streams, params.intCount("cores"), wakeLatency(params),
                params.ns("timer_slack"), params.ns("timeslice"),
                new WakePreemption((int) params.count("preempt_percent"), params.ns("refusal_window"),
                        (int) params.count("refusal_after_percent")),
                WakeCore.byId(params.choice("wake_core")), params.ns("balance_tick"),
                (int) params.count("wake_move_percent"), (int) params.count("signal_move_percent"),
                params.ns("migration_cost"),
                new FutexPath(params.ns("futex_sleep"), params.ns("futex_return")), timerWake(params),
                params.bool("run_to_parity"), TimerExpiry.byId(params.choice("timer_expiry")), params.ns("wake_ipi"),
                RunQueue.byId(params.choice("run_queue")), params.bool("balance_per_tick"));
        BackgroundLoad.start(machine, streams, params.ns("load_gap"), params.ns("load_run"),
                params.bool("load_idle_first"));
        Workload workload = scenario.workload().apply(params);
        int threadCount = workload instanceof Workload.Threads w ? w.threads().size()
                : ((Workload.Pool) workload).spec().threads();
        this.gil = PythonVersions.build(params.choice("python"), params.choice("policy"), new GilSetup(machine,
                trace, streams, WakeOrder.byId(params.choice("wake_order")), params.ns("interval"),
                params.ns("checkpoint"), params.ns("drop_reaction"), threadCount, params.bool("gil_mutex"), params.ns("wait_entry"),
                params.ns("wait_entry_jitter"), (int) params.count("wait_entry_growth"), params.ns("wait_entry_quiet"),
                params.bool("wait_entry_same_core"), params.bool("wake_timed_out"), new RaceSpeed(streams.stream("race-speed"),
                        (int) params.count("fast_race_percent"), (int) params.count("fast_race_reaction"),
                        params.ns("race_dwell"))),
                VersionKeys.oldGilCosts(params));
        this.spans = new Spans(threadCount);
        boolean pinned = params.bool("pinned");
        if (workload instanceof Workload.Threads w) {
            Shared shared = new Shared(machine, trace, params.choice("python"), new ReleaseCost(params.ns("sem_wake"),
                    (int) params.count("sem_wake_tail_permille"), params.ns("sem_wake_tail_min"),
                    params.ns("sem_wake_tail_max"), streams.stream("lock-release")));
            for (ThreadSpec spec : w.threads()) {
                SimThread t = machine.newThread(spec.name(), pinned ? 0 : spec.pinnedCore());
                // Each thread draws its steps' durations from its own stream: one thread's draws move no other's.
                starters.add(new ProgramRunner(machine, gil, t, spec.program(), trace, shared,
                        streams.stream("steps:" + spec.name()))::start);
            }
            // After the threads: the first arrivals find their getters started (their first events come first).
            if (!w.arrivals().isEmpty()) starters.add(new Arrivals(engine, trace, shared, streams, w.arrivals())::start);
            this.poolStats = null;
        } else {
            PoolSpec spec = ((Workload.Pool) workload).spec();
            Pool pool = new Pool(spec, machine, gil, trace, pinned ? 0 : -1);
            starters.add(pool::start);
            this.poolStats = new PoolStats(spec.threads(), spec.connections(), params.ns("duration"));
        }
        for (SimThread t : machine.threads()) threadNames.add(t.name);
        this.gilStats = new GilStats(threadNames.size(), params.ns("duration"));
        spans.add(gilStats);
        this.roundStats = new RoundStats(threadNames.size(), workload instanceof Workload.Threads w
                ? w.threads().stream().map(ThreadSpec::program).toList() : List.of(), params.ns("duration"));
        this.lockStats = poolStats == null
                ? new LockStats(threadNames.size(), LockVersions.model(params.choice("python"))) : null;
        this.requestStats = workload instanceof Workload.Threads w && !w.arrivals().isEmpty()
                ? new RequestStats(threadNames.size(), params.ns("duration"), closedLoopClients(w)) : null;
        if (requestStats != null) spans.add(requestStats);
        // The spans first: every listener after them reads the waits and holds they derived from the same event.
        trace.add(new RunListeners(spans, poolStats, new Invariants(machine.cores(), threadNames.size()),
                new ProtocolChecker(threadNames.size(), Gil.clampInterval(params.ns("interval")), spans), gilStats,
                roundStats, lockStats, requestStats));
        // A run of programs ends when the last one has (a pool's threads never end).
        machine.onLastExit(engine::stop);
    }

    /** The closed-loop clients, when every source is one (their latency is corrected for coordinated omission). */
    private static int closedLoopClients(Workload.Threads w) {
        int clients = 0;
        for (ArrivalSpec a : w.arrivals()) {
            if (!(a instanceof ArrivalSpec.Clients c)) return 0;
            clients += c.clients();
        }
        return clients;
    }

    /**
     * The machine profile's measured distribution when the run uses it, else uniform around wake_latency; with the
     * long tail mixed in when wake_tail_permille asks for it.
     */
    private static WakeLatency wakeLatency(Params params) {
        MachineProfile m = params.machine();
        WakeLatency body = params.machineLatency() ? new WakeLatency.Empirical(m.probabilities(), m.latenciesNs())
                : new WakeLatency.Uniform(params.ns("wake_latency"), params.ns("wake_jitter"));
        int permille = params.intCount("wake_tail_permille");
        return permille == 0 ? body
                : new WakeLatency.WithTail(body, permille, params.ns("wake_tail_min"), params.ns("wake_tail_max"));
    }

    /** The machine profile's {@code timer_wake} when it has one, else null: the slack and the wake-up latency. */
    private static WakeLatency timerWake(Params params) {
        MachineProfile m = params.machine();
        return m == null || m.timerWakeNs() == null ? null
                : new WakeLatency.Empirical(m.timerWakeProbabilities(), m.timerWakeNs());
    }

    public List<String> threadNames() {
        return threadNames;
    }

    public Params params() {
        return params;
    }

    /** The run's waits and holds as they happen: whether a thread waits for or holds the GIL now. */
    public Spans spans() {
        return spans;
    }

    /** Adds a listener; one that reads waits and holds ({@link Spans.Sink}) gets them from the run's {@link Spans}. */
    public void addListener(TraceListener listener) {
        trace.add(listener);
        if (listener instanceof Spans.Sink sink) spans.add(sink);
    }

    /** Runs to {@code duration}, or until every thread has ended, and summarises. */
    public Summary run() {
        starters.forEach(Runnable::run);
        engine.runUntil(params.ns("duration"));
        long endNs = engine.nowNs();
        trace.finish(endNs);
        return Summaries.of(scenario.name(), seed, params, endNs, engine.eventsExecuted(), threadNames, gilStats,
                roundStats, poolStats, lockStats, requestStats);
    }
}
