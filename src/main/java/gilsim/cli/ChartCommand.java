package gilsim.cli;

import gilsim.compare.Arm;
import gilsim.report.LoadRange;
import gilsim.report.TimeWindow;
import gilsim.report.chart.ChartFile;
import gilsim.report.chart.Charts;
import gilsim.report.chart.LoadChart;
import gilsim.report.chart.RunSpec;
import gilsim.scenario.InputError;
import gilsim.scenario.Scenario;
import gilsim.scenario.Scenarios;
import gilsim.scenario.Waiters;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gilsim chart}: a timeline, a CDF of waits, a comparison of settings, or a heat map of a search. Every option
 * belongs to some kinds; one given with a kind it does not belong to is an error rather than silently ignored.
 */
@Command(name = "chart", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Draws a run (or a search CSV) as a PNG or SVG picture (docs/reading-charts.md).",
                "Each kind takes its own options; another kind's option is an error:",
                "  timeline  NAME|FILE [--set K=V]... [--seed N] [--window FROM..TO]",
                "  cdf       NAME|FILE [--set K=V]... [--seed N] [--window FROM..TO]",
                "  compare   NAME|FILE --compare K=V... [--third K=V]... [--of timeline|cdf]",
                "            [--set K=V]... [--seed N] [--window FROM..TO]",
                "  heatmap   --csv FILE --x KEY --y KEY [--value COLUMN]",
                "  load      NAME|FILE --over KEY=A..B [--points N] [--arm K=V[,K=V]]...",
                "            [--set K=V]... [--seed N]",
                "and every kind --out FILE.png|FILE.svg [--width PX] [--height PX]."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the picture was written", "2:bad input (nothing is written)",
                "3:a run exceeded its event budget (max_events)"})
final class ChartCommand implements Callable<Integer> {
    /** A timeline of a whole 2 s run is unreadable; by default it shows the first 50 ms. */
    private static final long DEFAULT_TIMELINE_NS = 50_000_000L;
    private static final List<String> KINDS = List.of("timeline", "cdf", "compare", "heatmap", "load");
    private static final List<String> RUN_KINDS = List.of("timeline", "cdf", "compare", "load");

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "NAME|FILE",
            description = "a built-in scenario or a scenario file (timeline, cdf, compare)")
    String scenario;

    @Option(names = "--kind", required = true, paramLabel = "KIND",
            description = "timeline | cdf | compare | heatmap | load")
    String kind;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "the picture: FILE.png or FILE.svg")
    Path out;

    @Option(names = "--set", paramLabel = "KEY=VALUE",
            description = "timeline, cdf, compare: override a scenario key; repeatable")
    List<String> sets = new ArrayList<>();

    @Mixin
    MachineOption machine = new MachineOption();

    @Option(names = "--seed", defaultValue = "1", paramLabel = "N",
            description = "timeline, cdf, compare: the run's seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--window", paramLabel = "FROM..TO",
            description = "timeline, cdf, compare: simulated time to show (timeline default: the first 50 ms; "
                    + "cdf: the whole run)")
    String window;

    @Option(names = "--compare", paramLabel = "KEY=VALUE",
            description = "compare: an override of the second run; repeatable")
    List<String> compare = new ArrayList<>();

    @Option(names = "--third", paramLabel = "KEY=VALUE",
            description = "compare: an override of an optional third run; repeatable")
    List<String> third = new ArrayList<>();

    @Option(names = "--of", paramLabel = "timeline|cdf",
            description = "compare: what to compare (default: timeline)")
    String of;

    @Option(names = "--csv", paramLabel = "FILE", description = "heatmap: a CSV written by gilsim search --csv")
    Path csv;

    @Option(names = "--x", paramLabel = "KEY", description = "heatmap: the column across")
    String xKey;

    @Option(names = "--y", paramLabel = "KEY", description = "heatmap: the column up")
    String yKey;

    @Option(names = "--value", paramLabel = "COLUMN",
            description = "heatmap: the column that colours a cell (default: max_wait_ns)")
    String value;

    @Option(names = "--over", paramLabel = "KEY=A..B",
            description = "load: the load key (a rate, a client count) and its range")
    String over;

    @Option(names = "--points", paramLabel = "N", description = "load: runs along the range, 2..50 (default: 9)")
    Integer points;

    @Option(names = "--arm", paramLabel = "K=V[,K=V]",
            description = "load: a curve beside the scenario's own, with these overrides; repeatable")
    List<String> arms = new ArrayList<>();

    @Option(names = "--width", defaultValue = "1600", paramLabel = "PX", description = "pixels, 200..10000 (default: ${DEFAULT-VALUE})")
    int width;

    @Option(names = "--height", defaultValue = "900", paramLabel = "PX", description = "pixels, 150..10000 (default: ${DEFAULT-VALUE})")
    int height;

    @Override
    public Integer call() {
        if (!KINDS.contains(kind)) {
            throw new InputError("--kind " + kind + ": expected timeline, cdf, compare, heatmap or load");
        }
        onlyFor(RUN_KINDS, "--set", "--seed", "--machine");
        onlyFor(List.of("timeline", "cdf", "compare"), "--window");
        onlyFor(List.of("load"), "--over", "--points", "--arm");
        onlyFor(List.of("compare"), "--compare", "--third", "--of");
        onlyFor(List.of("heatmap"), "--csv", "--x", "--y", "--value");
        ChartFile.checkExtension(out);
        if (width < 200 || height < 150 || width > 10_000 || height > 10_000) {
            throw new InputError("--width " + width + " --height " + height + ": pick 200..10000 by 150..10000 pixels");
        }
        if (kind.equals("heatmap")) {
            if (scenario != null) {
                throw new InputError("--kind heatmap draws a search CSV and takes no scenario (got " + scenario + ")");
            }
            if (csv == null || xKey == null || yKey == null) {
                throw new InputError("--kind heatmap needs --csv FILE --x KEY --y KEY");
            }
            OutputPath.check("--out", out);
            Charts.heatmap(csv, xKey, yKey, value == null ? "max_wait_ns" : value, out, width, height);
            OutputPath.wrote(spec.commandLine().getOut(), out);
            return 0;
        }
        if (scenario == null) throw new InputError("--kind " + kind + " needs a scenario NAME|FILE");
        if (kind.equals("compare")) {
            if (compare.isEmpty()) throw new InputError("--kind compare needs at least one --compare KEY=VALUE");
            if (of != null && !of.equals("timeline") && !of.equals("cdf")) {
                throw new InputError("--of " + of + ": expected timeline or cdf");
            }
        }
        Scenario s = Scenarios.resolve(scenario);
        RunSpec run = RunSpec.of(s, sets, machine.profile(), seed);
        long durationNs = run.params().ns("duration"); // at least 1us: the key's limit
        OutputPath.check("--out", out);
        if (kind.equals("load")) {
            load(s);
            OutputPath.wrote(spec.commandLine().getOut(), out);
            return 0;
        }
        switch (kind) {
            case "timeline" -> Charts.timeline(run, timelineWindow(durationNs), out, width, height);
            case "cdf" -> Charts.cdf(run, wholeRunOr(durationNs), out, width, height);
            default -> compare(s, run, durationNs);
        }
        OutputPath.wrote(spec.commandLine().getOut(), out);
        return 0;
    }

    /** Refuses each of {@code options} the user gave when --kind is not one of {@code kinds}. */
    private void onlyFor(List<String> kinds, String... options) {
        if (kinds.contains(kind)) return;
        ParseResult parsed = spec.commandLine().getParseResult();
        for (String o : options) {
            if (parsed.hasMatchedOption(o)) {
                throw new InputError(o + ": not used by --kind " + kind + " (it is for --kind "
                        + String.join(", ", kinds) + ")");
            }
        }
    }

    private void compare(Scenario s, RunSpec run, long durationNs) {
        checkOverrides(s, "--compare", compare);
        checkOverrides(s, "--third", third);
        List<RunSpec> runs = new ArrayList<>(List.of(run, RunSpec.of(s, concat(sets, compare), run.params().machine(), seed)));
        if (!third.isEmpty()) runs.add(RunSpec.of(s, concat(sets, third), run.params().machine(), seed));
        Set<String> changed = new LinkedHashSet<>();
        for (String kv : concat(compare, third)) {
            String key = kv.substring(0, Math.max(0, kv.indexOf('='))).trim();
            // A panel is titled with its params' values, where waiters=N shows as the threads=N+1 it runs.
            changed.add(key.equals(Waiters.NAME) && s.waiters() != null ? "threads" : key);
        }
        boolean cdf = "cdf".equals(of);
        for (RunSpec r : runs) {
            if (r.params().ns("duration") != durationNs) {
                throw new InputError("--compare: the runs must have the same duration to be drawn on one axis");
            }
        }
        Charts.compare(runs, List.copyOf(changed), cdf, cdf ? wholeRunOr(durationNs) : timelineWindow(durationNs), out,
                width, height);
    }

    /** The load chart: the scenario's own arm and each {@code --arm}, each run at every load value. */
    private void load(Scenario s) {
        if (over == null) throw new InputError("--kind load needs --over KEY=A..B (a rate or a client count)");
        int n = points == null ? 9 : points;
        if (n < 2 || n > 50) throw new InputError("--points " + n + ": pick 2..50");
        LoadRange range = LoadRange.parse("--over", over, n, s);
        Map<String, List<String>> armSets = new LinkedHashMap<>();
        armSets.put(Arm.AS_IS, List.of());
        for (String group : arms) {
            Arm arm = Arm.parse("--arm", group);
            checkOverrides(s, "--arm", arm.sets());
            armSets.put(arm.label(), arm.sets());
        }
        if (armSets.size() > 4) throw new InputError("--arm: at most 3, beside the scenario's own");
        RunSpec asIs = RunSpec.of(s, concat(sets, List.of(range.set(0))), machine.profile(), seed);
        Charts.load(range, LoadChart.curves(s, sets, machine.profile(), seed, range, armSets), asIs, out, width,
                height);
    }

    /**
     * Checks each {@code KEY=VALUE} of {@code option} against the scenario's keys, so that a key it lacks or a bad
     * value is reported under the option that gave it (the scenario reports it as a {@code --set}).
     */
    private static void checkOverrides(Scenario s, String option, List<String> overrides) {
        for (String kv : overrides) {
            try {
                s.params(List.of(kv));
            } catch (InputError e) {
                String m = e.getMessage();
                throw new InputError(m.startsWith("--set ") ? option + m.substring("--set".length())
                        : option + " " + kv + ": " + m);
            }
        }
    }
    private TimeWindow timelineWindow(long durationNs) {
        if (window != null) return TimeWindow.parse("--window", window, durationNs);
        return new TimeWindow(0, Math.min(durationNs, DEFAULT_TIMELINE_NS));
    }

    private TimeWindow wholeRunOr(long durationNs) {
        return window != null ? TimeWindow.parse("--window", window, durationNs) : new TimeWindow(0, durationNs);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
