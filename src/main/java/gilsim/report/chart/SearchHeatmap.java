package gilsim.report.chart;

import gilsim.metrics.Summary;
import gilsim.scenario.InputError;
import gilsim.sim.Durations;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * A heat map of a search CSV over two searched keys: one cell per (x, y) setting, its colour the verdict (bluish
 * green: fair; red: starves), or, when the search's property is not the verdict (a latency bound), whether the
 * property held (red: it broke), with the verdict written beside it; its shade a column's value (the worst wait, {@code max_wait_ns}, by default: the
 * longer, the darker), labelled with both. Rows that share a cell (other keys or seeds varied) are folded by their
 * maximum, and a cell starves if any of its rows does: the map answers "can this setting starve?". Nanosecond
 * columns fall into fixed bands in ms, anchored on the 5 ms switch interval and the 100 ms starvation bound; other
 * columns into five equal bands. Fair cells are all light and starving cells all dark, so the two stay apart for
 * every colour vision (see {@link Palette}).
 *
 * <p>The cells are drawn here over XChart's axes ({@link DrawnChart}): XChart 3.8.8's HeatMapChart colours by one
 * value only, indexes past its colour array in piecewise mode and ignores the value formatter in cells.
 */
final class SearchHeatmap {
    /** Upper bounds of the nanosecond bands; the last band is open. */
    private static final long[] NS_BOUNDS = {1_000_000L, 5_000_000L, 20_000_000L, 100_000_000L};
    private static final int BANDS = NS_BOUNDS.length + 1;

    private SearchHeatmap() {}

    private record Band(String label, double below) {}

    /** A cell's rows folded: the largest value, whether any of them starves, and whether any broke the property. */
    private record Cell(double value, boolean starves, boolean breaks) {
        Cell fold(Cell o) {
            return new Cell(Math.max(value, o.value), starves || o.starves, breaks || o.breaks);
        }
    }

    /** A chart and what its legend lists. */
    record Drawn(DrawnChart chart, List<Legend.Entry> legend) {}

    /** A value as {@code --set} takes it and a search writes it: 5ms, 4, true, fifo-ticket. */
    private static final java.util.regex.Pattern SETTING = java.util.regex.Pattern.compile("[A-Za-z0-9._-]+");

    private static void setting(SearchCsv csv, int r, int column, String key) {
        String text = csv.rows().get(r).get(column);
        if (!SETTING.matcher(text).matches()) {
            throw new InputError(csv.where(r) + "column " + (column + 1) + " (" + key + ") holds '" + text
                    + "', not a value a search writes (5ms, 4, true, a policy name)");
        }
    }

    /**
     * How long the runs were, for the title: from the CSV's {@code duration} column, which a search writes when
     * it is given {@code --over duration=...}; the CSV does not record a duration set otherwise.
     */
    static String runLength(SearchCsv csv) {
        int d = csv.header().indexOf("duration");
        if (d < 0) return "runs of a length the CSV does not record";
        TreeSet<String> lengths = new TreeSet<>(SearchHeatmap::compareSettings);
        for (List<String> row : csv.rows()) lengths.add(row.get(d));
        if (lengths.isEmpty()) return "runs";
        return lengths.size() == 1 ? lengths.first() + " runs" : "runs of " + lengths.first() + " to " + lengths.last();
    }

    static Drawn of(SearchCsv csv, String xKey, String yKey, String valueColumn, ChartStyle.Fonts fonts) {
        int xi = csv.column("--x", xKey);
        int yi = csv.column("--y", yKey);
        int vi = csv.column("--value", valueColumn);
        int verdict = csv.header().indexOf("verdict");
        if (verdict < 0) {
            throw new InputError("--csv " + csv.file() + ": no verdict column (columns: " + String.join(", ",
                    csv.header()) + "); expected a CSV written by gilsim search --csv");
        }
        // A CSV without the column (written before it existed) is coloured by its verdict alone.
        int holds = csv.header().indexOf("holds");
        Map<List<String>, Cell> cells = new HashMap<>();
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
            String said = row.get(verdict);
            if (!said.equals(Summary.FAIR) && !said.equals(Summary.STARVES)) {
                throw new InputError(csv.where(r) + "column " + (verdict + 1) + " (verdict) holds '" + said
                        + "', expected " + Summary.FAIR + " or " + Summary.STARVES);
            }
            boolean starves = said.equals(Summary.STARVES);
            boolean breaks = starves;
            if (holds >= 0) {
                String held = row.get(holds);
                if (!held.equals("true") && !held.equals("false")) {
                    throw new InputError(csv.where(r) + "column " + (holds + 1) + " (holds) holds '" + held
                            + "', expected true or false");
                }
                breaks = held.equals("false");
            }
            setting(csv, r, xi, xKey);
            setting(csv, r, yi, yKey);
            xs.add(row.get(xi));
            ys.add(row.get(yi));
            cells.merge(List.of(row.get(xi), row.get(yi)), new Cell(v, starves, breaks), Cell::fold);
        }
        // The property is the verdict (no-starvation) when they agree on every cell; else the colour is the property's.
        boolean byProperty = cells.values().stream().anyMatch(c -> c.breaks() != c.starves());
        if (cells.isEmpty()) throw new InputError("--csv " + csv.file() + ": no rows to draw");
        boolean nanos = valueColumn.endsWith("_ns");
        List<Double> values = new ArrayList<>();
        for (Cell c : cells.values()) values.add(c.value());
        List<Band> bands = nanos ? nsBands() : linearBands(values);
        List<String> xList = new ArrayList<>(xs);
        List<String> yList = new ArrayList<>(ys);

        DrawnChart chart = new DrawnChart(-0.5, xList.size() - 0.5, -0.5, yList.size() - 0.5, fonts,
                (g, c) -> paintCells(g, c, xList, yList, cells, bands, nanos, byProperty, fonts));
        chart.setXAxisTitle(xKey);
        chart.setYAxisTitle(yKey);
        var s = chart.getStyler();
        s.setPlotGridLinesVisible(false);
        s.setxAxisTickLabelsFormattingFunction(x -> CategoryTicks.label(xList, x));
        s.setyAxisTickLabelsFormattingFunction(y -> CategoryTicks.label(yList, y));

        // Every band of both verdicts gets a legend swatch, used or not, so the scale reads the same on every map.
        List<Legend.Entry> legend = new ArrayList<>();
        legend.add(new Legend.Entry(new Legend.Heading(), byProperty ? "property holds:" : "fair:"));
        for (int b = 0; b < bands.size(); b++) {
            legend.add(new Legend.Entry(new Legend.Swatch(Palette.FAIR.get(b)), bands.get(b).label()));
        }
        legend.add(new Legend.Entry(new Legend.Heading(), byProperty ? "property breaks:" : "starves:"));
        for (int b = 0; b < bands.size(); b++) {
            legend.add(new Legend.Entry(new Legend.Swatch(Palette.STARVES.get(b)), bands.get(b).label()));
        }
        return new Drawn(chart, legend);
    }

    /** Each cell a box filling most of its place, its value and verdict written in it in black or white. */
    private static void paintCells(java.awt.Graphics2D g, DrawnChart c, List<String> xList, List<String> yList,
                                   Map<List<String>, Cell> cells, List<Band> bands, boolean nanos,
                                   boolean byProperty, ChartStyle.Fonts fonts) {
        double w = Math.abs(c.x(1) - c.x(0));
        double h = Math.abs(c.y(0) - c.y(1));
        double gap = Math.max(1, Math.min(w, h) * 0.04);
        for (int x = 0; x < xList.size(); x++) {
            for (int y = 0; y < yList.size(); y++) {
                Cell cell = cells.get(List.of(xList.get(x), yList.get(y)));
                if (cell == null) continue;
                boolean bad = byProperty ? cell.breaks() : cell.starves();
                Color fill = (bad ? Palette.STARVES : Palette.FAIR).get(bandOf(bands, cell.value()));
                Rectangle2D box = new Rectangle2D.Double(c.x(x) - w / 2 + gap / 2, c.y(y) - h / 2 + gap / 2, w - gap,
                        h - gap);
                g.setColor(fill);
                g.fill(box);
                g.setColor(Palette.LANE_RULE);
                g.setStroke(new BasicStroke(1f));
                g.draw(box);
                String value = valueText(cell.value(), nanos);
                String verdict = (byProperty ? (cell.breaks() ? "breaks, " : "holds, ") : "")
                        + (cell.starves() ? Summary.STARVES : Summary.FAIR);
                Font font = cellFont(fonts, box.getWidth(), value);
                g.setColor(Palette.textOn(fill));
                boolean twoLines = box.getHeight() > font.getSize() * 2.8;
                if (twoLines) {
                    centred(g, value, font, box.getCenterX(), box.getCenterY() - font.getSize() * 0.6);
                    centred(g, verdict, font.deriveFont(Font.PLAIN), box.getCenterX(),
                            box.getCenterY() + font.getSize() * 0.7);
                } else {
                    centred(g, value, font, box.getCenterX(), box.getCenterY());
                }
            }
        }
    }

    private static void centred(java.awt.Graphics2D g, String text, Font font, double x, double y) {
        g.setFont(font);
        var m = font.getLineMetrics(text, ChartStyle.FRC);
        g.drawString(text, (float) (x - ChartStyle.width(text, font) / 2),
                (float) (y + (m.getAscent() - m.getDescent()) / 2));
    }

    /** Bold, as large as the tick labels or as fits the cell's width. */
    private static Font cellFont(ChartStyle.Fonts fonts, double cellWidth, String text) {
        Font f = fonts.ticks().deriveFont(Font.BOLD);
        while (f.getSize() > 8 && ChartStyle.width(text, f) > cellWidth * 0.9) f = f.deriveFont((float) f.getSize() - 1);
        return f;
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
        double step = Math.max(max - min, 1e-9) / BANDS;
        List<Band> bands = new ArrayList<>();
        for (int i = 0; i < BANDS; i++) {
            double lo = min + i * step;
            bands.add(new Band(number(lo) + " to " + number(lo + step),
                    i == BANDS - 1 ? Double.POSITIVE_INFINITY : lo + step));
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
