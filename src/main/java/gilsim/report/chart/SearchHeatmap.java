package gilsim.report.chart;

import gilsim.scenario.InputError;
import gilsim.sim.Durations;
import java.awt.Color;
import java.awt.Font;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.knowm.xchart.HeatMapChart;
import org.knowm.xchart.style.Styler;

/**
 * A heat map of a search CSV over two searched keys: one cell per (x, y) setting, its colour a column's value
 * (the worst wait, {@code max_wait_ns}, by default). Several rows with the same cell (other keys or seeds varied)
 * are folded by their maximum: the map answers "can this setting starve?". Nanosecond columns are shown in ms on
 * a log scale, since waits span microseconds to seconds.
 */
final class SearchHeatmap {
    private static final Color[] RAMP = {new Color(0xFFF7EC), new Color(0xFDD49E), new Color(0xFC8D59),
            new Color(0xD7301F), new Color(0x7F0000)};

    private SearchHeatmap() {}

    static HeatMapChart of(SearchCsv csv, String xKey, String yKey, String valueColumn, String title, int width,
                           int height) {
        int xi = csv.column("--x", xKey);
        int yi = csv.column("--y", yKey);
        int vi = csv.column("--value", valueColumn);
        boolean nanos = valueColumn.endsWith("_ns");
        Map<List<String>, Double> cells = new HashMap<>();
        TreeSet<String> xs = new TreeSet<>(SearchHeatmap::compareSettings);
        TreeSet<String> ys = new TreeSet<>(SearchHeatmap::compareSettings);
        for (List<String> row : csv.rows()) {
            double v;
            try {
                v = Double.parseDouble(row.get(vi));
            } catch (NumberFormatException | IndexOutOfBoundsException e) {
                throw new InputError("--csv " + csv.file() + ": column " + valueColumn + " holds '"
                        + (vi < row.size() ? row.get(vi) : "") + "', not a number");
            }
            xs.add(row.get(xi));
            ys.add(row.get(yi));
            cells.merge(List.of(row.get(xi), row.get(yi)), v, Math::max);
        }
        if (cells.isEmpty()) throw new InputError("--csv " + csv.file() + ": no rows to draw");
        List<String> xList = new ArrayList<>(xs);
        List<String> yList = new ArrayList<>(ys);
        List<Number[]> heat = new ArrayList<>();
        double min = Double.MAX_VALUE;
        double max = -Double.MAX_VALUE;
        for (int x = 0; x < xList.size(); x++) {
            for (int y = 0; y < yList.size(); y++) {
                Double v = cells.get(List.of(xList.get(x), yList.get(y)));
                if (v == null) continue;
                double shown = nanos ? Math.log10(Math.max(v / 1e6, 0.001)) : v;
                min = Math.min(min, shown);
                max = Math.max(max, shown);
                heat.add(new Number[] {x, y, shown});
            }
        }
        HeatMapChart chart = new HeatMapChart(width, height);
        var s = chart.getStyler();
        ChartStyle.apply(s, width, height);
        s.setLegendPosition(Styler.LegendPosition.OutsideE);
        s.setLegendLayout(Styler.LegendLayout.Vertical);
        s.setPlotGridLinesVisible(false);
        s.setRangeColors(RAMP);
        s.setPiecewise(true);
        s.setPiecewiseRanged(true);
        s.setSplitNumber(6);
        s.setShowValue(true);
        s.setValueFont(new Font(ChartStyle.FAMILY, Font.BOLD, ChartStyle.size(18, Math.min(1.0, width / 1600.0))));
        s.setValueFontColor(Color.BLACK);
        s.setDrawBorder(true);
        if (max - min < 1e-9) max = min + 1; // one colour for all: still a valid scale
        s.setMin(min);
        s.setMax(max);
        s.setHeatMapDecimalValueFormatter(nanos ? v -> WaitCdfChart.msLabel(Math.pow(10, v)) + " ms"
                : v -> WaitCdfChart.msLabel(v));
        ChartStyle.title(chart, title);
        chart.setXAxisTitle(xKey + axisUnit(xList));
        chart.setYAxisTitle(yKey + axisUnit(yList));
        chart.addSeries(valueColumn, xList, yList, heat);
        return chart;
    }

    /** Durations sort by length, numbers by value, the rest (true/false, names) as text. */
    static int compareSettings(String a, String b) {
        long da = Durations.parseOrMinus1(a);
        long db = Durations.parseOrMinus1(b);
        if (da >= 0 && db >= 0) return da != db ? Long.compare(da, db) : a.compareTo(b);
        try {
            int c = Double.compare(Double.parseDouble(a), Double.parseDouble(b));
            return c != 0 ? c : a.compareTo(b);
        } catch (NumberFormatException e) {
            return Comparator.<String>naturalOrder().compare(a, b);
        }
    }

    /** Durations carry their unit in each label; say so once on the axis. */
    private static String axisUnit(List<String> values) {
        for (String v : values) if (!Durations.isDuration(v)) return "";
        return " (duration)";
    }
}
