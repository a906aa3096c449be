package gilsim.validate;

import gilsim.cpython.LockVersions;
import gilsim.metrics.Stat;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Each scenario lock's use, per thread, on both sides of a validation ({@link Observation#locks()}): over the runs of
 * a side, the acquisitions, those that took the lock from another thread (changes of hands), and the mean and longest
 * {@code acquire()} wait, each a {@link Stat}; and, run by run, how the acquisitions split between the threads, which
 * the means hide. The real side measures a wait with the wall clock around the call ({@code realrun.py}); the
 * simulation from the call to its return holding the lock and the GIL. A thread that never called {@code acquire()}
 * on a lock in a run counts 0 acquisitions there and no wait.
 */
public final class LockComparison {
    /** One thread's figures for one lock over a side's runs; {@code acquisitions} per run, in the runs' order. */
    public record Side(Stat acquisitions, Stat tookFromOther, Stat waitMeanNs, Stat waitMaxNs,
                       List<Long> acquisitionsPerRun, List<Long> tookFromOtherPerRun) {
        public Side {
            acquisitionsPerRun = List.copyOf(acquisitionsPerRun);
            tookFromOtherPerRun = List.copyOf(tookFromOtherPerRun);
        }
    }

    public record Row(String lock, String thread, Side real, Side sim) {}

    private LockComparison() {}

    /** Rows in the simulation's order of locks and threads, then any the real runs alone have; empty for no locks. */
    public static List<Row> of(List<Observation> real, List<Observation> sim) {
        LinkedHashSet<List<String>> keys = new LinkedHashSet<>();
        for (Observation o : sim) for (Observation.LockUse u : o.locks()) keys.add(List.of(u.lock(), u.thread()));
        for (Observation o : real) for (Observation.LockUse u : o.locks()) keys.add(List.of(u.lock(), u.thread()));
        List<Row> rows = new ArrayList<>();
        for (List<String> k : keys) rows.add(new Row(k.get(0), k.get(1), side(real, k), side(sim, k)));
        return rows;
    }

    private static Side side(List<Observation> runs, List<String> key) {
        int n = runs.size();
        double[] acq = new double[n];
        double[] took = new double[n];
        double[] mean = new double[n];
        double[] max = new double[n];
        List<Long> perRun = new ArrayList<>();
        List<Long> tookPerRun = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Observation.LockUse u = find(runs.get(i), key);
            acq[i] = u == null ? 0 : u.acquisitions();
            took[i] = u == null ? 0 : u.tookFromOther();
            mean[i] = u == null || u.acquisitions() == 0 ? Double.NaN : u.waitTotalNs() / (double) u.acquisitions();
            max[i] = u == null ? Double.NaN : u.waitMaxNs();
            perRun.add(u == null ? 0 : u.acquisitions());
            tookPerRun.add(u == null ? 0 : u.tookFromOther());
        }
        return new Side(Stat.of(acq), Stat.of(took), Stat.of(mean), Stat.of(max), perRun, tookPerRun);
    }

    private static Observation.LockUse find(Observation o, List<String> key) {
        for (Observation.LockUse u : o.locks()) {
            if (u.lock().equals(key.get(0)) && u.thread().equals(key.get(1))) return u;
        }
        return null;
    }

    /**
     * The rows as text under a heading, with each lock's split run by run; nothing when there are none.
     *
     * @param python the simulation's {@code python}, which decides the simulated lock
     */
    static void text(StringBuilder b, List<Row> rows, String python) {
        if (rows.isEmpty()) return;
        b.append("threading.Lock per thread, simulated as a ").append(LockVersions.model(python))
                .append(" (python=").append(python).append("; --set python=VERSION picks another); means over runs; a "
                + "wait is one acquire() call, until it returns holding the lock and the GIL (real: the wall clock "
                + "around the call):\n");
        List<String[]> cells = new ArrayList<>();
        cells.add(new String[] {"lock", "thread", "acquisitions", "", "changes of hands", "", "wait mean", "",
                "wait max", ""});
        cells.add(new String[] {"", "", "real", "sim", "real", "sim", "real", "sim", "real", "sim"});
        for (Row r : rows) {
            cells.add(new String[] {r.lock(), r.thread(), count(r.real().acquisitions()), count(r.sim().acquisitions()),
                    count(r.real().tookFromOther()), count(r.sim().tookFromOther()), time(r.real().waitMeanNs()),
                    time(r.sim().waitMeanNs()), time(r.real().waitMaxNs()), time(r.sim().waitMaxNs())});
        }
        int[] width = new int[10];
        for (String[] row : cells) for (int k = 0; k < 10; k++) width[k] = Math.max(width[k], row[k].length());
        for (String[] row : cells) {
            StringBuilder line = new StringBuilder("  ");
            for (int k = 0; k < 10; k++) {
                if (k > 0) line.append(k % 2 == 0 ? "   " : "  ");
                String pad = " ".repeat(width[k] - row[k].length());
                line.append(k < 2 ? row[k] + pad : pad + row[k]);
            }
            b.append(line.toString().stripTrailing()).append('\n');
        }
        Map<String, List<Row>> byLock = new LinkedHashMap<>();
        for (Row r : rows) byLock.computeIfAbsent(r.lock(), l -> new ArrayList<>()).add(r);
        byLock.forEach((lock, rs) -> {
            List<String> names = rs.stream().map(Row::thread).toList();
            b.append("  ").append(lock).append(", acquisitions ").append(String.join("/", names))
                    .append(" (changes of hands) run by run: real ").append(split(rs, true)).append("; sim ")
                    .append(split(rs, false)).append('\n');
        });
    }

    private static String split(List<Row> rows, boolean real) {
        int runs = (real ? rows.get(0).real() : rows.get(0).sim()).acquisitionsPerRun().size();
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            List<String> n = new ArrayList<>();
            long changes = 0;
            for (Row r : rows) {
                Side s = real ? r.real() : r.sim();
                n.add(Long.toString(s.acquisitionsPerRun().get(i)));
                changes += s.tookFromOtherPerRun().get(i);
            }
            parts.add(String.join("/", n) + " (" + changes + ")");
        }
        return String.join(", ", parts);
    }

    private static String count(Stat s) {
        return s.defined() ? String.format(Locale.ROOT, "%.0f", s.mean()) : "-";
    }

    private static String time(Stat s) {
        return s.defined() ? ValidationText.time(s.mean()) : "-";
    }

    /** The rows as JSON: per row, each side's figures ({@link Stat#json}) and its acquisitions run by run. */
    static List<Object> json(List<Row> rows) {
        List<Object> out = new ArrayList<>();
        for (Row r : rows) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("lock", r.lock());
            o.put("thread", r.thread());
            o.put("real", json(r.real()));
            o.put("sim", json(r.sim()));
            out.add(o);
        }
        return out;
    }

    private static Map<String, Object> json(Side s) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("acquisitions", s.acquisitions().json(false));
        o.put("took_from_other", s.tookFromOther().json(false));
        o.put("acquire_wait_mean_ns", s.waitMeanNs().json(true));
        o.put("acquire_wait_max_ns", s.waitMaxNs().json(true));
        o.put("acquisitions_per_run", s.acquisitionsPerRun());
        o.put("took_from_other_per_run", s.tookFromOtherPerRun());
        return o;
    }
}
