package gilsim.search;

import gilsim.metrics.Summary;
import java.util.List;

/**
 * What a search keeps of one run: enough for the CSV row and the report, not the whole summary.
 *
 * @param holds      whether the searched property held
 * @param maxWaitNs  the longest GIL wait of any thread
 * @param order      the pool's order verdict, or null for a scenario without a pool
 */
public record RunOutcome(long seed, boolean holds, String verdict, List<String> starvedThreads, long maxWaitNs,
                         String order) {
    public RunOutcome {
        starvedThreads = List.copyOf(starvedThreads);
    }

    static RunOutcome of(Summary s, Property property) {
        long maxWait = 0;
        for (Summary.ThreadSummary t : s.threads()) maxWait = Math.max(maxWait, t.waitMaxNs());
        return new RunOutcome(s.seed(), property.holds(s), s.verdict(), s.starvedThreads(), maxWait,
                s.pool() == null ? null : s.pool().orderVerdict());
    }
}
