package gilsim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gilsim.Runs;
import gilsim.metrics.Summary;
import gilsim.report.SummaryJson;
import org.junit.jupiter.api.Test;

/** Versions that share a model give the same figures; only the params' python differs. */
class PythonVersionsTest {
    private static String figures(Summary s) {
        return SummaryJson.of(s).replaceAll("\\s*\"(python|policy)\" : \"[^\"]*\",?", "");
    }

    @Test
    void from32To313TheGilIsOneModel() {
        String base = figures(Runs.run("short-release", 1, "duration=200ms"));
        for (String python : new String[] {"3.2", "3.9", "3.11", "3.13"}) {
            assertEquals(base, figures(Runs.run("short-release", 1, "duration=200ms", "python=" + python)), python);
        }
    }

    @Test
    void theFreeThreadedBuildIsPolicyFreeThreaded() {
        assertEquals(figures(Runs.run("short-release", 1, "duration=200ms", "policy=free-threaded")),
                figures(Runs.run("short-release", 1, "duration=200ms", "python=3.13t")));
    }
}
