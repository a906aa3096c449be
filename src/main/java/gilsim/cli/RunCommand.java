package gilsim.cli;

import gilsim.metrics.Summary;
import gilsim.report.MermaidDiagram;
import gilsim.report.Narration;
import gilsim.report.SummaryJson;
import gilsim.report.SummaryText;
import gilsim.report.TimeWindow;
import gilsim.report.trace.ChromeTrace;
import gilsim.run.Simulation;
import gilsim.scenario.InputError;
import gilsim.sim.Durations;
import gilsim.scenario.Nearest;
import gilsim.metrics.Spans;
import gilsim.report.WaitChain;
import gilsim.scenario.Params;
import gilsim.scenario.Scenario;
import gilsim.scenario.Scenarios;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import gilsim.search.Property;
import gilsim.metrics.Replications;
import gilsim.report.ReplicationsReport;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code gilsim run NAME|FILE}: one simulation, summarised. With {@code --narrate FROM..TO} the events of that window
 * are told line by line first and the summary follows; with {@code --mermaid} as well, only the window's Mermaid
 * sequence diagram is printed, so that the output can be pasted into a {@code ```mermaid} block as it is.
 * {@code --trace FILE.json} writes the run for Perfetto beside whatever is printed.
 */
@Command(name = "run", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Runs one simulation of a built-in scenario or a scenario file and summarises it.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the run finished (whatever its verdict)", "2:bad input (one line on stderr; nothing is "
                + "run or written)", "3:the run exceeded its event budget (max_events) and stopped"})
final class RunCommand implements Callable<Integer> {
    /** The most runs --seeds asks for. */
    static final int MAX_SEEDS = 10_000;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "NAME|FILE",
            description = "a built-in scenario (see `gilsim scenarios`) or a scenario YAML file")
    String scenario;

    @Mixin
    SetOption set = new SetOption();

    @Mixin
    MachineOption machine = new MachineOption();

    @Option(names = "--seed", defaultValue = "1", paramLabel = "N",
            description = "the run's seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--json", description = "print exactly one JSON object (the summary) on stdout")
    boolean json;

    @Option(names = "--seeds", paramLabel = "N", defaultValue = "1",
            description = "run seeds --seed .. --seed+N-1 and report each metric's mean with a 95%% confidence "
                    + "interval (1..10000; default: ${DEFAULT-VALUE}, one run)")
    int seeds;

    @Option(names = "--property", paramLabel = "EXPR",
            description = "also judge the run by a property, as search does: a named one or an expression such as "
                    + "'wait_max(main) < 50ms' (docs/search.md); the summary says whether it holds and the values")
    String property;

    @Option(names = "--narrate", paramLabel = "FROM..TO",
            description = "tell what happened to the GIL in this window of simulated time, e.g. 1s..1.01s")
    String narrate;

    @Option(names = "--mermaid", description = "with --narrate: print the window as a Mermaid sequence diagram instead")
    boolean mermaid;

    @Option(names = "--why", paramLabel = "THREAD[@TIME]",
            description = "tell why one GIL wait of THREAD lasted: the one open at TIME (e.g. main@1.2s), else its "
                    + "longest: each wake-up, who took the GIL first, each restart of its timer, its drop requests, "
                    + "and how the wait ended")
    String why;

    @Option(names = "--trace", paramLabel = "FILE.json",
            description = "also write a Chrome trace-event file for Perfetto (ui.perfetto.dev) or chrome://tracing; "
                    + "its directory must exist")
    Path trace;

    /** The wait --why names, found by a first run of the same seed: one open at @TIME, else the thread's longest. */
    private Spans.Span waitToTell(Scenario s, Params p, List<String> threads) {
        int at = why.lastIndexOf('@');
        String name = at < 0 ? why : why.substring(0, at);
        long atNs = -1;
        if (at >= 0) {
            atNs = Durations.parseOrMinus1(why.substring(at + 1).trim());
            if (atNs < 0) throw new InputError("--why " + why + ": '" + why.substring(at + 1) + "' is not a time, e.g. "
                    + name + "@1.2s");
        }
        int thread = threads.indexOf(name);
        if (thread < 0) {
            throw new InputError("--why " + why + ": no thread '" + name + "'" + Nearest.suggestion(name, threads)
                    + " (threads: " + String.join(", ", threads) + ")");
        }
        Simulation first = new Simulation(s, p, seed);
        WaitChain.Finder finder = new WaitChain.Finder(thread, atNs);
        first.spans().add(finder);
        first.run();
        if (finder.found() == null) {
            throw new InputError("--why " + why + ": " + name + (atNs < 0 ? " never waited for the GIL in this run"
                    : " was not waiting for the GIL at " + Durations.format(atNs)));
        }
        return finder.found();
    }

    @Override
    public Integer call() {
        if (mermaid && narrate == null) throw new InputError("--mermaid needs --narrate FROM..TO to choose the window");
        if (json && narrate != null) throw new InputError("--json prints only the summary; drop --narrate or --json");
        if (trace != null) OutputPath.check("--trace", trace);
        if (seeds < 1 || seeds > MAX_SEEDS) throw new InputError("--seeds " + seeds + ": give 1 to " + MAX_SEEDS + " runs");
        if (seeds > 1 && (narrate != null || trace != null || property != null)) {
            throw new InputError("--seeds " + seeds + " summarises many runs; --narrate, --trace and --property tell "
                    + "of one: drop --seeds or them");
        }
        Scenario s = Scenarios.resolve(scenario);
        // Said, not refused: a run with a key that nothing reads still runs as asked.
        for (String key : s.unused()) spec.commandLine().getErr().println("gilsim: warning: " + s.unusedReason(key));
        Params p = s.params(set.sets, machine.profile());
        Property judged = property == null ? null : Property.parse(property, s);
        if (judged != null) judged.requireFits(s);
        PrintWriter out = spec.commandLine().getOut();
        if (seeds > 1) {
            List<Summary> runs = new ArrayList<>();
            for (long k = 0; k < seeds; k++) runs.add(new Simulation(s, p, seed + k).run());
            Replications r = new Replications(runs);
            out.print(json ? ReplicationsReport.json(r) + "\n" : ReplicationsReport.text(r));
            return 0;
        }
        Simulation sim = new Simulation(s, p, seed);
        // The story is held until the run has finished, so a run its event budget stops prints nothing but why.
        StringWriter story = new StringWriter();
        if (why != null) {
            if (narrate != null) throw new InputError("--why tells one wait; give it or --narrate FROM..TO, not both");
            Spans.Span wait = waitToTell(s, p, sim.threadNames());
            sim.addListener(WaitChain.listener(sim.spans(), sim.threadNames(), wait, new PrintWriter(story)));
        }
        if (narrate != null) {
            TimeWindow window = TimeWindow.parse("--narrate", narrate, p.ns("duration"));
            PrintWriter to = new PrintWriter(story);
            sim.addListener(mermaid ? MermaidDiagram.listener(sim.spans(), sim.threadNames(), window, to)
                    : Narration.listener(sim.spans(), sim.threadNames(), window, to));
        }
        Summary summary;
        if (trace != null) {
            try (ChromeTrace t = ChromeTrace.open(trace, s.name() + " seed " + seed, sim.spans(),
                    sim.threadNames())) {
                sim.addListener(t);
                summary = sim.run();
            }
            OutputPath.wrote(spec.commandLine().getErr(), trace);
        } else {
            summary = sim.run();
        }
        out.print(story);
        if (mermaid) return 0;
        if (narrate != null || why != null) out.println();
        if (judged == null) {
            out.print(json ? SummaryJson.of(summary) + "\n" : SummaryText.of(summary));
        } else if (json) {
            out.print(PropertyJudgement.json(SummaryJson.of(summary), judged, summary) + "\n");
        } else {
            out.print(SummaryText.of(summary) + PropertyJudgement.text(judged, summary));
        }
        return 0;
    }
}
