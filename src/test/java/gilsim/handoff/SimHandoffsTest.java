package gilsim.handoff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.cpython.GilEvent.DropRequest;
import gilsim.cpython.GilEvent.ForcedSwitch;
import gilsim.cpython.GilEvent.GilTake;
import gilsim.run.Simulation;
import gilsim.scenario.Scenario;
import gilsim.scenario.Scenarios;
import gilsim.sim.TraceListener;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A simulated run read as a real one is: the drop requests and forced drops the statistics infer from waits, timeouts
 * and takes are the ones the model made, on runs with one, two and several waiters.
 */
class SimHandoffsTest {
    private static void check(String scenario, List<String> sets) {
        Scenario s = Scenarios.resolve(scenario);
        Simulation sim = new Simulation(s, s.params(sets, null), 1);
        SimHandoffs recorder = new SimHandoffs("sim", sim.threadNames());
        long[] made = new long[3];
        sim.addListener(recorder);
        sim.addListener(TraceListener.of(DropRequest.class, e -> made[0]++));
        sim.addListener(TraceListener.of(GilTake.class, e -> made[1]++));
        sim.addListener(TraceListener.of(ForcedSwitch.class, e -> made[2]++));
        sim.run();
        HandoffStats stats = HandoffStats.of(List.of(recorder.log()));
        String what = scenario + " " + sets;
        assertTrue(made[0] > 10, what + ": a run with drop requests");
        assertEquals(made[0], stats.requests(), what + ": drop requests");
        assertEquals(made[1] - 1, stats.takes(), what + ": takes after the first");
        assertEquals(made[2], stats.forcedWaits(), what + ": forced switches");
        assertEquals(stats.forcedDrops(), stats.forcedToRequester() + stats.forcedToOther(), what);
    }

    @Test
    void inferredRequestsAreTheModelsOwn() {
        check("scenarios/cpu-bound-2.yaml", List.of("duration=1s"));
        check("scenarios/cpu-bound-4.yaml", List.of("duration=1s"));
        check("scenarios/convoy.yaml", List.of("duration=1s"));
        check("scenarios/cpu-bound-4.yaml", List.of("duration=1s", "wake_order=glibc-groups", "gil_mutex=true"));
    }
}
