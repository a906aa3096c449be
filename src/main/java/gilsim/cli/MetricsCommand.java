package gilsim.cli;

import gilsim.metrics.Metric;
import gilsim.metrics.Metrics;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code gilsim metrics}: every figure a run reports, as {@link Metrics} declares it. */
@Command(name = "metrics", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Lists every metric a run reports: where it appears in the JSON summary, its unit and meaning.")
final class MetricsCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        PrintWriter out = spec.commandLine().getOut();
        section(out, "run (top level; also the search CSV's columns)", Metrics.RUN);
        section(out, "threads[]", Metrics.THREAD);
        section(out, "threads[], after the above (programs' rounds; null for a pool's threads)", Metrics.THREAD_ROUNDS);
        section(out, "gil", Metrics.GIL);
        section(out, "locks[].threads[] (scenarios with threading.Lock steps; locks[] also has name and model)",
                Metrics.LOCK_THREAD);
        section(out, "pool (pool scenarios)", Metrics.POOL);
        section(out, "pool.threads[]", Metrics.POOL_THREAD);
        section(out, "requests (scenarios with arrivals)", Metrics.REQUESTS);
    }

    private static void section(PrintWriter out, String where, List<? extends Metric<?, ?>> metrics) {
        out.println(where + ":");
        for (Metric<?, ?> m : metrics) {
            out.printf(Locale.ROOT, "  %-28s %-10s %s%n", m.name(), m.unit().text, m.meaning());
        }
        out.println();
    }
}
