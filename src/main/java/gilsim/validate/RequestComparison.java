package gilsim.validate;

import gilsim.sim.Durations;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The requests of a scenario with arrivals on both sides of a validation ({@link Observation#requests()}): each side's
 * latencies pooled over its runs (the same arrival schedule per seed on both sides: real run k is sent the arrivals of
 * simulated seed k), their median, 99th percentile and maximum, exact from the sorted values, and the answers a
 * second. A request unanswered at the end counts its age then on both sides.
 */
public final class RequestComparison {
    /** One side's figures: requests arrived and answered over all its runs, answers a second, latency in ns. */
    public record Side(long arrived, long answered, double answeredPerS, long p50Ns, long p99Ns, long maxNs) {}

    public record Result(Side real, Side sim) {}

    private RequestComparison() {}

    /** Null when the runs have no requests. */
    public static Result of(List<Observation> real, List<Observation> sim, long durationNs) {
        if (real.isEmpty() || real.get(0).requests() == null) return null;
        return new Result(side(real, durationNs), side(sim, durationNs));
    }

    private static Side side(List<Observation> runs, long durationNs) {
        long arrived = 0;
        long answered = 0;
        for (Observation o : runs) {
            arrived += o.requests().arrived();
            answered += o.requests().answered();
        }
        long[] all = runs.stream().flatMap(o -> o.requests().latencyNs().stream()).mapToLong(Long::longValue).sorted()
                .toArray();
        double seconds = runs.size() * durationNs / 1e9;
        return new Side(arrived, answered, seconds == 0 ? 0 : answered / seconds, at(all, 0.50), at(all, 0.99),
                at(all, 1.0));
    }

    /** The nearest-rank quantile {@code q} of the sorted latencies; 0 with none. */
    private static long at(long[] sorted, double q) {
        return sorted.length == 0 ? 0 : Calibration.quantile(sorted, q);
    }

    static void text(StringBuilder b, Result r) {
        if (r == null) return;
        b.append(String.format(Locale.ROOT, "requests (pooled over the runs), real / sim: %d / %d arrived, %.0f / %.0f "
                        + "answered a second; latency p50 %s / %s (%s), p99 %s / %s (%s), max %s / %s (%s)%n",
                r.real().arrived(), r.sim().arrived(), r.real().answeredPerS(), r.sim().answeredPerS(),
                Durations.human(r.real().p50Ns()), Durations.human(r.sim().p50Ns()), ratio(r.sim().p50Ns(),
                        r.real().p50Ns()),
                Durations.human(r.real().p99Ns()), Durations.human(r.sim().p99Ns()), ratio(r.sim().p99Ns(),
                        r.real().p99Ns()),
                Durations.human(r.real().maxNs()), Durations.human(r.sim().maxNs()), ratio(r.sim().maxNs(),
                        r.real().maxNs())));
        String behind = behind(r);
        if (behind != null) b.append(behind);
    }

    /**
     * A side that answered fewer than this share of the requests that arrived fell behind. A queue that keeps up
     * leaves unanswered only the requests still in flight at the end: a rate times a latency, 1.3 % of a 1 s run at
     * 600 a second with a p99 of 19 ms, under 1 % of 5 s runs at 800 a second. One past its capacity leaves a backlog
     * that grows for the whole run: 4 % and more in the runs that showed it.
     */
    static final double BEHIND = 0.97;

    /**
     * The line that says a side fell behind, or null when neither did. Its latencies are then the age of a growing
     * backlog, which follows a per cent of capacity, so the ratios say less than the answered rates do.
     */
    static String behind(Result r) {
        boolean real = share(r.real()) < BEHIND;
        boolean sim = share(r.sim()) < BEHIND;
        if (!real && !sim) return null;
        String who = real && sim ? "both sides" : real ? "the real side" : "the simulation";
        return String.format(Locale.ROOT, "%s fell behind: real answered %.1f %% of the requests that arrived, sim "
                + "%.1f %%; a side past its capacity has a backlog that grows for the whole run, so its latency "
                + "follows a per cent of capacity (on the real side, the host's steal above takes some): compare the "
                + "answered rates first%n", who, 100 * share(r.real()), 100 * share(r.sim()));
    }

    private static double share(Side s) {
        return s.arrived() == 0 ? 1 : s.answered() / (double) s.arrived();
    }

    private static String ratio(long sim, long real) {
        return real == 0 ? "-" : String.format(Locale.ROOT, "%.2fx", sim / (double) real);
    }

    static Map<String, Object> json(Result r) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("real", side(r.real()));
        o.put("sim", side(r.sim()));
        return o;
    }

    private static Map<String, Object> side(Side s) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("arrived", s.arrived());
        o.put("answered", s.answered());
        o.put("answered_per_s", s.answeredPerS());
        o.put("latency_p50_ns", s.p50Ns());
        o.put("latency_p99_ns", s.p99Ns());
        o.put("latency_max_ns", s.maxNs());
        return o;
    }
}
