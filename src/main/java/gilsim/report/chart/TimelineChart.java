package gilsim.report.chart;

import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * A lane per thread over simulated time. Each lane is a band of its own, every other one faintly shaded and ruled
 * off from the next: the thread's activity is a bar along the band's middle, and its marks sit inside the band,
 * things done to it just above the bar and things it does just below, so that a mark is never nearer another
 * thread's bar than its own.
 */
final class TimelineChart {
    /** The bar's share of a lane's height; the marks take most of the rest. */
    private static final double BAR = 0.36;
    /** A mark's largest share of a lane's height, so that both rows of marks fit beside the bar. */
    private static final double MARK = 0.22;

    private TimelineChart() {}

    static DrawnChart of(Timeline t, ChartStyle.Fonts fonts) {
        int lanes = t.threads().size();
        DrawnChart chart = new DrawnChart(t.window().fromNs() / 1e6, t.window().toNs() / 1e6, -0.5, lanes - 0.5, fonts,
                (g, c) -> paint(g, c, t, fonts));
        chart.setXAxisTitle("simulated time (ms)");
        chart.setYAxisTitle("thread");
        var s = chart.getStyler();
        s.setPlotGridHorizontalLinesVisible(false);
        s.setXAxisDecimalPattern(decimals(t.window().lengthNs()));
        List<String> bottomUp = new ArrayList<>(t.threads());
        Collections.reverse(bottomUp);
        s.setyAxisTickLabelsFormattingFunction(y -> CategoryTicks.label(bottomUp, y));
        return chart;
    }

    /** The legend of one or several timelines: the activities and marks any of them shows, in a fixed order. */
    static List<Legend.Entry> legend(List<Timeline> timelines) {
        Set<Activity> activities = EnumSet.noneOf(Activity.class);
        Set<MarkKind> marks = EnumSet.noneOf(MarkKind.class);
        for (Timeline t : timelines) {
            for (Timeline.Segment s : t.segments()) activities.add(s.activity());
            for (Timeline.Mark m : t.marks()) marks.add(m.kind());
        }
        List<Legend.Entry> entries = new ArrayList<>();
        for (Activity a : activities) entries.add(new Legend.Entry(new Legend.Swatch(a.color), a.label));
        for (MarkKind k : marks) entries.add(new Legend.Entry(new Legend.Mark(k.marker, k.color), k.label));
        return entries;
    }

    private static void paint(java.awt.Graphics2D g, DrawnChart c, Timeline t, ChartStyle.Fonts fonts) {
        int lanes = t.threads().size();
        Rectangle2D plot = c.plotBounds();
        double pitch = Math.abs(c.y(0) - c.y(1));
        for (int thread = 0; thread < lanes; thread++) {
            double top = c.y(lane(lanes, thread) + 0.5);
            if (thread % 2 == 1) {
                g.setColor(Palette.LANE_BAND);
                g.fill(new Rectangle2D.Double(plot.getX(), top, plot.getWidth(), pitch));
            }
            if (thread > 0) {
                g.setColor(Palette.LANE_RULE);
                g.setStroke(new java.awt.BasicStroke(1f));
                g.draw(new Line2D.Double(plot.getX(), top, plot.getMaxX(), top));
            }
        }
        double bar = Math.max(3, pitch * BAR);
        for (Timeline.Segment s : t.segments()) {
            double x0 = c.x(s.startNs() / 1e6);
            double x1 = c.x(s.endNs() / 1e6);
            g.setColor(s.activity().color);
            g.fill(new Rectangle2D.Double(x0, c.y(lane(lanes, s.thread())) - bar / 2, x1 - x0, bar));
        }
        int size = (int) Math.max(4, Math.min(fonts.ticks().getSize() * 0.75, pitch * MARK));
        double gap = Math.max(1, pitch * 0.03);
        for (Timeline.Mark m : t.marks()) {
            double centre = c.y(lane(lanes, m.thread()));
            double offset = bar / 2 + gap + size / 2.0;
            g.setColor(m.kind().color);
            m.kind().marker.paint(g, c.x(m.timeNs() / 1e6), m.kind().above ? centre - offset : centre + offset, size);
        }
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
