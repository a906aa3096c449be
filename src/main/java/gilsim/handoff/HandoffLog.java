package gilsim.handoff;

import java.util.List;

/**
 * One run's hand-offs, in time order.
 *
 * @param source  what ran: "CPython 3.12.1" or "sim seed 1"
 * @param threads thread names by index; a scenario's threads first, in its order
 * @param durationNs how long the run lasted; events lie in {@code [0, durationNs]}
 * @param lost    events the recorder could not keep (its buffer was full); 0 for a simulated run
 * @param mutexBlocksRecorded whether the log says when gil->mutex blocked: a simulated run does, today's recorder
 *                does not (a wrapper over pthread_mutex_lock moved the race it records)
 * @param waitCpusRecorded whether each call to wait has its CPU ({@link HandoffEvent#cpu}): a simulated run and the
 *                recorder of version 3 do
 */
public record HandoffLog(String source, List<String> threads, long durationNs, List<HandoffEvent> events, long lost,
                         boolean mutexBlocksRecorded, boolean waitCpusRecorded) {
    public HandoffLog {
        threads = List.copyOf(threads);
        events = List.copyOf(events);
    }
}
