package gilsim.report.html;

import gilsim.sim.Durations;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Each thread's GIL waits as an empirical CDF in inline SVG, on a log time axis from 1 us (shorter waits are drawn
 * there, as in the PNG CDF) to a decade past the longest wait, with the switch interval dashed. A thread with few
 * waits is drawn as points: a step through two samples would read as a distribution.
 */
final class CdfSvg {
    private static final double FLOOR_NS = 1_000;
    /** Fewer waits than this are drawn as points. */
    private static final int FEW = 20;
    private static final int LEFT = 58;
    private static final int RIGHT = 12;
    private static final int TOP = 10;
    private static final int BOTTOM = 34;

    private CdfSvg() {}

    /**
     * @param xMaxNs the right end of the axis ({@link #xMaxNs}); panels side by side share one
     */
    static String of(List<String> threads, List<AbstractHistogram> waits, long intervalNs, double xMaxNs, int width,
                     int height) {
        double lo = Math.log10(FLOOR_NS);
        double hi = Math.log10(xMaxNs);
        int plotW = width - LEFT - RIGHT;
        int plotH = height - TOP - BOTTOM;
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "<svg class=\"cdf\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" "
                + "role=\"img\" aria-label=\"CDF of GIL waits per thread\">", width, height, width, height));
        b.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" class=\"plot\"/>",
                LEFT, TOP, plotW, plotH));
        for (int decade = (int) Math.ceil(lo); decade <= hi + 1e-9; decade++) {
            double x = LEFT + plotW * (decade - lo) / (hi - lo);
            b.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" class=\"grid\"/>"
                    + "<text x=\"%.1f\" y=\"%d\" class=\"tick\" text-anchor=\"middle\">%s</text>", x, TOP, x,
                    TOP + plotH, x, TOP + plotH + 14, decade(decade)));
        }
        for (int q = 0; q <= 4; q++) {
            double y = TOP + plotH * (1 - q / 4.0);
            b.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" class=\"grid\"/>"
                    + "<text x=\"%d\" y=\"%.1f\" class=\"tick\" text-anchor=\"end\">%.2f</text>", LEFT, y, LEFT + plotW,
                    y, LEFT - 4, y + 4, q / 4.0));
        }
        b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" class=\"axis\" text-anchor=\"middle\">GIL wait "
                + "(log scale; under 1 us drawn at 1 us)</text>", LEFT + plotW / 2, height - 4));
        b.append(String.format(Locale.ROOT, "<text transform=\"translate(12 %d) rotate(-90)\" class=\"axis\" "
                + "text-anchor=\"middle\">share of waits this long or shorter</text>", TOP + plotH / 2));
        double ix = LEFT + plotW * (Math.log10(Math.max(FLOOR_NS, intervalNs)) - lo) / (hi - lo);
        b.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" class=\"interval\">"
                + "<title>switch interval %s</title></line>", ix, TOP, ix, TOP + plotH, Durations.human(intervalNs)));
        for (int t = 0; t < threads.size(); t++) {
            AbstractHistogram h = waits.get(t);
            if (h.getTotalCount() == 0) continue;
            String colour = PagePalette.THREADS.get(t % PagePalette.THREADS.size());
            boolean few = h.getTotalCount() < FEW;
            StringBuilder path = new StringBuilder();
            double total = h.getTotalCount();
            long seen = 0;
            double lastX = LEFT;
            double lastY = TOP + plotH;
            path.append(String.format(Locale.ROOT, "M%.1f %.1f", lastX, lastY));
            for (HistogramIterationValue v : h.recordedValues()) {
                seen += v.getCountAtValueIteratedTo();
                double ns = Math.max(FLOOR_NS, h.highestEquivalentValue(v.getValueIteratedTo()));
                double x = LEFT + plotW * (Math.log10(ns) - lo) / (hi - lo);
                double y = TOP + plotH * (1 - seen / total);
                if (few) {
                    b.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\">"
                            + "<title>%s: %s, %.0f%% of its waits this long or shorter</title></circle>", x, y,
                            colour, Html.text(threads.get(t)), Durations.human((long) ns), 100 * seen / total));
                }
                // One vertex per pixel column is all the eye sees; it keeps a long run's curve small.
                if (x - lastX >= 1 || seen == total) {
                    path.append(String.format(Locale.ROOT, "H%.1fV%.1f", x, y));
                    lastX = x;
                    lastY = y;
                }
            }
            if (!few) {
                path.append(String.format(Locale.ROOT, "H%d", LEFT + plotW));
                b.append("<path d=\"").append(path).append("\" fill=\"none\" stroke=\"").append(colour)
                        .append("\" stroke-width=\"2.5\" class=\"dash").append(t % 4).append("\"/>");
            }
        }
        b.append("</svg>");
        return b.toString();
    }

    /** 10^decade ns as 1 us, 10 us, 100 us, 1 ms, ... 10 s. */
    static String decade(int decade) {
        String[] units = {"ns", "us", "ms", "s"};
        int unit = Math.min(3, Math.max(0, decade / 3));
        return (long) Math.pow(10, decade - 3 * unit) + " " + units[unit];
    }

    /** The legend under a CDF: each thread's colour, its number of waits and its longest. */
    static String legend(List<String> threads, List<AbstractHistogram> waits, long[] openWaitNs) {
        StringBuilder b = new StringBuilder("<ul class=\"legend\">");
        for (int t = 0; t < threads.size(); t++) {
            AbstractHistogram h = waits.get(t);
            b.append("<li><span class=\"swatch\" style=\"background:")
                    .append(PagePalette.THREADS.get(t % PagePalette.THREADS.size())).append("\"></span>")
                    .append(Html.text(threads.get(t))).append(": ");
            if (h.getTotalCount() == 0) {
                b.append("no waits");
            } else {
                b.append(h.getTotalCount()).append(h.getTotalCount() == 1 ? " wait" : " waits").append(", longest ")
                        .append(Durations.human(h.getMaxValue()));
                if (h.getTotalCount() < FEW) b.append(" (points: too few for a curve)");
                if (openWaitNs[t] >= 0) {
                    b.append("; the last, ").append(Durations.human(openWaitNs[t]))
                            .append(", was still waiting when the run ended and counts to the end");
                }
            }
            b.append("</li>");
        }
        b.append("<li><span class=\"swatch dashed\"></span>switch interval</li></ul>");
        return b.toString();
    }

    /** A decade past the longest wait of any panel, and at least past the switch interval. */
    static double xMaxNs(List<AbstractHistogram> waits, long intervalNs) {
        long max = intervalNs;
        for (AbstractHistogram h : waits) if (h.getTotalCount() > 0) max = Math.max(max, h.getMaxValue());
        return Math.pow(10, Math.ceil(Math.log10(Math.max(FLOOR_NS * 10, max)) + 0.01));
    }
}
