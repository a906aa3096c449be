package gilsim.os;

import java.util.SplittableRandom;

/**
 * Time from a wake-up (a signal, a timer) to the woken thread running on an idle core: uniform in
 * {@code [medianNs - jitterNs, medianNs + jitterNs]}. The default and its source are in docs/model.md.
 */
public record WakeLatency(long medianNs, long jitterNs) {
    public WakeLatency {
        if (medianNs < 0 || jitterNs < 0 || jitterNs > medianNs) {
            throw new IllegalArgumentException("wake latency needs 0 <= jitter <= median");
        }
    }

    long sample(SplittableRandom random) {
        return jitterNs == 0 ? medianNs : medianNs - jitterNs + random.nextLong(2 * jitterNs + 1);
    }
}
