package gilsim.metrics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The thread groups of a run: the copies a thread entry's {@code count} made, named {@code name-1} .. {@code name-N}
 * (two or more). A group's figures sum up its threads': the longest of their times (a group's wait p99 is its worst
 * thread's, as a property's {@code wait_p99(worker)} reads it), the sum of their counts, shares and rates, the
 * largest of their ratios.
 */
public final class Groups {
    private static final Pattern COPY = Pattern.compile("(.+)-[0-9]+");

    private Groups() {}

    /** The group a thread's name makes it a copy of, or null. */
    public static String groupOf(String thread) {
        Matcher m = COPY.matcher(thread);
        return m.matches() ? m.group(1) : null;
    }

    /** Whether {@code thread} is a copy named {@code group-N}. */
    public static boolean member(String group, String thread) {
        return group.equals(groupOf(thread));
    }

    /** Each group of two or more copies among {@code threads}, in the order of its first thread, with its rows. */
    public static Map<String, List<Figures>> of(List<Figures> threads) {
        Map<String, List<Figures>> all = new LinkedHashMap<>();
        for (Figures t : threads) {
            String g = groupOf(t.name());
            if (g != null) all.computeIfAbsent(g, k -> new ArrayList<>()).add(t);
        }
        all.values().removeIf(members -> members.size() < 2);
        return all;
    }

    /** One row per group, named {@code group (N)}, with each metric of {@code metrics} summed up. */
    public static List<Figures> rows(List<Figures> threads, List<? extends Metric<?, ?>> metrics) {
        List<Figures> out = new ArrayList<>();
        for (Map.Entry<String, List<Figures>> g : of(threads).entrySet()) {
            Map<Metric<?, ?>, Object> values = new LinkedHashMap<>();
            for (Metric<?, ?> m : metrics) values.put(m, combine(m, g.getValue()));
            out.add(new Figures(g.getKey() + " (" + g.getValue().size() + ")", values));
        }
        return out;
    }

    private static Object combine(Metric<?, ?> m, List<Figures> members) {
        Double acc = null;
        boolean sum = m.unit() == Metric.Unit.COUNT || m.unit() == Metric.Unit.SHARE || m.unit() == Metric.Unit.RATE;
        for (Figures t : members) {
            Object v = t.get(m);
            if (!(v instanceof Number n)) continue;
            double d = n.doubleValue();
            acc = acc == null ? d : sum ? acc + d : Math.max(acc, d);
        }
        if (acc == null || !m.unit().numeric()) return null;
        return m.unit() == Metric.Unit.NS || m.unit() == Metric.Unit.COUNT ? (Object) Math.round(acc) : (Object) acc;
    }
}
