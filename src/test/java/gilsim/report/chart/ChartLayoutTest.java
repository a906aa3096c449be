package gilsim.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.report.TimeWindow;
import gilsim.scenario.Scenarios;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

/**
 * Titles and legends are never cut off and legend entries never overlap, at the default size and down to 640
 * pixels wide; a timeline's marks stay inside their own thread's lane; a thread with few waits is drawn as points.
 */
class ChartLayoutTest {
    @TempDir
    Path dir;

    private static final int[][] SIZES = {{1600, 900}, {1000, 600}, {640, 900}, {640, 360}};
    private static final TimeWindow SHORT_RELEASE = new TimeWindow(1_000_000_000L, 1_030_000_000L);
    private static final TimeWindow ROTATION = new TimeWindow(100_000_000L, 108_000_000L);

    private static RunSpec run(String scenario, String... sets) {
        return RunSpec.of(Scenarios.resolve(scenario), List.of(sets), 1);
    }

    private static List<RunSpec> shortReleaseArms() {
        return List.of(run("short-release"), run("short-release", "pinned=true"),
                run("short-release", "policy=paused-budget"));
    }

    /** The pictures of plots/, drawn at {@code width} x {@code height}. */
    private Map<String, Supplier<List<Panel>>> figures(int width, int height) throws IOException {
        Path csv = Files.writeString(dir.resolve("search.csv"), String.join("\n",
                "index,seed,work,duration,interval,verdict,starved_count,max_wait_ns,starved_threads",
                "0,1,500us,500ms,1ms,starves,1,498928258,main", "1,1,500us,500ms,20ms,starves,1,498928258,main",
                "2,1,8ms,500ms,1ms,fair,0,2262025,", "3,1,8ms,500ms,20ms,fair,0,7127505,", ""));
        List<String> keys = List.of("pinned", "policy");
        return Map.of(
                "timeline", () -> Charts.timelinePanels(List.of(run("short-release")), List.of(), SHORT_RELEASE,
                        width, height),
                "fixes", () -> Charts.timelinePanels(shortReleaseArms(), keys, SHORT_RELEASE, width, height),
                "cdf", () -> Charts.cdfPanels(shortReleaseArms(), keys, new TimeWindow(0, 2_000_000_000L), width,
                        height),
                "keep", () -> Charts.timelinePanels(List.of(run("slice-rotation"), run("slice-rotation",
                        "keep=true")), List.of("keep"), ROTATION, width, height),
                "heatmap", () -> List.of(Charts.heatmapPanel(SearchCsv.read(csv), "work", "interval", "max_wait_ns",
                        width, height)));
    }

    @Test
    void titlesAndLegendsFitAndDoNotOverlap() throws IOException {
        for (int[] size : SIZES) {
            for (var figure : figures(size[0], size[1]).entrySet()) {
                String what = figure.getKey() + " at " + size[0] + "x" + size[1];
                List<Panel> panels = figure.getValue().get();
                for (int p = 0; p < panels.size(); p++) assertFits(what + ", panel " + (p + 1), panels.get(p));
            }
        }
    }

    private static void assertFits(String what, Panel panel) {
        Rectangle2D bounds = new Rectangle2D.Double(0, 0, panel.width(), panel.height());
        List<Rectangle2D> entries = panel.legendEntries();
        assertEquals(panel.legend().entries().size(), entries.size());
        for (int i = 0; i < entries.size(); i++) {
            Rectangle2D e = entries.get(i);
            String label = panel.legend().entries().get(i).label();
            assertTrue(bounds.contains(e), what + ": legend entry '" + label + "' at " + e + " outside " + bounds);
            for (int j = 0; j < i; j++) {
                assertFalse(e.intersects(entries.get(j)), what + ": legend entries '" + label + "' and '"
                        + panel.legend().entries().get(j).label() + "' overlap");
            }
        }
        for (Rectangle2D line : panel.titleBounds()) {
            assertTrue(bounds.contains(line), what + ": title line at " + line + " outside " + bounds);
        }
        // Whatever the layout claims, nothing may be drawn at the panel's edge: ink there was cut off.
        BufferedImage image = render(panel);
        String edge = inkAtEdge(image, 2);
        assertTrue(edge == null, what + ": drawn at the edge (cut off) at " + edge);
    }

    /** The detector above sees what the issue reported: XChart's own one-line legend cut off at 640 pixels. */
    @Test
    void xchartsOwnLegendIsCutAt640AndTheEdgeCheckSeesIt() {
        XYChart chart = new XYChart(640, 360);
        ChartStyle.apply(chart.getStyler(), 640, 360);
        for (var entry : TimelineChart.legend(List.of(Charts.record(run("short-release", "policy=paused-budget"),
                SHORT_RELEASE)))) {
            XYSeries s = chart.addSeries(entry.label(), new double[] {1, 2}, new double[] {1, 2});
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        }
        BufferedImage image = new BufferedImage(640, 360, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        chart.paint(g, 640, 360);
        g.dispose();
        assertTrue(inkAtEdge(image, 2) != null, "XChart's legend fits after all; the edge check proves nothing");
    }

    @Test
    void pausedBudgetsLegendKeepsEveryMarkAt640() {
        List<Panel> panels = Charts.timelinePanels(shortReleaseArms(), List.of("pinned", "policy"), SHORT_RELEASE,
                640, 900);
        List<String> labels = new ArrayList<>();
        for (Legend.Entry e : panels.get(panels.size() - 1).legend().entries()) labels.add(e.label());
        for (MarkKind k : List.of(MarkKind.SIGNAL, MarkKind.DROP_REQUEST, MarkKind.TIMEOUT, MarkKind.FORCED_SWITCH)) {
            assertTrue(labels.contains(k.label), k.label + " missing from " + labels);
        }
        for (int p = 0; p < panels.size() - 1; p++) assertTrue(panels.get(p).legend().isEmpty());
    }

    /**
     * Under paused-budget, main's timeouts (below main's bar) and the worker's drop requests (above the worker's)
     * fall at the same instants, between the two bars. Every pixel of a timeout's colour lies in main's lane, and
     * every pixel of a forced switch's (the worker's, black) in the worker's.
     */
    @Test
    void marksStayInsideTheirThreadsLane() {
        for (int[] size : SIZES) {
            Panel panel = Charts.timelinePanels(List.of(run("short-release", "policy=paused-budget")), List.of(),
                    SHORT_RELEASE, size[0], size[1]).get(0);
            BufferedImage image = render(panel);
            DrawnChart chart = (DrawnChart) panel.chart();
            Rectangle2D plot = chart.plotBounds();
            int top = panel.chartTop();
            // Lane 1 (y = 1) is main's, the top one; lane 0 the worker's.
            double mainTop = top + chart.y(1.5);
            double mainBottom = top + chart.y(0.5);
            double workerBottom = top + chart.y(-0.5);
            int timeouts = 0;
            int switches = 0;
            for (int y = (int) (top + plot.getY()); y < top + plot.getMaxY(); y++) {
                for (int x = (int) plot.getX() + 1; x < plot.getMaxX() - 1; x++) {
                    int rgb = image.getRGB(x, y) & 0xFFFFFF;
                    String at = size[0] + "x" + size[1] + ": pixel (" + x + ", " + y + ")";
                    if (rgb == (MarkKind.TIMEOUT.color.getRGB() & 0xFFFFFF)) {
                        timeouts++;
                        assertTrue(y > mainTop && y < mainBottom, at + ": a timeout outside main's lane");
                    } else if (rgb == (MarkKind.FORCED_SWITCH.color.getRGB() & 0xFFFFFF)) {
                        switches++;
                        assertTrue(y > mainBottom && y < workerBottom, at + ": a forced switch outside the worker's");
                    }
                }
            }
            assertTrue(timeouts > 20 && switches > 20, "marks not found: " + timeouts + ", " + switches);
        }
    }

    /** short-release's main waits twice in 2 s: two points, not a step from 0 to 0.5 to 1; the axis ends at 2 s. */
    @Test
    void aThreadWithFewWaitsIsPointsAndTheAxisEndsWithTheRun() {
        Panel panel = Charts.cdfPanels(List.of(run("short-release")), List.of(), new TimeWindow(0, 2_000_000_000L),
                1600, 900).get(0);
        XYChart chart = panel.chart();
        XYSeries main = null;
        XYSeries worker = null;
        for (XYSeries s : chart.getSeriesMap().values()) {
            if (s.getName().startsWith("main:")) main = s;
            if (s.getName().startsWith("worker:")) worker = s;
        }
        assertTrue(main != null && worker != null, chart.getSeriesMap().keySet().toString());
        assertTrue(main.getName().startsWith("main: 2 waits"), main.getName());
        assertEquals(XYSeries.XYSeriesRenderStyle.Scatter, main.getXYSeriesRenderStyle());
        assertEquals(2, main.getYData().length);
        assertEquals(0.5, main.getYData()[0], 1e-9);
        assertEquals(1.0, main.getYData()[1], 1e-9);
        assertEquals(XYSeries.XYSeriesRenderStyle.Step, worker.getXYSeriesRenderStyle());
        assertTrue(chart.getStyler().getXAxisMax() <= 2000.0, "axis past the run: " + chart.getStyler().getXAxisMax());
        for (XYSeries s : chart.getSeriesMap().values()) {
            for (double x : s.getXData()) assertTrue(x <= 2000.0, s.getName() + " at " + x + " ms");
        }
    }

    private static BufferedImage render(Panel panel) {
        BufferedImage image = new BufferedImage(panel.width(), panel.height(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        panel.paint(g);
        g.dispose();
        return image;
    }

    /** The first pixel within {@code margin} of the image's edge that is not (nearly) white, or null. */
    private static String inkAtEdge(BufferedImage image, int margin) {
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                boolean edge = x < margin || y < margin || x >= image.getWidth() - margin
                        || y >= image.getHeight() - margin;
                if (!edge) continue;
                Color c = new Color(image.getRGB(x, y));
                if (c.getRed() + c.getGreen() + c.getBlue() < 3 * 235) return "(" + x + ", " + y + ")";
            }
        }
        return null;
    }
}
