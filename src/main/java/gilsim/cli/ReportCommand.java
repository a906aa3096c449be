package gilsim.cli;

import gilsim.report.LoadRange;
import gilsim.report.TimeWindow;
import gilsim.compare.Arm;
import gilsim.compare.Arms;
import gilsim.report.html.Report;
import gilsim.scenario.InputError;
import gilsim.scenario.MachineProfile;
import gilsim.scenario.Scenario;
import gilsim.scenario.Scenarios;
import gilsim.search.Replay;
import gilsim.search.Launcher;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gilsim report}: one self-contained HTML page for a design review: what ran, the verdict and why, an
 * interactive timeline with its narration, the wait CDFs, and each {@code --compare} arm beside the run as asked.
 */
@Command(name = "report", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Writes one self-contained HTML page (nothing fetched when it is opened; docs/report.md): "
                + "what ran, the verdict and why, an interactive timeline with the narration of its visible window, "
                + "the GIL wait CDFs, and with --compare each arm side by side with what it buys and costs."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the page was written (its size is printed)", "2:bad input (nothing is written)",
                "3:a run exceeded its event budget (max_events)"})
final class ReportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "NAME|FILE", description = "a built-in scenario or a scenario file")
    String scenario;

    @Option(names = "--out", required = true, paramLabel = "FILE.html", description = "the page to write")
    Path out;

    @Mixin
    SetOption set = new SetOption();

    @Option(names = "--compare", paramLabel = "KEY=VALUE[,KEY=VALUE]",
            description = "an arm: the run with these keys changed, shown beside it; repeatable, one arm each")
    List<String> compare = new ArrayList<>();

    @Option(names = "--window", paramLabel = "FROM..TO",
            description = "the span kept in full detail and shown first (default: the whole run, up to the page's "
                    + "detail budget)")
    String window;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "N",
            description = "the run's seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--format", defaultValue = "html", paramLabel = "html|md",
            description = "html: the page (default); md: a Markdown section for a design document (the verdict, "
                    + "why, a timeline of --window as NAME-timeline.svg beside it, its narration, the fixes table)")
    String format;

    @Option(names = "--load", paramLabel = "KEY=A..B",
            description = "add request latency against load: each arm run at 7 values of KEY from A to B "
                    + "(a scenario with requests: arrivals, or the m0 pool)")
    String load;

    @Mixin
    MachineOption machine = new MachineOption();

    @Override
    public Integer call() {
        if (!format.equals("html") && !format.equals("md")) {
            throw new InputError("--format " + format + ": expected html or md");
        }
        String extension = format.equals("md") ? ".md" : ".html";
        if (!out.toString().toLowerCase(Locale.ROOT).endsWith(extension)) {
            throw new InputError("--out " + out + ": " + (format.equals("md") ? "--format md writes Markdown; name a "
                    + "FILE.md" : "the page is HTML; name a FILE.html (or give --format md for Markdown)"));
        }
        Scenario s = Scenarios.resolve(scenario);
        MachineProfile profile = machine.profile();
        long durationNs = s.params(set.sets, profile).ns("duration");
        TimeWindow detail = window == null ? null : TimeWindow.parse("--window", window, durationNs);
        List<Arm> arms = new ArrayList<>();
        for (String group : compare) arms.add(Arm.parse("--compare", group));
        Arms checked;
        try {
            checked = Arms.of(s, set.sets, arms, profile);
        } catch (InputError e) {
            // A bad --set is worded as run words it; a bad arm names the scenario and the arm: say which option.
            if (e.getMessage().startsWith("--set")) throw e;
            throw new InputError("--compare: " + e.getMessage());
        }
        if (format.equals("md") && (load != null || !compare.isEmpty())) {
            throw new InputError((load != null ? "--load" : "--compare") + ": the page's; --format md writes the "
                    + "verdict, the timeline, the narration and the fixes table");
        }
        LoadRange range = load == null ? null : LoadRange.parse("--load", load, 7, s);
        OutputPath.check("--out", out);
        Report.Request request = new Report.Request(s, set.sets, profile, seed, detail, checked, replay(),
                Launcher.words(), range);
        if (format.equals("md")) {
            Report.writeMarkdown(request, out);
            OutputPath.wrote(spec.commandLine().getOut(), out.resolveSibling(
                    out.getFileName().toString().replaceFirst("(?i)\\.md$", "") + "-timeline.svg"));
        } else {
            Report.write(request, out);
        }
        OutputPath.wrote(spec.commandLine().getOut(), out);
        return 0;
    }

    /** The command line that writes this page again, as it would run pasted. */
    private String replay() {
        List<String> w = new ArrayList<>(Launcher.words());
        w.add("report");
        w.add(Replay.quoted(scenario));
        if (machine.file != null) w.addAll(List.of("--machine", Replay.quoted(machine.file.toString())));
        for (String kv : set.sets) w.addAll(List.of("--set", Replay.quoted(kv)));
        for (String c : compare) w.addAll(List.of("--compare", Replay.quoted(c)));
        if (window != null) w.addAll(List.of("--window", Replay.quoted(window)));
        if (load != null) w.addAll(List.of("--load", Replay.quoted(load)));
        if (!format.equals("html")) w.addAll(List.of("--format", format));
        w.addAll(List.of("--seed", Long.toString(seed), "--out", Replay.quoted(out.toString())));
        return String.join(" ", w);
    }
}
