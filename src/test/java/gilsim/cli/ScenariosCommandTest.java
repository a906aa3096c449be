package gilsim.cli;

import static gilsim.cli.BadInputTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.cpython.PythonVersions;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code gilsim scenarios} marks each python version as validated against a real interpreter or not. */
class ScenariosCommandTest {
    private static String line(String out, String python) {
        List<String> lines = out.lines().filter(l -> l.startsWith("  " + python + " ")).toList();
        assertEquals(1, lines.size(), python + ": " + lines);
        return lines.get(0);
    }

    @Test
    void eachVersionIsMarkedValidatedOrModelledFromSource() {
        String[] r = run("scenarios");
        assertEquals("0", r[0], r[2]);
        String out = r[1];
        assertTrue(line(out, "3.12").contains("validated against CPython 3.12.1 here"), out);
        assertTrue(line(out, "3.14").contains("modelled from source alone"), out);
        assertTrue(line(out, "3.14").contains("Gil"), out);
        assertTrue(line(out, "3.14t").contains("modelled from source alone"), out);
        assertTrue(line(out, "3.14t").contains("NoGil"), out);
        assertTrue(line(out, "2.7").contains("validated against CPython 2.7.18"), out);
        for (String python : PythonVersions.names()) {
            String l = line(out, python);
            boolean validated = PythonVersions.of(python).validated();
            assertEquals(validated, l.contains("validated against"), l);
            assertEquals(!validated, l.contains("modelled from source alone"), l);
        }
    }
}
