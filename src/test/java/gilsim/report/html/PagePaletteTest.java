package gilsim.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The page takes the PNG charts' palette, whole, and its script can draw every mark shape the charts use. */
class PagePaletteTest {
    @Test
    void palette_isTheCharts() throws IOException {
        assertEquals(List.of("HOLDS_GIL", "RUNS_WITHOUT_GIL", "WAITS_FOR_GIL", "READY", "OFF"),
                PagePalette.ACTIVITIES.stream().map(PagePalette.Entry::name).toList());
        assertEquals(List.of("SIGNAL", "DROP_REQUEST", "JOB_KEPT", "TIMEOUT", "FORCED_SWITCH", "YIELD"),
                PagePalette.MARKS.stream().map(PagePalette.Entry::name).toList());
        String script;
        try (InputStream in = ReportPage.class.getResourceAsStream("report.js")) {
            script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        for (PagePalette.Entry e : PagePalette.ACTIVITIES) {
            assertTrue(e.css().matches("#[0-9a-f]{6}") && !e.label().isEmpty(), e.toString());
        }
        for (PagePalette.Entry m : PagePalette.MARKS) {
            assertTrue(m.css().matches("#[0-9a-f]{6}") && !m.label().isEmpty(), m.toString());
            // The script draws a circle for any shape it does not name.
            assertTrue(m.shape().equals("Circle") || script.contains("case '" + m.shape() + "'"),
                    "the page's script cannot draw " + m.shape());
        }
        assertTrue(PagePalette.THREADS.size() >= 4, "CDF colours: " + PagePalette.THREADS);
    }
}
