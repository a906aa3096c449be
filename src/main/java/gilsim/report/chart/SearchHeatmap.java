package gilsim.report.chart;

import gilsim.scenario.InputError;
import gilsim.sim.Durations;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A heat map of a search CSV over two searched keys: one cell per (x, y) setting, coloured by a column's value
 * (the worst wait, {@code max_wait_ns}, by default) and labelled with it. Rows that share a cell (other keys or
 * seeds varied) are folded by their maximum: the map answers "can this setting starve?". Nanosecond columns fall
 * into fixed bands in ms that grow about fivefold (a log scale), anchored on the 5 ms switch interval and the
 * 100 ms starvation bound; other columns into five equal bands.
 *
 * <p>Drawn on an XYChart, like the timeline: XChart 3.8.8's HeatMapChart indexes past its colour array in
 * piecewise mode and ignores the value formatter in cells, so each band is one thick-line series here.
 */
final class SearchHeatmap {
    private static final Color[] BAND_COLORS = {new Color(0xE5F5E0), new Color(0xA1D99B), new Color(0xFFE08A),
            new Color(0xFDAE61), new Color(0xF46D43), new Color(0xD73027)};
    /** Upper bounds of the nanosecond bands; the last band is open. */
    private static final long[] NS_BOUNDS = {1_000_000L, 5_000_000L, 20_000_000L, 100_000_000L, 1_000_000_000L};

    private SearchHeatmap() {}

    private record Band(String label, double below) {}

    /** A value as {@code --set} takes it and a search writes it: 5ms, 4, true, fifo-ticket. */
    private static final java.util.regex.Pattern SETTING = java.util.regex.Pattern.compile("[A-Za-z0-9._-]+");

    private static void setting(SearchCsv csv, int r, int column, String key) {
        String text = csv.rows().get(r).get(column);
        if (!SETTING.matcher(text).matches()) {
            throw new InputError(csv.where(r) + "column " + (column + 1) + " (" + key + ") holds '" + text
                    + "', not a value a search writes (5ms, 4, true, a policy name)");
        }
    }

    static XYChart of(SearchCsv csv, String xKey, String yKey, String valueColumn, String title, int width,
                      int height) {
        int xi = csv.column("--x", xKey);
        int yi = csv.column("--y", yKey);
        int vi = csv.column("--value", valueColumn);
        Map<List<String>, Double> cells = new HashMap<>();
        TreeSet<String> xs = new TreeSet<>(SearchHeatmap::compareSettings);
        TreeSet<String> ys = new TreeSet<>(SearchHeatmap::compareSettings);
        for (int r = 0; r < csv.rows().size(); r++) {
            List<String> row = csv.rows().get(r);
            String text = row.get(vi);
            double v;
            try {
                // Double.parseDouble forgives white space around the number; a search never writes any.
                v = text.equals(text.strip()) ? Double.parseDouble(text) : Double.NaN;
            } catch (NumberFormatException e) {
                v = Double.NaN;
            }
            // NaN and infinities parse, but have no colour band and no place on a scale.
            if (!Double.isFinite(v)) {
                throw new InputError(csv.where(r) + "column " + (vi + 1) + " (" + valueColumn + ") holds '" + text
                        + "', not a finite number");
            }
            setting(csv, r, xi, xKey);
            setting(csv, r, yi, yKey);
            xs.add(row.get(xi));
            ys.add(row.get(yi));
            cells.merge(List.of(row.get(xi), row.get(yi)), v, Math::max);
        }
        if (cells.isEmpty()) throw new InputError("--csv " + csv.file() + ": no rows to draw");
        boolean nanos = valueColumn.endsWith("_ns");
        List<Band> bands = nanos ? nsBands() : linearBands(cells.values());
        List<String> xList = new ArrayList<>(xs);
        List<String> yList = new ArrayList<>(ys);

        XYChart chart = new XYChart(width, height);
        var s = chart.getStyler();
        ChartStyle.apply(s, width, height);
        ChartStyle.title(chart, title);
        chart.setXAxisTitle(xKey);
        chart.setYAxisTitle(yKey);
        s.setLegendPosition(Styler.LegendPosition.OutsideE);
        s.setLegendLayout(Styler.LegendLayout.Vertical);
        s.setPlotGridLinesVisible(false);
        s.setPlotContentSize(1.0);
        s.setXAxisMin(-0.5);
        s.setXAxisMax(xList.size() - 0.5);
        s.setYAxisMin(-0.5);
        s.setYAxisMax(yList.size() - 0.5);
        s.setxAxisTickLabelsFormattingFunction(x -> CategoryTicks.label(xList, x));
        s.setyAxisTickLabelsFormattingFunction(y -> CategoryTicks.label(yList, y));
        s.setMarkerSize(ChartStyle.size(22, Math.min(1.0, width / 1600.0 + 0.2)));
        s.setAnnotationTextFont(new Font(ChartStyle.FAMILY, Font.BOLD,
                ChartStyle.size(cellFontPx(width, xList.size()), 1)));
        s.setAnnotationTextFontColor(Color.BLACK);

        // A cell is a horizontal bar as tall as most of its row: the plot is about the chart less title and x axis.
        double plotHeightPx = Math.max(60, height - 190);
        float rowPx = (float) (0.94 * plotHeightPx / yList.size());
        List<List<double[]>> byBand = new ArrayList<>();
        for (int b = 0; b < bands.size(); b++) byBand.add(new ArrayList<>());
        for (int x = 0; x < xList.size(); x++) {
            for (int y = 0; y < yList.size(); y++) {
                Double v = cells.get(List.of(xList.get(x), yList.get(y)));
                if (v == null) continue;
                byBand.get(bandOf(bands, v)).add(new double[] {x, y});
                chart.addAnnotation(new AnnotationText(valueText(v, nanos), x, y, false));
            }
        }
        for (int b = 0; b < bands.size(); b++) {
            List<double[]> list = byBand.get(b);
            Band band = bands.get(b);
            double[] px = new double[Math.max(1, list.size() * 3)];
            double[] py = new double[px.length];
            py[0] = Double.NaN;
            for (int i = 0; i < list.size(); i++) {
                px[3 * i] = list.get(i)[0] - 0.48;
                px[3 * i + 1] = list.get(i)[0] + 0.48;
                px[3 * i + 2] = list.get(i)[0] + 0.48;
                py[3 * i] = list.get(i)[1];
                py[3 * i + 1] = list.get(i)[1];
                py[3 * i + 2] = Double.NaN;
            }
            XYSeries cellsOfBand = chart.addSeries(band.label(), px, py);
            cellsOfBand.setXYSeriesRenderStyle(XYSeriesRenderStyle.Line);
            cellsOfBand.setMarker(SeriesMarkers.NONE);
            cellsOfBand.setLineColor(BAND_COLORS[b]);
            cellsOfBand.setLineStyle(new BasicStroke(rowPx, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER));
            cellsOfBand.setShowInLegend(false);
            // Every band gets a legend swatch, used or not, so the scale reads the same on every map.
            XYSeries swatch = chart.addSeries("swatch: " + band.label(), new double[] {0}, new double[] {Double.NaN});
            swatch.setLabel(band.label());
            swatch.setXYSeriesRenderStyle(XYSeriesRenderStyle.Scatter);
            swatch.setMarker(SeriesMarkers.SQUARE);
            swatch.setMarkerColor(BAND_COLORS[b]);
        }
        return chart;
    }

    private static List<Band> nsBands() {
        List<Band> bands = new ArrayList<>();
        long lower = 0;
        for (long upper : NS_BOUNDS) {
            bands.add(new Band(lower == 0 ? "under " + Durations.human(upper) : Durations.human(lower) + " to "
                    + Durations.human(upper), upper));
            lower = upper;
        }
        bands.add(new Band(Durations.human(lower) + " or more", Double.POSITIVE_INFINITY));
        return bands;
    }

    private static List<Band> linearBands(Iterable<Double> values) {
        double min = Double.MAX_VALUE;
        double max = -Double.MAX_VALUE;
        for (double v : values) {
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        double step = Math.max(max - min, 1e-9) / 5;
        List<Band> bands = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            double lo = min + i * step;
            bands.add(new Band(number(lo) + " to " + number(lo + step), i == 4 ? Double.POSITIVE_INFINITY : lo + step));
        }
        return bands;
    }

    private static int bandOf(List<Band> bands, double v) {
        for (int b = 0; b < bands.size(); b++) if (v < bands.get(b).below()) return b;
        return bands.size() - 1;
    }

    private static String valueText(double v, boolean nanos) {
        return nanos ? Durations.human((long) v) : number(v);
    }

    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.3g", v);
    }

    /** Cell labels shrink when many columns share the width. */
    private static int cellFontPx(int width, int columns) {
        return Math.max(10, Math.min(22, width / (columns * 9)));
    }

    /** Durations sort by length, numbers by value, the rest (true/false, names) as text. */
    private static int compareSettings(String a, String b) {
        long da = Durations.parseOrMinus1(a);
        long db = Durations.parseOrMinus1(b);
        if (da >= 0 && db >= 0) return da != db ? Long.compare(da, db) : a.compareTo(b);
        try {
            int c = Double.compare(Double.parseDouble(a), Double.parseDouble(b));
            return c != 0 ? c : a.compareTo(b);
        } catch (NumberFormatException e) {
            return a.compareTo(b);
        }
    }
}
