package gilsim.cpython;

import gilsim.sync.WakeOrder;

/**
 * What a hand-off policy decides inside {@link Gil}'s take_gil and drop_gil: how a waiter's timed wait is budgeted,
 * and whether a free GIL is kept for the thread it was handed to. CPython's own is {@link ResetBudget}; the others
 * exist to compare against it. Policies are registered by name in {@link GilPolicies}.
 */
public interface GilPolicy {
    /** One pass of take_gil's wait: when COND_TIMED_WAIT gives up, and the switch_number it started from. */
    record TimedWait(long deadlineNs, long savedSwitchNumber) {}

    /** The order gil->cond wakes its waiters in, given the scenario's {@code wake_order}. */
    default WakeOrder wakeOrder(WakeOrder configured) {
        return configured;
    }

    /** Thread {@code thread} entered take_gil at {@code nowNs}. */
    default void entered(int thread, long nowNs, long switchNumber) {}

    /** The next pass of the {@code while (locked)} loop for {@code thread}: its deadline and saved switch number. */
    TimedWait timedWait(int thread, long nowNs, long switchNumber, long intervalNs);

    /** Whether that wait has run out, so that a drop request follows if the GIL did not change hands meanwhile. */
    default boolean ranOut(TimedWait wait, boolean timedOut, long nowNs) {
        return timedOut;
    }

    /** Whether a free GIL is kept for another thread than {@code thread}, which must then wait as if it were locked. */
    default boolean keptForAnother(int thread) {
        return false;
    }

    /** drop_gil's signal woke {@code thread}. */
    default void woken(int thread) {}

    /** {@code thread} took the GIL. */
    default void taken(int thread) {}
}
