package gilsim.sync;

import java.util.SplittableRandom;

/**
 * The CPU time a {@code threading.Lock} release spends when its FUTEX_WAKE wakes a sleeping waiter, paid by the
 * releaser with the GIL held: {@code wakeNs} ({@code sem_wake}), and in {@code tailPermille} releases in a thousand a
 * time uniform in {@code tailMinNs..tailMaxNs} instead ({@code sem_wake_tail_*}). The tail is what lets a woken waiter
 * reach the lock first now and then: its wake-up takes longer than the usual release, so it arrives after the
 * releaser has taken the lock again, unless the release was a slow one (docs/model.md, "threading.Lock").
 *
 * @param random drawn from only when the tail is on, so a run without it draws nothing
 */
public record ReleaseCost(long wakeNs, int tailPermille, long tailMinNs, long tailMaxNs, SplittableRandom random) {
    /** A fixed cost, with no tail. */
    public static ReleaseCost fixed(long wakeNs) {
        return new ReleaseCost(wakeNs, 0, 0, 0, null);
    }

    public ReleaseCost {
        if (wakeNs < 0 || tailPermille < 0 || tailPermille > 1000 || tailMinNs < 0 || tailMaxNs < tailMinNs) {
            throw new IllegalArgumentException("release cost " + wakeNs + " ns, tail " + tailPermille + " per mille over "
                    + tailMinNs + ".." + tailMaxNs + " ns");
        }
        if (tailPermille > 0 && random == null) throw new IllegalArgumentException("a tail needs a random stream");
    }

    /** One release's cost. */
    public long draw() {
        if (tailPermille == 0 || random.nextInt(1000) >= tailPermille) return wakeNs;
        return tailMinNs + random.nextLong(tailMaxNs - tailMinNs + 1);
    }
}
