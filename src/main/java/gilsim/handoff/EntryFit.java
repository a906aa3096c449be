package gilsim.handoff;

import gilsim.sync.CondVar;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The model's wait entry ({@code wait_entry}, {@code wait_entry_jitter}, {@code wait_entry_growth}) fitted to
 * recorded crowded forced drops, so that the model, with its own gaps from the requester's re-wait to the drop, gives
 * the requester the share the real runs gave it at each quiet time of the queue (docs/model.md, "The requester's
 * window follows the queue's quiet time").
 *
 * <p>In the model the requester takes the GIL when the drop's signal comes within its entry, uniform in
 * {@code W +- J*W} and grown by {@code growth} per doubling of {@code quietAfterNs} (up to five) in the time since the
 * other waiters' newest call to wait. With the model's gaps {@code g}, a drop at quiet time {@code h}
 * goes to the requester with probability {@code P(entry(h) > g)}; the fit is the {@code (W, growth)} of the largest
 * likelihood of the real drops' outcomes, on a grid of 50 ns and 5 % (0 to 10 us, 0 to 400 %). {@code J} stays the
 * model's default shape (350 of 750 ns): the real runs' spread of gaps does not separate it from {@code W}.
 *
 * <p>The quiet time is read by either rule ({@code wait_entry_same_core}): every other sleeper's newest call, or only
 * those made on the requester's CPU. Fitted to the same drops with the same two free keys, the two rules' largest
 * likelihoods compare directly; {@link #better} keeps the higher.
 */
public final class EntryFit {
    /** The entry's half-width per median, as the model's defaults (350ns of 750ns). */
    public static final double JITTER_PER_ENTRY = 350.0 / 750.0;
    static final long STEP_NS = 50;
    static final long MAX_ENTRY_NS = 10_000;
    static final int GROWTH_STEP_PERCENT = 5;
    static final int MAX_GROWTH_PERCENT = 400;
    /** Quiet time is binned to 1/20 of a doubling. */
    static final int BINS_PER_DOUBLING = 20;
    /** A drop's modelled probability is kept inside this margin, so one surprising drop cannot rule a fit out. */
    private static final double FLOOR = 0.01;

    /**
     * The fit: {@code wait_entry}, {@code wait_entry_jitter}, {@code wait_entry_growth}, the rule of the quiet time
     * ({@code wait_entry_same_core}), the drops it rests on and the natural log of their likelihood at the fit.
     */
    public record Fit(long entryNs, long jitterNs, int growthPercent, boolean sameCore, int drops,
                      double logLikelihood) {}

    private EntryFit() {}

    /**
     * Fits the entry to {@code drops} (real), given the model's own gaps at the spacing it will run with, with the
     * quiet time of every other sleeper. Empty when either list is empty.
     */
    public static Optional<Fit> fit(List<HandoffStats.CrowdedDrop> drops, long[] modelGapsNs, long quietAfterNs) {
        return fit(drops, modelGapsNs, quietAfterNs, false);
    }

    /**
     * As above, with the quiet time of the rule {@code sameCore}; empty too when a drop's recording has no CPUs for
     * the same-core rule.
     */
    public static Optional<Fit> fit(List<HandoffStats.CrowdedDrop> drops, long[] modelGapsNs, long quietAfterNs,
                                    boolean sameCore) {
        long[] gaps = Arrays.stream(modelGapsNs).filter(g -> g >= 0).sorted().toArray();
        if (drops.isEmpty() || gaps.length == 0) return Optional.empty();
        if (drops.stream().anyMatch(d -> d.quietNs(sameCore) < 0)) return Optional.empty();
        Gaps model = new Gaps(gaps);
        // The drops binned by quiet time (doublings to the nearest 1/20): the likelihood needs only each bin's counts.
        int bins = CondVar.WaitEntry.MAX_DOUBLINGS * BINS_PER_DOUBLING + 1;
        long[] won = new long[bins];
        long[] lost = new long[bins];
        for (HandoffStats.CrowdedDrop d : drops) {
            int bin = (int) Math.round(CondVar.WaitEntry.doublings(d.quietNs(sameCore), quietAfterNs)
                    * BINS_PER_DOUBLING);
            if (d.toRequester()) won[bin]++;
            else lost[bin]++;
        }
        double best = Double.NEGATIVE_INFINITY;
        long bestEntry = 0;
        int bestGrowth = 0;
        for (long w = STEP_NS; w <= MAX_ENTRY_NS; w += STEP_NS) {
            for (int growth = 0; growth <= MAX_GROWTH_PERCENT; growth += GROWTH_STEP_PERCENT) {
                double ll = 0;
                for (int bin = 0; bin < bins; bin++) {
                    if (won[bin] + lost[bin] == 0) continue;
                    double p = model.requesterShare(w * (1 + growth / 100.0 * bin / BINS_PER_DOUBLING));
                    p = Math.min(1 - FLOOR, Math.max(FLOOR, p));
                    ll += won[bin] * Math.log(p) + lost[bin] * Math.log(1 - p);
                }
                if (ll > best) { // ties keep the smaller entry and growth: the first met
                    best = ll;
                    bestEntry = w;
                    bestGrowth = growth;
                }
            }
        }
        long jitter = Math.round(bestEntry * JITTER_PER_ENTRY / STEP_NS) * STEP_NS;
        return Optional.of(new Fit(bestEntry, Math.min(jitter, bestEntry), bestGrowth, sameCore, drops.size(), best));
    }

    /**
     * Of the two rules' fits to the same drops, the one whose likelihood is higher; every other sleeper's (the
     * model's rule since 2026-12-03) when the drops had no CPUs, on a tie, and when the same-core fit does not grow
     * (the rule then changes nothing, and its likelihood can differ from the other's in the last bits only, the
     * same drops summed in another order).
     */
    public static Optional<Fit> better(Optional<Fit> anyCore, Optional<Fit> sameCore) {
        if (sameCore.isEmpty()) return anyCore;
        if (anyCore.isEmpty()) return sameCore;
        if (sameCore.get().growthPercent() == 0) return anyCore;
        return sameCore.get().logLikelihood() > anyCore.get().logLikelihood() ? sameCore : anyCore;
    }

    /** The model's gaps, sorted, with their running sums: the share an entry window wins over them. */
    static final class Gaps {
        private final long[] sorted;
        private final double[] prefix; // prefix[k]: the sum of the k smallest

        Gaps(long[] sorted) {
            this.sorted = sorted;
            this.prefix = new double[sorted.length + 1];
            for (int i = 0; i < sorted.length; i++) prefix[i + 1] = prefix[i] + sorted[i];
        }

        /**
         * P(entry > gap) for an entry uniform in {@code w +- JITTER_PER_ENTRY * w} and a gap drawn from these:
         * the mean over the window of the share of gaps below each point.
         */
        double requesterShare(double w) {
            double a = w * (1 - JITTER_PER_ENTRY);
            double b = w * (1 + JITTER_PER_ENTRY);
            return (belowIntegral(b) - belowIntegral(a)) / (b - a);
        }

        /** The integral from 0 to y of the share of gaps below x: the mean of max(0, y - gap). */
        private double belowIntegral(double y) {
            int k = lowerBound(y);
            return (k * y - prefix[k]) / sorted.length;
        }

        private int lowerBound(double y) {
            int lo = 0;
            int hi = sorted.length;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (sorted[mid] < y) lo = mid + 1;
                else hi = mid;
            }
            return lo;
        }
    }
}
