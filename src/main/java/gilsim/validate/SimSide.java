package gilsim.validate;

import gilsim.handoff.HandoffLog;
import gilsim.handoff.SimHandoffs;
import gilsim.metrics.Figures;
import gilsim.metrics.Metrics;
import gilsim.metrics.Summary;
import gilsim.run.Simulation;
import gilsim.scenario.Params;
import gilsim.scenario.Scenario;
import gilsim.program.RequestEvent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.List;

/** The simulated side of a validation: one seeded run, observed as the real side is. */
public final class SimSide {
    /** The observation, and the run's own summary (its verdict reads GIL waits, not rounds). */
    /**
     * The observation, the run's own summary (its verdict reads GIL waits, not rounds) and, when asked, its
     * hand-offs (else null).
     */
    public record Run(Observation observation, Summary summary, HandoffLog handoffs) {}

    private SimSide() {}

    public static Run run(Scenario scenario, Params params, long seed, boolean handoffs) {
        Simulation sim = new Simulation(scenario, params, seed);
        SimRounds rounds = new SimRounds(sim.threadNames());
        sim.addListener(rounds);
        SimHandoffs recorder = handoffs ? new SimHandoffs("sim seed " + seed, sim.threadNames()) : null;
        if (recorder != null) sim.addListener(recorder);
        Requests requests = new Requests();
        sim.addListener(requests);
        Summary summary = sim.run();
        Observation o = rounds.observation("seed " + seed).withLocks(locks(summary));
        if (summary.requests() != null) o = o.withRequests(requests.observed(summary.simulatedNs()));
        return new Run(o, summary, recorder == null ? null : recorder.log());
    }

    /** Each request's latency, as the real side measures it: from its arrival to its answer, or its age at the end. */
    private static final class Requests implements RequestEvent.Listener {
        private final Map<Long, Long> arrivedNs = new HashMap<>();
        private final List<Long> latencyNs = new ArrayList<>();
        private long arrived;

        @Override
        public void onRequestArrived(RequestEvent.RequestArrived e) {
            arrived++;
            arrivedNs.put(e.request(), e.timeNs());
        }

        @Override
        public void onRequestAnswered(RequestEvent.RequestAnswered e) {
            latencyNs.add(e.timeNs() - arrivedNs.remove(e.request()));
        }

        Observation.Requests observed(long endNs) {
            long answered = latencyNs.size();
            List<Long> all = new ArrayList<>(latencyNs);
            for (long at : arrivedNs.values()) all.add(endNs - at);
            return new Observation.Requests(arrived, answered, all);
        }
    }

    /** The run's lock figures as a real run reports them, from its summary. */
    static List<Observation.LockUse> locks(Summary summary) {
        List<Observation.LockUse> out = new ArrayList<>();
        for (Summary.Lock l : summary.locks()) {
            for (Figures t : l.threads()) {
                Long mean = t.get(Metrics.LOCK_WAIT_MEAN_NS);
                long acquisitions = t.get(Metrics.LOCK_ACQUISITIONS);
                long totalNs = mean == null ? 0 : mean * acquisitions;
                out.add(new Observation.LockUse(t.name(), l.name(), acquisitions, totalNs,
                        t.get(Metrics.LOCK_WAIT_MAX_NS), t.get(Metrics.LOCK_TOOK_FROM_OTHER)));
            }
        }
        return out;
    }
}
