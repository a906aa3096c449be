package gilsim.sync;

import gilsim.sim.TraceEvent;

/** What an {@link ItemQueue} reports; {@code items} is the queue's length after the event. */
public sealed interface QueueEvent extends TraceEvent {
    String queue();

    record QueuePut(long timeNs, String queue, int thread, long items) implements QueueEvent {}

    record QueueGet(long timeNs, String queue, int thread, long items) implements QueueEvent {}

    /** {@code thread} found the queue empty and waits, {@code waiting} getters in all. */
    record QueueWait(long timeNs, String queue, int thread, int waiting) implements QueueEvent {}
}
