package gilsim.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** {@code --property in-order}: the pool's order probe as the searched property. */
class InOrderPropertyTest {
    private static String[] search(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out), new PrintWriter(err));
        return new String[] {String.valueOf(code), out.toString(), err.toString()};
    }

    @Test
    void theRotationBreaksTheOrderAndTheKeepRuleKeepsIt() {
        String[] r = search("search", "slice-rotation", "--property", "in-order", "--over", "threads=3..4",
                "--over", "keep=*", "--exhaustive", "--set", "duration=2s", "--seeds-per-config", "1");
        assertEquals("1", r[0], r[2]);
        assertTrue(r[1].contains("tried 4 configurations: 1 fail"), r[1]);
        assertTrue(r[1].contains("threads=4 keep=false"), r[1]);
        assertTrue(r[1].contains("out-of-order"), r[1]);
    }

    @Test
    void aScenarioWithoutAPoolIsRefused() {
        String[] r = search("search", "short-release", "--property", "in-order", "--over", "work=1ms..2ms");
        assertEquals("2", r[0]);
        assertTrue(r[2].contains("has no pool"), r[2]);
    }
}
