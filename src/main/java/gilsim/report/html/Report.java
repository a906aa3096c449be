package gilsim.report.html;

import gilsim.compare.Arm;
import gilsim.compare.ArmFigures;
import gilsim.compare.Arms;
import gilsim.compare.Comparison;
import gilsim.compare.PolicyArms;
import gilsim.metrics.Summary;
import gilsim.report.AtomicFile;
import gilsim.report.Beat;
import gilsim.report.GilStory;
import gilsim.report.LoadRange;
import gilsim.report.TimeWindow;
import gilsim.report.chart.LoadChart;
import gilsim.run.Simulation;
import gilsim.scenario.MachineProfile;
import gilsim.scenario.Params;
import gilsim.scenario.Scenario;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs what a report shows and writes the page: the run as asked (recorded for the timeline and narration), each
 * {@code --compare} arm, and the scenario under each GIL policy ({@code gilsim compare}'s table).
 */
public final class Report {
    /**
     * Segments, marks and narration lines kept in full detail: about 1.5 MB of page at most. The built-ins' 2 s runs
     * fit whole; a minute of the pool keeps its first three seconds and summarises the rest.
     */
    public static final int DETAIL_BUDGET = 100_000;
    /**
     * A {@code --compare} arm's timeline keeps this many items in detail, from the same window, and no summaries:
     * enough for the moments a review compares (slice-rotation's keep arm: its first 0.26 s), and a 2 s built-in's
     * page with an arm stays under 1 MB.
     */
    static final int ARM_BUDGET = 2_000;

    private Report() {}

    /**
     * What to run.
     *
     * @param sets    the user's {@code --set}s, for every arm
     * @param machine the {@code --machine} profile, or null
     * @param window  the span to keep in detail (and show first); the whole run when null
     * @param arms    the checked {@code --compare} arms, the as-is arm first ({@link Arms#of})
     * @param replay   the command line that writes this page again
     * @param launcher the words that start gilsim from a shell ({@code java -jar target/gilsim.jar}), for the
     *                 command lines the page quotes
     * @param load     the load to run each arm at for the latency-against-load section, or null for none
     */
    public record Request(Scenario scenario, List<String> sets, MachineProfile machine, long seed, TimeWindow window,
                          Arms arms, String replay, List<String> launcher, LoadRange load) {
        public Request {
            sets = List.copyOf(sets);
            launcher = List.copyOf(launcher);
        }
    }

    /**
     * A link from the page to a page of the docs, when the page is written inside the repository the command runs
     * in (as docs/report/ is): relative, so it holds wherever the repository is checked out. Null elsewhere: a page
     * in /tmp names the docs without a link that could not resolve.
     */
    static String docsLink(Path out, String doc) {
        Path docs = Path.of("docs", doc).toAbsolutePath().normalize();
        Path from = out.toAbsolutePath().normalize().getParent();
        Path root = Path.of("").toAbsolutePath().normalize();
        if (from == null || !from.startsWith(root) || !java.nio.file.Files.isRegularFile(docs)) return null;
        return from.relativize(docs).toString().replace(java.io.File.separatorChar, '/');
    }

    /** @return the page's size in bytes */
    public static long write(Request r, Path out) {
        Params params = r.scenario().params(r.sets(), r.machine());
        Simulation sim = new Simulation(r.scenario(), params, r.seed());
        long durationNs = params.ns("duration");
        TimeWindow detail = r.window() != null ? r.window() : new TimeWindow(0, durationNs);
        Recording recording = new Recording(sim.threadNames().size(), durationNs, detail, DETAIL_BUDGET, sim.spans(),
                params.ns("interval"));
        recording.listeners().forEach(sim::addListener);
        sim.addListener(new GilStory(sim.spans(), sim.threadNames(), detail, recording));
        Waits waits = new Waits(sim.threadNames().size(), durationNs);
        sim.addListener(waits);
        List<ArmRun> arms = new ArrayList<>(List.of(new ArmRun(figures(r, Arm.asIs(), sim.run()), waits.byThread(),
                waits.openNs(), null)));
        for (Arm arm : r.arms().arms().subList(1, r.arms().arms().size())) arms.add(run(r, arm, detail));
        Comparison policies = Arms.of(r.scenario(), r.sets(), PolicyArms.of(r.scenario(), params,
                PolicyArms.registered()), r.machine()).run(r.seed());
        String page = ReportPage.html(r, sim.threadNames(), recording, arms, load(r), policies,
                docsLink(out, "compare.md"));
        try (AtomicFile.Stream file = new AtomicFile.Stream(out)) {
            file.writer().write(page);
            file.commit();
            return Files.size(out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + out + ": " + e.getMessage(), e);
        }
    }

    /**
     * The report as a Markdown section ({@code --format md}): {@code out} and, beside it, the timeline of the window
     * as {@code NAME-timeline.svg}.
     *
     * @return the section's size in bytes
     */
    public static long writeMarkdown(Request r, Path out) {
        Params params = r.scenario().params(r.sets(), r.machine());
        long durationNs = params.ns("duration");
        TimeWindow window = r.window() != null ? r.window()
                : new TimeWindow(0, Math.min(durationNs, ReportMarkdown.DEFAULT_WINDOW_NS));
        Simulation sim = new Simulation(r.scenario(), params, r.seed());
        List<Beat> lines = new ArrayList<>();
        sim.addListener(new GilStory(sim.spans(), sim.threadNames(), window, beat -> {
            if (window.contains(beat.timeNs())) lines.add(beat);
        }));
        Summary summary = sim.run();
        Comparison policies = Arms.of(r.scenario(), r.sets(), PolicyArms.of(r.scenario(), params,
                PolicyArms.registered()), r.machine()).run(r.seed());
        String base = out.getFileName().toString().replaceFirst("(?i)\\.md$", "");
        Path svg = out.resolveSibling(base + "-timeline.svg");
        ReportMarkdown.timeline(r, window, svg);
        String text = ReportMarkdown.of(r, summary, window, lines, policies, svg.getFileName().toString());
        try (AtomicFile.Stream file = new AtomicFile.Stream(out)) {
            file.writer().write(text);
            file.commit();
            return Files.size(out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + out + ": " + e.getMessage(), e);
        }
    }

    /** Each arm's request latency at each value of the load; empty when the page has no load section. */
    private static List<LoadChart.Curve> load(Request r) {
        if (r.load() == null) return List.of();
        Map<String, List<String>> arms = new LinkedHashMap<>();
        for (Arm arm : r.arms().arms()) arms.put(arm.label(), arm.sets());
        return LoadChart.curves(r.scenario(), r.sets(), r.machine(), r.seed(), r.load(), arms);
    }

    /** The arm's run, with each thread's waits recorded for its CDF and its timeline over the page's detail window. */
    private static ArmRun run(Request r, Arm arm, TimeWindow detail) {
        List<String> sets = new ArrayList<>(r.sets());
        sets.addAll(arm.sets());
        Params params = r.scenario().params(sets, r.machine());
        Simulation sim = new Simulation(r.scenario(), params, r.seed());
        Waits waits = new Waits(sim.threadNames().size(), params.ns("duration"));
        sim.addListener(waits);
        Recording timeline = new Recording(sim.threadNames().size(), params.ns("duration"), detail, ARM_BUDGET,
                sim.spans(), params.ns("interval"));
        timeline.listeners().forEach(sim::addListener);
        return new ArmRun(figures(r, arm, sim.run()), waits.byThread(), waits.openNs(), timeline);
    }

    /** The arm's figures, with the {@code gilsim run} words that replay it, as {@code gilsim compare} gives them. */
    private static ArmFigures figures(Request r, Arm arm, Summary s) {
        List<String> w = new ArrayList<>(List.of("run", r.scenario().origin().equals("built-in") ? r.scenario().name()
                : r.scenario().origin()));
        if (r.machine() != null) w.addAll(List.of("--machine", r.machine().file()));
        for (String set : r.sets()) w.addAll(List.of("--set", set));
        for (String set : arm.sets()) w.addAll(List.of("--set", set));
        w.addAll(List.of("--seed", Long.toString(r.seed())));
        return ArmFigures.of(arm, w, s);
    }
}
