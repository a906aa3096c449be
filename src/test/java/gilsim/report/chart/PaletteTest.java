package gilsim.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.report.chart.ColourVision.Vision;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The colours each picture shows together stay apart for colour-blind readers: every pair differs by at least
 * {@link #MIN_DIFFERENCE} (CIEDE2000) under normal vision and under simulated protanopia, deuteranopia and
 * tritanopia (Machado et al. 2009, full severity; see {@link ColourVision}).
 */
class PaletteTest {
    /**
     * Our bar, not a standard's: CIEDE2000 puts a just-noticeable difference near 1 and calls differences past 10
     * large. 15 keeps fills that touch in a lane, and swatches in a legend, plainly different at a glance. The
     * timeline's former "ready" orange beside "waits" vermilion scored 12.5 for a deuteranope and fails it.
     */
    static final double MIN_DIFFERENCE = 15;

    /** Six pairs of Sharma, Wu and Dalal's (2005) test data, with their published differences. */
    @Test
    void ciede2000MatchesSharmasTestData() {
        double[][][] pairs = {
                {{50.0000, 2.6772, -79.7751}, {50.0000, 0.0000, -82.7485}, {2.0425}},
                {{50.0000, 0.0000, 0.0000}, {50.0000, -1.0000, 2.0000}, {2.3669}},
                {{50.0000, 2.5000, 0.0000}, {73.0000, 25.0000, -18.0000}, {27.1492}},
                {{60.2574, -34.0099, 36.2677}, {60.4626, -34.1751, 39.4387}, {1.2644}},
                {{50.0000, 2.5000, 0.0000}, {50.0000, 0.0000, -2.5000}, {4.3065}},
                {{2.0776, 0.0795, -1.1350}, {0.9033, -0.0636, -0.5514}, {0.9082}}};
        for (double[][] p : pairs) {
            assertEquals(p[2][0], ColourVision.deltaE2000(p[0], p[1]), 5e-5);
            assertEquals(p[2][0], ColourVision.deltaE2000(p[1], p[0]), 5e-5, "not symmetric");
        }
    }

    /** A simulation keeps greys grey (each matrix row sums to 1) and collapses red and green for a deuteranope. */
    @Test
    void theSimulationKeepsGreysAndMergesRedAndGreen() {
        Color grey = new Color(0x777777);
        for (Vision v : Vision.values()) assertEquals(0, ColourVision.difference(grey, grey, v), 1e-9);
        for (Vision v : Vision.values()) {
            double[] lab = v.lab(grey);
            assertEquals(0, lab[1], 0.05, v + " tints grey");
            assertEquals(0, lab[2], 0.05, v + " tints grey");
        }
        Color red = new Color(0xCC3333);
        Color green = new Color(0x339933);
        assertTrue(ColourVision.difference(red, green, Vision.NORMAL) > 40);
        assertTrue(ColourVision.difference(red, green, Vision.DEUTERANOPIA) < 15);
    }

    @Test
    void theOldReadyOrangeFailsBesideWaitsVermilion() {
        double d = ColourVision.difference(Palette.ORANGE, Activity.WAITS_FOR_GIL.color, Vision.DEUTERANOPIA);
        assertTrue(d < MIN_DIFFERENCE, "the bar would not catch the pair the issue reported: " + d);
    }

    @Test
    void timelineFillsStayApart() {
        List<Color> fills = new ArrayList<>();
        for (Activity a : Activity.values()) fills.add(a.color);
        assertApart("timeline activities", fills, List.of(Palette.WHITE, Palette.LANE_BAND));
    }

    @Test
    void timelineMarksStayApart() {
        List<Color> marks = new ArrayList<>();
        for (MarkKind k : MarkKind.values()) marks.add(k.color);
        assertApart("timeline marks", marks, List.of(Palette.WHITE, Palette.LANE_BAND));
    }

    @Test
    void cdfCurvesStayApart() {
        List<Color> curves = new ArrayList<>(Palette.THREADS);
        curves.add(Palette.INTERVAL);
        assertApart("CDF curves", curves, List.of(Palette.WHITE));
    }

    /** Shades within a verdict may be near each other (the cell's label gives the value); across, never. */
    @Test
    void heatMapVerdictsStayApartAndTheirLabelsRead() {
        assertEquals(Palette.FAIR.size(), Palette.STARVES.size());
        for (Color fair : Palette.FAIR) {
            for (Color starves : Palette.STARVES) {
                for (Vision v : Vision.values()) {
                    double d = ColourVision.difference(fair, starves, v);
                    assertTrue(d >= MIN_DIFFERENCE, hex(fair) + " (fair) and " + hex(starves) + " (starves) differ by "
                            + String.format("%.1f", d) + " for " + v);
                }
            }
        }
        List<Color> all = new ArrayList<>(Palette.FAIR);
        all.addAll(Palette.STARVES);
        for (Color fill : all) {
            double c = ColourVision.contrast(fill, Palette.textOn(fill));
            assertTrue(c >= 4.5, "label on " + hex(fill) + ": contrast " + c + " (WCAG AA asks 4.5)");
        }
    }

    /** Every pair of {@code colours} apart, and each apart from every background (backgrounds among themselves not). */
    private static void assertApart(String what, List<Color> colours, List<Color> backgrounds) {
        List<Color> all = new ArrayList<>(colours);
        all.addAll(backgrounds);
        for (int i = 0; i < colours.size(); i++) {
            for (int j = i + 1; j < all.size(); j++) {
                for (Vision v : Vision.values()) {
                    double d = ColourVision.difference(all.get(i), all.get(j), v);
                    assertTrue(d >= MIN_DIFFERENCE, what + ": " + hex(all.get(i)) + " and " + hex(all.get(j))
                            + " differ by " + String.format("%.1f", d) + " for " + v);
                }
            }
        }
    }

    private static String hex(Color c) {
        return String.format("#%06X", c.getRGB() & 0xFFFFFF);
    }
}
