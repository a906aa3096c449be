package gilsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The README's first command: gilsim with no arguments replays the built-ins, and the README quotes it exactly. */
class OverviewTest {
    private static String overview() {
        StringWriter out = new StringWriter();
        assertEquals(0, Main.execute(new String[0], new PrintWriter(out), new PrintWriter(new StringWriter())));
        return out.toString();
    }

    @Test
    void eachIncidentStarvesAsIsAndNotWithItsFixes() {
        List<String> rows = overview().lines().filter(l -> l.startsWith("short-release") || l.startsWith("slice-rotation"))
                .toList();
        assertEquals(6, rows.size(), String.join("\n", rows));
        List<String> verdicts = rows.stream().map(r -> r.substring(37, 45).strip()).toList();
        assertEquals(List.of("starves", "fair", "fair", "starves", "fair", "fair"), verdicts, String.join("\n", rows));
    }

    @Test
    void theReadmeQuotesTheOutputAsItIs() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        assertTrue(readme.contains(overview().stripTrailing()),
                "README.md's first-screen example differs from `java -jar target/gilsim.jar`; paste the new output in");
    }
}
