package gilsim.compare;

import gilsim.metrics.Figures;
import gilsim.metrics.Metric;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

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
        values(o, a, Metric.Scope.RUN);
        values(o, a, Metric.Scope.GIL);
        List<Object> threads = new ArrayList<>();
        for (Figures t : a.threads()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", t.name());
            for (Metric<?, ?> metric : Deltas.THREAD_FIGURES) m.put(metric.name(), Metric.json(t.get(metric)));
            threads.add(m);
        }
        o.put("threads", threads);
        o.put("pool", a.pool() == null ? null : values(new LinkedHashMap<>(), a, Metric.Scope.POOL));
        o.put("vs_as_is", d == null ? null : deltas(d));
        return o;
    }

    /** The arm's compared metrics of one scope (run, GIL, pool), as the summary writes them. */
    private static Map<String, Object> values(Map<String, Object> o, ArmFigures a, Metric.Scope scope) {
        for (Metric<?, ?> m : Deltas.RUN_FIGURES) {
            if (m.scope() == scope) o.put(m.name(), Metric.json(a.part(m).get(m)));
        }
        return o;
    }

    private static Map<String, Object> deltas(Deltas d) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("max_wait_ns", d.maxWaitNs());
        o.put("wait_p99_ns", d.waitP99Ns());
        differences(o, d.figures(), m -> m.scope() != Metric.Scope.POOL);
        List<Object> threads = new ArrayList<>();
        for (Deltas.ThreadDelta t : d.threads()) threads.add(thread(t));
        o.put("threads", threads);
        o.put("largest_pace_loss", d.largestPaceLoss() == null ? null : thread(d.largestPaceLoss()));
        differences(o, d.figures(), m -> m.scope() == Metric.Scope.POOL);
        return o;
    }

    private static Map<String, Object> thread(Deltas.ThreadDelta t) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", t.name());
        differences(m, t.figures(), x -> true);
        return m;
    }

    /**
     * Each metric's difference under its name and its relative change under {@link Metric#changeName}, as its
     * declaration asks, rounded as the summary rounds fractions.
     */
    private static void differences(Map<String, Object> o, Map<Metric<?, ?>, Deltas.Delta> deltas,
                                    Predicate<Metric<?, ?>> which) {
        deltas.forEach((m, d) -> {
            if (!which.test(m)) return;
            if (m.compared().delta().difference()) o.put(m.name(), Metric.json(d.difference()));
            if (m.compared().delta().change()) o.put(m.changeName(), round(d.change()));
        });
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
