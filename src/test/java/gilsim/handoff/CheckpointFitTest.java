package gilsim.handoff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class CheckpointFitTest {
    private static HandoffStats.CrowdedRun run(Long gapNs) {
        return new HandoffStats.CrowdedRun(gapNs == null ? 0 : 500, gapNs == null ? 0 : 40, gapNs);
    }

    @Test
    void theFitIsAQuarterAboveTheMedianOfTheRunsMediansRoundedTo50ns() {
        // medians 1.13, 1.45, 1.85 us: the middle one, 1.45 us, times 1.25 is 1812.5 ns, to 1800 ns
        assertEquals(1_450, CheckpointFit.medianGapNs(List.of(run(1_850L), run(1_130L), run(1_450L))).getAsLong());
        assertEquals(1_800, CheckpointFit.checkpointNs(List.of(run(1_850L), run(1_130L), run(1_450L))).getAsLong());
        // an even count takes the mean of the middle two: (600 + 1000) / 2 = 800 ns, times 1.25 = 1000 ns
        assertEquals(1_000, CheckpointFit.checkpointNs(List.of(run(600L), run(1_000L), run(400L), run(3_000L)))
                .getAsLong());
    }

    @Test
    void runsWithoutACrowdedDropOrWhoseRequesterHadNotWaitedAgainAreLeftOut() {
        assertEquals(800, CheckpointFit.medianGapNs(List.of(run(null), run(-1L), run(800L))).getAsLong());
        assertTrue(CheckpointFit.checkpointNs(List.of(run(null), run(-1L))).isEmpty());
        assertTrue(CheckpointFit.checkpointNs(List.of()).isEmpty());
        // never below one rounding step
        assertEquals(50, CheckpointFit.checkpointNs(List.of(run(10L))).getAsLong());
    }
}
