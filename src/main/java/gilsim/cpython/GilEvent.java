package gilsim.cpython;

import gilsim.sim.TraceEvent;
import gilsim.sim.TraceListener;

/** What the GIL reports, in the terms of {@code ceval_gil.c} (and, for the old GIL, of its semaphore). */
public sealed interface GilEvent extends TraceEvent {
    /** A thread entered {@code take_gil}. */
    record GilWant(long timeNs, int thread) implements GilEvent {
        @Override
        public void deliverTo(TraceListener listener) {
            if (listener instanceof Listener l) l.onGilWant(this);
            else listener.on(this);
        }
    }

    /** A thread took the GIL; {@code switched} when it was not the last holder (switch_number moved). */
    record GilTake(long timeNs, int thread, boolean switched, long switchNumber) implements GilEvent {
        @Override
        public void deliverTo(TraceListener listener) {
            if (listener instanceof Listener l) l.onGilTake(this);
            else listener.on(this);
        }
    }

    /** A thread dropped the GIL ({@code locked = 0}). */
    record GilDrop(long timeNs, int thread) implements GilEvent {
        @Override
        public void deliverTo(TraceListener listener) {
            if (listener instanceof Listener l) l.onGilDrop(this);
            else listener.on(this);
        }
    }

    /** A waiter whose wait ran out with no switch asked {@code holder} to drop the GIL. */
    record DropRequest(long timeNs, int requester, int holder) implements GilEvent {
        @Override
        public void deliverTo(TraceListener listener) {
            if (listener instanceof Listener l) l.onDropRequest(this);
            else listener.on(this);
        }
    }

    /** A dropper with a pending drop request waits on switch_cond until another thread takes the GIL. */
    record ForcedSwitch(long timeNs, int thread) implements GilEvent {
        @Override
        public void deliverTo(TraceListener listener) {
            if (listener instanceof Listener l) l.onForcedSwitch(this);
            else listener.on(this);
        }
    }

    /** The old GIL: {@code poster}'s sem_post woke {@code woken}, asleep in FUTEX_WAIT on interpreter_lock. */
    record SemPostWake(long timeNs, int poster, int woken) implements GilEvent {}

    /** The old GIL: a woken waiter found the token gone and goes back to FUTEX_WAIT (a wasted wake-up). */
    record SemWaitRetry(long timeNs, int thread) implements GilEvent {}

    /** A listener with a method for each event of ceval_gil's hand-off ({@link TraceEvent#deliverTo}). */
    interface Listener {
        void onGilWant(GilWant e);

        void onGilTake(GilTake e);

        void onGilDrop(GilDrop e);

        void onDropRequest(DropRequest e);

        void onForcedSwitch(ForcedSwitch e);
    }
}
