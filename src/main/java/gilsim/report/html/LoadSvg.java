package gilsim.report.html;

import gilsim.report.chart.LoadChart;
import gilsim.sim.Durations;
import java.util.List;
import java.util.Locale;

/**
 * Request latency against offered load in inline SVG: each arm's p99 solid with a point at each run (its figures in
 * the point's tooltip) and its median dashed, on a log latency axis, one colour an arm, as {@code chart --kind load}
 * draws them.
 */
final class LoadSvg {
    private static final int LEFT = 58;
    private static final int RIGHT = 12;
    private static final int TOP = 10;
    private static final int BOTTOM = 34;

    private LoadSvg() {}

    static String of(List<LoadChart.Curve> curves, String key, int width, int height) {
        long lowest = Long.MAX_VALUE;
        long highest = 1;
        for (LoadChart.Curve c : curves) {
            for (long v : c.p50Ns()) lowest = Math.min(lowest, Math.max(1_000, v));
            for (long v : c.p99Ns()) highest = Math.max(highest, v);
        }
        double lo = Math.floor(Math.log10(Math.max(1_000, lowest)));
        double hi = Math.max(lo + 1, Math.ceil(Math.log10(Math.max(highest, 1_000))));
        long[] loads = curves.get(0).loads();
        double x0 = loads[0];
        double x1 = loads[loads.length - 1];
        int plotW = width - LEFT - RIGHT;
        int plotH = height - TOP - BOTTOM;
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "<svg class=\"load\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" "
                + "role=\"img\" aria-label=\"request latency against %s\">", width, height, width, height, Html.text(key)));
        b.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" class=\"plot\"/>",
                LEFT, TOP, plotW, plotH));
        for (int decade = (int) lo; decade <= hi; decade++) {
            double y = TOP + plotH * (1 - (decade - lo) / (hi - lo));
            b.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" class=\"grid\"/>"
                    + "<text x=\"%d\" y=\"%.1f\" class=\"tick\" text-anchor=\"end\">%s</text>", LEFT, y, LEFT + plotW,
                    y, LEFT - 4, y + 4, CdfSvg.decade(decade)));
        }
        for (long load : loads) {
            double x = LEFT + plotW * (load - x0) / (x1 - x0);
            b.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" class=\"tick\" text-anchor=\"middle\">%d"
                    + "</text>", x, TOP + plotH + 14, load));
        }
        b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" class=\"axis\" text-anchor=\"middle\">%s "
                + "(offered load)</text>", LEFT + plotW / 2, height - 4, Html.text(key)));
        b.append(String.format(Locale.ROOT, "<text transform=\"translate(12 %d) rotate(-90)\" class=\"axis\" "
                + "text-anchor=\"middle\">request latency (log scale)</text>", TOP + plotH / 2));
        for (int a = 0; a < curves.size(); a++) {
            LoadChart.Curve c = curves.get(a);
            String colour = PagePalette.THREADS.get(a % PagePalette.THREADS.size());
            StringBuilder p99 = new StringBuilder();
            StringBuilder p50 = new StringBuilder();
            for (int i = 0; i < loads.length; i++) {
                double x = LEFT + plotW * (loads[i] - x0) / (x1 - x0);
                double y99 = y(c.p99Ns()[i], lo, hi, plotH);
                double y50 = y(c.p50Ns()[i], lo, hi, plotH);
                p99.append(String.format(Locale.ROOT, "%s%.1f %.1f", i == 0 ? "M" : "L", x, y99));
                p50.append(String.format(Locale.ROOT, "%s%.1f %.1f", i == 0 ? "M" : "L", x, y50));
                b.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\"><title>%s, "
                        + "%s=%d: p99 %s, median %s</title></circle>", x, y99, colour, Html.text(c.label()),
                        Html.text(key), loads[i], Durations.human(c.p99Ns()[i]), Durations.human(c.p50Ns()[i])));
            }
            b.append("<path d=\"").append(p99).append("\" fill=\"none\" stroke=\"").append(colour)
                    .append("\" stroke-width=\"2.5\"/>");
            b.append("<path d=\"").append(p50).append("\" fill=\"none\" stroke=\"").append(colour)
                    .append("\" stroke-width=\"1.5\" class=\"dash1\"/>");
        }
        b.append("</svg>");
        return b.toString();
    }

    private static double y(long ns, double lo, double hi, int plotH) {
        return TOP + plotH * (1 - (Math.log10(Math.max(1_000, ns)) - lo) / (hi - lo));
    }

    /** The legend under the chart: each arm's colour, its p99 solid and its median dashed. */
    static String legend(List<LoadChart.Curve> curves) {
        StringBuilder b = new StringBuilder("<ul class=\"legend\">");
        for (int a = 0; a < curves.size(); a++) {
            b.append("<li><span class=\"swatch\" style=\"background:")
                    .append(PagePalette.THREADS.get(a % PagePalette.THREADS.size())).append("\"></span>")
                    .append(Html.text(curves.get(a).label())).append(": p99 solid, median dashed</li>");
        }
        return b.append("</ul>").toString();
    }
}
