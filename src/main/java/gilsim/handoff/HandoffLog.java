package gilsim.handoff;

import java.util.List;

/**
 * One run's hand-offs, in time order.
 *
 * @param source  what ran: "CPython 3.12.1" or "sim seed 1"
 * @param threads thread names by index; a scenario's threads first, in its order
 * @param durationNs how long the run lasted; events lie in {@code [0, durationNs]}
 * @param lost    events the recorder could not keep (its buffer was full); 0 for a simulated run
 */
public record HandoffLog(String source, List<String> threads, long durationNs, List<HandoffEvent> events, long lost) {
    public HandoffLog {
        threads = List.copyOf(threads);
        events = List.copyOf(events);
    }
}
