package gilsim.os;

import java.util.SplittableRandom;

/**
 * Whether a wake-up onto a busy core preempts its runner at once or queues behind it (Linux's wake-up preemption;
 * docs/model.md, "Wake-up preemption"). Each such wake-up preempts with {@code percent}. With a
 * {@code refusalWindowNs} above 0, a wake-up by another thread that comes within that window after the same thread's
 * last queued one (also by another thread) queues with {@code refusalAfterPercent} instead: on the project's VM the
 * kernel's refusals come in runs, and a thread refused once is refused some four times as often at its next
 * hand-off (docs/calibration.md, section 4). A timer's wake-up draws {@code percent} and opens no window: the traced
 * timer wake-ups that the kernel did not preempt for ran within 20 us all the same.
 *
 * @param percent             of the wake-ups onto a busy core outside a window, the percentage that preempt; 0..100
 * @param refusalWindowNs     how long after a thread's queued wake-up its next ones draw the second share; 0: never
 * @param refusalAfterPercent of the wake-ups by another thread within that window, the percentage that queue; 0..100
 */
public record WakePreemption(int percent, long refusalWindowNs, int refusalAfterPercent) {
    public WakePreemption {
        if (percent < 0 || percent > 100) throw new IllegalArgumentException("preempt percent 0..100");
        if (refusalWindowNs < 0) throw new IllegalArgumentException("refusal window must not be negative");
        if (refusalAfterPercent < 0 || refusalAfterPercent > 100) {
            throw new IllegalArgumentException("refusal after percent 0..100");
        }
    }

    /** Every wake-up draws {@code percent} alone (no window). */
    public static WakePreemption independent(int percent) {
        return new WakePreemption(percent, 0, 0);
    }

    /**
     * Whether {@code t}'s wake-up now preempts: {@code byThread} when another thread woke it, false for a timer's.
     * Outside a window a rule of 100 % draws nothing from {@code random} (so the default machine's runs draw as they
     * did before windows); records a queued wake-up by another thread on {@code t} for the window.
     */
    boolean preempts(SimThread t, boolean byThread, long nowNs, SplittableRandom random) {
        if (refusalWindowNs == 0 || !byThread) return percent >= 100 || random.nextInt(100) < percent;
        boolean soonAfterRefusal = t.lastRefusedNs != SimThread.NEVER && nowNs - t.lastRefusedNs < refusalWindowNs;
        boolean preempts = soonAfterRefusal ? random.nextInt(100) >= refusalAfterPercent
                : percent >= 100 || random.nextInt(100) < percent;
        if (!preempts) t.lastRefusedNs = nowNs;
        return preempts;
    }
}
