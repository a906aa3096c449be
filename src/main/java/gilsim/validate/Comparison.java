package gilsim.validate;

import gilsim.metrics.Stat;
import gilsim.program.Rounds;
import gilsim.program.ThreadSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.distribution.HypergeometricDistribution;
import org.apache.commons.math3.random.Well19937c;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;

/**
 * The real runs of one interpreter against the simulated runs of the same scenario: per thread, each figure over
 * the runs of each side ({@link Stat}), the ratio sim/real of the means, the two-sample Kolmogorov-Smirnov distance
 * between the pooled round times of the two sides, and the verdict each side implies.
 *
 * <p>The verdict rule, the same on both sides: a thread starves in a run when one of its rounds lasts longer than
 * {@code starve_after} plus its nominal round (the sum of the step durations of one pass of its outer loop); for a
 * loop that runs forever, the part of the run its completed rounds do not cover until the thread stopped (the round
 * still open then, and the start before the first) counts as a round, so a thread stuck for the rest of the run
 * starves too; a real thread that stopped on time does not starve while another finishes a sleep. A side
 * says a thread starves when it starves in every one of its runs, is fair when it starves in none, and is mixed
 * otherwise. The two sides disagree when one starves in every run and the other in none, or when their counts of
 * starved runs differ beyond chance (Fisher's exact test, two-sided, with Holm's correction over the interpreter's
 * threads, p &lt; 0.05); other differences are too close to call: both sides' tails reach the threshold in some runs,
 * and a verdict there depends on the run.
 *
 * <p>Why Holm's correction: one interpreter's block tests every thread at once, and at 5 % each, a scenario of several
 * threads whose tails lie near their thresholds would be called wrong by chance alone. Three identical spinners of
 * {@code latency-3} once starved in 5, 5 and 3 of 5 real runs and 19, 19 and 20 of 20 simulated: the third alone gave
 * p 0.033. Holm's step-down keeps the chance of any false disagreement in the block at 5 %, and counts only the threads
 * whose test could say anything (some run starved, and not every run of both sides).
 */
public final class Comparison {
    /** Percentiles of round times: R-7, linear between order statistics (NumPy's and R's default). */
    public static final Percentile.EstimationType ESTIMATION = Percentile.EstimationType.R_7;

    public static final String RULE = "a thread starves in a run when one of its rounds (for a loop forever, also "
            + "the time its completed rounds do not cover until it stopped) lasts longer than starve_after plus its "
            + "nominal round (the step durations of one pass of its outer loop); a side says starves when it does "
            + "in every run, fair in none, mixed otherwise; the sides disagree when one starves in every run and "
            + "the other in none, or their counts of starved runs differ beyond chance (Fisher's exact test, "
            + "p < 0.05 after Holm's correction over the interpreter's threads that starved in some runs of the two "
            + "sides but not in all); other differences are too close to call";

    /**
     * Below this, Fisher's exact test, corrected for the interpreter's other threads, says two counts of starved runs
     * differ beyond chance.
     */
    public static final double DIFFERENCE_P = 0.05;

    /** What a side's runs say about a thread. */
    public enum Verdict {
        FAIR("fair"), MIXED("mixed"), STARVES("starves");

        public final String id;

        Verdict(String id) {
            this.id = id;
        }
    }

    /** How the two sides' verdicts on a thread compare (see the class comment): an id for JSON, words for text. */
    public enum Agreement {
        AGREE("agree", "agree"), CLOSE("close", "too close to call"), DISAGREE("disagree", "DISAGREE");

        public final String id;
        public final String words;

        Agreement(String id, String words) {
            this.id = id;
            this.words = words;
        }
    }

    /** A thread's figures on one side. */
    public record Side(int runs, long rounds, Stat roundsPerSecond, Stat p50Ns, Stat p99Ns, Stat maxNs,
                       Stat cpuShare, int starvedRuns) {
        public Verdict verdict() {
            if (starvedRuns == 0) return Verdict.FAIR;
            return starvedRuns == runs ? Verdict.STARVES : Verdict.MIXED;
        }
    }

    /**
     * One thread, both sides.
     *
     * @param nominalRoundNs the steps of one pass of the outer loop; -1 when the thread has no loop or its pass has no
     *                       finite length (a loop forever inside it)
     * @param ks             the Kolmogorov-Smirnov distance between the pooled round times (NaN when a side has none)
     * @param simOwnStarved  the simulated runs whose own verdict (a GIL wait past starve_after) named the thread
     * @param holmP          {@link #fisherP()} after Holm's correction over the interpreter's tested threads
     * @param tested         how many of the interpreter's threads that correction counted (those whose test could
     *                       say anything, {@link #testable()}); a thread not among them keeps its p, which is 1
     */
    public record Row(String name, long nominalRoundNs, long thresholdNs, Side real, Side sim, double ks,
                      int simOwnStarved, double holmP, int tested) {
        /** A thread compared alone: no correction. */
        public Row(String name, long nominalRoundNs, long thresholdNs, Side real, Side sim, double ks,
                   int simOwnStarved) {
            this(name, nominalRoundNs, thresholdNs, real, sim, ks, simOwnStarved, fisherP(real, sim), 1);
        }

        public Agreement agreement() {
            Verdict r = real.verdict();
            Verdict s = sim.verdict();
            boolean opposite = r != s && r != Verdict.MIXED && s != Verdict.MIXED; // starves against fair
            if (opposite || holmP < DIFFERENCE_P) return Agreement.DISAGREE;
            return r == s ? Agreement.AGREE : Agreement.CLOSE;
        }

        /** No disagreement: the verdicts agree or are too close to call. */
        public boolean agree() {
            return agreement() != Agreement.DISAGREE;
        }

        /** Fisher's exact test, two-sided, on the starved and fair runs of the two sides. */
        public double fisherP() {
            return fisherP(real, sim);
        }

        /**
         * Whether Fisher's test on this thread can say anything: some run of the two sides starved, and not every
         * one. Otherwise its p is 1 whatever happened, and counting it would only weaken the others' tests.
         */
        boolean testable() {
            int starved = real.starvedRuns() + sim.starvedRuns();
            return starved > 0 && starved < real.runs() + sim.runs();
        }

        private static double fisherP(Side real, Side sim) {
            return fisherExact(real.starvedRuns(), real.runs() - real.starvedRuns(), sim.starvedRuns(),
                    sim.runs() - sim.starvedRuns());
        }

        /** sim/real of a figure's means; NaN when either is undefined or the real one is 0. */
        public static double ratio(Stat real, Stat sim) {
            if (!real.defined() || !sim.defined() || real.mean() == 0) return Double.NaN;
            return sim.mean() / real.mean();
        }
    }

    /** A kind of step's real duration against the nominal one, over every real run. */
    public record StepLine(String step, long nominalNs, double meanNs, long count) {}

    /**
     * A thread's CPU time a round outside its compute and release steps, over every real run: the Python of the
     * compiled program's get, put, answer, sleep and lock calls and its own bookkeeping, and the wake-ups of their
     * waits. The model's steps other than compute take no CPU time with the GIL held, so where this is large (a
     * service's queue and socket calls) the model serves more than the real side until a compute step declares it.
     */
    public record OutsideCpu(String thread, double perRoundNs, long rounds) {}

    public record Result(List<Row> rows, List<StepLine> steps, List<OutsideCpu> outside) {
        public Result {
            rows = List.copyOf(rows);
            steps = List.copyOf(steps);
            outside = List.copyOf(outside);
        }

        public boolean agree() {
            return rows.stream().allMatch(Row::agree);
        }
    }

    private Comparison() {}

    /**
     * @param simOwnStarved per simulated run, the threads its summary said starve (may be empty)
     */
    public static Result of(List<ThreadSpec> specs, long starveAfterNs, List<Observation> real,
                            List<Observation> sim, List<List<String>> simOwnStarved) {
        List<Row> rows = new ArrayList<>();
        for (int t = 0; t < specs.size(); t++) {
            ThreadSpec spec = specs.get(t);
            long nominal = Rounds.nominalRoundNs(spec.program());
            long threshold = nominal < 0 ? -1 : Rounds.saturatedAdd(starveAfterNs, nominal);
            boolean forever = Rounds.outerLoopForever(spec.program());
            Side r = side(real, t, threshold, forever);
            Side s = side(sim, t, threshold, forever);
            double ks = ks(pooled(real, t), pooled(sim, t));
            int own = 0;
            for (List<String> starved : simOwnStarved) if (starved.contains(spec.name())) own++;
            rows.add(new Row(spec.name(), nominal, threshold, r, s, ks, own));
        }
        return new Result(corrected(rows), steps(real), outside(specs, real));
    }

    /** The rows with Holm's correction over those whose test can say anything ({@link Row#testable()}). */
    static List<Row> corrected(List<Row> rows) {
        List<Integer> tested = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) if (rows.get(i).testable()) tested.add(i);
        double[] p = new double[tested.size()];
        for (int k = 0; k < p.length; k++) p[k] = rows.get(tested.get(k)).fisherP();
        double[] adjusted = holm(p);
        List<Row> out = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            int k = tested.indexOf(i);
            out.add(new Row(r.name(), r.nominalRoundNs(), r.thresholdNs(), r.real(), r.sim(), r.ks(),
                    r.simOwnStarved(), k < 0 ? r.fisherP() : adjusted[k], p.length));
        }
        return out;
    }

    /**
     * Holm's step-down adjusted p-values, in the input's order: sorted ascending, the i-th smallest (from 0) of m is
     * multiplied by m - i, capped at 1, and never below the one before it. Rejecting where the adjusted p is below
     * alpha keeps the chance of any false rejection among the m at alpha.
     */
    public static double[] holm(double[] p) {
        int m = p.length;
        Integer[] order = new Integer[m];
        for (int i = 0; i < m; i++) order[i] = i;
        Arrays.sort(order, (x, y) -> Double.compare(p[x], p[y]));
        double[] adjusted = new double[m];
        double running = 0;
        for (int i = 0; i < m; i++) {
            running = Math.max(running, Math.min(1, (m - i) * p[order[i]]));
            adjusted[order[i]] = running;
        }
        return adjusted;
    }

    static Side side(List<Observation> runs, int thread, long thresholdNs, boolean forever) {
        int n = runs.size();
        double[] rate = new double[n];
        double[] p50 = new double[n];
        double[] p99 = new double[n];
        double[] max = new double[n];
        double[] cpu = new double[n];
        long rounds = 0;
        int starved = 0;
        for (int i = 0; i < n; i++) {
            Observation o = runs.get(i);
            Observation.ThreadRounds tr = o.threads().get(thread);
            double[] x = toDoubles(tr.roundNs());
            rounds += x.length;
            rate[i] = o.wallNs() > 0 ? x.length / (o.wallNs() / 1e9) : Double.NaN;
            p50[i] = percentile(x, 50);
            p99[i] = percentile(x, 99);
            max[i] = x.length == 0 ? Double.NaN : maxOf(x);
            cpu[i] = tr.cpuShare();
            long spanNs = tr.stoppedNs() >= 0 ? tr.stoppedNs() : o.wallNs();
            if (starves(tr.roundNs(), spanNs, thresholdNs, forever)) starved++;
        }
        return new Side(n, rounds, Stat.of(rate), Stat.of(p50), Stat.of(p99), Stat.of(max), Stat.of(cpu), starved);
    }

    /**
     * The verdict rule on one run of one thread (see the class comment), whose rounds lie in the {@code spanNs} from
     * the run's start to the thread's stop; never with no nominal round.
     */
    static boolean starves(List<Long> roundNs, long spanNs, long thresholdNs, boolean forever) {
        if (thresholdNs < 0) return false;
        long covered = 0;
        for (long r : roundNs) {
            if (r > thresholdNs) return true;
            covered += r;
        }
        return forever && spanNs - covered > thresholdNs;
    }

    /**
     * Fisher's exact test, two-sided, on the 2x2 table {@code [[a, b], [c, d]]}: the probability, with the margins
     * fixed, of a table at most as likely as this one (the hypergeometric law of its top-left cell). 1 when a margin
     * is 0.
     */
    public static double fisherExact(int a, int b, int c, int d) {
        int row1 = a + b;
        int col1 = a + c;
        int n = a + b + c + d;
        if (row1 == 0 || col1 == 0 || row1 == n || col1 == n) return 1;
        HypergeometricDistribution h = new HypergeometricDistribution(null, n, col1, row1);
        double observed = h.probability(a);
        double p = 0;
        // A relative tolerance so that a table as likely as the observed one is not lost to rounding.
        for (int x = Math.max(0, col1 - (n - row1)); x <= Math.min(row1, col1); x++) {
            double px = h.probability(x);
            if (px <= observed * (1 + 1e-7)) p += px;
        }
        return Math.min(1, p);
    }

    /** The p-th percentile of one run's rounds of one thread, as the table's figures are made; NaN for no round. */
    static double roundPercentile(Observation.ThreadRounds t, double p) {
        return percentile(toDoubles(t.roundNs()), p);
    }

    /** The p-th percentile (0 < p <= 100) by {@link #ESTIMATION}; NaN for no samples. */
    public static double percentile(double[] samples, double p) {
        if (samples.length == 0) return Double.NaN;
        return new Percentile().withEstimationType(ESTIMATION).evaluate(samples, p);
    }

    /**
     * The two-sample Kolmogorov-Smirnov distance (the largest gap between the empirical CDFs); NaN when a side has
     * fewer than two rounds, which Commons Math does not take.
     */
    public static double ks(double[] a, double[] b) {
        if (a.length < 2 || b.length < 2) return Double.NaN;
        return new KolmogorovSmirnovTest(new Well19937c(1)).kolmogorovSmirnovStatistic(a, b);
    }

    static double[] pooled(List<Observation> runs, int thread) {
        List<Long> all = new ArrayList<>();
        for (Observation o : runs) all.addAll(o.threads().get(thread).roundNs());
        return toDoubles(all);
    }

    static double[] toDoubles(List<Long> values) {
        double[] x = new double[values.size()];
        for (int i = 0; i < x.length; i++) x[i] = values.get(i);
        return x;
    }

    private static double maxOf(double[] x) {
        double m = Double.NEGATIVE_INFINITY;
        for (double v : x) m = Math.max(m, v);
        return m;
    }

    /**
     * Each thread's {@link OutsideCpu}: its CPU time (CPU share times the run's wall time) less its compute and
     * release steps' (their mean as run times their count), per round, summed over the runs that report its steps;
     * a thread without a round or without its steps reported is left out.
     */
    static List<OutsideCpu> outside(List<ThreadSpec> specs, List<Observation> real) {
        List<OutsideCpu> out = new ArrayList<>();
        for (int t = 0; t < specs.size(); t++) {
            String name = specs.get(t).name();
            double outsideNs = 0;
            long rounds = 0;
            for (Observation o : real) {
                double inStepsNs = 0;
                boolean reported = false;
                for (Observation.StepAccuracy s : o.steps()) {
                    if (s.step().equals(name + " compute") || s.step().equals(name + " release")) {
                        inStepsNs += (double) s.meanNs() * s.count();
                        reported = true;
                    }
                }
                Observation.ThreadRounds tr = o.threads().get(t);
                if (!reported || tr.roundNs().isEmpty()) continue;
                outsideNs += tr.cpuShare() * o.wallNs() - inStepsNs;
                rounds += tr.roundNs().size();
            }
            if (rounds > 0) out.add(new OutsideCpu(name, outsideNs / rounds, rounds));
        }
        return out;
    }

    /** Each kind of step at each nominal duration, in the order the runs report them, weighted by count. */
    static List<StepLine> steps(List<Observation> real) {
        Map<String, double[]> acc = new LinkedHashMap<>(); // key -> {nominal, sum of durations, count}
        Map<String, String> kind = new LinkedHashMap<>();
        for (Observation o : real) {
            for (Observation.StepAccuracy s : o.steps()) {
                String key = s.step() + "\u0000" + s.nominalNs();
                kind.putIfAbsent(key, s.step());
                double[] a = acc.computeIfAbsent(key, k -> new double[] {s.nominalNs(), 0, 0});
                a[1] += (double) s.meanNs() * s.count();
                a[2] += s.count();
            }
        }
        List<StepLine> out = new ArrayList<>();
        for (Map.Entry<String, double[]> e : acc.entrySet()) {
            double[] a = e.getValue();
            out.add(new StepLine(kind.get(e.getKey()), (long) a[0], a[2] == 0 ? Double.NaN : a[1] / a[2], (long) a[2]));
        }
        return out;
    }
}
