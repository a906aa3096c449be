package gilsim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import gilsim.Runs;
import gilsim.metrics.Summary;
import gilsim.report.SummaryJson;
import gilsim.report.SummaryText;
import org.junit.jupiter.api.Test;

/**
 * Versions that share a model give the same figures; only the params' python, and whether the summary says the
 * version was validated against a real interpreter, differ.
 */
class PythonVersionsTest {
    private static final String NOTE_314 = "python=3.14 is modelled from its source; no 3.14 interpreter was at hand "
            + "to validate against";

    private static String figures(Summary s) {
        return SummaryJson.of(s).replaceAll("\\s*\"(python|policy)\" : \"[^\"]*\",?", "")
                .replaceAll(",\\s*\"python_model\" : \\{[^}]*\\}", "");
    }

    @Test
    void from32To315TheGilIsOneModel() {
        String base = figures(Runs.run("short-release", 1, "duration=200ms"));
        for (String python : new String[] {"3.2", "3.9", "3.11", "3.13", "3.14", "3.15"}) {
            assertEquals(base, figures(Runs.run("short-release", 1, "duration=200ms", "python=" + python)), python);
        }
        // The figures are not blind to the model: the old GIL's differ.
        assertNotEquals(base, figures(Runs.run("short-release", 1, "duration=200ms", "python=2.7")));
    }

    @Test
    void python314And315RunShortReleaseAs313Does() {
        for (String python : new String[] {"3.14", "3.15"}) {
            for (String set : new String[] {"pinned=false", "pinned=true", "work=6ms"}) {
                assertEquals(figures(Runs.run("short-release", 7, set, "python=3.13")),
                        figures(Runs.run("short-release", 7, set, "python=" + python)), python + " " + set);
            }
        }
    }

    @Test
    void theFreeThreadedBuildsArePolicyFreeThreaded() {
        String freeThreaded = figures(Runs.run("short-release", 1, "duration=200ms", "policy=free-threaded"));
        assertNotEquals(freeThreaded, figures(Runs.run("short-release", 1, "duration=200ms")));
        for (String python : new String[] {"3.13t", "3.14t", "3.15t"}) {
            assertEquals(freeThreaded, figures(Runs.run("short-release", 1, "duration=200ms", "python=" + python)),
                    python);
        }
    }

    @Test
    void theTextSummaryOfAVersionModelledFromSourceSaysSoInOneLine() {
        String t313 = SummaryText.of(Runs.run("short-release", 1, "duration=200ms", "python=3.13"));
        String t314 = SummaryText.of(Runs.run("short-release", 1, "duration=200ms", "python=3.14"));
        assertFalse(t313.contains("modelled from its source"), t313);
        assertEquals(1, t314.lines().filter(l -> l.equals(NOTE_314)).count(), t314);
        assertEquals(NOTE_314, t314.lines().skip(1).findFirst().orElseThrow(), "the line under the parameters");
        // Apart from that line and the params' python, the summary is 3.13's.
        assertEquals(t313, t314.replace(NOTE_314 + "\n", "").replace("python=3.14", "python=3.13"));
        String t12 = SummaryText.of(Runs.run("short-release", 1, "duration=200ms"));
        assertFalse(t12.contains("modelled from its source"), t12);
        String t15t = SummaryText.of(Runs.run("short-release", 1, "duration=200ms", "python=3.15t"));
        assertTrue(t15t.contains("python=3.15t is modelled from its source; no 3.15t interpreter"), t15t);
    }

    @Test
    void theJsonSummarySaysWhetherTheVersionWasValidated() throws Exception {
        ObjectMapper json = new ObjectMapper();
        JsonNode v312 = json.readTree(SummaryJson.of(Runs.run("short-release", 1, "duration=20ms")))
                .get("python_model");
        assertEquals("3.12", v312.get("version").asText());
        assertTrue(v312.get("validated").asBoolean());
        assertEquals("3.12.1", v312.get("validated_with").asText());
        JsonNode v314 = json.readTree(SummaryJson.of(Runs.run("short-release", 1, "duration=20ms", "python=3.14")))
                .get("python_model");
        assertEquals("3.14", v314.get("version").asText());
        assertFalse(v314.get("validated").asBoolean());
        assertTrue(v314.get("validated_with").isNull());
    }
}
