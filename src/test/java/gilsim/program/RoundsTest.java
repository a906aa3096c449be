package gilsim.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A program's nominal round: one pass of its outer loop, as written. */
class RoundsTest {
    @Test
    void nominalRoundIsOnePassOfTheOuterLoop() {
        long ms = 1_000_000;
        assertEquals(ms + 2_000, Rounds.nominalRoundNs(List.of(new Step.Loop(-1, List.of(
                new Step.Sleep(ms), new Step.Compute(2_000))))));
        // The first top-level loop is the outer one; a loop of three passes inside counts three times.
        assertEquals(4 * ms, Rounds.nominalRoundNs(List.of(new Step.Compute(7 * ms), new Step.Loop(-1, List.of(
                new Step.Compute(ms), new Step.Loop(3, List.of(new Step.Release(ms))))), new Step.Loop(-1,
                List.of(new Step.Sleep(ms))))));
        assertEquals(-1, Rounds.nominalRoundNs(List.of(new Step.Compute(ms))));
        assertEquals(-1, Rounds.nominalRoundNs(List.of(new Step.Loop(2, List.of(new Step.Compute(ms),
                new Step.Loop(-1, List.of(new Step.Sleep(ms))))))));
        assertEquals(Long.MAX_VALUE, Rounds.nominalRoundNs(List.of(new Step.Loop(-1, List.of(
                new Step.Loop(Integer.MAX_VALUE, List.of(new Step.Sleep(3_600_000_000_000L))))))));
    }

    @Test
    void theOuterLoopIsTheFirstTopLevelLoop() {
        Step.Loop first = new Step.Loop(0, List.of(new Step.Compute(1)));
        assertEquals(first, Rounds.outerLoop(List.of(new Step.Compute(5), first, new Step.Loop(-1,
                List.of(new Step.Sleep(1))))));
        assertNull(Rounds.outerLoop(List.of(new Step.Compute(5))));
        // A loop of no pass is still the outer loop, but it has no nominal round.
        assertEquals(-1, Rounds.nominalRoundNs(List.of(first)));
    }
}
