import gilsim.metrics.Latencies;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The latencies a server logged (ns, one a line) through gilsim's {@link Latencies}: each percentile raw and as wrk
 * prints it, corrected with wrk's interval (its run length over the requests one connection completed).
 *
 * <pre>java -cp target/gilsim.jar tools/wrk/WrkPercentiles.java LOG RUN_SECONDS COMPLETED CONNECTIONS</pre>
 */
public class WrkPercentiles {
    public static void main(String[] args) throws Exception {
        long runNs = Math.round(Double.parseDouble(args[1]) * 1e9);
        long completed = Long.parseLong(args[2]);
        int connections = Integer.parseInt(args[3]);
        Latencies latencies = new Latencies(runNs);
        for (String line : Files.readAllLines(Path.of(args[0]))) {
            if (line.isBlank()) continue;
            long ns = Long.parseLong(line.trim());
            if (ns <= 2_000_000_000L) latencies.record(ns); // wrk keeps none over its --timeout (2 s, check.sh's)
        }
        // wrk's interval; with fewer answers than connections it corrects nothing.
        long intervalNs = completed < connections ? 0 : runNs / (completed / connections);
        System.out.printf("gilsim, from the server's %d latencies, interval %.3f ms:%n", latencies.count(),
                intervalNs / 1e6);
        for (double p : new double[] {50, 75, 90, 99}) {
            System.out.printf("  %2.0f%%  raw %8.2fms   as wrk prints it %8.2fms%n", p, latencies.percentileNs(p) / 1e6,
                    latencies.correctedPercentileNs(p, intervalNs) / 1e6);
        }
    }
}
