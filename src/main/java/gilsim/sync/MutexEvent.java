package gilsim.sync;

import gilsim.sim.TraceEvent;

/** What a mutex reports; only contention is worth a line ({@code mutex} names it: {@code gil}). */
public sealed interface MutexEvent extends TraceEvent {
    String mutex();

    /** {@code thread} found the mutex held by {@code holder} and went to sleep on it. */
    record MutexBlock(long timeNs, String mutex, int thread, int holder) implements MutexEvent {}
}
