package gilsim.report.chart;

import gilsim.metrics.Figures;
import gilsim.metrics.Metrics;
import gilsim.metrics.Summary;
import gilsim.run.Simulation;
import gilsim.report.LoadRange;
import gilsim.scenario.InputError;
import gilsim.scenario.MachineProfile;
import gilsim.scenario.Scenario;
import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Request latency against offered load (the hockey stick): for each arm, the scenario run at each value of a load key
 * (a rate, a client count), and its median and 99th-percentile request latency, on a log scale so that the knee
 * and the flat part both show. One colour an arm; the p99 solid with a marker at each run, the median dashed.
 */
public final class LoadChart {
    private static final Marker[] MARKERS = {SeriesMarkers.CIRCLE, SeriesMarkers.DIAMOND, SeriesMarkers.SQUARE,
            SeriesMarkers.TRIANGLE_UP};

    private LoadChart() {}

    /** One arm's runs: its label, and at each load value its median and p99 latency in nanoseconds. */
    public record Curve(String label, long[] loads, long[] p50Ns, long[] p99Ns) {}

    /**
     * Each arm run at every value of the load: the scenario with the user's {@code sets}, then the arm's, then the
     * load key's value ({@code chart --kind load}, {@code report --load}).
     *
     * @param arms each arm's label and its overrides as {@code --set} values, the scenario's own arm first
     */
    public static List<Curve> curves(Scenario scenario, List<String> sets, MachineProfile machine, long seed,
                                     LoadRange range, Map<String, List<String>> arms) {
        List<Curve> out = new ArrayList<>();
        arms.forEach((label, armSets) -> {
            List<RunSpec> runs = new ArrayList<>();
            for (int i = 0; i < range.values().length; i++) {
                List<String> all = new ArrayList<>(sets);
                all.addAll(armSets);
                all.add(range.set(i));
                runs.add(RunSpec.of(scenario, all, machine, seed));
            }
            out.add(curve(label, range.values(), runs));
        });
        return out;
    }

    /**
     * Runs each arm (a list of {@link RunSpec}s, one per load value, in the values' order) and reads its request
     * latency: a scenario's requests, or the m0 pool's (whose p50 it does not keep: its raw p99 stands in the
     * median's place, so the pool's curves are the p99 corrected and raw).
     */
    static Curve curve(String label, long[] loads, List<RunSpec> runs) {
        long[] p50 = new long[runs.size()];
        long[] p99 = new long[runs.size()];
        for (int i = 0; i < runs.size(); i++) {
            RunSpec r = runs.get(i);
            Summary s = new Simulation(r.scenario(), r.params(), r.seed()).run();
            Figures q = s.requests();
            if (q != null) {
                p50[i] = q.get(Metrics.REQUEST_LATENCY_P50_NS);
                p99[i] = q.get(Metrics.REQUEST_LATENCY_P99_NS);
            } else if (s.pool() != null) {
                p50[i] = s.pool().get(Metrics.LATENCY_RAW_P99_NS);
                p99[i] = s.pool().get(Metrics.LATENCY_P99_NS);
            } else {
                throw new InputError("--kind load draws request latency, and " + r.scenario().name() + " has no "
                        + "requests: neither arrivals nor the m0 pool (docs/scenarios.md, Requests and arrivals)");
            }
        }
        return new Curve(label, loads, p50, p99);
    }

    static WaitCdfChart.Drawn of(List<Curve> curves, String loadAxis, boolean pool, ChartStyle.Fonts fonts) {
        XYChart chart = new XYChart(800, 600);
        var s = chart.getStyler();
        ChartStyle.apply(s, fonts);
        chart.setXAxisTitle(loadAxis);
        chart.setYAxisTitle("request latency (ms, log scale)");
        s.setYAxisLogarithmic(true);
        s.setYAxisDecimalPattern("#,##0.###");
        s.setXAxisDecimalPattern("#,##0");
        s.setMarkerSize(fonts.legend().getSize() * 3 / 4);
        float line = Math.max(2f, fonts.ticks().getSize() / 5f);
        BasicStroke solid = new BasicStroke(line);
        BasicStroke dashed = new BasicStroke(line * 0.75f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10,
                new float[] {3 * line, 2 * line}, 0);
        List<Legend.Entry> legend = new ArrayList<>();
        for (int a = 0; a < curves.size(); a++) {
            Curve c = curves.get(a);
            Color color = Palette.THREADS.get(a % Palette.THREADS.size());
            Marker marker = MARKERS[a % MARKERS.length];
            double[] x = new double[c.loads().length];
            for (int i = 0; i < x.length; i++) x[i] = c.loads()[i];
            String p99 = c.label() + ": p99" + (pool ? " (corrected)" : "");
            String p50 = c.label() + ": " + (pool ? "p99 raw" : "median");
            XYSeries top = chart.addSeries(p99, x, ms(c.p99Ns()));
            top.setXYSeriesRenderStyle(XYSeriesRenderStyle.Line);
            top.setMarker(marker);
            top.setMarkerColor(color);
            top.setLineColor(color);
            top.setLineStyle(solid);
            legend.add(new Legend.Entry(new Legend.Line(color, solid), p99));
            XYSeries mid = chart.addSeries(p50, x, ms(c.p50Ns()));
            mid.setXYSeriesRenderStyle(XYSeriesRenderStyle.Line);
            mid.setMarker(SeriesMarkers.NONE);
            mid.setLineColor(color);
            mid.setLineStyle(dashed);
            legend.add(new Legend.Entry(new Legend.Line(color, dashed), p50));
        }
        return new WaitCdfChart.Drawn(chart, legend);
    }

    /** Milliseconds, at least a microsecond: a log axis cannot show 0. */
    private static double[] ms(long[] ns) {
        double[] out = new double[ns.length];
        for (int i = 0; i < ns.length; i++) out[i] = Math.max(1_000, ns[i]) / 1e6;
        return out;
    }
}
