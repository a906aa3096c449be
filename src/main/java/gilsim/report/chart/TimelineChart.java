package gilsim.report.chart;

import java.awt.BasicStroke;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A lane per thread over simulated time. XChart has no Gantt chart, so each activity is one line series drawn
 * very thick with square ends, its segments separated by NaN points (which break the line); that gives one legend
 * entry per activity however many segments there are. Marks are scatter series just above the lanes.
 */
final class TimelineChart {
    /** Lanes sit at whole y values; a mark floats this far above or below its lane's centre, clear of the bar. */
    private static final double MARK_OFFSET = 0.36;
    /** XChart packs horizontal legend entries tight; a few spaces keep one label from touching the next swatch. */
    static final String LEGEND_GAP = "\u2003";

    private TimelineChart() {}

    static XYChart of(Timeline t, String title, int width, int height) {
        XYChart chart = new XYChart(width, height);
        ChartStyle.apply(chart.getStyler(), width, height);
        ChartStyle.title(chart, title);
        chart.setXAxisTitle("simulated time (ms)");
        chart.setYAxisTitle("thread");
        var s = chart.getStyler();
        s.setPlotGridHorizontalLinesVisible(false);
        s.setMarkerSize(ChartStyle.size(14, Math.min(1.0, width / 1600.0 + 0.2)));
        int lanes = t.threads().size();
        s.setYAxisMin(-0.5);
        s.setYAxisMax(lanes - 0.5);
        s.setPlotContentSize(1.0);
        s.setXAxisMin(t.window().fromNs() / 1e6);
        s.setXAxisMax(t.window().toNs() / 1e6);
        s.setXAxisDecimalPattern(decimals(t.window().lengthNs()));
        List<String> bottomUp = new ArrayList<>(t.threads());
        java.util.Collections.reverse(bottomUp);
        s.setyAxisTickLabelsFormattingFunction(y -> CategoryTicks.label(bottomUp, y));

        // The bar fills about half a lane: the plot is roughly the chart less title, axis and legend.
        double plotHeightPx = Math.max(60, height - 300);
        float bar = (float) Math.max(4, 0.5 * plotHeightPx / lanes);
        Map<Activity, List<double[]>> byActivity = new EnumMap<>(Activity.class);
        for (Timeline.Segment seg : t.segments()) {
            byActivity.computeIfAbsent(seg.activity(), a -> new ArrayList<>())
                    .add(new double[] {seg.startNs() / 1e6, seg.endNs() / 1e6, lane(lanes, seg.thread())});
        }
        for (Activity a : Activity.values()) {
            List<double[]> segs = byActivity.get(a);
            if (segs == null) continue;
            double[] x = new double[segs.size() * 3];
            double[] y = new double[segs.size() * 3];
            for (int i = 0; i < segs.size(); i++) {
                double[] g = segs.get(i);
                x[3 * i] = g[0];
                x[3 * i + 1] = g[1];
                x[3 * i + 2] = g[1];
                y[3 * i] = g[2];
                y[3 * i + 1] = g[2];
                y[3 * i + 2] = Double.NaN;
            }
            XYSeries series = chart.addSeries(a.label, x, y);
            series.setXYSeriesRenderStyle(XYSeriesRenderStyle.Line);
            series.setMarker(SeriesMarkers.NONE);
            series.setLineColor(a.color);
            series.setLineStyle(new BasicStroke(bar, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER));
            // The legend would draw the bar's stroke, as tall as a lane; a square swatch stands in for it there.
            series.setShowInLegend(false);
            XYSeries swatch = chart.addSeries("swatch: " + a.label, new double[] {t.window().fromNs() / 1e6},
                    new double[] {Double.NaN});
            swatch.setLabel(a.label + LEGEND_GAP);
            swatch.setXYSeriesRenderStyle(XYSeriesRenderStyle.Scatter);
            swatch.setMarker(SeriesMarkers.SQUARE);
            swatch.setMarkerColor(a.color);
        }
        Map<MarkKind, List<Timeline.Mark>> byKind = new EnumMap<>(MarkKind.class);
        for (Timeline.Mark m : t.marks()) byKind.computeIfAbsent(m.kind(), k -> new ArrayList<>()).add(m);
        for (MarkKind k : MarkKind.values()) {
            List<Timeline.Mark> marks = byKind.get(k);
            if (marks == null) continue;
            double[] x = new double[marks.size()];
            double[] y = new double[marks.size()];
            for (int i = 0; i < marks.size(); i++) {
                x[i] = marks.get(i).timeNs() / 1e6;
                y[i] = lane(lanes, marks.get(i).thread()) + (k.above ? MARK_OFFSET : -MARK_OFFSET);
            }
            XYSeries series = chart.addSeries(k.label, x, y);
            series.setLabel(k.label + LEGEND_GAP);
            series.setXYSeriesRenderStyle(XYSeriesRenderStyle.Scatter);
            series.setMarker(k.marker);
            series.setMarkerColor(k.color);
        }
        return chart;
    }

    /** The first thread's lane is at the top. */
    private static double lane(int lanes, int thread) {
        return lanes - 1 - thread;
    }

    /** Enough decimals that neighbouring ticks of a short window do not print alike. */
    static String decimals(long lengthNs) {
        if (lengthNs >= 50_000_000L) return "#,##0";
        if (lengthNs >= 5_000_000L) return "#,##0.#";
        if (lengthNs >= 500_000L) return "#,##0.##";
        return "#,##0.###";
    }
}
