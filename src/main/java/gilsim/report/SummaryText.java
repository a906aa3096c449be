package gilsim.report;

import gilsim.metrics.Summary;
import gilsim.sim.Durations;
import java.util.Locale;
import java.util.Map;

/** The human summary of one run: a table of per-thread waits, the GIL's counters, the verdict and why. */
public final class SummaryText {
    private SummaryText() {}

    public static String of(Summary s) {
        StringBuilder b = new StringBuilder();
        b.append(s.scenario()).append("  seed ").append(s.seed()).append("  ").append(paramsLine(s.params()))
                .append('\n');
        b.append(String.format(Locale.ROOT, "simulated %s, %d events%n%n", Durations.human(s.simulatedNs()),
                s.events()));
        b.append(String.format(Locale.ROOT, "%-10s %8s %8s %10s %10s %10s %8s%n", "thread", "takes", "share",
                "wait p50", "wait p99", "wait max", "lost"));
        for (Summary.ThreadSummary t : s.threads()) {
            b.append(String.format(Locale.ROOT, "%-10s %8d %7.1f%% %10s %10s %10s %8d%n", t.name(),
                    t.gilAcquisitions(), 100 * t.gilShare(), Durations.human(t.waitP50Ns()),
                    Durations.human(t.waitP99Ns()), Durations.human(t.waitMaxNs()), t.wakeupsLost()));
        }
        b.append(String.format(Locale.ROOT, "%nGIL: %d switches, %d drop requests, %d forced switches, %d timeouts%n",
                s.gil().switches(), s.gil().dropRequests(), s.gil().forcedSwitches(), s.gil().timeouts()));
        if (s.pool() != null) b.append(PoolText.of(s.pool()));
        b.append("\nverdict: ").append(s.verdict());
        if (s.starves()) b.append(" (").append(String.join(", ", s.starvedThreads())).append(')');
        b.append("\n\n").append(Explanation.of(s)).append('\n');
        return b.toString();
    }

    static String paramsLine(Map<String, String> params) {
        StringBuilder b = new StringBuilder();
        params.forEach((k, v) -> {
            if (!k.equals("max_events")) b.append(b.length() == 0 ? "" : " ").append(k).append('=').append(v);
        });
        return b.toString();
    }
}
