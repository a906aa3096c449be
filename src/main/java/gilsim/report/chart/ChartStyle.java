package gilsim.report.chart;

import java.awt.Color;
import java.awt.Font;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;

/** One look for every chart: large type for a slide at 1600x900, white ground, legend below the plot. */
public final class ChartStyle {
    /** Logical fonts resolve the same way on every run of one machine, which keeps the output byte-stable. */
    static final String FAMILY = Font.SANS_SERIF;

    private ChartStyle() {}

    /** Scales type with the picture so that a 800-pixel-wide panel of a compare stays readable. */
    public static void apply(AxesChartStyler s, int width, int height) {
        double scale = Math.max(0.7, Math.min(1.2, Math.min(width / 1600.0, height / 900.0) * 1.1));
        s.setChartTitleFont(new Font(FAMILY, Font.BOLD, size(26, scale)));
        s.setAxisTitleFont(new Font(FAMILY, Font.PLAIN, size(22, scale)));
        s.setAxisTickLabelsFont(new Font(FAMILY, Font.PLAIN, size(20, scale)));
        s.setLegendFont(new Font(FAMILY, Font.PLAIN, size(20, scale)));
        s.setChartBackgroundColor(Color.WHITE);
        s.setPlotBackgroundColor(Color.WHITE);
        s.setPlotBorderColor(new Color(0x888888));
        s.setLegendBorderColor(Color.WHITE);
        s.setChartTitleBoxVisible(false);
        s.setLegendPosition(Styler.LegendPosition.OutsideS);
        s.setLegendLayout(Styler.LegendLayout.Horizontal);
        s.setPlotGridLinesColor(new Color(0xE4E4E4));
        s.setChartPadding(size(16, scale));
        s.setLegendPadding(size(12, scale));
        s.setAntiAlias(true);
        s.setToolTipsEnabled(false);
        s.setLocale(java.util.Locale.ROOT);
    }

    /** Sets the title, shrinking its type until it fits the width (about 0.6 em a character, bold). */
    static void title(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart, String title) {
        chart.setTitle(title);
        int base = chart.getStyler().getChartTitleFont().getSize();
        int fit = (int) (0.92 * chart.getWidth() / (0.6 * Math.max(1, title.length())));
        chart.getStyler().setChartTitleFont(new Font(FAMILY, Font.BOLD, Math.max(12, Math.min(base, fit))));
    }

    static int size(int base, double scale) {
        return (int) Math.round(base * scale);
    }
}
