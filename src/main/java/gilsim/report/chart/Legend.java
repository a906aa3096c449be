package gilsim.report.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.style.markers.Marker;

/**
 * A legend the charts lay out and draw themselves: XChart 3.8.8 sets a horizontal legend on one line and clips what
 * does not fit. Entries fill rows that wrap at the width given and are centred; a heading starts a new row. If
 * one entry alone is wider than the width, the type shrinks until it fits.
 */
final class Legend {
    /** What stands before an entry's label. */
    sealed interface Key permits Swatch, Mark, Line, Heading {}

    /** A filled square: a timeline's activity, a heat map's band. */
    record Swatch(Color color) implements Key {}

    /** A marker as a chart draws it. */
    record Mark(Marker marker, Color color) implements Key {}

    /** A short piece of a curve's line. */
    record Line(Color color, BasicStroke stroke) implements Key {}

    /** No key: the label in bold, at the start of a row. */
    record Heading() implements Key {}

    record Entry(Key key, String label) {}

    /** Legend type shrinks no further than this; below it a label would not be read anyway. */
    private static final int MIN_FONT = 9;

    private final List<Entry> entries;
    private final Font font;

    Legend(List<Entry> entries, Font font) {
        this.entries = List.copyOf(entries);
        this.font = font;
    }

    List<Entry> entries() {
        return entries;
    }

    boolean isEmpty() {
        return entries.isEmpty();
    }

    /** The same entries in type small enough that each fits {@code width} on its own (down to {@link #MIN_FONT}). */
    Legend fitted(int width) {
        Font f = font;
        while (f.getSize() > MIN_FONT && widest(f) > width) f = f.deriveFont((float) f.getSize() - 1);
        return f == font ? this : new Legend(entries, f);
    }

    private double widest(Font f) {
        double w = 0;
        for (Entry e : entries) w = Math.max(w, entryWidth(e, f));
        return w;
    }

    int height(int width) {
        List<Rectangle2D> boxes = layout(width);
        return boxes.isEmpty() ? 0 : (int) Math.ceil(boxes.get(boxes.size() - 1).getMaxY());
    }

    /** Each entry's box, relative to the legend's top left corner, in a legend {@code width} wide. */
    List<Rectangle2D> layout(int width) {
        double rowHeight = rowHeight();
        double gap = font.getSize() * 1.2;
        List<Rectangle2D> boxes = new ArrayList<>();
        List<Rectangle2D> row = new ArrayList<>();
        double x = 0;
        double y = 0;
        for (Entry e : entries) {
            double w = entryWidth(e, font);
            boolean heading = e.key() instanceof Heading;
            if (!row.isEmpty() && (heading || x + gap + w > width)) {
                centre(row, x, width, boxes);
                row.clear();
                x = 0;
                y += rowHeight;
            }
            if (!row.isEmpty()) x += gap;
            row.add(new Rectangle2D.Double(x, y, w, rowHeight));
            x += w;
        }
        if (!row.isEmpty()) centre(row, x, width, boxes);
        return boxes;
    }

    private static void centre(List<Rectangle2D> row, double rowWidth, int width, List<Rectangle2D> out) {
        double shift = Math.max(0, (width - rowWidth) / 2);
        for (Rectangle2D r : row) out.add(new Rectangle2D.Double(r.getX() + shift, r.getY(), r.getWidth(), r.getHeight()));
    }

    void paint(Graphics2D g, double left, double top, int width) {
        List<Rectangle2D> boxes = layout(width);
        int size = font.getSize();
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            Rectangle2D b = boxes.get(i);
            double x = left + b.getX();
            double midY = top + b.getCenterY();
            double keyWidth = keyWidth(e.key(), font);
            if (e.key() instanceof Swatch s) {
                g.setColor(s.color());
                double side = size * 0.8;
                g.fill(new Rectangle2D.Double(x, midY - side / 2, side, side));
            } else if (e.key() instanceof Mark m) {
                g.setColor(m.color());
                m.marker().paint(g, x + size * 0.4, midY, (int) Math.round(size * 0.8));
            } else if (e.key() instanceof Line l) {
                g.setColor(l.color());
                g.setStroke(l.stroke());
                g.draw(new Line2D.Double(x, midY, x + keyWidth - size * 0.4, midY));
            }
            g.setColor(Color.BLACK);
            Font f = e.key() instanceof Heading ? font.deriveFont(Font.BOLD) : font;
            g.setFont(f);
            var metrics = f.getLineMetrics(e.label(), ChartStyle.FRC);
            float baseline = (float) (midY + (metrics.getAscent() - metrics.getDescent()) / 2);
            g.drawString(e.label(), (float) (x + keyWidth), baseline);
        }
    }

    private double rowHeight() {
        return Math.ceil(font.getSize() * 1.6);
    }

    private static double entryWidth(Entry e, Font f) {
        Font text = e.key() instanceof Heading ? f.deriveFont(Font.BOLD) : f;
        return keyWidth(e.key(), f) + ChartStyle.width(e.label(), text);
    }

    /** The key and the space after it. */
    private static double keyWidth(Key key, Font f) {
        if (key instanceof Line) return f.getSize() * 2.6;
        if (key instanceof Heading) return 0;
        return f.getSize() * 1.3;
    }
}
