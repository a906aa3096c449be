package gilsim.report.html;

import gilsim.compare.Comparison;
import gilsim.compare.ComparisonText;
import gilsim.metrics.Summary;
import gilsim.report.Beat;
import gilsim.report.Explanation;
import gilsim.report.TimeWindow;
import gilsim.report.chart.Charts;
import gilsim.report.chart.RunSpec;
import java.util.List;
import java.util.Locale;

/**
 * The report as a Markdown section a design document can include as it is: the verdict and why, a timeline of the
 * chosen window as an SVG beside it (a code host shows a linked SVG, not an inline one), the narration of that window,
 * and the scenario under each GIL policy as tables. Every figure is the HTML page's own: the same run and the same
 * comparison.
 */
final class ReportMarkdown {
    /** The narration lines quoted at most; the window's count says how many more there were. */
    static final int MAX_LINES = 40;
    /** The timeline's window when none is asked: as {@code chart --kind timeline}, the first 50 ms. */
    static final long DEFAULT_WINDOW_NS = 50_000_000L;

    private ReportMarkdown() {}

    /**
     * @param svgName the timeline picture's file name, beside the Markdown file (written by the caller)
     * @return the section's text
     */
    static String of(Report.Request r, Summary s, TimeWindow window, List<Beat> lines, Comparison policies,
                     String svgName) {
        StringBuilder b = new StringBuilder();
        String scenario = s.scenario();
        b.append("### ").append(scenario).append(": ").append(s.verdict())
                .append(s.starves() ? " (" + String.join(", ", s.starvedThreads()) + ")" : "").append("\n\n");
        b.append(Explanation.of(s)).append("\n\n");
        b.append("![Timeline of ").append(scenario).append(" from ").append(seconds(window.fromNs())).append(" to ")
                .append(seconds(window.toNs())).append(": a lane for the GIL and one per thread](").append(svgName)
                .append(")\n\n");
        b.append("*`").append(r.replay()).append("`; seed ").append(r.seed()).append(", ")
                .append(gilsim.sim.Durations.human(s.simulatedNs())).append(" simulated.*\n\n");
        b.append("What happened from ").append(seconds(window.fromNs())).append(" to ").append(seconds(window.toNs()))
                .append(lines.size() > MAX_LINES ? " (the first " + MAX_LINES + " of " + lines.size() + " lines)" : "")
                .append(":\n\n");
        for (Beat line : lines.subList(0, Math.min(MAX_LINES, lines.size()))) {
            b.append("- `").append(String.format(Locale.ROOT, "%.6f s", line.timeNs() / 1e9)).append("` ")
                    .append(escape(line.sentence())).append('\n');
        }
        if (lines.isEmpty()) b.append("- nothing is told in this window\n");
        b.append("\nThe scenario under each GIL policy (differences against the as-is arm):\n\n");
        for (ComparisonText.Grid g : ComparisonText.grids(policies)) {
            b.append('|');
            for (String h : g.headings()) b.append(' ').append(escape(h)).append(" |");
            b.append("\n|");
            for (int i = 0; i < g.headings().size(); i++) b.append("---|");
            b.append('\n');
            for (List<String> row : g.rows()) {
                b.append('|');
                for (String cell : row) b.append(' ').append(escape(cell)).append(" |");
                b.append('\n');
            }
            b.append('\n');
        }
        return b.toString();
    }

    /** The timeline picture of {@code window}, as {@code chart --kind timeline} draws it. */
    static void timeline(Report.Request r, TimeWindow window, java.nio.file.Path svg) {
        Charts.timeline(RunSpec.of(r.scenario(), r.sets(), r.machine(), r.seed()), window, svg, 1400, 520);
    }

    private static String seconds(long ns) {
        return String.format(Locale.ROOT, "%.6f s", ns / 1e9);
    }

    /** A cell or a line with the Markdown characters it may hold made literal (a table's bar, emphasis). */
    private static String escape(String text) {
        return text.replace("|", "\\|").replace("*", "\\*");
    }
}
