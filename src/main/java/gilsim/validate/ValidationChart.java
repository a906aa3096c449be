package gilsim.validate;

import gilsim.report.chart.ChartFile;
import gilsim.report.chart.ChartStyle;
import java.awt.BasicStroke;
import java.awt.Color;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The round-time CDFs of both sides, one colour per thread: the simulation solid, each interpreter's real runs
 * dashed, every side's runs pooled. Drawn in the look of gilsim's other charts (white ground, large type, legend
 * below) at 1600x900, as PNG or SVG by the file's extension, written beside the target and moved into place.
 */
public final class ValidationChart {
    private static final Color[] THREAD_COLORS = {new Color(0xD55E00), new Color(0x0072B2), new Color(0x009E73),
            new Color(0xCC79A7), new Color(0xE69F00), new Color(0x56B4E9), new Color(0x000000), new Color(0x999999)};
    /** The most points a curve keeps: enough for a smooth step, few enough for a small SVG. */
    private static final int MAX_POINTS = 1000;
    private static final int WIDTH = 1600;
    private static final int HEIGHT = 900;

    private ValidationChart() {}

    /** The extension is checked before any run. */
    public static void checkExtension(Path out) {
        ChartFile.checkExtension("--chart", out);
    }

    public static void write(Validation.Report r, Path out) {
        ChartFile.write("--chart", out, ChartFile.Layout.COLUMN, List.of(chart(r)));
    }

    static XYChart chart(Validation.Report r) {
        XYChart chart = new XYChart(WIDTH, HEIGHT);
        style(chart);
        chart.setTitle("Round times of " + r.scenario().name() + ": simulated (solid) and real (dashed), "
                + r.repeat() + " real run" + (r.repeat() == 1 ? "" : "s") + ", " + r.simRepeat() + " simulated");
        chart.setXAxisTitle("round time (ms, log scale)");
        chart.setYAxisTitle("fraction of rounds this long or shorter");
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        List<Observation> sim = r.sim().stream().map(SimSide.Run::observation).toList();
        for (int t = 0; t < r.threads().size(); t++) {
            String name = r.threads().get(t).name();
            double[] s = Comparison.pooled(sim, t);
            double[] range = add(chart, name + " sim", s, t, null);
            lo = Math.min(lo, range[0]);
            hi = Math.max(hi, range[1]);
            float[][] dashes = {{16, 8}, {4, 6}, {16, 6, 4, 6}};
            for (int i = 0; i < r.interpreters().size(); i++) {
                Validation.Interpreter in = r.interpreters().get(i);
                String who = r.interpreters().size() == 1 ? "real" : "real " + ValidationText.label(in);
                range = add(chart, name + " " + who, Comparison.pooled(in.runs(), t), t, dashes[i % dashes.length]);
                lo = Math.min(lo, range[0]);
                hi = Math.max(hi, range[1]);
            }
        }
        if (hi == 0) {
            // No side completed a round: an empty plot says so rather than failing.
            XYSeries none = chart.addSeries("no thread completed a round", new double[] {1, 10}, new double[] {0, 0});
            none.setMarker(SeriesMarkers.NONE);
            none.setLineColor(Color.WHITE);
            lo = 1;
            hi = 10;
        }
        chart.getStyler().setXAxisMin(Math.pow(10, Math.floor(Math.log10(lo))));
        chart.getStyler().setXAxisMax(Math.pow(10, Math.ceil(Math.log10(hi) + 0.01)));
        if (chart.getSeriesMap().size() > 4) {
            // One row under the plot holds about four entries at this size; more go in a column to its right.
            chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
            chart.getStyler().setLegendLayout(Styler.LegendLayout.Vertical);
        }
        return chart;
    }

    /** Adds one empirical CDF; returns the smallest and largest round in ms ({inf, 0} when there is none). */
    private static double[] add(XYChart chart, String name, double[] roundsNs, int thread, float[] dash) {
        if (roundsNs.length == 0) return new double[] {Double.POSITIVE_INFINITY, 0};
        double[] sorted = roundsNs.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        int points = Math.min(n, MAX_POINTS);
        double[] x = new double[points + 1];
        double[] y = new double[points + 1];
        x[0] = Math.max(1e-6, sorted[0] / 1e6);
        y[0] = 0;
        for (int k = 1; k <= points; k++) {
            int idx = (int) Math.ceil((double) k * n / points) - 1;
            x[k] = Math.max(1e-6, sorted[idx] / 1e6);
            y[k] = (idx + 1) / (double) n;
        }
        XYSeries s = chart.addSeries(String.format(Locale.ROOT, "%s (%d rounds)", name, n), x, y);
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Step);
        s.setMarker(SeriesMarkers.NONE);
        s.setLineColor(THREAD_COLORS[thread % THREAD_COLORS.length]);
        s.setLineStyle(dash == null ? new BasicStroke(4f)
                : new BasicStroke(4f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, dash, 0));
        return new double[] {x[0], x[points]};
    }

    private static void style(XYChart chart) {
        var s = chart.getStyler();
        ChartStyle.apply(s, WIDTH, HEIGHT);
        s.setXAxisLogarithmic(true);
        s.setXAxisLogarithmicDecadeOnly(true);
        s.setXAxisDecimalPattern("#,##0.###");
        s.setPlotGridVerticalLinesVisible(false);
        s.setYAxisMin(0.0);
        s.setYAxisMax(1.0);
        s.setYAxisDecimalPattern("0.0");
    }
}
