package gilsim.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The page reads the PNG charts' palette, whole, and its script can draw every mark shape the charts use. */
class PaletteTest {
    @Test
    void palette_isTheCharts() throws IOException {
        assertEquals(List.of("HOLDS_GIL", "RUNS_WITHOUT_GIL", "WAITS_FOR_GIL", "READY", "OFF"),
                Palette.ACTIVITIES.stream().map(Palette.Entry::name).toList());
        assertEquals(List.of("SIGNAL", "DROP_REQUEST", "JOB_KEPT", "TIMEOUT", "FORCED_SWITCH", "YIELD"),
                Palette.MARKS.stream().map(Palette.Entry::name).toList());
        String script;
        try (InputStream in = ReportPage.class.getResourceAsStream("report.js")) {
            script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        for (Palette.Entry e : Palette.ACTIVITIES) {
            assertTrue(e.css().matches("#[0-9a-f]{6}") && !e.label().isEmpty(), e.toString());
        }
        for (Palette.Entry m : Palette.MARKS) {
            assertTrue(m.css().matches("#[0-9a-f]{6}") && !m.label().isEmpty(), m.toString());
            // The script draws a circle for any shape it does not name.
            assertTrue(m.shape().equals("Circle") || script.contains("case '" + m.shape() + "'"),
                    "the page's script cannot draw " + m.shape());
        }
        assertTrue(Palette.THREADS.size() >= 4, "CDF colours: " + Palette.THREADS);
    }
}
