package gilsim.sync;

import gilsim.sim.TraceEvent;

/**
 * What a mutex reports ({@code mutex} names it: {@code gil->mutex}, or a scenario's lock). Only a scenario's locks
 * ({@link PythonLock}) report takes, releases, wake-ups, hand-offs and the span of each {@code acquire()} call.
 */
public sealed interface MutexEvent extends TraceEvent {
    String mutex();

    /** {@code thread} found the mutex held by {@code holder} and went to sleep on it. */
    record MutexBlock(long timeNs, String mutex, int thread, int holder) implements MutexEvent {}

    /** {@code thread} took the mutex (reported for a scenario's locks only). */
    record MutexTaken(long timeNs, String mutex, int thread) implements MutexEvent {}

    /** {@code thread} let go of the mutex (reported for a scenario's locks only). */
    record MutexReleased(long timeNs, String mutex, int thread) implements MutexEvent {}

    /** {@code thread}, holding the GIL, called {@code acquire()} on a scenario's lock. */
    record MutexAcquire(long timeNs, String mutex, int thread) implements MutexEvent {}

    /**
     * {@code acquire()}, called at {@code calledNs}, returned: {@code thread} holds the lock and, in a build with a
     * GIL, the GIL again.
     */
    record MutexAcquired(long timeNs, String mutex, int thread, long calledNs) implements MutexEvent {
        public long waitNs() {
            return timeNs - calledNs;
        }
    }

    /**
     * {@code thread} let go of the lock and woke {@code woken}, which must still take it itself when it runs and may
     * find it taken again (a semaphore's {@code sem_post}; a PyMutex's unlock of a waiter that has waited 1 ms or
     * less). The release itself is a {@link MutexReleased} just before.
     */
    record MutexWake(long timeNs, String mutex, int thread, int woken) implements MutexEvent {}

    /**
     * A PyMutex's fair hand-off: {@code thread} unlocked, and its first parked waiter {@code to} had waited
     * {@code waitedNs}, more than 1 ms ({@code TIME_TO_BE_FAIR_NS}) since its {@code acquire()} went to the slow
     * path, so the lock went straight to it (the byte stays LOCKED). A {@link MutexReleased} by {@code thread} comes
     * just before and a {@link MutexTaken} by {@code to} just after.
     */
    record MutexHandOff(long timeNs, String mutex, int thread, int to, long waitedNs) implements MutexEvent {}
}
