package gilsim.report.html;

import gilsim.metrics.Figures;
import gilsim.metrics.Metrics;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.compare.Arms;
import gilsim.compare.Comparison;
import gilsim.report.Cli;
import gilsim.scenario.Builtins;
import gilsim.sim.Durations;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gilsim report} outside a browser: the page is the same bytes for the same run, fetches nothing, says what
 * ran and what each arm buys and costs (a pool's p99, corrected for coordinated omission, and its raw one each its
 * own line), and bad input writes nothing.
 */
class ReportCommandTest {
    @TempDir
    Path dir;

    @Test
    void page_sameRunSameBytes_andSelfContained() throws IOException {
        Path a = dir.resolve("a.html");
        String[] args = {"report", "short-release", "--set", "duration=300ms", "--compare", "pinned=true",
                "--compare", "policy=paused-budget,interval=2ms"};
        Cli first = Cli.run(concat(args, "--out", a.toString()));
        assertEquals(0, first.code(), first.err());
        assertTrue(first.out().matches("wrote \\S+a\\.html \\(\\d+ kB\\)\\n"), first.out());
        byte[] bytes = Files.readAllBytes(a);
        Cli second = Cli.run(concat(args, "--out", a.toString()));
        assertEquals(0, second.code(), second.err());
        assertArrayEquals(bytes, Files.readAllBytes(a));
        // And in another JVM, whose hash seeds differ (Map.of iterates in another order there).
        assertEquals(0, inAnotherJvm(concat(args, "--out", a.toString())), "the child JVM's report failed");
        assertArrayEquals(bytes, Files.readAllBytes(a), "another JVM wrote other bytes");

        String page = Files.readString(a);
        // Nothing to fetch: no external script, style, image, frame or font, and no address at all.
        for (String banned : List.of("http://", "https://", "src=", "<link", "@import", "url(")) {
            assertFalse(page.contains(banned), "the page refers to something outside it: " + banned);
        }
        assertTrue(page.contains("<canvas id=\"tl\""), "no timeline canvas");
        assertTrue(page.contains("report short-release --set duration=300ms --compare pinned=true --compare "
                + "policy=paused-budget,interval=2ms --seed 1 --out "), "no replay line");
        assertTrue(page.contains("<th>pinned=true</th>") && page.contains("<th>policy=paused-budget,interval=2ms</th>"),
                "the arms are not side by side");
        // The run as asked starves main; both fixes end that, each at a price in switches.
        assertTrue(page.contains("<span class=\"verdict starves\">starves</span> (main)"), "no starving verdict");
        Matcher buys = Pattern.compile("<tr><th>buys</th><td></td><td><ul><li>no thread starves</li>").matcher(page);
        assertTrue(buys.find(), "the first arm's gain is not stated");
        assertTrue(page.contains("<tr><th>costs</th><td></td><td><ul><li>switches 2 → "), "the cost is not stated");
        assertTrue(page.contains("nothing was aggregated"), "a short run must be whole in the page");
        // gilsim compare's tables of the scenario under each policy, as HTML, each policy linked to what it is.
        assertTrue(page.contains("<tr><th scope=\"row\"><a href=\"#policy-fifo-ticket\">policy=fifo-ticket</a></th>"
                + "<td>fair</td>"), "no table of the policies");
        assertTrue(page.contains("<dt id=\"policy-fifo-ticket\">"), "the linked policy is not described");
        assertTrue(!page.contains("<pre>short-release (built-in)"), "the policies are still the terminal's text");
    }

    /** A page written inside the repository links the docs relative to itself; one elsewhere names them only. */
    @Test
    void theDocsAreLinkedFromAPageInsideTheRepository() {
        assertEquals("../docs/compare.md", Report.docsLink(Path.of("target/page.html"), "compare.md"));
        assertEquals("../compare.md", Report.docsLink(Path.of("docs/report/page.html"), "compare.md"));
        assertEquals(null, Report.docsLink(dir.resolve("page.html"), "compare.md"));
    }

    /** The CDF says what its y axis is, and a wait cut by the end of the run is called so, not passed off as one. */
    /** --format md: a section a design document includes as it is, and its timeline picture beside it. */
    @Test
    void markdownHoldsTheVerdictTheTimelineTheNarrationAndTheFixes() throws IOException {
        Path md = dir.resolve("short-release.md");
        Cli cli = Cli.run("report", "short-release", "--format", "md", "--window", "4ms..6100us", "--out",
                md.toString());
        assertEquals(0, cli.code(), cli.err());
        String text = Files.readString(md);
        assertTrue(text.startsWith("### short-release: starves (main)\n\nmain waited up to 2.00 s"), text);
        assertTrue(text.contains("](short-release-timeline.svg)"), text);
        assertTrue(text.contains("- `0.006017 s` worker takes the GIL back at once: a re-take, no switch"), text);
        assertTrue(text.contains("| arm | verdict | longest wait | p99 wait | cost |\n|---|---|---|---|---|\n"
                + "| as-is | starves: main |"), text);
        String svg = Files.readString(dir.resolve("short-release-timeline.svg"));
        assertTrue(svg.contains("<svg"), "the timeline picture");
        for (String[] bad : List.of(new String[] {"--format", "pdf"}, new String[] {"--format", "md", "--compare",
                "pinned=true"})) {
            java.util.List<String> args = new java.util.ArrayList<>(List.of("report", "short-release", "--out",
                    dir.resolve("bad.md").toString()));
            args.addAll(List.of(bad));
            Cli refused = Cli.run(args.toArray(new String[0]));
            assertEquals(2, refused.code(), refused.out());
            assertFalse(Files.exists(dir.resolve("bad.md")));
        }
    }

    /** --load: each arm a curve of 7 runs, the as-is arm's p99 rising past the knee and the free-threaded one's not. */
    @Test
    void aServicePageDrawsEachArmsLatencyAgainstLoad() throws IOException {
        Path page = dir.resolve("load.html");
        Cli cli = Cli.run("report", "scenarios/thread-pool-service.yaml", "--set", "duration=500ms", "--compare",
                "python=3.13t", "--load", "rate=100..900", "--out", page.toString());
        assertEquals(0, cli.code(), cli.err());
        String html = Files.readString(page);
        assertTrue(html.contains("<section id=\"load\">"), "no load section");
        Matcher point = Pattern.compile("<title>([^,<]+), rate=(\\d+): p99 ([^,]+), median").matcher(html);
        Map<String, List<String>> p99 = new java.util.LinkedHashMap<>();
        while (point.find()) p99.computeIfAbsent(point.group(1), k -> new java.util.ArrayList<>()).add(point.group(3));
        assertEquals(List.of("as-is", "python=3.13t"), List.copyOf(p99.keySet()), html.substring(html.indexOf("id=\"load\"")));
        for (List<String> curve : p99.values()) assertEquals(7, curve.size(), curve.toString());
        long asIsAt900 = Durations.parse(p99.get("as-is").get(6).replace(" ", ""));
        long freeAt900 = Durations.parse(p99.get("python=3.13t").get(6).replace(" ", ""));
        assertTrue(asIsAt900 > 3 * freeAt900, "p99 at 900/s: as-is " + asIsAt900 + ", 3.13t " + freeAt900
                + "; replay: java -jar target/gilsim.jar run scenarios/thread-pool-service.yaml --set duration=500ms "
                + "--set rate=900");
    }

    @Test
    void theCdfNamesItsAxesAndAnOpenWait() throws IOException {
        Path page = dir.resolve("open.html");
        Cli cli = Cli.run("report", "short-release", "--set", "duration=300ms", "--out", page.toString());
        assertEquals(0, cli.code(), cli.err());
        String html = Files.readString(page);
        assertTrue(html.contains(">share of waits this long or shorter</text>"), "no y-axis label");
        // short-release starves main: its last wait is still open when the run ends.
        assertTrue(html.contains("was still waiting when the run ended and counts to the end"), "the open wait");
    }

    @Test
    void aPoolPage_showsItsCorrectedP99WithTheRawOneUnderIt_andTradesItOnByTheSameRule() throws IOException {
        Path page = dir.resolve("pool.html");
        Cli cli = Cli.run("report", "slice-rotation", "--compare", "keep=true", "--out", page.toString());
        assertEquals(0, cli.code(), cli.err());
        String html = Files.readString(page);
        // The same runs as the page's arms: the defaults, where the as-is pool strands two connections for 2 s.
        Comparison c = Arms.run(Builtins.get("slice-rotation"), List.of(), List.of(Map.of("keep", "true")), 1, null);
        Figures asIs = c.asIs().pool();
        Figures keep = c.arms().get(1).pool();
        assertTrue(asIs.get(Metrics.LATENCY_P99_NS) > asIs.get(Metrics.LATENCY_RAW_P99_NS), asIs.toString());
        assertTrue(keep.get(Metrics.LATENCY_P99_NS) < asIs.get(Metrics.LATENCY_P99_NS), keep.toString());
        assertTrue(keep.get(Metrics.LATENCY_RAW_P99_NS) > asIs.get(Metrics.LATENCY_RAW_P99_NS), keep.toString());
        assertTrue(html.contains("<tr><th>request latency p99</th><td>"
                + Durations.human(asIs.get(Metrics.LATENCY_P99_NS))
                + "</td><td>" + Durations.human(keep.get(Metrics.LATENCY_P99_NS))
                        + "</td></tr>\n<tr><th>request latency p99, "
                + "raw</th><td>" + Durations.human(asIs.get(Metrics.LATENCY_RAW_P99_NS)) + "</td><td>"
                + Durations.human(keep.get(Metrics.LATENCY_RAW_P99_NS)) + "</td></tr>"),
                "no corrected p99 row with the raw one under it");
        // The corrected p99 fell: bought; the raw p99 rose: still a cost, not hidden.
        String buys = row(html, "buys");
        String costs = row(html, "costs");
        assertTrue(buys.contains("<li>request latency p99 " + Durations.human(asIs.get(Metrics.LATENCY_P99_NS))
                + " \u2192 "
                + Durations.human(keep.get(Metrics.LATENCY_P99_NS)) + "</li>"), buys);
        assertTrue(costs.contains("<li>request latency p99, raw, "
                + Durations.human(asIs.get(Metrics.LATENCY_RAW_P99_NS))
                + " \u2192 " + Durations.human(keep.get(Metrics.LATENCY_RAW_P99_NS)) + "</li>"), costs);
        assertFalse(costs.contains("<li>request latency p99 "), costs);

        // The other way round (the keep rule as-is, keep=false the arm), the corrected p99 rises: a cost.
        Comparison back = Arms.run(Builtins.get("slice-rotation"), List.of("keep=true"),
                List.of(Map.of("keep", "false")), 1, null);
        Tradeoff t = Tradeoff.of(back.arms().get(1), back.asIs(), back.deltas(back.arms().get(1)));
        assertTrue(t.costs().contains("request latency p99 " + Durations.human(keep.get(Metrics.LATENCY_P99_NS))
                + " \u2192 "
                + Durations.human(asIs.get(Metrics.LATENCY_P99_NS))), t.costs().toString());
        assertFalse(t.buys().stream().anyMatch(b -> b.startsWith("request latency p99 ")), t.buys().toString());
    }

    /** The cells of the arms table's row with this heading. */
    private static String row(String html, String heading) {
        int from = html.indexOf("<tr><th>" + heading + "</th>");
        assertTrue(from >= 0, "no row " + heading);
        return html.substring(from, html.indexOf("</tr>", from));
    }

    private static int inAnotherJvm(String[] args) throws IOException {
        List<String> cmd = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Djava.awt.headless=true", "-cp", System.getProperty("java.class.path"), "gilsim.cli.Main"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            if (!p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return -1;
            }
            return p.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    @Test
    void badInput_writesNothing() {
        Path out = dir.resolve("r.html");
        List<List<String>> cases = List.of(
                List.of("report", "short-release"),
                List.of("report", "short-release", "--window", "5ms..1ms", "--out", out.toString()),
                List.of("report", "short-release", "--window", "3s..4s", "--out", out.toString()),
                List.of("report", "short-release", "--compare", "pinned", "--out", out.toString()),
                List.of("report", "short-release", "--compare", "nosuch=1", "--out", out.toString()),
                List.of("report", "short-release", "--compare", "pinned=true,", "--out", out.toString()),
                List.of("report", "short-release", "--compare", "keep=true", "--out", out.toString()),
                List.of("report", "short-release", "--out", dir.resolve("r.png").toString()),
                List.of("report", "short-release", "--out", dir.resolve("missing/r.html").toString()));
        List<String> names = List.of("--out", "--window", "--window", "--compare", "--compare", "--compare",
                "--compare", "--out", "--out");
        for (int i = 0; i < cases.size(); i++) {
            Cli cli = Cli.run(cases.get(i).toArray(String[]::new));
            assertEquals(2, cli.code(), cases.get(i) + ": " + cli.err());
            assertEquals(1, cli.err().lines().count(), cli.err());
            assertTrue(cli.err().contains(names.get(i)), cases.get(i) + " does not name " + names.get(i) + ": "
                    + cli.err());
            assertEquals("", cli.out());
        }
        assertFalse(Files.exists(out));
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
