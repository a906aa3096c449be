package gilsim.report.chart;

import gilsim.report.LoadRange;
import gilsim.report.TimeWindow;
import gilsim.run.Simulation;
import gilsim.scenario.Workload;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.AbstractHistogram;

/** The chart kinds: each runs what it needs, draws and writes one picture. */
public final class Charts {
    /** Keys that say what a run is, shown in titles when the scenario has them (then any key the user set). */
    private static final List<String> HEADLINE_KEYS = List.of("policy", "pinned", "keep", "turn", "cores", "threads",
            "interval");

    private Charts() {}

    /** Lanes per thread over {@code window}. */
    public static void timeline(RunSpec run, TimeWindow window, Path out, int width, int height) {
        ChartFile.writePanels(out, ChartFile.Layout.COLUMN, timelinePanels(List.of(run), List.of(), window, width,
                height));
    }

    /** The CDF of each thread's GIL waits that end in {@code window}. */
    public static void cdf(RunSpec run, TimeWindow window, Path out, int width, int height) {
        ChartFile.writePanels(out, ChartFile.Layout.COLUMN, cdfPanels(List.of(run), List.of(), window, width, height));
    }

    /**
     * The same scenario under two or more settings: timelines stacked (they share the time axis, so a hand-off
     * lines up with the same moment above and below), CDFs side by side on one shared time axis, or stacked when
     * the picture is too narrow for them side by side.
     *
     * @param changedKeys the keys that differ between the runs; each panel's title leads with their values
     */
    public static void compare(List<RunSpec> runs, List<String> changedKeys, boolean cdf, TimeWindow window,
                               Path out, int width, int height) {
        if (cdf) {
            ChartFile.writePanels(out, cdfLayout(width, height, runs.size()), cdfPanels(runs, changedKeys, window, width,
                    height));
        } else {
            ChartFile.writePanels(out, ChartFile.Layout.COLUMN, timelinePanels(runs, changedKeys, window, width,
                    height));
        }
    }

    /**
     * CDFs side by side while each panel keeps 440 pixels of width; a narrower picture stacks them if each keeps
     * 300 pixels of height there, else squeezes them side by side after all.
     */
    static ChartFile.Layout cdfLayout(int width, int height, int panels) {
        return width / panels >= 440 || height / panels < 300 ? ChartFile.Layout.ROW : ChartFile.Layout.COLUMN;
    }

    /**
     * A timeline per run, stacked, one legend under the last listing what any of them shows. The legend's height
     * comes off the whole picture first, so that every panel's plot gets the same height.
     */
    static List<Panel> timelinePanels(List<RunSpec> runs, List<String> changedKeys, TimeWindow window, int width,
                                      int height) {
        ChartStyle.Fonts fonts = ChartStyle.Fonts.of(width, height);
        List<Timeline> timelines = new ArrayList<>();
        for (RunSpec r : runs) timelines.add(record(r, window));
        Legend legend = new Legend(TimelineChart.legend(timelines), fonts.legend());
        int legendHeight = Panel.legendHeight(legend, width, fonts);
        List<Panel> panels = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            RunSpec r = runs.get(i);
            // The top panel states the shared settings too; the others only what they change.
            String title = i == 0 ? title(r, changedKeys, "") : panelTitle(r, changedKeys, "");
            boolean last = i == runs.size() - 1;
            int h = share(height - legendHeight, runs.size(), i) + (last ? legendHeight : 0);
            panels.add(new Panel(width, h, title, 0, TimelineChart.of(timelines.get(i), fonts),
                    last ? legend : new Legend(List.of(), fonts.legend()), 0, fonts));
        }
        return panels;
    }

    /**
     * A CDF per run on one time axis (a decade past the longest wait of any, never past the end of the window),
     * with the same title lines and legend room, so that the plots line up.
     */
    static List<Panel> cdfPanels(List<RunSpec> runs, List<String> changedKeys, TimeWindow window, int width,
                                 int height) {
        ChartFile.Layout layout = cdfLayout(width, height, runs.size());
        // Type sized for the picture, smaller still in panels squeezed under 320 pixels side by side.
        int panelWidth = layout == ChartFile.Layout.ROW ? width / runs.size() : width;
        ChartStyle.Fonts fonts = ChartStyle.Fonts.of(width, height).scaled(panelWidth / 320.0);
        List<WaitRecorder> all = new ArrayList<>();
        List<AbstractHistogram> flat = new ArrayList<>();
        long interval = 0;
        for (RunSpec r : runs) {
            all.add(waits(r, window));
            flat.addAll(all.get(all.size() - 1).waits());
            interval = Math.max(interval, r.params().ns("interval"));
        }
        double xMax = WaitCdfChart.xMaxMs(flat, interval, window.toNs() / 1e6);
        List<WaitCdfChart.Drawn> drawn = new ArrayList<>();
        List<String> titles = new ArrayList<>();
        int titleRows = 0;
        int legendRoom = 0;
        for (int i = 0; i < runs.size(); i++) {
            RunSpec r = runs.get(i);
            int w = layout == ChartFile.Layout.ROW ? share(width, runs.size(), i) : width;
            int h = layout == ChartFile.Layout.ROW ? height : share(height, runs.size(), i);
            drawn.add(WaitCdfChart.of(all.get(i).threads(), all.get(i).waits(), r.params().ns("interval"), xMax, w,
                    h, fonts));
            titles.add(runs.size() == 1 ? title(r, List.of(), "GIL waits: ") : panelTitle(r, changedKeys,
                    "GIL waits, "));
            titleRows = Math.max(titleRows, Panel.titleRows(titles.get(i), w, fonts));
            legendRoom = Math.max(legendRoom, Panel.legendHeight(legend(drawn.get(i), fonts), w, fonts));
        }
        List<Panel> panels = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            boolean row = layout == ChartFile.Layout.ROW;
            int w = row ? share(width, runs.size(), i) : width;
            int h = row ? height : share(height, runs.size(), i);
            panels.add(new Panel(w, h, titles.get(i), titleRows, drawn.get(i).chart(), legend(drawn.get(i), fonts),
                    legendRoom, fonts));
        }
        return panels;
    }

    private static Legend legend(WaitCdfChart.Drawn drawn, ChartStyle.Fonts fonts) {
        return new Legend(drawn.legend(), fonts.legend());
    }

    /**
     * Request latency against offered load: each arm's curve ({@link LoadChart#curves}), titled from the run as
     * asked at its first value.
     */
    public static void load(LoadRange range, List<LoadChart.Curve> curves, RunSpec asIs, Path out, int width,
                            int height) {
        ChartStyle.Fonts fonts = ChartStyle.Fonts.of(width, height);
        boolean pool = asIs.scenario().workload().apply(asIs.params()) instanceof Workload.Pool;
        WaitCdfChart.Drawn drawn = LoadChart.of(curves, range.key() + " (offered load)", pool, fonts);
        String title = "Request latency against " + range.key() + ": " + asIs.scenario().name() + ", seed "
                + asIs.seed() + ", " + asIs.params().asText().get("duration") + " a run";
        ChartFile.writePanels(out, ChartFile.Layout.COLUMN, List.of(new Panel(width, height, title, 0, drawn.chart(),
                new Legend(drawn.legend(), fonts.legend()), 0, fonts)));
    }

    /** A heat map of a search CSV over two of its keys. */
    public static void heatmap(Path csvFile, String xKey, String yKey, String valueColumn, Path out, int width,
                               int height) {
        ChartFile.writePanels(out, ChartFile.Layout.COLUMN,
                List.of(heatmapPanel(SearchCsv.read(csvFile), xKey, yKey, valueColumn, width, height)));
    }

    static Panel heatmapPanel(SearchCsv csv, String xKey, String yKey, String valueColumn, int width, int height) {
        ChartStyle.Fonts fonts = ChartStyle.Fonts.of(width, height);
        String what = valueColumn.equals("max_wait_ns") ? "Worst GIL wait of any thread" : valueColumn;
        String title = what + " in " + SearchHeatmap.runLength(csv) + ", by " + xKey + " and " + yKey + " ("
                + csv.file().getFileName() + ", " + csv.rows().size() + " rows, worst per cell)";
        SearchHeatmap.Drawn drawn = SearchHeatmap.of(csv, xKey, yKey, valueColumn, fonts);
        return new Panel(width, height, title, 0, drawn.chart(), new Legend(drawn.legend(), fonts.legend()), 0, fonts);
    }

    /** Panel {@code i}'s part of {@code total} pixels; the last takes the remainder, so the picture has the size asked. */
    private static int share(int total, int panels, int i) {
        return i < panels - 1 ? total / panels : total - (panels - 1) * (total / panels);
    }

    static Timeline record(RunSpec run, TimeWindow window) {
        Simulation sim = new Simulation(run.scenario(), run.params(), run.seed());
        TimelineRecorder recorder = new TimelineRecorder(sim.threadNames(), window, sim.spans());
        sim.addListener(recorder.listener());
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
