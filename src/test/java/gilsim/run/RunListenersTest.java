package gilsim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.Runs;
import gilsim.cpython.Gil;
import gilsim.metrics.Figures;
import gilsim.metrics.GilStats;
import gilsim.metrics.Metrics;
import gilsim.metrics.Summary;
import gilsim.cpython.LockVersions;
import gilsim.metrics.Invariants;
import gilsim.metrics.LockStats;
import gilsim.metrics.PoolStats;
import gilsim.metrics.ProtocolChecker;
import gilsim.metrics.RoundStats;
import gilsim.metrics.RunListeners;
import gilsim.metrics.Spans;
import gilsim.program.ThreadSpec;
import gilsim.scenario.Params;
import gilsim.scenario.Scenario;
import gilsim.scenario.Scenarios;
import gilsim.scenario.Workload;
import gilsim.sim.Trace;
import gilsim.sim.TraceEvent;
import gilsim.cpython.GilEvent.ForcedSwitch;
import gilsim.cpython.GilEvent.GilTake;
import gilsim.cpython.GilEvent.GilWant;
import gilsim.cpython.GilEvent.SemPostWake;
import gilsim.cpython.GilEvent.SemWaitRetry;
import gilsim.os.OsEvent.ThreadState;
import gilsim.os.RunState;
import gilsim.sync.MutexEvent.MutexTaken;
import gilsim.sync.QueueEvent.QueueGet;
import gilsim.sync.QueueEvent.QueuePut;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link RunListeners} hands every event to the run's listeners as adding each of them to the trace would, whether
 * the event comes through its family's method (as the trace delivers it) or through {@code on}: the events of a real
 * run, replayed into all three, give the same figures.
 */
class RunListenersTest {
    /** A run's listeners, either each added to the trace or behind one {@link RunListeners}. */
    private static final class Listeners {
        final Trace trace = new Trace();
        /** The run's listeners behind one, or null when each was added to the trace on its own. */
        final RunListeners runListeners;
        final Spans spans;
        final PoolStats pool;
        final GilStats gil;
        final RoundStats rounds;
        final LockStats locks;

        Listeners(boolean fused, Params params, int threads, boolean hasPool, List<ThreadSpec> programs) {
            long runNs = params.ns("duration");
            spans = new Spans(threads);
            pool = hasPool ? new PoolStats(threads, params.intCount("connections"), runNs) : null;
            gil = new GilStats(threads, runNs);
            spans.add(gil);
            rounds = new RoundStats(threads, programs.stream().map(ThreadSpec::program).toList(), runNs);
            Invariants invariants = new Invariants(params.intCount("cores"), threads);
            ProtocolChecker protocol = new ProtocolChecker(threads, Gil.clampInterval(params.ns("interval")), spans);
            locks = hasPool ? null : new LockStats(threads, LockVersions.model(params.choice("python")));
            if (fused) {
                runListeners = new RunListeners(spans, pool, invariants, protocol, gil, rounds, locks, null);
                trace.add(runListeners);
            } else {
                runListeners = null;
                trace.add(spans);
                if (pool != null) trace.add(pool);
                trace.add(invariants);
                trace.add(protocol);
                trace.add(gil);
                trace.add(rounds);
                if (locks != null) trace.add(locks);
            }
        }

        /** Every figure the listeners keep, as text. */
        String figures(long endNs, List<String> names) {
            StringBuilder b = new StringBuilder();
            for (int t = 0; t < names.size(); t++) {
                GilStats.PerThread g = gil.thread(t);
                b.append(List.of(g.acquisitions(), g.holdNs(), g.wakeupsLost(), g.waitMaxNs(), g.waitPercentileNs(50),
                        g.waitPercentileNs(99), spans.waiting(t), spans.holding(t))).append(rounds.thread(t));
            }
            b.append(List.of(gil.switches(), gil.dropRequests(), gil.forcedSwitches(), gil.timeouts()));
            if (pool != null) {
                b.append(Figures.of(null, new Metrics.PoolSource(pool, endNs), Metrics.POOL).values().values());
                for (int t = 0; t < names.size(); t++) {
                    b.append(Figures.of(names.get(t), new Metrics.PoolThreadSource(pool.thread(t), gil.thread(t)),
                            Metrics.POOL_THREAD).values().values());
                }
            }
            if (locks != null) {
                for (Summary.Lock l : locks.summary(names)) {
                    b.append(l.name()).append(l.model());
                    for (Figures f : l.threads()) b.append(f.name()).append(f.values().values());
                }
            }
            return b.toString();
        }
    }

    @ParameterizedTest
    @CsvSource({
        "slice-rotation, 1, ''",
        "slice-rotation, 2, keep=true",
        "slice-rotation, 3, threads=6",
        "short-release, 1, ''",
        "short-release, 2, work=6ms",
        "short-release, 3, python=2.7",
        "short-release, 4, gil_mutex=true",
        "short-release, 5, policy=paused-budget",
        "scenarios/lock-contention.yaml, 1, python=3.12",
        "scenarios/lock-contention.yaml, 2, python=3.13",
        "scenarios/executor-cache.yaml, 3, python=3.13t",
    })
    void replayedEventsGiveTheFiguresOfEachListenerAddedOnItsOwn(String name, long seed, String set) {
        Scenario scenario = Scenarios.resolve(name);
        Simulation sim = new Simulation(scenario, scenario.params(set.isEmpty() ? List.of() : List.of(set)), seed);
        List<TraceEvent> events = new ArrayList<>();
        sim.addListener(events::add);
        long endNs = sim.run().simulatedNs();
        Params params = sim.params();
        Workload workload = scenario.workload().apply(params);
        List<ThreadSpec> programs = workload instanceof Workload.Threads w ? w.threads() : List.of();
        int threads = sim.threadNames().size();
        Listeners alone = new Listeners(false, params, threads, programs.isEmpty(), programs);
        Listeners fused = new Listeners(true, params, threads, programs.isEmpty(), programs);
        Listeners throughOn = new Listeners(true, params, threads, programs.isEmpty(), programs);
        for (TraceEvent e : events) {
            alone.trace.emit(e);
            fused.trace.emit(e);
            throughOn.runListeners.on(e);
        }
        alone.trace.finish(endNs);
        fused.trace.finish(endNs);
        throughOn.runListeners.finish(endNs);
        assertTrue(events.size() > 1000, "a run of " + events.size() + " events");
        String expected = alone.figures(endNs, sim.threadNames());
        assertEquals(expected, fused.figures(endNs, sim.threadNames()), Runs.replay(name, seed, set));
        assertEquals(expected, throughOn.figures(endNs, sim.threadNames()),
                "through on: " + Runs.replay(name, seed, set));
    }

    /**
     * A rule of either checker, broken, stops the run whichever way the event comes: through its family's method, as
     * the trace hands it over, or through {@code on}. (The checkers keep no figures, so the replays above would not
     * see a call to one of them left out.)
     */
    @ParameterizedTest
    @CsvSource({
        "threads running, 'invariant violated: 3 threads running on 2 cores '",
        "mutex,           'invariant violated: lock m taken while thread 0 holds it '",
        "queue,           'invariant violated: queue q holds -1 items '",
        "forced switch,   'protocol violated: forced switch with no drop request pending: '",
        "sem_post,        'protocol violated: sem_post woke a waiter while the GIL is held by 0: '",
        "wasted wake-up,  'protocol violated: a wasted wake-up of a thread outside take_gil: '",
    })
    void aBrokenRuleStopsTheRunThroughEitherWay(String rule, String violation) {
        List<TraceEvent> events = switch (rule) {
            case "threads running" -> List.of(new ThreadState(1, 0, RunState.RUNNING, 0),
                    new ThreadState(2, 1, RunState.RUNNING, 1), new ThreadState(3, 2, RunState.RUNNING, 1));
            case "mutex" -> List.of(new MutexTaken(1, "m", 0), new MutexTaken(2, "m", 1));
            case "queue" -> List.of(new QueuePut(1, "q", 0, 1), new QueueGet(2, "q", 1, 0),
                    new QueueGet(3, "q", 1, 0));
            case "forced switch" -> List.of(new GilTake(1, 0, true, 1), new ForcedSwitch(2, 0));
            case "sem_post" -> List.of(new GilWant(1, 1), new GilTake(2, 0, true, 1), new SemPostWake(3, 1, 1));
            case "wasted wake-up" -> List.of(new GilTake(1, 0, true, 1), new SemWaitRetry(2, 1));
            default -> throw new IllegalArgumentException(rule);
        };
        Params params = Scenarios.resolve("short-release").params(List.of());
        for (boolean throughOn : new boolean[] {false, true}) {
            Listeners fused = new Listeners(true, params, 3, false, List.of());
            String way = rule + (throughOn ? ", through on" : ", through the trace");
            for (int i = 0; i < events.size() - 1; i++) deliver(fused, events.get(i), throughOn);
            TraceEvent last = events.get(events.size() - 1);
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> deliver(fused, last, throughOn), way);
            assertEquals(violation + last, e.getMessage(), way);
        }
    }

    private static void deliver(Listeners listeners, TraceEvent event, boolean throughOn) {
        if (throughOn) listeners.runListeners.on(event);
        else listeners.trace.emit(event);
    }
}
