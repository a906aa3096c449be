package gilsim.report.html;

import gilsim.report.AtomicFile;
import gilsim.report.GilStory;
import gilsim.report.TimeWindow;
import gilsim.report.chart.RunSpec;
import gilsim.run.Simulation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs what a report shows (the run as asked, then each compared arm) and writes the page. */
public final class Report {
    /**
     * Segments, marks and narration lines kept in full detail: about 1.5 MB of page at most. The built-ins' 2 s runs
     * fit whole; a minute of the pool keeps its first three seconds and summarises the rest.
     */
    public static final int DETAIL_BUDGET = 100_000;

    private Report() {}

    /**
     * @param run     the run as asked
     * @param window  the span to keep in detail (and show first); the whole run when null
     * @param compare each arm's {@code KEY=VALUE} overrides, applied on top of the run's
     * @param replay  the command line that writes this page again
     * @return the page's size in bytes
     */
    public static long write(RunSpec run, TimeWindow window, List<List<String>> compare, String replay, Path out) {
        Simulation sim = new Simulation(run.scenario(), run.params(), run.seed());
        long durationNs = run.params().ns("duration");
        TimeWindow detail = window != null ? window : new TimeWindow(0, durationNs);
        Recording recording = new Recording(sim.threadNames().size(), durationNs, detail, DETAIL_BUDGET, sim.spans());
        sim.addListener(recording);
        sim.addListener(new GilStory(sim.threadNames(), detail, recording));
        Waits waits = new Waits(sim.threadNames().size(), durationNs);
        sim.addListener(waits);
        List<Arm> arms = new ArrayList<>(List.of(new Arm("as asked", List.of(), sim.run(), waits.byThread())));
        for (List<String> overrides : compare) arms.add(arm(run, overrides));
        String page = ReportPage.html(run, window != null, replay, sim.threadNames(), recording, arms);
        try (AtomicFile.Stream file = new AtomicFile.Stream(out)) {
            file.writer().write(page);
            file.commit();
            return Files.size(out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + out + ": " + e.getMessage(), e);
        }
    }

    /** The run with {@code overrides} on top of its own settings. */
    static Arm arm(RunSpec run, List<String> overrides) {
        List<String> sets = new ArrayList<>();
        for (String k : run.setKeys()) sets.add(k + "=" + run.params().asText().get(k));
        sets.addAll(overrides);
        RunSpec spec = RunSpec.of(run.scenario(), sets, run.params().machine(), run.seed());
        Simulation sim = new Simulation(spec.scenario(), spec.params(), spec.seed());
        Waits waits = new Waits(sim.threadNames().size(), spec.params().ns("duration"));
        sim.addListener(waits);
        return new Arm(String.join(", ", overrides), overrides, sim.run(), waits.byThread());
    }
}
