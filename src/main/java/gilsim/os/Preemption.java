package gilsim.os;

/**
 * How often a thread woken onto a busy core preempts its runner at once (Linux's wake-up preemption), by the runner's
 * state. A runner protected for its first slice ({@code run_to_parity}) is never preempted; that rule is the
 * machine's, not this one's.
 *
 * <p>Two shares, because scheduler traces show two (docs/model.md, "A runner put back moments ago"). A runner that
 * has been on its core a while is preempted by nearly every wake-up: 9,517 to 9,606 wake-ups of 9,517 to 9,606 onto
 * pinned #161868's worker 30 us or more after it was put back, on CPython 3.11.7, 3.12.1 and 3.13.0. One put back on
 * its core under {@link #PUT_BACK_WINDOW_NS} before, after a preemption, is preempted a little less often: 96 to 97 %
 * of some 4,800 wake-ups there, each {@code main}'s second wake-up of a hand-off (on {@code gil->mutex}, after its
 * first preempted the worker and found the mutex held).
 *
 * @param percent        of wake-ups onto any other unprotected runner, the percentage that preempt it (0..100)
 * @param putBackPercent of wake-ups onto a runner put back on its core after a preemption or a slice's end less than
 *                       {@link #PUT_BACK_WINDOW_NS} before, the percentage that preempt it (0..100)
 */
public record Preemption(int percent, int putBackPercent) {
    /**
     * How recently a runner must have been put back for {@link #putBackPercent} to apply: the traces' finest bucket
     * (under 10 us), inside which the hand-off's second wake-up falls; from 30 us on every wake-up preempted.
     */
    public static final long PUT_BACK_WINDOW_NS = 10_000;

    public Preemption {
        if (percent < 0 || percent > 100) throw new IllegalArgumentException("preempt percent 0..100");
        if (putBackPercent < 0 || putBackPercent > 100) {
            throw new IllegalArgumentException("put-back preempt percent 0..100");
        }
    }

    /** One share for every unprotected runner: the rule before the two were told apart. */
    public static Preemption uniform(int percent) {
        return new Preemption(percent, percent);
    }

    /** The share for a wake-up onto a runner put back at {@code putBackNs} (or never), at {@code nowNs}. */
    int percentFor(long putBackNs, long nowNs) {
        return nowNs - putBackNs < PUT_BACK_WINDOW_NS ? putBackPercent : percent;
    }
}
