package gilsim.report.chart;

import gilsim.report.TimeWindow;
import gilsim.run.Simulation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.AbstractHistogram;
import org.knowm.xchart.XYChart;

/** The chart kinds: each runs what it needs, draws and writes one picture. */
public final class Charts {
    /** Keys that say what a run is, shown in titles when the scenario has them (then any key the user set). */
    private static final List<String> HEADLINE_KEYS = List.of("policy", "pinned", "keep", "turn", "cores", "threads",
            "interval");

    private Charts() {}

    /** Lanes per thread over {@code window}. */
    public static void timeline(RunSpec run, TimeWindow window, Path out, int width, int height) {
        XYChart chart = TimelineChart.of(record(run, window), title(run, List.of(), ""), width,
                height);
        ChartFile.write(out, ChartFile.Layout.COLUMN, List.of(chart));
    }

    /** The CDF of each thread's GIL waits that end in {@code window}. */
    public static void cdf(RunSpec run, TimeWindow window, Path out, int width, int height) {
        WaitRecorder waits = waits(run, window);
        long interval = run.params().ns("interval");
        XYChart chart = WaitCdfChart.of(waits.threads(), waits.waits(), interval, title(run, List.of(), "GIL waits: "),
                WaitCdfChart.xMaxMs(waits.waits(), interval), width, height);
        ChartFile.write(out, ChartFile.Layout.COLUMN, List.of(chart));
    }

    /**
     * The same scenario under two or more settings: timelines stacked (they share the time axis, so a hand-off
     * lines up with the same moment above and below), CDFs side by side on one shared time axis.
     *
     * @param changedKeys the keys that differ between the runs; each panel's title leads with their values
     */
    public static void compare(List<RunSpec> runs, List<String> changedKeys, boolean cdf, TimeWindow window,
                               Path out, int width, int height) {
        List<XYChart> charts = new ArrayList<>();
        if (cdf) {
            List<WaitRecorder> all = new ArrayList<>();
            List<AbstractHistogram> flat = new ArrayList<>();
            for (RunSpec r : runs) {
                all.add(waits(r, window));
                flat.addAll(all.get(all.size() - 1).waits());
            }
            long interval = runs.get(0).params().ns("interval");
            for (RunSpec r : runs) interval = Math.max(interval, r.params().ns("interval"));
            double xMax = WaitCdfChart.xMaxMs(flat, interval);
            for (int i = 0; i < runs.size(); i++) {
                RunSpec r = runs.get(i);
                charts.add(WaitCdfChart.of(all.get(i).threads(), all.get(i).waits(), r.params().ns("interval"),
                        panelTitle(r, changedKeys, "GIL waits, "), xMax, share(width, runs.size(), i), height));
            }
            ChartFile.write(out, ChartFile.Layout.ROW, charts);
        } else {
            // The top panel states the shared settings too; the others only what they change.
            for (RunSpec r : runs) {
                String title = charts.isEmpty() ? title(r, changedKeys, "") : panelTitle(r, changedKeys, "");
                charts.add(TimelineChart.of(record(r, window), title, width, share(height, runs.size(), charts.size())));
            }
            ChartFile.write(out, ChartFile.Layout.COLUMN, charts);
        }
    }

    /** A heat map of a search CSV over two of its keys. */
    public static void heatmap(Path csvFile, String xKey, String yKey, String valueColumn, Path out, int width,
                               int height) {
        SearchCsv csv = SearchCsv.read(csvFile);
        String what = valueColumn.equals("max_wait_ns") ? "worst GIL wait of any thread" : valueColumn;
        String title = what + " by " + xKey + " and " + yKey + " (" + csvFile.getFileName() + ", "
                + csv.rows().size() + " rows, worst per cell)";
        ChartFile.write(out, ChartFile.Layout.COLUMN,
                List.of(SearchHeatmap.of(csv, xKey, yKey, valueColumn, title, width, height)));
    }

    /** Panel {@code i}'s part of {@code total} pixels; the last takes the remainder, so the picture has the size asked. */
    private static int share(int total, int panels, int i) {
        return i < panels - 1 ? total / panels : total - (panels - 1) * (total / panels);
    }

    private static Timeline record(RunSpec run, TimeWindow window) {
        Simulation sim = new Simulation(run.scenario(), run.params(), run.seed());
        TimelineRecorder recorder = new TimelineRecorder(sim.threadNames(), window, sim.spans());
        sim.addListener(recorder);
        sim.run();
        return recorder.timeline();
    }

    private static WaitRecorder waits(RunSpec run, TimeWindow window) {
        Simulation sim = new Simulation(run.scenario(), run.params(), run.seed());
        WaitRecorder recorder = new WaitRecorder(sim.threadNames(), window);
        sim.addListener(recorder);
        sim.run();
        return recorder;
    }

    /** A compare's panel: "GIL waits, short-release: policy=paused-budget" (what is shared is not repeated). */
    static String panelTitle(RunSpec run, List<String> changedKeys, String prefix) {
        Map<String, String> p = run.params().asText();
        List<String> shown = new ArrayList<>();
        for (String k : changedKeys) shown.add(k + "=" + p.get(k));
        return prefix + run.scenario().name() + ": " + String.join(", ", shown);
    }

    /** "GIL waits: short-release, seed 1: policy=cpython, pinned=false, cores=2, interval=5ms". */
    static String title(RunSpec run, List<String> leading, String prefix) {
        Map<String, String> p = run.params().asText();
        Set<String> keys = new LinkedHashSet<>(leading);
        keys.addAll(HEADLINE_KEYS);
        keys.addAll(run.setKeys());
        List<String> shown = new ArrayList<>();
        for (String k : keys) if (p.containsKey(k) && !k.equals("duration")) shown.add(k + "=" + p.get(k));
        return prefix + run.scenario().name() + ", seed " + run.seed() + ": " + String.join(", ", shown);
    }
}
