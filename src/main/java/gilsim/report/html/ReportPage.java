package gilsim.report.html;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import gilsim.compare.Deltas;
import gilsim.metrics.Figures;
import gilsim.metrics.Metric;
import gilsim.metrics.Metrics;
import gilsim.metrics.Summary;
import gilsim.report.Explanation;
import gilsim.report.SummaryText;
import gilsim.report.chart.LoadChart;
import gilsim.compare.ArmFigures;
import gilsim.compare.Comparison;
import gilsim.compare.ComparisonText;
import gilsim.cpython.GilPolicies;
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
import java.util.function.Function;
import org.HdrHistogram.AbstractHistogram;

/**
 * The page itself: what ran, the verdict and why, the timeline (drawn by the page's script from the data embedded
 * beside it), the narration, the wait CDFs and the arms side by side. Same run, same bytes: nothing in it depends on
 * the clock or the machine.
 */
final class ReportPage {
    /**
     * Map entries by key: the page's data is built from maps, some of them {@code Map.of}, whose order changes from
     * one JVM to the next, and the same run must give the same bytes in every process.
     */
    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);
    private static final int CDF_WIDTH = 520;
    private static final int CDF_HEIGHT = 300;

    private ReportPage() {}

    /** @param docsCompare a link to docs/compare.md from where the page is written, or null (no link) */
    static String html(Report.Request r, List<String> threads, Recording recording, List<ArmRun> arms,
                       List<LoadChart.Curve> load, Comparison policies, String docsCompare) {
        Summary s = arms.get(0).figures().summary();
        StringBuilder b = new StringBuilder(1 << 20);
        String title = "gilsim report: " + s.scenario() + " (" + s.verdict() + ")";
        b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(Html.text(title)).append("</title>\n<style>\n").append(resource("report.css"))
                .append("</style>\n</head>\n<body>\n");
        b.append("<header><h1>").append(Html.text(s.scenario())).append(" <span class=\"verdict ")
                .append(s.verdict()).append("\">").append(s.verdict()).append(s.starves() ? ": "
                        + Html.text(starved(s.starvedThreads())) : "").append("</span></h1>\n");
        b.append("<p class=\"why\" id=\"explanation\">").append(Html.text(Explanation.of(s))).append("</p></header>\n");
        ran(b, r, s);
        timeline(b, recording, r.window() != null);
        waits(b, s, threads, arms.get(0));
        if (arms.size() > 1) compare(b, arms);
        if (!load.isEmpty()) load(b, r, load);
        policies(b, r, policies, docsCompare);
        b.append("<details id=\"summary\"><summary>The full summary, as <code>gilsim run</code> prints it</summary>")
                .append("<pre>").append(Html.text(SummaryText.of(s))).append("</pre></details>\n");
        b.append("<script type=\"application/json\" id=\"data\">").append(Html.scriptJson(json(data(threads,
                recording, s, arms)))).append("</script>\n<script>\n").append(resource("report.js"))
                .append("</script>\n</body>\n</html>\n");
        return b.toString();
    }

    /** The starved threads, or their number and the first few when there are many. */
    static String starved(List<String> names) {
        if (names.size() <= 4) return String.join(", ", names);
        return names.size() + " threads (" + String.join(", ", names.subList(0, 3)) + ", \u2026)";
    }

    private static void ran(StringBuilder b, Report.Request r, Summary s) {
        List<String> setKeys = r.sets().stream().map(kv -> kv.substring(0, kv.indexOf('=')).trim()).toList();
        b.append("<section id=\"ran\"><h2>What ran</h2>\n<p>Scenario <b>").append(Html.text(s.scenario()))
                .append("</b> (").append(Html.text(r.scenario().origin())).append("), seed ").append(s.seed())
                .append(", ").append(Durations.human(s.simulatedNs())).append(" simulated, ").append(s.events())
                .append(" events.</p>\n<p>Replay this page: <code id=\"replay\">").append(Html.text(r.replay()))
                .append("</code></p>\n<p class=\"params\">Parameters (those set on the command line in bold): ");
        for (Map.Entry<String, String> e : s.params().entrySet()) {
            boolean set = setKeys.contains(e.getKey());
            b.append(set ? "<code class=\"set\">" : "<code>").append(Html.text(e.getKey() + "=" + e.getValue()))
                    .append("</code> ");
        }
        b.append("</p></section>\n");
    }

    private static void timeline(StringBuilder b, Recording r, boolean windowAsked) {
        b.append("<section id=\"timeline\"><h2>Timeline</h2>\n<p class=\"help\">Wheel: zoom at the pointer; drag: "
                + "select a span to zoom to; shift+wheel or shift+drag: pan; hover: the event under the pointer; "
                + "click a narration line: zoom to its moment; click the timeline: the state at that instant, below it, "
                + "and on a thread's wait for the GIL, why it lasted. "
                + "Keys with the timeline focused: <kbd>.</kbd> <kbd>,</kbd> next and previous event, <kbd>h</kbd> "
                + "hand-off, <kbd>r</kbd> drop request, <kbd>o</kbd> timeout (shift: the previous one), <kbd>p</kbd> "
                + "play.</p>\n<div class=\"controls\">"
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
            b.append("Kept in full detail: ").append(Durations.human(r.detailToNs() - r.windowFromNs()))
                    .append(" from ")
                    .append(seconds(r.windowFromNs())).append(" to ").append(seconds(r.detailToNs())).append(" (")
                    .append(r.items()).append(" segments, marks and narration lines");
            b.append(r.budgetReached() ? ", the page's budget of " + Report.DETAIL_BUDGET + ")"
                    : windowAsked ? ", the --window asked for)" : ")");
            b.append(". Elsewhere the timeline shows summaries: each lane's share of each activity per bucket of ")
                    .append(String.join(" or ", r.bucketNs().stream().map(Durations::human).toList()))
                    .append(" (hover for the marks and hand-offs in it), drawn hatched; the narration covers the "
                            + "detailed span only. For detail elsewhere, write the page again with "
                            + "<code>--window FROM..TO</code>.");
        }
        b.append("</p>\n");
        statePanel(b);
        b.append("</div>\n<aside id=\"story\"><h3>Narration of the visible window</h3><p id=\"story-count\">"
                + "</p><ol id=\"narration\"></ol></aside></div></section>\n");
    }

    /**
     * The state at the chosen instant (click the timeline, or step), replayed by the page from the recorded changes
     * ({@link GilState}): the GIL's fields, the condition variable's waiters in wake order, the cores.
     */
    private static void statePanel(StringBuilder b) {
        b.append("<div class=\"controls\" id=\"steps\">"
                + "<button id=\"step-prev\" title=\"previous event (,)\">\u25c1 event</button>"
                + "<button id=\"step-next\" title=\"next event (.)\">event \u25b7</button>"
                + "<button id=\"step-handoff\" title=\"next hand-off (h)\">hand-off \u25b7</button>"
                + "<button id=\"step-request\" title=\"next drop request (r)\">drop request \u25b7</button>"
                + "<button id=\"step-timeout\" title=\"next timeout (o)\">timeout \u25b7</button>"
                + "<button id=\"play\" title=\"play (p)\">play</button>"
                + "<label>speed <select id=\"speed\"><option value=\"1e5\">0.1 ms/s</option>"
                + "<option value=\"1e6\" selected>1 ms/s</option><option value=\"1e7\">10 ms/s</option>"
                + "<option value=\"1e8\">100 ms/s</option></select></label></div>\n"
                + "<section id=\"state\" aria-live=\"polite\"><h3>State at <span id=\"state-at\">"
                + "(click the timeline)</span></h3><div class=\"state-cols\">"
                + "<div><h4>The GIL (<code>struct _gil_runtime_state</code>)</h4><dl id=\"state-gil\"></dl></div>"
                + "<div><h4>Waiting on <code>gil->cond</code>, in wake order</h4><ol id=\"state-waiters\"></ol></div>"
                + "<div><h4>Cores</h4><ul id=\"state-cores\"></ul></div></div>"
                + "<div hidden><h4>The arms at the same instant</h4><ul id=\"state-arms\"></ul></div></section>\n"
                + "<section id=\"why\" hidden><h3>Why did this wait last?</h3><p id=\"why-summary\"></p>"
                + "<ol id=\"why-lines\"></ol></section>\n");
    }

    private static void waits(StringBuilder b, Summary s, List<String> threads, ArmRun run) {
        List<AbstractHistogram> waits = run.waits();
        long interval = interval(s);
        b.append("<section id=\"waits\"><h2>GIL waits</h2>\n<p>How long each take of the GIL waited, from "
                + "take_gil's entry to the take, over the whole run: the fraction of waits this long or shorter.</p>\n")
                .append(CdfSvg.of(threads, waits, interval, CdfSvg.xMaxNs(waits, interval), CDF_WIDTH, CDF_HEIGHT))
                .append(CdfSvg.legend(threads, waits, run.openWaitNs())).append("</section>\n");
    }

    /** Request latency against offered load, each arm a curve ({@code --load}). */
    private static void load(StringBuilder b, Report.Request r, List<LoadChart.Curve> curves) {
        String key = r.load().key();
        b.append("<section id=\"load\"><h2>Latency against load</h2>\n<p>Each arm run at ").append(curves.get(0)
                .loads().length).append(" values of <code>").append(Html.text(key)).append("</code> with seed ")
                .append(r.seed()).append(", and its request latency: where the curve turns up, the queue in front of "
                + "the GIL (or the pool) grows for as long as the run lasts.</p>\n")
                .append(LoadSvg.of(curves, key, CDF_WIDTH + 200, CDF_HEIGHT)).append(LoadSvg.legend(curves))
                .append("</section>\n");
    }

    private static void compare(StringBuilder b, List<ArmRun> arms) {
        List<ArmFigures> figures = arms.stream().map(ArmRun::figures).toList();
        ArmFigures asIs = figures.get(0);
        Comparison c = new Comparison(asIs.summary().scenario(), "", figures);
        b.append("<section id=\"compare\"><h2>The arms side by side</h2>\n<p>The run as asked (as-is) and each ")
                .append("<code>--compare</code> arm: the same scenario, seed and settings with the arm's keys ")
                .append("changed. ")
                .append("What an arm buys and what it costs are read against the as-is arm.</p>\n")
                .append("<div class=\"scroll\"><table class=\"arms\"><tr><th></th>");
        for (ArmFigures a : figures) b.append("<th>").append(Html.text(a.arm().label())).append("</th>");
        b.append("</tr>\n");
        row(b, "verdict", figures, a -> "<span class=\"verdict " + a.verdict() + "\">" + a.verdict() + "</span>"
                + (a.starves() ? " (" + Html.text(starved(a.starvedThreads())) + ")" : ""));
        row(b, "longest wait", figures, a -> Durations.human(a.maxWait().ns()) + " (" + Html.text(a.maxWait().thread())
                + ")");
        for (String n : c.threadNames()) {
            row(b, Html.text(n) + ": p99 wait", figures,
                    a -> thread(a, n, t -> Durations.human(t.get(Metrics.WAIT_P99_NS))));
            row(b, Html.text(n) + ": share of the GIL", figures,
                    a -> thread(a, n, t -> Tradeoff.pct(t.get(Metrics.GIL_SHARE))));
            if (asIs.thread(n) != null && asIs.thread(n).get(Metrics.ROUNDS) != null) {
                row(b, Html.text(n) + ": rounds", figures,
                        a -> thread(a, n, t -> String.valueOf(t.get(Metrics.ROUNDS))));
            }
            for (Metric<?, ?> m : Deltas.THREAD_FIGURES) {
                if (Deltas.LAID_OUT.contains(m)) continue;
                row(b, Html.text(n + ": " + m.compared().heading()), figures,
                        a -> thread(a, n, t -> value(m, t.get(m))));
            }
        }
        for (Metric<?, ?> m : Deltas.RUN_FIGURES) {
            if (m.scope() != Metric.Scope.POOL) row(b, Html.text(m.compared().heading()), figures,
                    a -> value(m, a.part(m).get(m)));
        }
        if (asIs.pool() != null) {
            row(b, "throughput", figures, a -> a.pool() == null ? "\u2013"
                    : String.format(Locale.ROOT, "%.0f requests/s", a.pool().get(Metrics.THROUGHPUT_RPS)));
            row(b, "request latency p99", figures, a -> a.pool() == null ? "\u2013"
                    : Durations.human(a.pool().get(Metrics.LATENCY_P99_NS)));
            row(b, "request latency p99, raw", figures, a -> a.pool() == null ? "\u2013"
                    : Durations.human(a.pool().get(Metrics.LATENCY_RAW_P99_NS)));
            row(b, "order", figures, a -> a.pool() == null ? "\u2013" : a.pool().get(Metrics.ORDER_VERDICT));
            // The page leaves out the longest latency, as it did before the metric table drove it.
            for (Metric<?, ?> m : Deltas.RUN_FIGURES) {
                if (m.scope() != Metric.Scope.POOL || Deltas.LAID_OUT.contains(m)) continue;
                row(b, Html.text(m.compared().heading()), figures,
                        a -> a.pool() == null ? "\u2013" : value(m, a.pool().get(m)));
            }
        }
        row(b, "buys", figures, a -> a == asIs ? "" : list(Tradeoff.of(a, asIs, c.deltas(a)).buys()));
        row(b, "costs", figures, a -> a == asIs ? "" : list(Tradeoff.of(a, asIs, c.deltas(a)).costs()));
        b.append("</table></div>\n<div class=\"cdfs\">");
        List<AbstractHistogram> all = new ArrayList<>();
        long interval = 0;
        for (ArmRun a : arms) {
            all.addAll(a.waits());
            interval = Math.max(interval, interval(a.figures().summary()));
        }
        double xMax = CdfSvg.xMaxNs(all, interval);
        for (ArmRun a : arms) {
            Summary s = a.figures().summary();
            List<String> names = s.threads().stream().map(Figures::name).toList();
            b.append("<figure><figcaption>").append(Html.text(a.figures().arm().label())).append("</figcaption>")
                    .append(CdfSvg.of(names, a.waits(), interval(s), xMax, 360, 240))
                    .append(CdfSvg.legend(names, a.waits(), a.openWaitNs())).append("</figure>");
        }
        b.append("</div></section>\n");
    }

    /**
     * {@code gilsim compare}'s tables of the scenario under each GIL policy, as HTML tables with the command that
     * prints them and how to read a difference.
     */
    private static void policies(StringBuilder b, Report.Request r, Comparison c, String docsCompare) {
        List<String> words = new ArrayList<>(r.launcher());
        words.addAll(List.of("compare", r.scenario().origin().equals("built-in") ? r.scenario().name()
                : r.scenario().origin()));
        for (String set : r.sets()) words.addAll(List.of("--set", set));
        words.addAll(List.of("--seed", Long.toString(r.seed())));
        b.append("<section id=\"policies\"><h2>Which fix? The scenario under each GIL policy</h2>\n<p>The run as ")
                .append("asked and the same under every other GIL hand-off policy")
                .append(r.scenario().key("keep") != null ? " and the keep rule" : "").append(", as <code>")
                .append(Html.text(String.join(" ", words))).append("</code> prints it (").append(docsCompare == null ? "docs/compare.md" : "<a href=\""
                        + Html.text(docsCompare) + "\">docs/compare.md</a>")
                .append(" tells how to read it; each policy is <a href=\"#policy-list\">")
                .append("described below</a>). ")
                .append(Html.text(ComparisonText.heading(c))).append(".</p>\n");
        for (ComparisonText.Grid g : ComparisonText.grids(c)) {
            b.append("<div class=\"scroll\"><table class=\"fixes\"><thead><tr>");
            for (String h : g.headings()) b.append("<th scope=\"col\">").append(Html.text(h)).append("</th>");
            b.append("</tr></thead><tbody>\n");
            for (List<String> row : g.rows()) {
                String arm = row.get(0);
                String policy = arm.startsWith("policy=") ? arm.substring("policy=".length()) : null;
                b.append("<tr><th scope=\"row\">").append(policy == null ? Html.text(arm) : "<a href=\"#policy-"
                        + Html.text(policy) + "\">" + Html.text(arm) + "</a>").append("</th>");
                for (String cell : row.subList(1, row.size())) b.append("<td>").append(Html.text(cell)).append("</td>");
                b.append("</tr>\n");
            }
            b.append("</tbody></table></div>\n");
        }
        b.append("<p class=\"note\">Differences are against the as-is arm: pp, percentage points of the run; %, a ")
                .append("relative change; x12, twelve times as much. An arm replays as <code>gilsim run</code> with its ")
                .append("keys and the seed (<code>gilsim compare --json</code> gives every arm's line).</p>\n");
        // What each policy is, from its registration: the docs' own line, so the page needs no link to follow.
        b.append("<dl id=\"policy-list\">\n");
        for (GilPolicies.Policy p : GilPolicies.all()) {
            b.append("<dt id=\"policy-").append(Html.text(p.name())).append("\"><code>").append(Html.text(p.name()))
                    .append("</code></dt><dd>").append(Html.text(p.docsLine()).replaceAll("`([^`]+)`", "<code>$1</code>"))
                    .append("</dd>\n");
        }
        b.append("</dl></section>\n");
    }

    private static void row(StringBuilder b, String head, List<ArmFigures> arms, Function<ArmFigures, String> cell) {
        b.append("<tr><th>").append(head).append("</th>");
        for (ArmFigures a : arms) b.append("<td>").append(cell.apply(a)).append("</td>");
        b.append("</tr>\n");
    }

    private static String thread(ArmFigures a, String name, Function<Figures, String> f) {
        Figures t = a.thread(name);
        return t == null ? "\u2013" : f.apply(t);
    }

    /** A compared metric's value as the page shows it, read off its unit; a dash where undefined. */
    @SuppressWarnings("unchecked")
    static String value(Metric<?, ?> m, Object v) {
        if (v == null) return "\u2013";
        return switch (m.unit()) {
            case NS -> Durations.human((Long) v);
            case SHARE -> Tradeoff.pct((Double) v);
            case MEAN -> String.format(Locale.ROOT, "%.2f", (Double) v);
            case RATE -> String.format(Locale.ROOT, "%.2f per second", (Double) v);
            case RATIO -> String.format(Locale.ROOT, "%.2f\u00d7", (Double) v);
            case LIST -> Html.text(String.join(", ", (List<String>) v));
            default -> Html.text(String.valueOf(v));
        };
    }

    private static long interval(Summary s) {
        return Durations.parse(s.params().get("interval"));
    }

    private static String list(List<String> items) {
        if (items.isEmpty()) return "nothing";
        StringBuilder b = new StringBuilder("<ul>");
        for (String i : items) b.append("<li>").append(Html.text(i)).append("</li>");
        return b.append("</ul>").toString();
    }

    private static Map<String, Object> data(List<String> threads, Recording r, Summary s, List<ArmRun> arms) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("threads", threads);
        d.put("intervalNs", interval(s));
        d.put("cores", Integer.parseInt(s.params().get("cores")));
        d.put("pool", s.pool() != null);
        d.put("activities", PagePalette.ACTIVITIES);
        d.put("marks", PagePalette.MARKS);
        d.put("hole", String.valueOf(Phrases.HOLE));
        d.put("run", r.data());
        // Each --compare arm's timeline, stacked under the run's: its detail only (outside it the lanes stay blank).
        List<Object> armData = new ArrayList<>();
        for (ArmRun a : arms) {
            if (a.timeline() == null) continue;
            Map<String, Object> run = a.timeline().data();
            run.remove("summaries");
            run.remove("beats");
            run.remove("phrases");
            Map<String, Object> arm = new LinkedHashMap<>();
            arm.put("label", a.figures().arm().label());
            arm.put("threads", a.figures().summary().threads().stream().map(Figures::name).toList());
            arm.put("run", run);
            armData.add(arm);
        }
        d.put("arms", armData);
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
