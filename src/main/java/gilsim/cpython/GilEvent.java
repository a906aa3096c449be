package gilsim.cpython;

import gilsim.sim.TraceEvent;
import gilsim.sim.TraceListener;

/**
 * What the GIL reports, in the terms of {@code ceval_gil.c} (and, for the old GIL, of its semaphore).
 *
 * <p>Each event is declared once, here, as each family's are: its record, whose {@link #deliverTo} and {@link #accept}
 * name its method in {@link Handler}, and that method's default in {@link Listener}. The compiler checks the rest: a
 * record without the two does not compile, nor one whose method {@code Handler} lacks, nor a {@code Listener}
 * without its default, nor a class that must see every event of the family ({@code Handler}) without a method for
 * the new one. A listener that wants the event overrides its method.
 */
public sealed interface GilEvent extends TraceEvent.Family {
    /** A thread entered {@code take_gil}. */
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

    record GilWant(long timeNs, int thread) implements GilEvent {
        public void deliverTo(TraceListener l) { if (l instanceof Handler h) h.onGilWant(this); else passOn(l); }

        public void accept(TraceListener.OfFamilies l) { if (l instanceof Handler h) h.onGilWant(this); }
    }

    /** A thread took the GIL; {@code switched} when it was not the last holder (switch_number moved). */
    record GilTake(long timeNs, int thread, boolean switched, long switchNumber) implements GilEvent {
        public void deliverTo(TraceListener l) { if (l instanceof Handler h) h.onGilTake(this); else passOn(l); }

        public void accept(TraceListener.OfFamilies l) { if (l instanceof Handler h) h.onGilTake(this); }
    }

    /** A thread dropped the GIL ({@code locked = 0}). */
    record GilDrop(long timeNs, int thread) implements GilEvent {
        public void deliverTo(TraceListener l) { if (l instanceof Handler h) h.onGilDrop(this); else passOn(l); }

        public void accept(TraceListener.OfFamilies l) { if (l instanceof Handler h) h.onGilDrop(this); }
    }

    /** A waiter whose wait ran out with no switch asked {@code holder} to drop the GIL. */
    record DropRequest(long timeNs, int requester, int holder) implements GilEvent {
        public void deliverTo(TraceListener l) { if (l instanceof Handler h) h.onDropRequest(this); else passOn(l); }

        public void accept(TraceListener.OfFamilies l) { if (l instanceof Handler h) h.onDropRequest(this); }
    }

    /** A dropper with a pending drop request waits on switch_cond until another thread takes the GIL. */
    record ForcedSwitch(long timeNs, int thread) implements GilEvent {
        public void deliverTo(TraceListener l) { if (l instanceof Handler h) h.onForcedSwitch(this); else passOn(l); }

        public void accept(TraceListener.OfFamilies l) { if (l instanceof Handler h) h.onForcedSwitch(this); }
    }

    /** The old GIL: {@code poster}'s sem_post woke {@code woken}, asleep in FUTEX_WAIT on interpreter_lock. */
    record SemPostWake(long timeNs, int poster, int woken) implements GilEvent {
        public void deliverTo(TraceListener l) { if (l instanceof Handler h) h.onSemPostWake(this); else passOn(l); }

        public void accept(TraceListener.OfFamilies l) { if (l instanceof Handler h) h.onSemPostWake(this); }
    }

    /** The old GIL: a woken waiter found the token gone and goes back to FUTEX_WAIT (a wasted wake-up). */
    record SemWaitRetry(long timeNs, int thread) implements GilEvent {
        public void deliverTo(TraceListener l) { if (l instanceof Handler h) h.onSemWaitRetry(this); else passOn(l); }

        public void accept(TraceListener.OfFamilies l) { if (l instanceof Handler h) h.onSemWaitRetry(this); }
    }

    /** The family's events a listener wants: it overrides their methods, and the others go to {@code onOther}. */
    interface Listener extends Handler, TraceListener.OfFamilies {
        default void onGilWant(GilWant e) { onOther(e); }
        default void onGilTake(GilTake e) { onOther(e); }
        default void onGilDrop(GilDrop e) { onOther(e); }
        default void onDropRequest(DropRequest e) { onOther(e); }
        default void onForcedSwitch(ForcedSwitch e) { onOther(e); }
        default void onSemPostWake(SemPostWake e) { onOther(e); }
        default void onSemWaitRetry(SemWaitRetry e) { onOther(e); }
    }
}
