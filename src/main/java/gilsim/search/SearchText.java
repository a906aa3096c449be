package gilsim.search;

import gilsim.sim.Durations;
import java.util.List;
import java.util.ArrayList;
import java.util.Locale;

/** The human report of a search: what was asked, the statistics, the table, and the shrunk counterexample. */
public final class SearchText {
    private SearchText() {}

    public static String of(SearchReport r) {
        ConfigSpace space = r.space();
        SearchOptions o = r.options();
        StringBuilder b = new StringBuilder();
        b.append("search ").append(space.scenario().name()).append(" for ").append(o.property().id()).append(": ")
                .append(o.exhaustive() ? "every configuration" : r.tried() + " random configurations")
                .append(" (seed ").append(o.seed()).append("), ").append(o.seedsPerConfig())
                .append(o.seedsPerConfig() == 1 ? " seed" : " seeds").append(" each\n");
        b.append("  over ").append(String.join(" ", space.ranges().stream().map(Range::toString).toList()))
                .append('\n');
        if (!space.sets().isEmpty()) b.append("  set  ").append(String.join(" ", space.sets())).append('\n');
        long failing = r.failing();
        b.append(String.format(Locale.ROOT, "%ntried %d configurations: %d fail (%s)%n", r.tried(), failing,
                percent(failing, r.tried())));
        for (int i = 0; i < space.ranges().size(); i++) {
            b.append("\nfailing share by ").append(space.ranges().get(i).name()).append('\n');
            List<KeyStats.Bin> bins = r.bins().get(i);
            int width = bins.stream().mapToInt(x -> x.label().length()).max().orElse(0);
            for (KeyStats.Bin bin : bins) {
                b.append(String.format(Locale.ROOT, "  %-" + width + "s  %5s  %s%n", bin.label(),
                        bin.failing() + "/" + bin.tried(), percent(bin.failing(), bin.tried())));
            }
        }
        if (o.exhaustive()) {
            b.append(o.property() == Property.NO_STARVATION
                    ? "\nverdicts (fair, or how many threads starve; * only some seeds)\n"
                    : "\nverdicts (fair; where " + o.property().id() + " breaks, how many threads starve, or fails if "
                            + "none; * only some seeds)\n");
            for (Table.Grid g : r.grids()) {
                if (!g.fixed().isEmpty()) {
                    b.append('\n');
                    g.fixed().forEach((k, v) -> b.append(k).append('=').append(v).append(' '));
                    b.setLength(b.length() - 1);
                    b.append('\n');
                }
                b.append(Table.text(space, g));
            }
        }
        b.append('\n');
        if (r.shrunk() == null) {
            b.append("no counterexample in ").append(r.tried()).append(" configurations (")
                    .append(r.tried() * (long) o.seedsPerConfig()).append(" runs)\n");
            if (r.closest() != null) {
                b.append("closest to breaking it (#").append(r.closest().index()).append("):\n");
                b.append("  ").append(space.line(r.closest().result().config())).append('\n');
                b.append("  ").append(runLine(r.closest().run())).append('\n');
                b.append("replay:\n  ").append(r.closestReplay()).append('\n');
            }
            return b.toString();
        }
        Shrinker.Result s = r.shrunk();
        RunOutcome run = s.smallest().reported();
        b.append("smallest failing configuration (shrunk from #").append(r.shrunkFrom()).append(": ")
                .append(space.line(r.start().config())).append(", in ").append(s.candidates())
                .append(" steps):\n");
        b.append("  ").append(space.line(s.smallest().config())).append('\n');
        b.append("  ").append(runLine(run)).append('\n');
        if (s.smallest().runs().size() > 1) {
            List<String> parts = new ArrayList<>();
            s.smallest().stats().forEach((name, st) -> parts.add(name + " " + show(name, st.mean()) + " ["
                    + show(name, st.ciLow()) + ", " + show(name, st.ciHigh()) + "]"));
            b.append("  over its ").append(s.smallest().runs().size()).append(" seeds, mean [95% CI]: ")
                    .append(String.join(", ", parts)).append('\n');
        }
        for (Shrinker.Flip f : s.flips()) {
            b.append("  ").append(f.key()).append(" flips the verdict between ").append(f.passes())
                    .append(" (passes) and ").append(f.fails()).append(" (fails)\n");
        }
        b.append("replay:\n  ").append(r.replay()).append('\n');
        return b.toString();
    }

    private static String show(String metric, double v) {
        if (Double.isNaN(v)) return "-";
        if (metric.endsWith("_ns")) return Durations.human(Math.round(v));
        return String.format(Locale.ROOT, "%.2f", v);
    }

    static String percent(long part, long whole) {
        return whole == 0 ? "-" : String.format(Locale.ROOT, "%.1f%%", 100.0 * part / whole);
    }

    /** One run as a report shows it: its seed, verdict, longest wait, order and the property's metrics. */
    private static String runLine(RunOutcome run) {
        StringBuilder b = new StringBuilder("seed ").append(run.seed()).append(": ").append(run.verdict());
        if (!run.starvedThreads().isEmpty()) b.append(" (").append(String.join(", ", run.starvedThreads())).append(')');
        b.append(", longest GIL wait ").append(Durations.human(run.maxWaitNs()));
        if (run.order() != null) b.append(", ").append(run.order());
        if (run.detail() != null) b.append("; ").append(run.detail());
        return b.toString();
    }
}
