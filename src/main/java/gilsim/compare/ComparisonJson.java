package gilsim.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The comparison as maps and lists for JSON: snake_case fields in a fixed order, times in integer nanoseconds, as
 * the JSON summary writes them ({@code max_wait_ns}, {@code wait_p99_ns}, {@code gil_share} are the summary's
 * figures under the summary's names). An arm other than as-is has {@code vs_as_is}, its differences from the as-is
 * arm ({@link Deltas}); the as-is arm has null there. Fractions are rounded to six decimals, as the summary's are.
 */
public final class ComparisonJson {
    private ComparisonJson() {}

    /** One scenario: its name, origin and arms. */
    public static Map<String, Object> tree(Comparison c, List<String> launcher) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("scenario", c.scenario());
        o.put("origin", c.origin());
        List<Object> arms = new ArrayList<>();
        for (ArmFigures a : c.arms()) arms.add(arm(a, c.deltas(a), launcher));
        o.put("arms", arms);
        return o;
    }

    private static Map<String, Object> arm(ArmFigures a, Deltas d, List<String> launcher) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("arm", a.arm().label());
        o.put("overrides", a.arm().overrides());
        o.put("replay", replay(a, launcher));
        o.put("simulated_ns", a.summary().simulatedNs());
        o.put("verdict", a.verdict());
        o.put("starved_threads", a.starvedThreads());
        o.put("max_wait_ns", a.maxWait().ns());
        o.put("max_wait_thread", a.maxWait().thread());
        o.put("wait_p99_ns", a.waitP99().ns());
        o.put("wait_p99_thread", a.waitP99().thread());
        o.put("switches", a.switches());
        o.put("drop_requests", a.dropRequests());
        o.put("forced_switches", a.forcedSwitches());
        List<Object> threads = new ArrayList<>();
        for (ArmFigures.ThreadFigures t : a.threads()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", t.name());
            m.put("gil_share", round(t.gilShare()));
            m.put("rounds", t.rounds());
            m.put("rounds_per_s", round(t.roundsPerSecond()));
            threads.add(m);
        }
        o.put("threads", threads);
        ArmFigures.PoolFigures p = a.pool();
        if (p == null) {
            o.put("pool", null);
        } else {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("latency_p99_ns", p.latencyP99Ns());
            m.put("latency_raw_p99_ns", p.latencyRawP99Ns());
            m.put("latency_max_ns", p.latencyMaxNs());
            m.put("throughput_rps", round(p.throughputRps()));
            m.put("order_verdict", p.orderVerdict());
            o.put("pool", m);
        }
        o.put("vs_as_is", d == null ? null : deltas(d));
        return o;
    }

    private static Map<String, Object> deltas(Deltas d) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("max_wait_ns", d.maxWaitNs());
        o.put("wait_p99_ns", d.waitP99Ns());
        o.put("switches", d.switches());
        o.put("drop_requests", d.dropRequests());
        o.put("forced_switches", d.forcedSwitches());
        List<Object> threads = new ArrayList<>();
        for (Deltas.ThreadDelta t : d.threads()) threads.add(thread(t));
        o.put("threads", threads);
        o.put("largest_pace_loss", d.largestPaceLoss() == null ? null : thread(d.largestPaceLoss()));
        o.put("latency_p99_ns", d.latencyP99Ns());
        o.put("latency_p99_change", round(d.latencyP99Change()));
        o.put("latency_raw_p99_ns", d.latencyRawP99Ns());
        o.put("latency_raw_p99_change", round(d.latencyRawP99Change()));
        o.put("throughput_change", round(d.throughputChange()));
        return o;
    }

    private static Map<String, Object> thread(Deltas.ThreadDelta t) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", t.name());
        m.put("gil_share", round(t.gilShare()));
        m.put("rounds_per_s_change", round(t.roundsPerSecondChange()));
        return m;
    }

    /** Six decimals, as the summary writes fractions; null stays null. */
    static Double round(Double v) {
        return v == null ? null : Math.round(v * 1e6) / 1e6;
    }

    /** The shell line that replays the arm: the launcher's words, then its {@link ArmFigures#runArgs}. */
    static String replay(ArmFigures a, List<String> launcher) {
        List<String> words = new ArrayList<>(launcher);
        words.addAll(a.runArgs().stream().map(ComparisonJson::quoted).toList());
        return String.join(" ", words);
    }

    /** Single-quotes a word the shell would split or expand; plain words stay as they are. */
    static String quoted(String word) {
        if (word.matches("[A-Za-z0-9_./=:,+@%-]+")) return word;
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
