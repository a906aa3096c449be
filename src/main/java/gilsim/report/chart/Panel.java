package gilsim.report.chart;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.XYChart;

/**
 * One panel of a picture: a title, an XChart plot with its axes, and a legend, stacked and laid out here from the
 * fonts' metrics so that none is cut off at any size. The title wraps between words; the legend wraps between
 * entries (see {@link Legend}). XChart draws only the plot and axes, its own title and legend switched off.
 */
final class Panel {
    private final int width;
    private final int height;
    private final List<String> titleLines;
    private final Font titleFont;
    private final int titleRows;
    private final XYChart chart;
    private final Legend legend;
    /** The height kept for the legend: panels side by side keep the same, so that their plots line up. */
    private final int legendRoom;
    private final int padding;

    /**
     * @param titleRows how many title lines to make room for, at least the title's own: panels side by side make
     *     room for the same number so that their plots line up
     * @param legendRoom the height to keep for the legend, at least its own ({@link #legendHeight}), for the same
     *     reason
     */
    Panel(int width, int height, String title, int titleRows, XYChart chart, Legend legend, int legendRoom,
          ChartStyle.Fonts fonts) {
        this.width = width;
        this.height = height;
        this.padding = fonts.padding();
        this.titleFont = titleFont(title, fonts.title(), textWidth());
        this.titleLines = wrap(title, titleFont, textWidth());
        this.titleRows = Math.max(titleRows, titleLines.size());
        this.chart = chart;
        this.legend = legend.fitted(textWidth());
        this.legendRoom = Math.max(legendRoom, legendHeight(legend, width, fonts));
    }

    /** How many lines {@code title} takes in a panel {@code width} wide. */
    static int titleRows(String title, int width, ChartStyle.Fonts fonts) {
        int w = width - 2 * fonts.padding();
        return wrap(title, titleFont(title, fonts.title(), w), w).size();
    }

    /** The height the legend takes in a panel {@code width} wide, its margin included. */
    static int legendHeight(Legend legend, int width, ChartStyle.Fonts fonts) {
        int w = width - 2 * fonts.padding();
        return legend.isEmpty() ? 0 : legend.fitted(w).height(w) + fonts.padding() / 2;
    }

    int width() {
        return width;
    }

    int height() {
        return height;
    }

    Legend legend() {
        return legend;
    }

    XYChart chart() {
        return chart;
    }

    /** Where the chart's top edge is in the panel. */
    int chartTop() {
        return titleHeight();
    }

    private int textWidth() {
        return width - 2 * padding;
    }

    private int titleHeight() {
        return padding + (int) Math.ceil(titleRows * lineHeight());
    }

    private double lineHeight() {
        return titleFont.getSize() * 1.3;
    }

    /** The legend's box in the panel, at the top of the room kept for it. */
    Rectangle2D legendBounds() {
        int h = legend.isEmpty() ? 0 : legend.height(textWidth());
        return new Rectangle2D.Double(padding, height - padding - legendRoom + padding / 2, textWidth(), h);
    }

    /** Each legend entry's box in the panel. */
    List<Rectangle2D> legendEntries() {
        Rectangle2D box = legendBounds();
        List<Rectangle2D> out = new ArrayList<>();
        for (Rectangle2D r : legend.layout(textWidth())) {
            out.add(new Rectangle2D.Double(box.getX() + r.getX(), box.getY() + r.getY(), r.getWidth(), r.getHeight()));
        }
        return out;
    }

    /** Each title line's box in the panel. */
    List<Rectangle2D> titleBounds() {
        List<Rectangle2D> out = new ArrayList<>();
        double top = padding + (titleRows - titleLines.size()) * lineHeight() / 2;
        for (int i = 0; i < titleLines.size(); i++) {
            double w = ChartStyle.width(titleLines.get(i), titleFont);
            out.add(new Rectangle2D.Double((width - w) / 2, top + i * lineHeight(), w, lineHeight()));
        }
        return out;
    }

    void paint(Graphics2D g) {
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, height);
        ChartStyle.hints(g);
        g.setColor(Color.BLACK);
        g.setFont(titleFont);
        List<Rectangle2D> lines = titleBounds();
        for (int i = 0; i < lines.size(); i++) {
            Rectangle2D r = lines.get(i);
            var m = titleFont.getLineMetrics(titleLines.get(i), ChartStyle.FRC);
            g.drawString(titleLines.get(i), (float) r.getX(),
                    (float) (r.getCenterY() + (m.getAscent() - m.getDescent()) / 2));
        }
        // The legend before the chart: in an SVG, VectorGraphics2D keeps XChart's clip of the plot for whatever is
        // drawn after the chart, and the legend would vanish.
        if (!legend.isEmpty()) {
            Graphics2D l = (Graphics2D) g.create();
            ChartStyle.hints(l);
            Rectangle2D box = legendBounds();
            legend.paint(l, box.getX(), box.getY(), textWidth());
            l.dispose();
        }
        int chartTop = chartTop();
        int chartBottom = legend.isEmpty() ? height : height - padding - legendRoom;
        Graphics2D c = (Graphics2D) g.create();
        c.translate(0, chartTop);
        chart.paint(c, width, Math.max(1, chartBottom - chartTop));
        c.dispose();
    }

    /** The title's font, smaller only if one word of it is wider than the panel. */
    private static Font titleFont(String title, Font base, int width) {
        Font f = base;
        for (String word : title.split(" ")) {
            while (f.getSize() > 9 && ChartStyle.width(word, f) > width) f = f.deriveFont((float) f.getSize() - 1);
        }
        return f;
    }

    /** Greedy word wrap: as many words on a line as fit. */
    static List<String> wrap(String text, Font font, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            String longer = line.isEmpty() ? word : line + " " + word;
            if (!line.isEmpty() && ChartStyle.width(longer, font) > width) {
                lines.add(line.toString());
                line.setLength(0);
                line.append(word);
            } else {
                line.setLength(0);
                line.append(longer);
            }
        }
        if (!line.isEmpty() || lines.isEmpty()) lines.add(line.toString());
        return lines;
    }
}
