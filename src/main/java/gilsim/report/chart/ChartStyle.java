package gilsim.report.chart;

import java.awt.Color;
import java.awt.Font;
import java.awt.font.FontRenderContext;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;

/** One look for every chart: large type for a slide at 1600x900, white ground, legend below the plot. */
public final class ChartStyle {
    /** Logical fonts resolve the same way on every run of one machine, which keeps the output byte-stable. */
    static final String FAMILY = Font.SANS_SERIF;
    /** Text is measured as drawn: anti-aliased, with fractional metrics (see {@link #hints}). */
    static final FontRenderContext FRC = new FontRenderContext(null, true, true);

    private ChartStyle() {}

    /**
     * The type of one picture, scaled with its size so that a 800-pixel-wide panel of a compare stays readable; every
     * panel of a picture gets the same.
     */
    record Fonts(Font title, Font axisTitle, Font ticks, Font legend, int padding) {
        static Fonts of(int width, int height) {
            double scale = Math.max(0.7, Math.min(1.2, Math.min(width / 1600.0, height / 900.0) * 1.1));
            return new Fonts(new Font(FAMILY, Font.BOLD, size(26, scale)), new Font(FAMILY, Font.PLAIN, size(22, scale)),
                    new Font(FAMILY, Font.PLAIN, size(20, scale)), new Font(FAMILY, Font.PLAIN, size(20, scale)),
                    size(16, scale));
        }

        /** The same type {@code factor} as large (for panels narrower than any picture), no smaller than 8 pixels. */
        Fonts scaled(double factor) {
            if (factor >= 1) return this;
            return new Fonts(shrink(title, factor), shrink(axisTitle, factor), shrink(ticks, factor),
                    shrink(legend, factor), (int) Math.round(padding * factor));
        }

        private static Font shrink(Font f, double factor) {
            return f.deriveFont((float) Math.max(8, Math.round(f.getSize() * factor)));
        }
    }

    /** The style for a chart that draws its own title and legend (see {@link Panel}). */
    static void apply(AxesChartStyler s, Fonts f) {
        common(s);
        s.setAxisTitleFont(f.axisTitle());
        s.setAxisTickLabelsFont(f.ticks());
        s.setChartPadding(f.padding());
        s.setChartTitleVisible(false);
        s.setLegendVisible(false);
    }

    /** Scales type with the picture so that a 800-pixel-wide panel of a compare stays readable. */
    public static void apply(AxesChartStyler s, int width, int height) {
        Fonts f = Fonts.of(width, height);
        common(s);
        s.setChartTitleFont(f.title());
        s.setAxisTitleFont(f.axisTitle());
        s.setAxisTickLabelsFont(f.ticks());
        s.setLegendFont(f.legend());
        s.setChartPadding(f.padding());
        s.setLegendPadding(f.padding() * 3 / 4);
    }

    private static void common(AxesChartStyler s) {
        s.setChartBackgroundColor(Color.WHITE);
        s.setPlotBackgroundColor(Color.WHITE);
        s.setPlotBorderColor(new Color(0x888888));
        s.setLegendBorderColor(Color.WHITE);
        s.setChartTitleBoxVisible(false);
        s.setLegendPosition(Styler.LegendPosition.OutsideS);
        s.setLegendLayout(Styler.LegendLayout.Horizontal);
        s.setPlotGridLinesColor(new Color(0xE4E4E4));
        s.setAntiAlias(true);
        s.setToolTipsEnabled(false);
        s.setLocale(java.util.Locale.ROOT);
    }

    /** The rendering hints that {@link #FRC} measures text for. */
    static void hints(java.awt.Graphics2D g) {
        g.setRenderingHint(java.awt.RenderingHints.KEY_ANTIALIASING, java.awt.RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(java.awt.RenderingHints.KEY_TEXT_ANTIALIASING,
                java.awt.RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(java.awt.RenderingHints.KEY_FRACTIONALMETRICS,
                java.awt.RenderingHints.VALUE_FRACTIONALMETRICS_ON);
    }

    /** The width of {@code text} in {@code font}, as drawn with {@link #hints}. */
    static double width(String text, Font font) {
        return font.getStringBounds(text, FRC).getWidth();
    }

    static int size(int base, double scale) {
        return (int) Math.round(base * scale);
    }
}
