package gilsim.report.chart;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.scenario.Scenario;
import gilsim.scenario.ScenarioFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The load chart's curves: latency rises with the offered load, and a free-threaded arm stays below. */
class LoadChartTest {
    private static final Path SERVICE = Path.of("scenarios/thread-pool-service.yaml");

    private static LoadChart.Curve curve(Scenario s, long[] loads, String... arm) {
        List<RunSpec> runs = new ArrayList<>();
        for (long load : loads) {
            List<String> sets = new ArrayList<>(List.of(arm));
            sets.add("rate=" + load);
            sets.add("duration=500ms");
            runs.add(RunSpec.of(s, sets, 1));
        }
        return LoadChart.curve(String.join(",", arm), loads, runs);
    }

    @Test
    void theP99RisesWithTheLoadAndTheFreeThreadedBuildStaysBelowPastTheKnee() {
        Scenario s = ScenarioFile.load(SERVICE);
        long[] loads = {200, 900};
        LoadChart.Curve gil = curve(s, loads);
        LoadChart.Curve free = curve(s, loads, "python=3.13t");
        String replay = "replay: java -jar target/gilsim.jar run " + SERVICE + " --set rate=900 --set duration=500ms";
        assertTrue(gil.p99Ns()[1] > 5 * gil.p99Ns()[0], replay);
        assertTrue(free.p99Ns()[1] * 3 < gil.p99Ns()[1], replay + " --set python=3.13t");
        for (LoadChart.Curve c : List.of(gil, free)) {
            for (int i = 0; i < loads.length; i++) assertTrue(c.p50Ns()[i] <= c.p99Ns()[i], replay);
        }
    }

    @Test
    void theLoadValuesAreEvenlySpacedWholeNumbersWithoutRepeats() {
        assertArrayEquals(new long[] {100, 200, 300}, gilsim.report.LoadRange.values(100, 300, 3));
        assertArrayEquals(new long[] {1, 2, 3}, gilsim.report.LoadRange.values(1, 3, 9));
        assertArrayEquals(new long[] {100, 900}, gilsim.report.LoadRange.values(100, 900, 2));
    }
}
