package gilsim.report.html;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import gilsim.metrics.Summary;
import gilsim.metrics.Summary.ThreadSummary;
import gilsim.report.Explanation;
import gilsim.report.SummaryText;
import gilsim.report.chart.RunSpec;
import gilsim.sim.Durations;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.AbstractHistogram;

/**
 * The page itself: what ran, the verdict and why, the timeline (drawn by the page's script from the data embedded
 * beside it), the narration, the wait CDFs and the arms side by side. Same run, same bytes: nothing in it depends on
 * the clock or the machine.
 */
final class ReportPage {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int CDF_WIDTH = 520;
    private static final int CDF_HEIGHT = 300;

    private ReportPage() {}

    static String html(RunSpec run, boolean windowAsked, String replay, List<String> threads, Recording recording,
                       List<Arm> arms) {
        Summary s = arms.get(0).summary();
        StringBuilder b = new StringBuilder(1 << 20);
        String title = "gilsim report: " + s.scenario() + " (" + s.verdict() + ")";
        b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(Html.text(title)).append("</title>\n<style>\n").append(resource("report.css"))
                .append("</style>\n</head>\n<body>\n");
        b.append("<header><h1>").append(Html.text(s.scenario())).append(" <span class=\"verdict ")
                .append(s.verdict()).append("\">").append(s.verdict()).append(s.starves() ? ": "
                        + Html.text(String.join(", ", s.starvedThreads())) : "").append("</span></h1>\n");
        b.append("<p class=\"why\" id=\"explanation\">").append(Html.text(Explanation.of(s))).append("</p></header>\n");
        ran(b, run, s, replay);
        timeline(b, recording, windowAsked);
        waits(b, s, threads, arms.get(0).waits());
        if (arms.size() > 1) compare(b, arms);
        b.append("<details id=\"summary\"><summary>The full summary, as <code>gilsim run</code> prints it</summary>")
                .append("<pre>").append(Html.text(SummaryText.of(s))).append("</pre></details>\n");
        b.append("<script type=\"application/json\" id=\"data\">").append(Html.scriptJson(json(data(threads,
                recording)))).append("</script>\n<script>\n").append(resource("report.js"))
                .append("</script>\n</body>\n</html>\n");
        return b.toString();
    }

    private static void ran(StringBuilder b, RunSpec run, Summary s, String replay) {
        b.append("<section id=\"ran\"><h2>What ran</h2>\n<p>Scenario <b>").append(Html.text(s.scenario()))
                .append("</b> (").append(Html.text(run.scenario().origin())).append("), seed ").append(s.seed())
                .append(", ").append(Durations.human(s.simulatedNs())).append(" simulated, ").append(s.events())
                .append(" events.</p>\n<p>Replay this page: <code id=\"replay\">").append(Html.text(replay))
                .append("</code></p>\n<p class=\"params\">Parameters (those set on the command line in bold): ");
        for (Map.Entry<String, String> e : s.params().entrySet()) {
            boolean set = run.setKeys().contains(e.getKey());
            b.append(set ? "<code class=\"set\">" : "<code>").append(Html.text(e.getKey() + "=" + e.getValue()))
                    .append("</code> ");
        }
        b.append("</p></section>\n");
    }

    private static void timeline(StringBuilder b, Recording r, boolean windowAsked) {
        b.append("<section id=\"timeline\"><h2>Timeline</h2>\n<p class=\"help\">Wheel: zoom at the pointer; drag: "
                + "select a span to zoom to; shift+wheel or shift+drag: pan; hover: the event under the pointer; "
                + "click a narration line: zoom to its moment.</p>\n<div class=\"controls\">"
                + "<button id=\"zoom-in\" title=\"zoom in\">+</button><button id=\"zoom-out\" title=\"zoom out\">"
                + "\u2212</button><button id=\"pan-left\" title=\"pan left\">\u25c0</button><button id=\"pan-right\" "
                + "title=\"pan right\">\u25b6</button><button id=\"zoom-all\">whole run</button>"
                + "<button id=\"zoom-detail\">detailed span</button>"
                + "<span id=\"window\" aria-live=\"polite\"></span></div>\n");
        b.append("<div class=\"view\"><div class=\"lanes\"><canvas id=\"tl\" width=\"900\" height=\"200\" role=\"img\" "
                + "aria-label=\"timeline: a lane for the GIL and one per thread\"></canvas>"
                + "<div id=\"tip\" role=\"tooltip\" hidden></div>\n<ul class=\"legend\" id=\"legend\"></ul>\n"
                + "<p id=\"aggregated\" class=\"note\">");
        if (r.detailIsWhole()) {
            b.append("Every event of the run is in the page (").append(r.items())
                    .append(" segments, marks and narration lines); nothing was aggregated.");
        } else {
            b.append("Kept in full detail: ").append(Durations.human(r.detailToNs() - r.windowFromNs())).append(" from ")
                    .append(seconds(r.windowFromNs())).append(" to ").append(seconds(r.detailToNs())).append(" (")
                    .append(r.items()).append(" segments, marks and narration lines");
            b.append(r.budgetReached() ? ", the page's budget of " + Report.DETAIL_BUDGET + ")"
                    : windowAsked ? ", the --window asked for)" : ")");
            b.append(". Elsewhere the timeline shows summaries: each lane's share of each activity per bucket of ")
                    .append(Durations.human(r.bucketNs(0))).append(" or ").append(Durations.human(r.bucketNs(1)))
                    .append(" (hover for the marks and hand-offs in it), drawn hatched; the narration covers the "
                            + "detailed span only. For detail elsewhere, write the page again with "
                            + "<code>--window FROM..TO</code>.");
        }
        b.append("</p></div>\n<aside id=\"story\"><h3>Narration of the visible window</h3><p id=\"story-count\">"
                + "</p><ol id=\"narration\"></ol></aside></div></section>\n");
    }

    private static void waits(StringBuilder b, Summary s, List<String> threads, List<AbstractHistogram> waits) {
        long interval = s.params().containsKey("interval") ? Durations.parse(s.params().get("interval")) : 5_000_000L;
        b.append("<section id=\"waits\"><h2>GIL waits</h2>\n<p>How long each take of the GIL waited, from "
                + "take_gil's entry to the take, over the whole run: the fraction of waits this long or shorter.</p>\n")
                .append(CdfSvg.of(threads, waits, interval, CdfSvg.xMaxNs(waits, interval), CDF_WIDTH, CDF_HEIGHT))
                .append(CdfSvg.legend(threads, waits)).append("</section>\n");
    }

    private static void compare(StringBuilder b, List<Arm> arms) {
        Summary base = arms.get(0).summary();
        b.append("<section id=\"compare\"><h2>The arms side by side</h2>\n<p>The run as asked and each ")
                .append("<code>--compare</code> arm: the same scenario, seed and settings with the arm's keys changed. ")
                .append("\u201cBuys\u201d and \u201ccosts\u201d are read against the run as asked.</p>\n")
                .append("<div class=\"scroll\"><table class=\"arms\"><tr><th></th>");
        for (Arm a : arms) b.append("<th>").append(Html.text(a.label())).append("</th>");
        b.append("</tr>\n");
        row(b, "verdict", arms, a -> "<span class=\"verdict " + a.summary().verdict() + "\">" + a.summary().verdict()
                + "</span>" + (a.summary().starves() ? " (" + Html.text(String.join(", ",
                a.summary().starvedThreads())) + ")" : ""));
        row(b, "longest wait", arms, a -> {
            ThreadSummary w = worst(a.summary());
            return Durations.human(w.waitMaxNs()) + " (" + Html.text(w.name()) + ")";
        });
        for (ThreadSummary t : base.threads()) {
            String n = t.name();
            row(b, Html.text(n) + ": p99 wait", arms, a -> thread(a, n, x -> Durations.human(x.waitP99Ns())));
            row(b, Html.text(n) + ": share of the GIL", arms, a -> thread(a, n, x -> Tradeoff.pct(x.gilShare())));
            if (t.rounds() != null) row(b, Html.text(n) + ": rounds", arms, a -> thread(a, n, x -> String.valueOf(
                    x.rounds())));
        }
        row(b, "switches", arms, a -> String.valueOf(a.summary().gil().switches()));
        row(b, "drop requests", arms, a -> String.valueOf(a.summary().gil().dropRequests()));
        row(b, "forced switches", arms, a -> String.valueOf(a.summary().gil().forcedSwitches()));
        if (base.pool() != null) {
            row(b, "throughput", arms, a -> a.summary().pool() == null ? "\u2013"
                    : String.format(Locale.ROOT, "%.0f requests/s", a.summary().pool().throughputRps()));
            row(b, "request latency p99", arms, a -> a.summary().pool() == null ? "\u2013"
                    : Durations.human(a.summary().pool().latencyP99Ns()));
            row(b, "order", arms, a -> a.summary().pool() == null ? "\u2013" : a.summary().pool().orderVerdict());
        }
        row(b, "buys", arms, a -> a == arms.get(0) ? "" : list(Tradeoff.buys(base, a.summary())));
        row(b, "costs", arms, a -> a == arms.get(0) ? "" : list(Tradeoff.costs(base, a.summary())));
        b.append("</table></div>\n<div class=\"cdfs\">");
        List<AbstractHistogram> all = new ArrayList<>();
        long interval = 0;
        for (Arm a : arms) {
            all.addAll(a.waits());
            interval = Math.max(interval, Durations.parse(a.summary().params().get("interval")));
        }
        double xMax = CdfSvg.xMaxNs(all, interval);
        for (Arm a : arms) {
            List<String> names = a.summary().threads().stream().map(ThreadSummary::name).toList();
            b.append("<figure><figcaption>").append(Html.text(a.label())).append("</figcaption>")
                    .append(CdfSvg.of(names, a.waits(), Durations.parse(a.summary().params().get("interval")), xMax,
                            360, 240)).append(CdfSvg.legend(names, a.waits())).append("</figure>");
        }
        b.append("</div></section>\n");
    }

    private static void row(StringBuilder b, String head, List<Arm> arms, java.util.function.Function<Arm, String> cell) {
        b.append("<tr><th>").append(head).append("</th>");
        for (Arm a : arms) b.append("<td>").append(cell.apply(a)).append("</td>");
        b.append("</tr>\n");
    }

    private static String thread(Arm a, String name, java.util.function.Function<ThreadSummary, String> f) {
        for (ThreadSummary t : a.summary().threads()) if (t.name().equals(name)) return f.apply(t);
        return "\u2013";
    }

    private static ThreadSummary worst(Summary s) {
        ThreadSummary w = s.threads().get(0);
        for (ThreadSummary t : s.threads()) if (t.waitMaxNs() > w.waitMaxNs()) w = t;
        return w;
    }

    private static String list(List<String> items) {
        if (items.isEmpty()) return "nothing";
        StringBuilder b = new StringBuilder("<ul>");
        for (String i : items) b.append("<li>").append(Html.text(i)).append("</li>");
        return b.append("</ul>").toString();
    }

    private static Map<String, Object> data(List<String> threads, Recording r) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("threads", threads);
        d.put("activities", Palette.ACTIVITIES);
        d.put("marks", Palette.MARKS);
        d.put("hole", String.valueOf(Phrases.HOLE));
        d.put("run", r.data());
        return d;
    }

    private static String json(Object o) {
        try {
            return JSON.writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static String seconds(long ns) {
        return String.format(Locale.ROOT, "%.6f s", ns / 1e9);
    }

    private static String resource(String name) {
        try (InputStream in = ReportPage.class.getResourceAsStream(name)) {
            if (in == null) throw new IllegalStateException("missing resource " + name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
