package gilsim.sync;

import gilsim.sim.TraceEvent;

/** What a mutex reports ({@code mutex} names it: {@code gil->mutex}, or a scenario's lock). */
public sealed interface MutexEvent extends TraceEvent {
    String mutex();

    /** {@code thread} found the mutex held by {@code holder} and went to sleep on it. */
    record MutexBlock(long timeNs, String mutex, int thread, int holder) implements MutexEvent {}

    /** {@code thread} took the mutex (reported for a scenario's locks only). */
    record MutexTaken(long timeNs, String mutex, int thread) implements MutexEvent {}

    /** {@code thread} let go of the mutex (reported for a scenario's locks only). */
    record MutexReleased(long timeNs, String mutex, int thread) implements MutexEvent {}
}
