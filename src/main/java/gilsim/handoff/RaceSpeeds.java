package gilsim.handoff;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A recorded crowded race read second by second: each second of each run with enough crowded drops gets the median
 * of its gaps (the requester's call to wait to the drop), and the seconds split into a fast speed and a slow one
 * where the medians fall in two groups apart (docs/model.md, "The race runs at two speeds"). The split is the
 * two-group one of least squared distance in the logarithm of the medians (exact on a sorted line); it counts as two
 * speeds only when each group has {@link #MIN_SECONDS} seconds and the fast group's pooled gap median is at most
 * {@link #MAX_FAST_RATIO} of the slow one's. Else every second is slow and the race has one speed.
 *
 * @param seconds        seconds read (those with at least {@link #MIN_DROPS} crowded drops)
 * @param fastSeconds    of them, the fast ones; 0 for one speed
 * @param fastBelowNs    a second whose gap median is below this is fast; 0 for one speed
 * @param slowGapP50Ns   the slow seconds' gaps pooled: their median (-1 with no second read)
 * @param fastGapP50Ns   the fast seconds', or -1
 */
public record RaceSpeeds(int seconds, int fastSeconds, long fastBelowNs, long slowGapP50Ns, long fastGapP50Ns) {
    static final long SECOND_NS = 1_000_000_000L;
    /** A second with fewer crowded drops says too little of its speed (four spinners give some 185 a second). */
    public static final int MIN_DROPS = 20;
    /** Each speed needs this many seconds: one odd second is not a speed. */
    static final int MIN_SECONDS = 2;
    /** The fast seconds' gap median at most this share of the slow ones': nearer, they are one speed's spread. */
    static final double MAX_FAST_RATIO = 0.75;

    /** The speeds of {@code runs} (each run's drops timed from its own start). */
    public static RaceSpeeds of(List<HandoffStats.CrowdedRun> runs) {
        List<Long> medians = new ArrayList<>();
        for (HandoffStats.CrowdedRun run : runs) {
            for (long[] second : seconds(run)) {
                if (second.length >= MIN_DROPS) medians.add(HandoffStats.percentile(second, 50));
            }
        }
        long[] m = medians.stream().mapToLong(Long::longValue).sorted().toArray();
        int split = split(m);
        if (split >= MIN_SECONDS && m.length - split >= MIN_SECONDS) {
            long below = Math.round(Math.sqrt((double) m[split - 1] * m[split])); // between the groups, geometrically
            long fast = pooledMedian(runs, below, true);
            long slow = pooledMedian(runs, below, false);
            if (fast <= MAX_FAST_RATIO * slow) {
                int fastSeconds = (int) Arrays.stream(m).filter(v -> v < below).count(); // as drops() reads a second
                return new RaceSpeeds(m.length, fastSeconds, below, slow, fast);
            }
        }
        return new RaceSpeeds(m.length, 0, 0, pooledMedian(runs, 0, false), -1);
    }

    /** As JSON: the seconds read, the fast ones, and both speeds' gap medians (ns; -1 for a speed not seen). */
    public Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("seconds", seconds);
        m.put("fast_seconds", fastSeconds);
        m.put("slow_gap_p50_ns", slowGapP50Ns);
        m.put("fast_gap_p50_ns", fastGapP50Ns);
        return m;
    }

    /** Whether the race ran at two speeds. */
    public boolean two() {
        return fastSeconds > 0;
    }

    /** The share of seconds at the fast speed, as {@code fast_race_percent} takes it: a whole 5 %, 0 for one. */
    public int fastPercent() {
        return two() ? asFastPercent((double) fastSeconds / seconds) : 0;
    }

    /** The fast gap median per slow one, as {@code fast_race_reaction} takes it: a whole 5 %. */
    public int fastReactionPercent() {
        return two() ? (int) Math.max(5, Math.min(100, 5 * Math.round(20.0 * fastGapP50Ns / slowGapP50Ns))) : 100;
    }

    /**
     * The share of other {@code runs} (another race, recorded beside this one) that ran at this race's fast speed, as
     * {@code fast_race_percent} takes it: a run is fast when its gap median is below the one between this race's two
     * speeds. Whole runs, not seconds: a race with a few crowded drops a second (the rare race has 15 to 50) has
     * seconds too thin to read, and the thinner ones are the slow ones, so reading seconds would count fast seconds
     * only. A run lasts 2 to 4 s against some 7 s between the speed's draws. 0 with one speed or no run with a gap.
     */
    public int fastPercentOfRuns(List<HandoffStats.CrowdedRun> runs) {
        Runs r = read(runs);
        return r.read() == 0 ? 0 : (int) (5 * Math.round(20.0 * r.fast() / r.read()));
    }

    /**
     * The share of all the time read at the fast speed, this race's seconds and other {@code runs} (another race's,
     * each {@code runNs} long, read as {@link #fastPercentOfRuns} reads them) together, as {@code fast_race_percent}
     * takes it; 0 with one speed. The speed is the machine's, not the race's (docs/calibration.md, section 5), so
     * both races' time measures it.
     */
    public int fastPercentWith(List<HandoffStats.CrowdedRun> runs, long runNs) {
        if (!two()) return 0;
        Runs r = read(runs);
        double runSeconds = (double) runNs / SECOND_NS;
        return asFastPercent((fastSeconds + r.fast() * runSeconds) / (seconds + r.read() * runSeconds));
    }

    /** A share of time at the fast speed as {@code fast_race_percent} takes it: a whole 5 %, 5 to 95 with two speeds. */
    private static int asFastPercent(double share) {
        return (int) Math.max(5, Math.min(95, 5 * Math.round(20.0 * share)));
    }

    /** Runs read against this race's speeds: those with a gap, and of them the fast ones. */
    private record Runs(int read, int fast) {}

    private Runs read(List<HandoffStats.CrowdedRun> runs) {
        if (!two()) return new Runs(0, 0);
        int read = 0;
        int fast = 0;
        for (HandoffStats.CrowdedRun run : runs) {
            if (run.rewaitToDropP50Ns() == null || run.rewaitToDropP50Ns() < 0) continue;
            read++;
            if (run.rewaitToDropP50Ns() < fastBelowNs) fast++;
        }
        return new Runs(read, fast);
    }

    /** The drops of {@code runs} in seconds of one speed (a second too thin to read counts as slow). */
    public List<HandoffStats.CrowdedDrop> drops(List<HandoffStats.CrowdedRun> runs, boolean fast) {
        return drops(runs, two() ? fastBelowNs : 0, fast);
    }

    /** Each second's gaps of one run, sorted, by the second the drop fell in. */
    private static List<long[]> seconds(HandoffStats.CrowdedRun run) {
        List<List<Long>> per = new ArrayList<>();
        for (HandoffStats.CrowdedDrop d : run.each()) {
            int s = (int) (d.timeNs() / SECOND_NS);
            while (per.size() <= s) per.add(new ArrayList<>());
            per.get(s).add(d.gapNs());
        }
        List<long[]> out = new ArrayList<>();
        for (List<Long> gaps : per) out.add(gaps.stream().mapToLong(Long::longValue).sorted().toArray());
        return out;
    }

    private static List<HandoffStats.CrowdedDrop> drops(List<HandoffStats.CrowdedRun> runs, long fastBelowNs,
                                                        boolean fast) {
        List<HandoffStats.CrowdedDrop> out = new ArrayList<>();
        for (HandoffStats.CrowdedRun run : runs) {
            List<long[]> seconds = seconds(run);
            for (HandoffStats.CrowdedDrop d : run.each()) {
                long[] second = seconds.get((int) (d.timeNs() / SECOND_NS));
                boolean isFast = second.length >= MIN_DROPS && HandoffStats.percentile(second, 50) < fastBelowNs;
                if (isFast == fast) out.add(d);
            }
        }
        return out;
    }

    /** The median gap of the drops in the fast ({@code fast}) or the other seconds, or -1 with none. */
    private static long pooledMedian(List<HandoffStats.CrowdedRun> runs, long fastBelowNs, boolean fast) {
        long[] gaps = drops(runs, fastBelowNs, fast).stream().mapToLong(HandoffStats.CrowdedDrop::gapNs).sorted()
                .toArray();
        return HandoffStats.percentile(gaps, 50);
    }

    /**
     * The number of values in the lower group of the best two-group split of {@code sorted} (positive values), by
     * least squared distance of their logarithms to their group's mean; 0 with fewer than two values.
     */
    static int split(long[] sorted) {
        int n = sorted.length;
        if (n < 2) return 0;
        double[] log = Arrays.stream(sorted).mapToDouble(v -> Math.log(Math.max(1, v))).toArray();
        double[] sum = new double[n + 1];
        double[] squares = new double[n + 1];
        for (int i = 0; i < n; i++) {
            sum[i + 1] = sum[i] + log[i];
            squares[i + 1] = squares[i] + log[i] * log[i];
        }
        int best = 0;
        double bestCost = Double.POSITIVE_INFINITY;
        for (int k = 1; k < n; k++) {
            double cost = spread(sum, squares, 0, k) + spread(sum, squares, k, n);
            if (cost < bestCost) {
                bestCost = cost;
                best = k;
            }
        }
        return best;
    }

    /** Sum of squared distances to the mean of values {@code from} (inclusive) to {@code to}, from prefix sums. */
    private static double spread(double[] sum, double[] squares, int from, int to) {
        double s = sum[to] - sum[from];
        return squares[to] - squares[from] - s * s / (to - from);
    }
}
