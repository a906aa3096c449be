package gilsim.report.chart;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * An XYChart whose plot content is drawn here, over XChart's axes and grid: XChart 3.8.8 has no Gantt lanes, and its
 * heat map cannot colour a cell by one column and shade it by another. The content is clipped to the plot and
 * placed through the chart's own axis transform, so it lines up with the ticks.
 */
final class DrawnChart extends XYChart {
    /** Paints the content; {@code chart} maps data to pixels. */
    interface Content {
        void paint(Graphics2D g, DrawnChart chart);
    }

    private final Content content;

    /** A chart over {@code [xMin, xMax] x [yMin, yMax]}, all of it plot. */
    DrawnChart(double xMin, double xMax, double yMin, double yMax, ChartStyle.Fonts fonts, Content content) {
        super(800, 600);
        this.content = content;
        var s = getStyler();
        ChartStyle.apply(s, fonts);
        s.setPlotContentSize(1.0);
        s.setXAxisMin(xMin);
        s.setXAxisMax(xMax);
        s.setYAxisMin(yMin);
        s.setYAxisMax(yMax);
        // XChart draws axes only for a chart with a series: two invisible points inside the range. (XChart 3.8.8
        // draws no tick labels for a series that reaches the range's ends, and few for a single point.)
        double dx = (xMax - xMin) / 4;
        double dy = (yMax - yMin) / 4;
        XYSeries anchor = addSeries("range", new double[] {xMin + dx, xMax - dx}, new double[] {yMin + dy, yMax - dy});
        anchor.setXYSeriesRenderStyle(XYSeriesRenderStyle.Scatter);
        anchor.setMarker(SeriesMarkers.NONE);
        anchor.setShowInLegend(false);
    }

    @Override
    public void paint(Graphics2D g, int width, int height) {
        super.paint(g, width, height);
        Graphics2D c = (Graphics2D) g.create();
        ChartStyle.hints(c);
        c.clip(plotBounds());
        content.paint(c, this);
        c.dispose();
    }

    /** The plot's box, in the chart's pixels; valid once painted. */
    Rectangle2D plotBounds() {
        return plot.getBounds();
    }

    double x(double value) {
        return getScreenXFromChart(value);
    }

    double y(double value) {
        return getScreenYFromChart(value);
    }
}
