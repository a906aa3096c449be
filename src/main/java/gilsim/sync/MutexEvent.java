package gilsim.sync;

import gilsim.sim.TraceEvent;
import gilsim.sim.TraceListener;

/**
 * What a mutex reports ({@code mutex} names it: {@code gil->mutex}, or a scenario's lock). Only a scenario's locks
 * ({@link PythonLock}) report takes, releases, wake-ups, hand-offs and the span of each {@code acquire()} call.
 */
public sealed interface MutexEvent extends TraceEvent.Family {
    String mutex();

    /** Every event of the family, a method each: a class that must see them all implements this. */
    interface Handler {
        void onMutexBlock(MutexBlock e);
        void onMutexTaken(MutexTaken e);
        void onMutexReleased(MutexReleased e);
        void onMutexAcquire(MutexAcquire e);
        void onMutexWake(MutexWake e);
        void onMutexHandOff(MutexHandOff e);
        void onMutexAcquired(MutexAcquired e);
    }

    /** {@code thread} found the mutex held by {@code holder} and went to sleep on it. */
    record MutexBlock(long timeNs, String mutex, int thread, int holder) implements MutexEvent {
        public void deliverTo(TraceListener l) { if (l instanceof Handler h) h.onMutexBlock(this); else passOn(l); }

        public void accept(TraceListener.OfFamilies l) { if (l instanceof Handler h) h.onMutexBlock(this); }
    }

    /** {@code thread} took the mutex (reported for a scenario's locks only). */
    record MutexTaken(long timeNs, String mutex, int thread) implements MutexEvent {
        public void deliverTo(TraceListener l) { if (l instanceof Handler h) h.onMutexTaken(this); else passOn(l); }

        public void accept(TraceListener.OfFamilies l) { if (l instanceof Handler h) h.onMutexTaken(this); }
    }

    /** {@code thread} let go of the mutex (reported for a scenario's locks only). */
    record MutexReleased(long timeNs, String mutex, int thread) implements MutexEvent {
        public void deliverTo(TraceListener l) { if (l instanceof Handler h) h.onMutexReleased(this); else passOn(l); }

        public void accept(TraceListener.OfFamilies l) { if (l instanceof Handler h) h.onMutexReleased(this); }
    }

    /** {@code thread}, holding the GIL, called {@code acquire()} on a scenario's lock. */
    record MutexAcquire(long timeNs, String mutex, int thread) implements MutexEvent {
        public void deliverTo(TraceListener l) { if (l instanceof Handler h) h.onMutexAcquire(this); else passOn(l); }

        public void accept(TraceListener.OfFamilies l) { if (l instanceof Handler h) h.onMutexAcquire(this); }
    }

    /**
     * {@code thread} let go of the lock and woke {@code woken}, which must still take it itself when it runs and may
     * find it taken again (a semaphore's {@code sem_post}; a PyMutex's unlock of a waiter that has waited 1 ms or
     * less). The release itself is a {@link MutexReleased} just before.
     */
    record MutexWake(long timeNs, String mutex, int thread, int woken) implements MutexEvent {
        public void deliverTo(TraceListener l) { if (l instanceof Handler h) h.onMutexWake(this); else passOn(l); }

        public void accept(TraceListener.OfFamilies l) { if (l instanceof Handler h) h.onMutexWake(this); }
    }

    /**
     * A PyMutex's fair hand-off: {@code thread} unlocked, and its first parked waiter {@code to} had waited
     * {@code waitedNs}, more than 1 ms ({@code TIME_TO_BE_FAIR_NS}) since its {@code acquire()} went to the slow
     * path, so the lock went straight to it (the byte stays LOCKED). A {@link MutexReleased} by {@code thread} comes
     * just before and a {@link MutexTaken} by {@code to} just after.
     */
    record MutexHandOff(long timeNs, String mutex, int thread, int to, long waitedNs) implements MutexEvent {
        public void deliverTo(TraceListener l) { if (l instanceof Handler h) h.onMutexHandOff(this); else passOn(l); }

        public void accept(TraceListener.OfFamilies l) { if (l instanceof Handler h) h.onMutexHandOff(this); }
    }

    /**
     * {@code acquire()}, called at {@code calledNs}, returned: {@code thread} holds the lock and, in a build with a
     * GIL, the GIL again.
     */
    record MutexAcquired(long timeNs, String mutex, int thread, long calledNs) implements MutexEvent {
        public void deliverTo(TraceListener l) { if (l instanceof Handler h) h.onMutexAcquired(this); else passOn(l); }

        public void accept(TraceListener.OfFamilies l) { if (l instanceof Handler h) h.onMutexAcquired(this); }

        public long waitNs() {
            return timeNs - calledNs;
        }
    }

    /** The family's events a listener wants: it overrides their methods, and the others go to {@code onOther}. */
    interface Listener extends Handler, TraceListener.OfFamilies {
        default void onMutexBlock(MutexBlock e) { onOther(e); }
        default void onMutexTaken(MutexTaken e) { onOther(e); }
        default void onMutexReleased(MutexReleased e) { onOther(e); }
        default void onMutexAcquire(MutexAcquire e) { onOther(e); }
        default void onMutexWake(MutexWake e) { onOther(e); }
        default void onMutexHandOff(MutexHandOff e) { onOther(e); }
        default void onMutexAcquired(MutexAcquired e) { onOther(e); }
    }
}
