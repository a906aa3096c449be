package gilsim.os;

import java.util.SplittableRandom;

/**
 * How fast the machine runs the GIL's crowded race: the holder's reaction to a drop request, from the requester's
 * call to wait again to the drop's signal, runs at one of two speeds, and the machine moves between them every few
 * seconds. Shim recordings of four spinning threads on a 2-vCPU VM read it second by second: some seconds the
 * request-to-drop p50 is 0.4 to 0.5 us, others 0.75 to 1.2 us, for five to ten seconds at a time, and the share of
 * the fast seconds moved from 2 to 55 % between sittings minutes apart (docs/model.md, "The race runs at two
 * speeds"; {@code tools/handoffs/speeds.py}). What moves it is most likely where the host runs the two vCPUs: a cache
 * line's round trip between them reads about 50 ns or about 450 ns for seconds at a time, and the race is faster in
 * the near seconds.
 *
 * <p>The model redraws the speed at moments an exponential time apart (mean {@code dwellNs}); each draw is fast with
 * probability {@code fastPercent}, so that is the share of time spent fast. The state and its next redraw are drawn
 * from the speed's own stream in a fixed order, so the speed at any moment is a function of the seed alone, however
 * often it is asked. With {@code fastPercent} 0 nothing is drawn.
 */
public final class RaceSpeed {
    /** The speed that never changes: every reaction at its full length. */
    public static final RaceSpeed CONSTANT = new RaceSpeed(null, 0, 100, 1);

    private final SplittableRandom random;
    /** Percentage of the run's time at the fast speed, 0..100. */
    private final int fastPercent;
    /** At the fast speed a reaction takes this percentage of its usual time, 0..100. */
    private final int fastReactionPercent;
    /** Mean time between redraws of the speed, ns. */
    private final long dwellNs;
    /** When the speed is next redrawn, ns; 0 until the first draw. */
    private long redrawAtNs;
    private boolean fast;

    public RaceSpeed(SplittableRandom random, int fastPercent, int fastReactionPercent, long dwellNs) {
        if (fastPercent < 0 || fastPercent > 100 || fastReactionPercent < 0 || fastReactionPercent > 100
                || dwellNs <= 0) {
            throw new IllegalArgumentException("fast " + fastPercent + " %, reaction " + fastReactionPercent
                    + " %, dwell " + dwellNs + " ns");
        }
        this.random = random;
        this.fastPercent = fastPercent;
        this.fastReactionPercent = fastReactionPercent;
        this.dwellNs = dwellNs;
    }

    /** {@code ns} of the holder's reaction at time {@code nowNs}: as it is, or shortened at the fast speed. */
    public long scaled(long nowNs, long ns) {
        return fast(nowNs) ? ns * fastReactionPercent / 100 : ns;
    }

    /** Whether the race runs fast at {@code nowNs}; asked in non-decreasing time. */
    public boolean fast(long nowNs) {
        if (fastPercent == 0) return false;
        while (nowNs >= redrawAtNs) {
            fast = random.nextInt(100) < fastPercent;
            // an exponential dwell, at least 1 ns so that the redraws move forward
            redrawAtNs += Math.max(1, Math.round(-Math.log(1 - random.nextDouble()) * dwellNs));
        }
        return fast;
    }
}
