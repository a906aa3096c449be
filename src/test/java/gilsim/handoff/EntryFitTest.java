package gilsim.handoff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.sync.CondVar;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EntryFitTest {
    private static final long US = 1_000L;
    private static final long MS = 1_000_000L;

    /** Model gaps 0, 1, ..., 3999 ns: an entry's share is its mean length over 4000 ns while it stays inside. */
    private static long[] uniformGaps() {
        long[] g = new long[4_000];
        for (int i = 0; i < g.length; i++) g[i] = i;
        return g;
    }

    @Test
    void anEntryWinsTheGapsBelowIt() {
        EntryFit.Gaps gaps = new EntryFit.Gaps(uniformGaps());
        // uniform in 1000 +- 467 ns: it beats a gap below it; over gaps uniform in [0, 4000) that is 1000 / 4000
        assertEquals(0.25, gaps.requesterShare(1_000), 0.001);
        assertEquals(0.5, gaps.requesterShare(2_000), 0.001);
        // an entry longer than every gap wins them all
        assertEquals(1.0, new EntryFit.Gaps(new long[] {100, 200}).requesterShare(1_000), 1e-9);
    }

    /**
     * Drops made from a known entry (1 us, 50 % per doubling of 200 us) at three quiet times, each band's wins the
     * share that entry gives over the model's gaps: the fit must find it again, to its grid's step.
     */
    @Test
    void theFitFindsTheEntryItsDropsCameFrom() {
        long[] model = uniformGaps();
        EntryFit.Gaps gaps = new EntryFit.Gaps(model);
        List<HandoffStats.CrowdedDrop> drops = new ArrayList<>();
        for (long quiet : new long[] {100 * US, 800 * US, 3_200 * US}) {
            double share = gaps.requesterShare(1_000 * (1 + 0.5 * CondVar.WaitEntry.doublings(quiet, 200 * US)));
            int won = (int) Math.round(share * 2_000);
            for (int i = 0; i < 2_000; i++) drops.add(new HandoffStats.CrowdedDrop(1_000, quiet, i < won));
        }
        EntryFit.Fit fit = EntryFit.fit(drops, model, 200 * US).orElseThrow();
        assertEquals(1_000, fit.entryNs(), 50, fit.toString());
        assertEquals(50, fit.growthPercent(), 5, fit.toString());
        assertEquals(6_000, fit.drops());
        assertEquals(Math.round(fit.entryNs() * 350.0 / 750.0 / 50) * 50, fit.jitterNs());
    }

    /**
     * Drops whose outcome followed the same-core quiet time (1 us, 50 % per doubling of 200 us), with the quiet time
     * of every sleeper spread evenly over the same three bands whatever the outcome: the every-sleeper rule finds
     * no growth, the same-core rule finds the entry again and its likelihood is the higher, so {@code better} keeps
     * it. Without CPUs there is no same-core fit.
     */
    @Test
    void theRuleWhoseQuietTimeExplainsTheDropsIsKept() {
        long[] model = uniformGaps();
        EntryFit.Gaps gaps = new EntryFit.Gaps(model);
        long[] quiets = {100 * US, 800 * US, 3_200 * US};
        List<HandoffStats.CrowdedDrop> drops = new ArrayList<>();
        for (long same : new long[] {100 * US, 800 * US, CondVar.WaitEntry.QUIET_FOREVER_NS}) {
            double share = gaps.requesterShare(1_000 * (1 + 0.5 * CondVar.WaitEntry.doublings(same, 200 * US)));
            int won = (int) Math.round(share * 3_000);
            for (int i = 0; i < 3_000; i++) {
                drops.add(new HandoffStats.CrowdedDrop(1_000, quiets[i % 3], same, i < won, 0));
            }
        }
        var any = EntryFit.fit(drops, model, 200 * US, false);
        var same = EntryFit.fit(drops, model, 200 * US, true);
        assertEquals(0, any.orElseThrow().growthPercent(), any.toString());
        assertEquals(1_000, same.orElseThrow().entryNs(), 50, same.toString());
        assertEquals(50, same.orElseThrow().growthPercent(), 5, same.toString());
        assertTrue(same.orElseThrow().logLikelihood() > any.orElseThrow().logLikelihood() + 100);
        assertEquals(same, EntryFit.better(any, same));

        List<HandoffStats.CrowdedDrop> noCpus = drops.stream()
                .map(d -> new HandoffStats.CrowdedDrop(d.gapNs(), d.quietNs(), d.toRequester())).toList();
        assertTrue(EntryFit.fit(noCpus, model, 200 * US, true).isEmpty());
        assertEquals(any, EntryFit.better(EntryFit.fit(noCpus, model, 200 * US, false), Optional.empty()));
    }

    /**
     * Outcomes that follow neither quiet time (a third of each band won, under both rules' bands): both fits find no
     * growth, their likelihoods agree but for the order of a sum, and every sleeper's rule, the model's since
     * 2026-12-03, is kept.
     */
    @Test
    void whenNeitherRuleGrowsEverySleepersIsKept() {
        long[] model = uniformGaps();
        long[] quiets = {100 * US, 800 * US, 3_200 * US};
        List<HandoffStats.CrowdedDrop> drops = new ArrayList<>();
        for (int i = 0; i < 9_000; i++) {
            drops.add(new HandoffStats.CrowdedDrop(1_000, quiets[i % 3], quiets[(i / 3) % 3], i % 9 < 3, 0));
        }
        var any = EntryFit.fit(drops, model, 200 * US, false);
        var same = EntryFit.fit(drops, model, 200 * US, true);
        assertEquals(0, any.orElseThrow().growthPercent());
        assertEquals(0, same.orElseThrow().growthPercent());
        assertEquals(any.orElseThrow().logLikelihood(), same.orElseThrow().logLikelihood(), 1e-6);
        assertEquals(false, EntryFit.better(any, same).orElseThrow().sameCore());
    }

    @Test
    void withoutDropsOrGapsThereIsNoFit() {
        assertTrue(EntryFit.fit(List.of(), uniformGaps(), 200 * US).isEmpty());
        assertTrue(EntryFit.fit(List.of(new HandoffStats.CrowdedDrop(1, 1, true)), new long[] {-1}, 200 * US)
                .isEmpty());
    }

    @Test
    void quietTimeCountsDoublingsPastTheThresholdUpToFive() {
        assertEquals(0, CondVar.WaitEntry.doublings(200 * US, 200 * US), 0);
        assertEquals(2, CondVar.WaitEntry.doublings(800 * US, 200 * US), 1e-9);
        assertEquals(5, CondVar.WaitEntry.doublings(10_000 * MS, 200 * US), 0);
    }
}
