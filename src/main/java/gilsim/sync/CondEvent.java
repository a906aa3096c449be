package gilsim.sync;

import gilsim.sim.TraceEvent;

/** What a condition variable reports; {@code cond} names it ({@code gil}, {@code switch}). */
public sealed interface CondEvent extends TraceEvent {
    String cond();

    /** A thread began waiting; {@code position} counts from 0 at the front of the queue. */
    record CondWait(long timeNs, String cond, int thread, int position, int queued, long deadlineNs)
            implements CondEvent {}

    /** A signal: it woke {@code woken}, or nobody ({@code -1}, the signal is lost). */
    record CondSignal(long timeNs, String cond, int signaller, int woken) implements CondEvent {}

    /**
     * A signal assigned to {@code absorber}, whose timed wait has expired but who has not run yet (glibc's groups
     * only): it wakes nobody now; the absorber passes it on with a signal of its own when it runs.
     */
    record CondAbsorb(long timeNs, String cond, int signaller, int absorber) implements CondEvent {}

    /** A timed wait expired before any signal reached it. */
    record CondTimeout(long timeNs, String cond, int thread) implements CondEvent {}
}
