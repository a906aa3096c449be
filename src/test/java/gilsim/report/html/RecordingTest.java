package gilsim.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.report.GilStory;
import gilsim.report.TimeWindow;
import gilsim.run.Simulation;
import gilsim.scenario.Builtins;
import gilsim.scenario.Scenario;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The page's detail budget: a run that does not fit keeps everything before a cut and nothing after it, and
 * summarises the whole run in buckets whose shares add up.
 */
class RecordingTest {
    @Test
    void budget_cutsTheDetailAndSummarisesTheRest() {
        Scenario s = Builtins.get("slice-rotation");
        Simulation sim = new Simulation(s, s.params(List.of("duration=100ms")), 1);
        Recording r = new Recording(sim.threadNames().size(), 100_000_000L, new TimeWindow(0, 100_000_000L), 500,
                sim.spans(), 5_000_000L);
        r.listeners().forEach(sim::addListener);
        sim.addListener(new GilStory(sim.spans(), sim.threadNames(), new TimeWindow(0, 100_000_000L), r));
        sim.run();

        long cut = r.detailToNs();
        assertTrue(cut > 0 && cut < 100_000_000L, "the budget of 500 should cut a 100 ms pool run: " + cut);
        assertTrue(r.budgetReached() && !r.detailIsWhole());
        // Over the budget only by what began before the cut and ended after it: at most one segment a lane.
        assertTrue(r.items() >= 500 && r.items() <= 500 + sim.threadNames().size() + 1, "items " + r.items());
        Map<String, Object> data = r.data();
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> lanes = (List<Map<String, Object>>) data.get("lanes");
        for (Map<String, Object> lane : lanes) {
            long t = 0;
            for (long d : (long[]) lane.get("t")) {
                t += d;
                assertTrue(t < cut, "a segment starts at " + t + ", past the cut " + cut);
            }
        }
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> summaries = (List<Map<String, Object>>) data.get("summaries");
        assertEquals(Recording.LEVELS.length, summaries.size());
        int codes = PagePalette.ACTIVITIES.size();
        for (Map<String, Object> level : summaries) {
            int steps = (Integer) level.get("steps");
            @SuppressWarnings("unchecked")
            List<String> shares = (List<String>) level.get("shares");
            for (String lane : shares) {
                for (int b = 0; b < lane.length() / codes; b++) {
                    int sum = 0;
                    for (int c = 0; c < codes; c++) sum += lane.charAt(b * codes + c) - 'a';
                    // Each share is rounded on its own: the sum is off by at most half a step per activity.
                    assertTrue(Math.abs(sum - steps) <= codes / 2 + 1, "bucket " + b + " shares sum to " + sum);
                }
            }
        }
    }
}
