package gilsim.cpython;

import gilsim.sim.TraceEvent;
import gilsim.sim.TraceListener;

/**
 * What the GIL reports, in the terms of {@code ceval_gil.c} (and, for the old GIL, of its semaphore).
 *
 * <p>Each event is declared once, here: its record, whose {@link #accept} names its method in {@link Handler}, and
 * that method's no-op in {@link Listener}. The compiler checks the rest: a record without {@code accept} does not
 * compile, nor one whose method {@code Handler} lacks, nor a {@code Listener} without its no-op, nor a class that
 * must see every event of the family ({@code Handler}) without a method for the new one.
 */
public sealed interface GilEvent extends TraceEvent {
    /** A thread entered {@code take_gil}. */
    record GilWant(long timeNs, int thread) implements GilEvent {
        @Override
        public void deliverTo(TraceListener l) {
            if (l instanceof Handler h) h.onGilWant(this);
            else TraceEvent.passOn(this, l);
        }

        @Override
        public void accept(Handler h) {
            h.onGilWant(this);
        }
    }

    /** A thread took the GIL; {@code switched} when it was not the last holder (switch_number moved). */
    record GilTake(long timeNs, int thread, boolean switched, long switchNumber) implements GilEvent {
        @Override
        public void deliverTo(TraceListener l) {
            if (l instanceof Handler h) h.onGilTake(this);
            else TraceEvent.passOn(this, l);
        }

        @Override
        public void accept(Handler h) {
            h.onGilTake(this);
        }
    }

    /** A thread dropped the GIL ({@code locked = 0}). */
    record GilDrop(long timeNs, int thread) implements GilEvent {
        @Override
        public void deliverTo(TraceListener l) {
            if (l instanceof Handler h) h.onGilDrop(this);
            else TraceEvent.passOn(this, l);
        }

        @Override
        public void accept(Handler h) {
            h.onGilDrop(this);
        }
    }

    /** A waiter whose wait ran out with no switch asked {@code holder} to drop the GIL. */
    record DropRequest(long timeNs, int requester, int holder) implements GilEvent {
        @Override
        public void deliverTo(TraceListener l) {
            if (l instanceof Handler h) h.onDropRequest(this);
            else TraceEvent.passOn(this, l);
        }

        @Override
        public void accept(Handler h) {
            h.onDropRequest(this);
        }
    }

    /** A dropper with a pending drop request waits on switch_cond until another thread takes the GIL. */
    record ForcedSwitch(long timeNs, int thread) implements GilEvent {
        @Override
        public void deliverTo(TraceListener l) {
            if (l instanceof Handler h) h.onForcedSwitch(this);
            else TraceEvent.passOn(this, l);
        }

        @Override
        public void accept(Handler h) {
            h.onForcedSwitch(this);
        }
    }

    /** The old GIL: {@code poster}'s sem_post woke {@code woken}, asleep in FUTEX_WAIT on interpreter_lock. */
    record SemPostWake(long timeNs, int poster, int woken) implements GilEvent {
        @Override
        public void deliverTo(TraceListener l) {
            if (l instanceof Handler h) h.onSemPostWake(this);
            else TraceEvent.passOn(this, l);
        }

        @Override
        public void accept(Handler h) {
            h.onSemPostWake(this);
        }
    }

    /** The old GIL: a woken waiter found the token gone and goes back to FUTEX_WAIT (a wasted wake-up). */
    record SemWaitRetry(long timeNs, int thread) implements GilEvent {
        @Override
        public void deliverTo(TraceListener l) {
            if (l instanceof Handler h) h.onSemWaitRetry(this);
            else TraceEvent.passOn(this, l);
        }

        @Override
        public void accept(Handler h) {
            h.onSemWaitRetry(this);
        }
    }

    /**
     * Every record implements this: a handler of the family gets the event through its method for the class
     * ({@link TraceEvent#deliverTo}).
     */
    @Override
    void deliverTo(TraceListener listener);

    /**
     * Calls this event's method in {@code h}: how a listener that holds others hands the event on to each
     * ({@code gilsim.metrics.RunListeners}). Not {@link #deliverTo}, so that the JIT's profile of that one sees only the
     * trace's own listeners.
     */
    void accept(Handler h);

    /** Every event of the family, a method each: a class that must see them all implements this. */
    interface Handler {
        void onGilWant(GilWant e);

        void onGilTake(GilTake e);

        void onGilDrop(GilDrop e);

        void onDropRequest(DropRequest e);

        void onForcedSwitch(ForcedSwitch e);

        void onSemPostWake(SemPostWake e);

        void onSemWaitRetry(SemWaitRetry e);
    }

    /**
     * The family's events a listener wants: it overrides their methods; the others go to {@link #onGilEvent}, which does
     * nothing unless overridden.
     */
    interface Listener extends Handler, TraceListener.OfFamilies {
        /** Every event of the family whose own method this listener does not override. */
        default void onGilEvent(GilEvent e) {}

        @Override
        default void onGilWant(GilWant e) {
            onGilEvent(e);
        }

        @Override
        default void onGilTake(GilTake e) {
            onGilEvent(e);
        }

        @Override
        default void onGilDrop(GilDrop e) {
            onGilEvent(e);
        }

        @Override
        default void onDropRequest(DropRequest e) {
            onGilEvent(e);
        }

        @Override
        default void onForcedSwitch(ForcedSwitch e) {
            onGilEvent(e);
        }

        @Override
        default void onSemPostWake(SemPostWake e) {
            onGilEvent(e);
        }

        @Override
        default void onSemWaitRetry(SemWaitRetry e) {
            onGilEvent(e);
        }
    }
}
