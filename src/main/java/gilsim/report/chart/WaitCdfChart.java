package gilsim.report.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import gilsim.sim.Durations;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.HistogramIterationValue;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The distribution of each thread's GIL waits as a CDF on a log time axis, with the switch interval marked. A log
 * axis cannot show 0, and most takes wait 0 ns; waits under {@link #FLOOR_MS} are drawn at the floor, so a curve
 * starts at the share of waits that were (nearly) free.
 */
final class WaitCdfChart {
    static final double FLOOR_MS = 0.001;
    private static final Color[] THREAD_COLORS = {new Color(0xD55E00), new Color(0x0072B2), new Color(0x009E73),
            new Color(0xCC79A7), new Color(0xE69F00), new Color(0x56B4E9), new Color(0x000000), new Color(0x999999)};

    private WaitCdfChart() {}

    /**
     * @param xMaxMs the right end of the time axis; a compare gives both panels the same one
     */
    static XYChart of(List<String> threads, List<AbstractHistogram> waits, long intervalNs, String title, double xMaxMs,
                      int width, int height) {
        XYChart chart = new XYChart(width, height);
        ChartStyle.apply(chart.getStyler(), width, height);
        ChartStyle.title(chart, title);
        chart.setXAxisTitle("GIL wait (ms, log scale; waits under 1 us drawn at 1 us)");
        chart.setYAxisTitle("fraction of waits this long or shorter");
        var s = chart.getStyler();
        s.setXAxisLogarithmic(true);
        s.setXAxisMin(FLOOR_MS);
        s.setXAxisMax(xMaxMs);
        s.setYAxisMin(0.0);
        s.setYAxisMax(1.0);
        s.setYAxisDecimalPattern("0.0");
        s.setXAxisLogarithmicDecadeOnly(true);
        s.setXAxisDecimalPattern("#,##0.###");
        // A log axis draws a grid line at every minor tick; the decade lines are enough, and keep the SVG small.
        s.setPlotGridVerticalLinesVisible(false);
        if (width < 1000) s.setLegendLayout(Styler.LegendLayout.Vertical);
        float line = ChartStyle.size(4, Math.min(1.0, width / 1600.0 + 0.3));
        for (int t = 0; t < threads.size(); t++) {
            AbstractHistogram h = waits.get(t);
            if (h.getTotalCount() == 0) continue;
            List<double[]> points = cdf(h);
            points.add(new double[] {xMaxMs, 1}); // an empirical CDF stays at 1 past its longest wait
            double[] x = new double[points.size()];
            double[] y = new double[points.size()];
            for (int i = 0; i < points.size(); i++) {
                x[i] = points.get(i)[0];
                y[i] = points.get(i)[1];
            }
            String label = String.format(Locale.ROOT, "%s: %d wait%s, longest %s", threads.get(t),
                    h.getTotalCount(), h.getTotalCount() == 1 ? "" : "s", Durations.human(h.getMaxValue()));
            XYSeries series = chart.addSeries(label, x, y);
            series.setXYSeriesRenderStyle(XYSeriesRenderStyle.Step);
            series.setMarker(SeriesMarkers.NONE);
            series.setLineColor(THREAD_COLORS[t % THREAD_COLORS.length]);
            series.setLineStyle(stroke(line, t));
        }
        double intervalMs = intervalNs / 1e6;
        XYSeries marker = chart.addSeries("switch interval (" + msLabel(intervalMs) + " ms)",
                new double[] {intervalMs, intervalMs}, new double[] {0, 1});
        marker.setXYSeriesRenderStyle(XYSeriesRenderStyle.Line);
        marker.setMarker(SeriesMarkers.NONE);
        marker.setLineColor(new Color(0x555555));
        marker.setLineStyle(new BasicStroke(line * 0.75f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10,
                new float[] {12, 8}, 0));
        return chart;
    }

    /** Threads with the same waits draw the same curve; a dash pattern per thread lets the one below show through. */
    private static BasicStroke stroke(float width, int thread) {
        float[][] dashes = {null, {16, 8}, {4, 6}, {16, 6, 4, 6}};
        float[] dash = dashes[thread % dashes.length];
        if (dash == null) return new BasicStroke(width);
        float[] scaled = new float[dash.length];
        for (int i = 0; i < dash.length; i++) scaled[i] = dash[i] * width / 4;
        return new BasicStroke(width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, scaled, 0);
    }

    /** The right end of the axis: a decade past the longest wait, and at least past the switch interval. */
    static double xMaxMs(List<AbstractHistogram> waits, long intervalNs) {
        long max = intervalNs;
        for (AbstractHistogram h : waits) if (h.getTotalCount() > 0) max = Math.max(max, h.getMaxValue());
        return Math.pow(10, Math.ceil(Math.log10(max / 1e6) + 0.01));
    }

    /** Steps of the empirical CDF: (wait in ms, fraction of waits at most that long), from the floor up. */
    private static List<double[]> cdf(AbstractHistogram h) {
        List<double[]> points = new ArrayList<>();
        double total = h.getTotalCount();
        long seen = 0;
        points.add(new double[] {FLOOR_MS, 0});
        for (HistogramIterationValue v : h.recordedValues()) {
            seen += v.getCountAtValueIteratedTo();
            double ms = Math.max(FLOOR_MS, h.highestEquivalentValue(v.getValueIteratedTo()) / 1e6);
            points.add(new double[] {ms, seen / total});
        }
        return points;
    }

    static String msLabel(double ms) {
        if (ms >= 100) return String.format(Locale.ROOT, "%.0f", ms);
        if (ms >= 1) return String.format(Locale.ROOT, "%.3g", ms).replaceAll("\\.?0+$", "");
        return String.format(Locale.ROOT, "%.3f", ms).replaceAll("\\.?0+$", "");
    }
}
