package gilsim.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gilsim.scenario.MachineProfile;
import gilsim.scenario.Scenarios;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The slice-rotation table against the drops-vs-waiters arithmetic (docs/search.md). With k jobs to a slice and
 * w = threads - 1 waiters, each of the slice's k - 1 drops wakes the front waiter, which loses the race and
 * queues again at the back; the slice-end hand-off goes to the new front, and the old holder queues last. That is
 * a fixed permutation of the queue each slice; the threads that ever hold the GIL are its cycle through the
 * holder, and the others starve. The 5 ms timed waits are set long (interval=50ms) so that no wait times out: a
 * timeout also sends a waiter to the back, which the arithmetic leaves out (docs/search.md explains those cells).
 * Every search here runs on the model's keys alone ({@code --machine none}): the default machine's rare fast
 * wake-ups break a rotation now and then, so that over a run other threads take turns starving, which the arithmetic
 * of one fixed permutation does not count.
 */
class SliceArithmeticTest {
    /** Jobs of view + 25us overhead: k = 8, 7, ..., 1 job starts fit in a 1 ms slice (measured: jobs_per_slice_mean). */
    private static final String VIEWS = "view=108us,130us,155us,200us,275us,375us,675us,1175us";

    static int starvingByArithmetic(int threads, int jobsPerSlice) {
        Deque<Integer> queue = new ArrayDeque<>();
        for (int t = 1; t < threads; t++) queue.addLast(t);
        int holder = 0;
        Set<Integer> held = new HashSet<>();
        for (int slice = 0; slice < 200; slice++) {
            for (int drop = 0; drop < jobsPerSlice - 1; drop++) queue.addLast(queue.pollFirst());
            int next = queue.pollFirst();
            queue.addLast(holder);
            holder = next;
            if (slice >= 100) held.add(holder); // steady state
        }
        return threads - held.size();
    }

    @Test
    void theSimpleRuleIsTheArithmeticsTwoExtremes() {
        for (int threads = 2; threads <= 8; threads++) {
            int w = threads - 1;
            for (int k = 1; k <= 8; k++) {
                if ((k - 1) % w == 0) assertEquals(0, starvingByArithmetic(threads, k), threads + "," + k);
                else if ((k - 1) % w == w - 1) assertEquals(w - 1, starvingByArithmetic(threads, k), threads + "," + k);
            }
        }
    }

    /** Every cell of an exhaustive threads x k search (seed 1) against the arithmetic; the mismatches, with replays. */
    private static List<String> mismatches(ConfigSpace space, java.util.function.ToIntFunction<ConfigResult> jobs,
                                           List<ConfigResult> tried) {
        SearchRun.run(space, new SearchOptions(Property.NO_STARVATION, 1, true, 1, 1, 2), Progress.off(),
                r -> tried.add(r.result()));
        // The first axis is threads, or waiters = threads - 1.
        int waiters = space.ranges().get(0).name().equals("waiters") ? 1 : 0;
        List<String> mismatches = new ArrayList<>();
        for (ConfigResult c : tried) {
            int threads = ((Long) c.config().get(0)).intValue() + waiters;
            int k = jobs.applyAsInt(c);
            int expected = starvingByArithmetic(threads, k);
            if (c.starvedMax() != expected) {
                mismatches.add("threads=" + threads + " k=" + k + ": " + c.starvedMax() + " starve, arithmetic "
                        + expected + "; replay: " + Replay.line(space, c.config(), 1));
            }
        }
        return mismatches;
    }

    @Test
    void withoutTimeoutsEveryCellIsWhatTheArithmeticSays() {
        ConfigSpace space = ConfigSpace.of(Scenarios.resolve("slice-rotation"),
                List.of("overhead=25us", "interval=50ms", "duration=400ms"), List.of("threads=2..8", VIEWS),
                MachineProfile.NONE);
        assertEquals(List.of(), mismatches(space,
                c -> 8 - space.ranges().get(1).values().indexOf(c.config().get(1)), new ArrayList<>()));
    }

    /**
     * The table as the users ask for it, {@code --over threads=2..8 --over jobs=1..8 --exhaustive} at the defaults
     * (5 ms interval, 75 us overhead, 2 s): every cell is what the arithmetic says. The jobs key's job length
     * (slice/k + 1 % of slice) is shorter than the view table's above, which is why the timed-out cells of
     * docs/search.md (one job of 1.2 ms, six or more threads) are not timed out here.
     */
    @Test
    void theJobsKeyGivesTheArithmeticTableAtTheDefaults() {
        assertTheArithmeticTableAgainstJobs("threads=2..8");
    }

    /** The same table on the axis the arithmetic is written in: {@code --over waiters=1..7} is threads 2..8. */
    @Test
    void theWaitersAxisGivesTheSameCells() {
        assertTheArithmeticTableAgainstJobs("waiters=1..7");
    }

    private static void assertTheArithmeticTableAgainstJobs(String rows) {
        ConfigSpace space = ConfigSpace.of(Scenarios.resolve("slice-rotation"), List.of(), List.of(rows, "jobs=1..8"),
                MachineProfile.NONE);
        List<ConfigResult> tried = new ArrayList<>();
        List<String> mismatches = mismatches(space, c -> ((Long) c.config().get(1)).intValue(), tried);
        assertEquals(56, tried.size());
        assertEquals(List.of(), mismatches);
    }
}
