package gilsim.metrics;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.random.Well19937c;

/**
 * One figure over the runs of a side: its mean, its spread (min..max) and a 95 % confidence interval of the mean
 * (Student's t with n-1 degrees of freedom; none with one run). Runs where the figure is undefined (NaN: a
 * percentile of a thread that completed no round) are left out of {@code n}.
 */
public record Stat(int n, double mean, double min, double max, double ciLow, double ciHigh) {
    public static final Stat NONE = new Stat(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);

    public static Stat of(double[] values) {
        int n = 0;
        double sum = 0;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double v : values) {
            if (Double.isNaN(v)) continue;
            n++;
            sum += v;
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        if (n == 0) return NONE;
        double mean = sum / n;
        if (n == 1) return new Stat(1, mean, min, max, Double.NaN, Double.NaN);
        double ss = 0;
        for (double v : values) if (!Double.isNaN(v)) ss += (v - mean) * (v - mean);
        double sd = Math.sqrt(ss / (n - 1));
        // A seeded generator, never the time-seeded default: nothing is drawn from it, but nothing depends on the clock.
        double t = new TDistribution(new Well19937c(1), n - 1).inverseCumulativeProbability(0.975);
        double half = t * sd / Math.sqrt(n);
        // Every figure compared here (a rate, a time, a share) is at least 0: the interval is cut there.
        return new Stat(n, mean, min, max, Math.max(0, mean - half), mean + half);
    }

    public boolean defined() {
        return n > 0;
    }

    /** As JSON: numbers as they are, or rounded to integer nanoseconds for a time; an undefined value is null. */
    public Map<String, Object> json(boolean ns) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("n", n);
        o.put("mean", num(mean, ns));
        o.put("min", num(min, ns));
        o.put("max", num(max, ns));
        o.put("ci95_low", num(ciLow, ns));
        o.put("ci95_high", num(ciHigh, ns));
        return o;
    }

    public static Object num(double v, boolean ns) {
        if (Double.isNaN(v) || Double.isInfinite(v)) return null;
        return ns ? (Object) Math.round(v) : (Object) v;
    }
}
