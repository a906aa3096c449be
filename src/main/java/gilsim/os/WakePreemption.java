package gilsim.os;

import java.util.SplittableRandom;

/**
 * Whether a wake-up onto a busy core preempts its runner at once or queues behind it (Linux's wake-up preemption;
 * docs/model.md, "Wake-up preemption"). Each such wake-up preempts with {@code percent}. With a
 * {@code refusalWindowNs} above 0, the kernel's refusals come in pairs, as traced on the project's VM
 * (docs/calibration.md, section 4): a wake-up by another thread that queues opens a window of that length for its
 * thread, unless the thread's last such refusal came less than a window before it; within the window its wake-ups by
 * another thread queue with {@code refusalAfterPercent} instead, and the first of them that queues closes it. A
 * timer's wake-up draws {@code percent} and touches no window: the traced timer wake-ups that the kernel did not
 * preempt for ran within 20 us all the same.
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
     * did before windows); a queued wake-up by another thread opens or closes {@code t}'s window.
     */
    boolean preempts(SimThread t, boolean byThread, long nowNs, SplittableRandom random) {
        boolean windows = refusalWindowNs > 0 && byThread;
        boolean inWindow = windows && t.refusalWindowFromNs != SimThread.NEVER
                && nowNs - t.refusalWindowFromNs < refusalWindowNs;
        boolean preempts = inWindow ? random.nextInt(100) >= refusalAfterPercent
                : percent >= 100 || random.nextInt(100) < percent;
        if (!preempts && windows) {
            boolean recent = t.lastRefusedNs != SimThread.NEVER && nowNs - t.lastRefusedNs < refusalWindowNs;
            t.refusalWindowFromNs = recent ? SimThread.NEVER : nowNs;
            t.lastRefusedNs = nowNs;
        }
        return preempts;
    }
}
