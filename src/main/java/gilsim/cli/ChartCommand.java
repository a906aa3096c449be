package gilsim.cli;

import gilsim.report.TimeWindow;
import gilsim.report.chart.ChartFile;
import gilsim.report.chart.Charts;
import gilsim.report.chart.RunSpec;
import gilsim.scenario.InputError;
import gilsim.scenario.Scenario;
import gilsim.scenario.Scenarios;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code gilsim chart}: a timeline, a CDF of waits, a comparison of settings, or a heat map of a search. */
@Command(name = "chart", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Draws a run (or a search CSV) as a PNG or SVG picture; see docs/reading-charts.md.")
final class ChartCommand implements Callable<Integer> {
    /** A timeline of a whole 2 s run is unreadable; by default it shows the first 50 ms. */
    private static final long DEFAULT_TIMELINE_NS = 50_000_000L;

    @Parameters(index = "0", arity = "0..1", paramLabel = "NAME|FILE",
            description = "a built-in scenario or a scenario file (not used by --kind heatmap)")
    String scenario;

    @Option(names = "--kind", required = true, paramLabel = "KIND",
            description = "timeline | cdf | compare | heatmap")
    String kind;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "the picture: FILE.png or FILE.svg")
    Path out;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "override a scenario key; repeatable")
    List<String> sets = new ArrayList<>();

    @Option(names = "--seed", defaultValue = "1", description = "the run's seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--window", paramLabel = "FROM..TO",
            description = "simulated time to show (timeline default: the first 50 ms; cdf: the whole run)")
    String window;

    @Option(names = "--compare", paramLabel = "KEY=VALUE",
            description = "--kind compare: an override of the second run; repeatable")
    List<String> compare = new ArrayList<>();

    @Option(names = "--third", paramLabel = "KEY=VALUE",
            description = "--kind compare: an override of an optional third run; repeatable")
    List<String> third = new ArrayList<>();

    @Option(names = "--of", defaultValue = "timeline", paramLabel = "timeline|cdf",
            description = "--kind compare: what to compare (default: ${DEFAULT-VALUE})")
    String of;

    @Option(names = "--csv", paramLabel = "FILE", description = "--kind heatmap: a CSV written by gilsim search --csv")
    Path csv;

    @Option(names = "--x", paramLabel = "KEY", description = "--kind heatmap: the column across")
    String xKey;

    @Option(names = "--y", paramLabel = "KEY", description = "--kind heatmap: the column up")
    String yKey;

    @Option(names = "--value", defaultValue = "max_wait_ns", paramLabel = "COLUMN",
            description = "--kind heatmap: the column that colours a cell (default: ${DEFAULT-VALUE})")
    String value;

    @Option(names = "--width", defaultValue = "1600", description = "pixels (default: ${DEFAULT-VALUE})")
    int width;

    @Option(names = "--height", defaultValue = "900", description = "pixels (default: ${DEFAULT-VALUE})")
    int height;

    @Override
    public Integer call() {
        ChartFile.checkExtension(out);
        if (width < 200 || height < 150 || width > 10_000 || height > 10_000) {
            throw new InputError("--width " + width + " --height " + height + ": pick 200..10000 by 150..10000 pixels");
        }
        if (kind.equals("heatmap")) {
            if (csv == null || xKey == null || yKey == null) {
                throw new InputError("--kind heatmap needs --csv FILE --x KEY --y KEY");
            }
            Charts.heatmap(csv, xKey, yKey, value, out, width, height);
            return 0;
        }
        if (scenario == null) throw new InputError("--kind " + kind + " needs a scenario NAME|FILE");
        Scenario s = Scenarios.resolve(scenario);
        RunSpec run = RunSpec.of(s, sets, seed);
        long durationNs = run.params().ns("duration");
        switch (kind) {
            case "timeline" -> Charts.timeline(run, timelineWindow(durationNs), out, width, height);
            case "cdf" -> Charts.cdf(run, wholeRunOr(durationNs), out, width, height);
            case "compare" -> compare(s, run, durationNs);
            default -> throw new InputError("--kind " + kind + ": expected timeline, cdf, compare or heatmap");
        }
        return 0;
    }

    private void compare(Scenario s, RunSpec run, long durationNs) {
        if (compare.isEmpty()) throw new InputError("--kind compare needs at least one --compare KEY=VALUE");
        if (!of.equals("timeline") && !of.equals("cdf")) {
            throw new InputError("--of " + of + ": expected timeline or cdf");
        }
        List<RunSpec> runs = new ArrayList<>(List.of(run, RunSpec.of(s, concat(sets, compare), seed)));
        if (!third.isEmpty()) runs.add(RunSpec.of(s, concat(sets, third), seed));
        Set<String> changed = new LinkedHashSet<>();
        for (String kv : concat(compare, third)) changed.add(kv.substring(0, Math.max(0, kv.indexOf('='))).trim());
        boolean cdf = of.equals("cdf");
        for (RunSpec r : runs) {
            if (r.params().ns("duration") != durationNs) {
                throw new InputError("--compare: the runs must have the same duration to be drawn on one axis");
            }
        }
        Charts.compare(runs, List.copyOf(changed), cdf, cdf ? wholeRunOr(durationNs) : timelineWindow(durationNs), out,
                width, height);
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
