package gilsim.report;

import gilsim.cpython.GilPolicies;
import gilsim.cpython.PythonVersion;
import gilsim.cpython.PythonVersions;
import gilsim.cpython.RunFigures;
import gilsim.metrics.Figures;
import gilsim.metrics.Metrics;
import gilsim.metrics.Summary;
import gilsim.sim.Durations;
import gilsim.sync.WakeOrder;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Two or three sentences saying why a run came out as it did, in terms of the mechanism, read off the run's own
 * counters (never off the scenario's name). What a version, policy or wake order adds is its own sentence or clause,
 * kept with it in its registry; nothing here names one.
 */
public final class Explanation {
    private Explanation() {}

    /**
     * How long a wake-up takes in the run: the machine profile's median when the run has one (its distribution
     * replaces wake_latency), else wake_latency.
     */
    static String wakeLatency(Summary s) {
        if (s.paramValues().get("machine") instanceof Map<?, ?> m
                && m.get("wake_latency_quantiles_ns") instanceof List<?> q && q.size() >= 2) {
            double lastP = 0;
            double lastNs = 0;
            for (Object point : q) {
                List<?> pn = (List<?>) point;
                double pr = ((Number) pn.get(0)).doubleValue();
                double ns = ((Number) pn.get(1)).doubleValue();
                if (pr >= 0.5) {
                    double median = pr == lastP ? ns : lastNs + (0.5 - lastP) / (pr - lastP) * (ns - lastNs);
                    return Durations.format(Math.round(median / 1000) * 1000) + ", the median on " + m.get("file");
                }
                lastP = pr;
                lastNs = ns;
            }
        }
        return s.params().get("wake_latency");
    }

    public static String of(Summary s) {
        Map<String, String> p = s.params();
        Figures worst = s.threads().stream()
                .max(Comparator.comparingLong(t -> t.get(Metrics.WAIT_MAX_NS))).orElseThrow();
        long worstWaitNs = worst.get(Metrics.WAIT_MAX_NS);
        long wakeupsLost = worst.get(Metrics.WAKEUPS_LOST);
        long switches = s.gil().get(Metrics.SWITCHES);
        long dropRequests = s.gil().get(Metrics.DROP_REQUESTS);
        long forcedSwitches = s.gil().get(Metrics.FORCED_SWITCHES);
        long timeouts = s.gil().get(Metrics.TIMEOUTS);
        String interval = p.get("interval");
        String wake = wakeLatency(s);
        // A run that names no version or policy ran the defaults.
        PythonVersion version = PythonVersions.of(p.getOrDefault("python", PythonVersions.DEFAULT));
        GilPolicies.Policy policy = GilPolicies.of(p.getOrDefault("policy", GilPolicies.byDefault().name()));
        RunFigures figures = new RunFigures(p.get("python"), interval, p.get("checkinterval"),
                "true".equals(p.get("pinned")), switches, dropRequests, forcedSwitches);
        if (!version.runs(policy).hasGil()) return version.explanation(policy, figures);
        StringBuilder b = new StringBuilder();
        if (s.starves()) {
            b.append(worst.name()).append(" waited up to ").append(Durations.human(worstWaitNs))
                    .append(" for the GIL. ");
            if (wakeupsLost > 0 && dropRequests < wakeupsLost) {
                b.append("It was woken ").append(wakeupsLost).append(" times by a release of the GIL, but ")
                        .append("each time the releasing thread took the GIL back before ").append(worst.name())
                        .append(" got to run (a wake-up takes about ").append(wake)
                        .append("), so it found the GIL taken and began a new full ").append(interval)
                        .append(" wait").append(rewait(WakeOrder.byId(p.get("wake_order")), s)).append(". ");
                b.append("Because every wake-up restarted its timer, its wait seldom ran out with no switch: ")
                        .append(dropRequests).append(" drop requests in ")
                        .append(Durations.human(s.simulatedNs())).append('.');
            } else {
                b.append("Its timed waits ran out ").append(timeouts).append(" times and it asked for ")
                        .append(dropRequests).append(" drops, but the GIL went to other threads first.");
            }
            if (s.pool() != null && s.starvedThreads().size() < s.threads().size()) {
                b.append(" Meanwhile the GIL switched ").append(switches)
                        .append(" times among the other threads.");
            }
            return b.toString();
        }
        b.append("No wait exceeded starve_after (").append(p.get("starve_after")).append("); the longest was ")
                .append(worst.name()).append("'s ").append(Durations.human(worstWaitNs)).append(". ");
        b.append(version.explanation(policy, figures));
        return b.toString();
    }

    /** Where the order put the starved waiter each time it waited again, when that says something: with 3 threads. */
    private static String rewait(WakeOrder order, Summary s) {
        return order.rewait != null && s.threads().size() > 2 ? ", " + order.rewait : "";
    }
}
