package gilsim.os;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Time from a wake-up (a signal, a timer) to the woken thread running on an idle core, drawn from the run's
 * "wake-latency" stream. The default and its source are in docs/model.md; a machine profile written by
 * {@code gilsim calibrate} gives this machine's own distribution.
 */
public sealed interface WakeLatency {
    long sampleNs(SplittableRandom random);

    /** Uniform in {@code [medianNs - jitterNs, medianNs + jitterNs]}: the default, 60 us +- 30 us. */
    record Uniform(long medianNs, long jitterNs) implements WakeLatency {
        public Uniform {
            if (medianNs < 0 || jitterNs < 0 || jitterNs > medianNs) {
                throw new IllegalArgumentException("wake latency needs 0 <= jitter <= median");
            }
        }

        @Override
        public long sampleNs(SplittableRandom random) {
            return jitterNs == 0 ? medianNs : medianNs - jitterNs + random.nextLong(2 * jitterNs + 1);
        }
    }

    /**
     * An empirical distribution given by its quantiles: {@code durationsNs[i]} is the latency at cumulative
     * probability {@code probabilities[i]}; both increase, the first probability is 0 and the last 1. A draw is the
     * inverse CDF at a uniform probability, linear between the quantiles given.
     */
    record Empirical(double[] probabilities, long[] durationsNs) implements WakeLatency {
        public Empirical {
            probabilities = probabilities.clone();
            durationsNs = durationsNs.clone();
            int n = probabilities.length;
            if (n < 2 || n != durationsNs.length || probabilities[0] != 0 || probabilities[n - 1] != 1) {
                throw new IllegalArgumentException("quantiles need at least two points, from probability 0 to 1");
            }
            for (int i = 1; i < n; i++) {
                if (!(probabilities[i] > probabilities[i - 1]) || durationsNs[i] < durationsNs[i - 1]) {
                    throw new IllegalArgumentException("quantiles must increase in probability and not decrease in "
                            + "duration");
                }
            }
            if (durationsNs[0] < 0) throw new IllegalArgumentException("a latency is at least 0");
        }

        @Override
        public long sampleNs(SplittableRandom random) {
            double u = random.nextDouble();
            int i = Arrays.binarySearch(probabilities, u);
            if (i >= 0) return durationsNs[i];
            int hi = -i - 1; // first probability above u; u >= 0 = probabilities[0], so hi >= 1
            int lo = hi - 1;
            double f = (u - probabilities[lo]) / (probabilities[hi] - probabilities[lo]);
            return durationsNs[lo] + Math.round(f * (durationsNs[hi] - durationsNs[lo]));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Empirical e && Arrays.equals(probabilities, e.probabilities)
                    && Arrays.equals(durationsNs, e.durationsNs);
        }

        @Override
        public int hashCode() {
            return 31 * Arrays.hashCode(probabilities) + Arrays.hashCode(durationsNs);
        }

        @Override
        public String toString() {
            return "Empirical" + Arrays.toString(probabilities) + Arrays.toString(durationsNs);
        }
    }

    /**
     * {@code body}, except that {@code permille} of a thousand draws come from a tail uniform in
     * {@code [tailMinNs, tailMaxNs]}: the halted vCPU or busy host that makes a wake-up take milliseconds now and then
     * (docs/model.md). The tail is drawn first, from the same stream.
     */
    record WithTail(WakeLatency body, int permille, long tailMinNs, long tailMaxNs) implements WakeLatency {
        public WithTail {
            if (permille < 0 || permille > 1000 || tailMinNs < 0 || tailMinNs > tailMaxNs) {
                throw new IllegalArgumentException("a tail needs 0..1000 per mille and 0 <= min <= max");
            }
        }

        @Override
        public long sampleNs(SplittableRandom random) {
            if (random.nextInt(1000) < permille) return tailMinNs + random.nextLong(tailMaxNs - tailMinNs + 1);
            return body.sampleNs(random);
        }
    }
}
