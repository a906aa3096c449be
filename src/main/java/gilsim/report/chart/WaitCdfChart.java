package gilsim.report.chart;

import java.awt.BasicStroke;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import gilsim.sim.Durations;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.HistogramIterationValue;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The distribution of each thread's GIL waits as a CDF on a log time axis, with the switch interval marked. A log
 * axis cannot show 0, and most takes wait 0 ns; waits under {@link #FLOOR_MS} are drawn at the floor, so a curve
 * starts at the share of waits that were (nearly) free. A thread with fewer than {@link #FEW_WAITS} waits is drawn
 * as points, one per distinct wait: a step through two samples would look like a distribution it is not.
 */
final class WaitCdfChart {
    static final double FLOOR_MS = 0.001;
    static final int FEW_WAITS = 20;
    private static final Marker[] POINT_MARKERS = {SeriesMarkers.CIRCLE, SeriesMarkers.DIAMOND, SeriesMarkers.SQUARE,
            SeriesMarkers.TRIANGLE_UP};
    private static final float[][] DASHES = {null, {16, 8}, {4, 6}, {16, 6, 4, 6}};

    private WaitCdfChart() {}

    /** A chart and what its legend lists. */
    record Drawn(XYChart chart, List<Legend.Entry> legend) {}

    /**
     * @param xMaxMs the right end of the time axis; a compare gives every panel the same one
     * @param width the panel's width in pixels
     * @param height the panel's height in pixels
     */
    static Drawn of(List<String> threads, List<AbstractHistogram> waits, long intervalNs, double xMaxMs, int width,
                    int height, ChartStyle.Fonts fonts) {
        XYChart chart = new XYChart(800, 600);
        var s = chart.getStyler();
        ChartStyle.apply(s, fonts);
        String axis = "GIL wait (ms, log scale; waits under 1 us drawn at 1 us)";
        // XChart neither wraps nor clips an axis title; a small panel gets short ones (the docs explain the floor).
        chart.setXAxisTitle(ChartStyle.width(axis, fonts.axisTitle()) < width * 0.8 ? axis : "GIL wait (ms, log scale)");
        String share = "share of waits this long or shorter";
        chart.setYAxisTitle(ChartStyle.width(share, fonts.axisTitle()) < height * 0.55 ? share : "share of waits");
        s.setXAxisLogarithmic(true);
        s.setXAxisMin(FLOOR_MS);
        s.setXAxisMax(xMaxMs);
        s.setYAxisMin(0.0);
        s.setYAxisMax(1.0);
        s.setXAxisLogarithmicDecadeOnly(true);
        s.setXAxisDecimalPattern("#,##0.###");
        s.setYAxisDecimalPattern("0.0");
        // XChart 3.8.8 spaces the y ticks no finer than the data's own steps: a chart whose values are all 0, 0.5
        // and 1 gets ticks at 0, 0.5 and 1 only, unlike its neighbours. An invisible point at an uneven height
        // gives every panel the same ticks.
        XYSeries even = chart.addSeries("tick anchor", new double[] {FLOOR_MS * 2}, new double[] {0.123456789});
        even.setXYSeriesRenderStyle(XYSeriesRenderStyle.Scatter);
        even.setMarker(SeriesMarkers.NONE);
        even.setShowInLegend(false);
        // A log axis draws a grid line at every minor tick; the decade lines are enough, and keep the SVG small.
        s.setPlotGridVerticalLinesVisible(false);
        s.setMarkerSize(fonts.legend().getSize() * 3 / 4);
        float line = Math.max(2f, fonts.ticks().getSize() / 5f);
        List<Legend.Entry> legend = new ArrayList<>();
        for (int t = 0; t < threads.size(); t++) {
            AbstractHistogram h = waits.get(t);
            if (h.getTotalCount() == 0) continue;
            boolean points = h.getTotalCount() < FEW_WAITS;
            List<double[]> cdf = cdf(h, points, xMaxMs);
            if (!points) cdf.add(new double[] {xMaxMs, 1}); // an empirical CDF stays at 1 past its longest wait
            double[] x = new double[cdf.size()];
            double[] y = new double[cdf.size()];
            for (int i = 0; i < cdf.size(); i++) {
                x[i] = cdf.get(i)[0];
                y[i] = cdf.get(i)[1];
            }
            String label = String.format(Locale.ROOT, "%s: %d wait%s%s, longest %s", threads.get(t),
                    h.getTotalCount(), h.getTotalCount() == 1 ? "" : "s", points ? " (points)" : "",
                    Durations.human(h.getMaxValue()));
            XYSeries series = chart.addSeries(label, x, y);
            java.awt.Color color = Palette.THREADS.get(t % Palette.THREADS.size());
            if (points) {
                Marker marker = POINT_MARKERS[t % POINT_MARKERS.length];
                series.setXYSeriesRenderStyle(XYSeriesRenderStyle.Scatter);
                series.setMarker(marker);
                series.setMarkerColor(color);
                legend.add(new Legend.Entry(new Legend.Mark(marker, color), label));
            } else {
                BasicStroke stroke = stroke(line, t);
                series.setXYSeriesRenderStyle(XYSeriesRenderStyle.Step);
                series.setMarker(SeriesMarkers.NONE);
                series.setLineColor(color);
                series.setLineStyle(stroke);
                legend.add(new Legend.Entry(new Legend.Line(color, stroke), label));
            }
        }
        double intervalMs = intervalNs / 1e6;
        if (intervalMs <= xMaxMs) {
            String label = "switch interval (" + msLabel(intervalMs) + " ms)";
            BasicStroke dashed = new BasicStroke(line * 0.75f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10,
                    new float[] {12, 8}, 0);
            XYSeries marker = chart.addSeries(label, new double[] {intervalMs, intervalMs}, new double[] {0, 1});
            marker.setXYSeriesRenderStyle(XYSeriesRenderStyle.Line);
            marker.setMarker(SeriesMarkers.NONE);
            marker.setLineColor(Palette.INTERVAL);
            marker.setLineStyle(dashed);
            legend.add(new Legend.Entry(new Legend.Line(Palette.INTERVAL, dashed), label));
        }
        return new Drawn(chart, legend);
    }

    /**
     * Threads with the same waits draw the same curve; a dash pattern per thread lets the one below show through.
     * Past four threads the colours repeat, each time with the next dash pattern, so no two threads look alike.
     */
    private static BasicStroke stroke(float width, int thread) {
        int cycle = thread / Palette.THREADS.size();
        float[] dash = DASHES[(thread + cycle) % DASHES.length];
        if (dash == null) return new BasicStroke(width);
        float[] scaled = new float[dash.length];
        for (int i = 0; i < dash.length; i++) scaled[i] = dash[i] * width / 4;
        return new BasicStroke(width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, scaled, 0);
    }

    /**
     * The right end of the axis: a decade past the longest wait and at least past the switch interval, but never
     * past {@code endMs}, where the runs (or the window) end: no wait can be longer.
     */
    static double xMaxMs(List<AbstractHistogram> waits, long intervalNs, double endMs) {
        long max = intervalNs;
        for (AbstractHistogram h : waits) if (h.getTotalCount() > 0) max = Math.max(max, h.getMaxValue());
        double decade = Math.pow(10, Math.ceil(Math.log10(max / 1e6) + 0.01));
        return Math.max(FLOOR_MS * 10, Math.min(decade, endMs));
    }

    /**
     * The empirical CDF: (wait in ms, fraction of waits at most that long) at each distinct wait; as steps it
     * starts from 0 at the floor. The histogram's buckets may end a hair past the axis (a wait open until the run's
     * end, which is the axis's end); such a wait is drawn at the end.
     */
    private static List<double[]> cdf(AbstractHistogram h, boolean points, double xMaxMs) {
        List<double[]> out = new ArrayList<>();
        double total = h.getTotalCount();
        long seen = 0;
        if (!points) out.add(new double[] {FLOOR_MS, 0});
        for (HistogramIterationValue v : h.recordedValues()) {
            seen += v.getCountAtValueIteratedTo();
            double ms = Math.min(xMaxMs, Math.max(FLOOR_MS, h.highestEquivalentValue(v.getValueIteratedTo()) / 1e6));
            out.add(new double[] {ms, seen / total});
        }
        return out;
    }

    static String msLabel(double ms) {
        if (ms >= 100) return String.format(Locale.ROOT, "%.0f", ms);
        if (ms >= 1) return String.format(Locale.ROOT, "%.3g", ms).replaceAll("\\.?0+$", "");
        return String.format(Locale.ROOT, "%.3f", ms).replaceAll("\\.?0+$", "");
    }
}
