package gilsim.program;

import java.util.List;
import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.ExponentialDistribution;
import org.apache.commons.math3.distribution.LogNormalDistribution;

/**
 * A step's duration: fixed, or drawn afresh each time the step runs, from the thread's own seeded stream. A draw is
 * the inverse CDF at a uniform probability from that stream (Commons Math's for the exponential and the lognormal),
 * so the same seed gives the same durations, and one thread's draws do not move another's. Every draw is a whole
 * number of nanoseconds from 0 to {@link #MAX_NS}.
 */
public sealed interface Dist {
    /** The longest duration a draw may give: an hour, the ceiling of every duration in a scenario. */
    long MAX_NS = 3_600_000_000_000L;

    long sampleNs(SplittableRandom random);

    /** The distribution's mean: a step's nominal duration. */
    double meanNs();

    /** Whether every draw is the same: the step needs no random stream. */
    default boolean fixed() {
        return false;
    }

    static long clamp(double ns) {
        return Math.max(0, Math.min(MAX_NS, Math.round(ns)));
    }

    record Fixed(long ns) implements Dist {
        public Fixed {
            if (ns < 0 || ns > MAX_NS) throw new IllegalArgumentException("a duration from 0ns to 3600s");
        }

        @Override
        public long sampleNs(SplittableRandom random) {
            return ns;
        }

        @Override
        public double meanNs() {
            return ns;
        }

        @Override
        public boolean fixed() {
            return true;
        }
    }

    /** Uniform over whole nanoseconds in {@code [loNs, hiNs]}. */
    record Uniform(long loNs, long hiNs) implements Dist {
        public Uniform {
            if (loNs < 0 || hiNs < loNs || hiNs > MAX_NS) {
                throw new IllegalArgumentException("uniform needs 0 <= low <= high <= 3600s");
            }
        }

        @Override
        public long sampleNs(SplittableRandom random) {
            return loNs + random.nextLong(hiNs - loNs + 1);
        }

        @Override
        public double meanNs() {
            return (loNs + hiNs) / 2.0;
        }
    }

    /** Exponential with mean {@code meanNs}: memoryless gaps, such as requests arriving at random. */
    record Exponential(long averageNs) implements Dist {
        public Exponential {
            if (averageNs <= 0 || averageNs > MAX_NS) {
                throw new IllegalArgumentException("exponential needs a mean above 0ns");
            }
        }

        @Override
        public long sampleNs(SplittableRandom random) {
            // No RandomGenerator: Commons Math's own would seed itself from the clock; the inverse CDF needs none.
            return clamp(new ExponentialDistribution(null, averageNs).inverseCumulativeProbability(random.nextDouble()));
        }

        @Override
        public double meanNs() {
            return averageNs;
        }
    }

    /**
     * Lognormal with median {@code medianNs} and multiplicative spread {@code spread} (the geometric standard
     * deviation: about two draws in three fall within median / spread .. median * spread).
     */
    record LogNormal(long medianNs, double spread) implements Dist {
        public LogNormal {
            if (medianNs <= 0 || medianNs > MAX_NS) throw new IllegalArgumentException("lognormal needs a median above 0ns");
            if (!(spread >= 1) || spread > 100) throw new IllegalArgumentException("lognormal needs a spread from 1 to 100");
        }

        @Override
        public long sampleNs(SplittableRandom random) {
            if (spread == 1) return medianNs;
            double u = random.nextDouble();
            return clamp(new LogNormalDistribution(null, Math.log(medianNs), Math.log(spread))
                    .inverseCumulativeProbability(u));
        }

        @Override
        public double meanNs() {
            double sigma = Math.log(spread);
            return medianNs * Math.exp(sigma * sigma / 2);
        }
    }

    /** One of the samples given, each as likely. */
    record Samples(List<Long> samplesNs) implements Dist {
        public Samples {
            samplesNs = List.copyOf(samplesNs);
            if (samplesNs.isEmpty()) throw new IllegalArgumentException("empirical needs at least one sample");
            for (long ns : samplesNs) {
                if (ns < 0 || ns > MAX_NS) throw new IllegalArgumentException("a duration from 0ns to 3600s");
            }
        }

        @Override
        public long sampleNs(SplittableRandom random) {
            return samplesNs.get(random.nextInt(samplesNs.size()));
        }

        @Override
        public double meanNs() {
            double sum = 0;
            for (long ns : samplesNs) sum += ns;
            return sum / samplesNs.size();
        }
    }

    /**
     * Given by quantiles: {@code durationsNs[i]} at cumulative probability {@code probabilities[i]}, from 0 to 1, linear
     * between them.
     */
    record Quantiles(List<Double> probabilities, List<Long> durationsNs) implements Dist {
        public Quantiles {
            probabilities = List.copyOf(probabilities);
            durationsNs = List.copyOf(durationsNs);
            int n = probabilities.size();
            if (n < 2 || n != durationsNs.size() || probabilities.get(0) != 0 || probabilities.get(n - 1) != 1) {
                throw new IllegalArgumentException("quantiles need at least two points, from probability 0 to 1");
            }
            for (int i = 1; i < n; i++) {
                if (!(probabilities.get(i) > probabilities.get(i - 1)) || durationsNs.get(i) < durationsNs.get(i - 1)) {
                    throw new IllegalArgumentException("quantiles must increase in probability and not decrease in "
                            + "duration");
                }
            }
            if (durationsNs.get(0) < 0 || durationsNs.get(n - 1) > MAX_NS) {
                throw new IllegalArgumentException("a duration from 0ns to 3600s");
            }
        }

        @Override
        public long sampleNs(SplittableRandom random) {
            double u = random.nextDouble();
            int hi = 1;
            while (probabilities.get(hi) <= u && hi < probabilities.size() - 1) hi++;
            double p0 = probabilities.get(hi - 1);
            double p1 = probabilities.get(hi);
            double f = (u - p0) / (p1 - p0);
            return clamp(durationsNs.get(hi - 1) + f * (durationsNs.get(hi) - durationsNs.get(hi - 1)));
        }

        @Override
        public double meanNs() {
            double mean = 0;
            for (int i = 1; i < probabilities.size(); i++) {
                mean += (probabilities.get(i) - probabilities.get(i - 1))
                        * (durationsNs.get(i) + durationsNs.get(i - 1)) / 2.0;
            }
            return mean;
        }
    }
}
