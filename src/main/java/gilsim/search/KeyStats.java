package gilsim.search;

import java.util.ArrayList;
import java.util.List;

/**
 * The starving share by the value of one key: per value for a key of at most {@value #MAX_BINS} values, else in
 * {@value #MAX_BINS} equal-width bins over its range. A key whose share jumps between bins is one the verdict
 * depends on. A bin is labelled with the smallest and the largest value tried in it (one value when they are the
 * same), so every label names values that ran; a bin where nothing was tried is left out.
 */
public final class KeyStats {
    static final int MAX_BINS = 8;

    /** One value or bin: its label, the configurations in it, and how many of them fail. */
    public record Bin(String label, int tried, int failing) {}

    private KeyStats() {}

    public static List<Bin> of(ConfigSpace space, int rangeIndex, List<ConfigResult> tried) {
        Range r = space.ranges().get(rangeIndex);
        if (!r.continuous() && (r.values().size() <= MAX_BINS || !numeric(r))) {
            List<Bin> bins = new ArrayList<>();
            for (Object v : r.values()) {
                int n = 0;
                int f = 0;
                for (ConfigResult c : tried) {
                    if (c.config().get(rangeIndex).equals(v)) {
                        n++;
                        if (c.fails()) f++;
                    }
                }
                bins.add(new Bin(r.format(v), n, f));
            }
            return bins;
        }
        long low = r.continuous() ? r.lowNs() : (Long) r.values().get(0);
        long high = r.continuous() ? r.highNs() : (Long) r.values().get(r.values().size() - 1);
        int[] n = new int[MAX_BINS];
        int[] f = new int[MAX_BINS];
        long[] min = new long[MAX_BINS];
        long[] max = new long[MAX_BINS];
        for (ConfigResult c : tried) {
            long v = (Long) c.config().get(rangeIndex);
            int b = high == low ? 0 : (int) Math.min(MAX_BINS - 1, (v - low) * (double) MAX_BINS / (high - low));
            min[b] = n[b] == 0 ? v : Math.min(min[b], v);
            max[b] = n[b] == 0 ? v : Math.max(max[b], v);
            n[b]++;
            if (c.fails()) f[b]++;
        }
        List<Bin> bins = new ArrayList<>();
        for (int b = 0; b < MAX_BINS; b++) {
            if (n[b] == 0) continue;
            String label = min[b] == max[b] ? r.format(min[b]) : r.format(min[b]) + ".." + r.format(max[b]);
            bins.add(new Bin(label, n[b], f[b]));
        }
        return bins;
    }

    private static boolean numeric(Range r) {
        return switch (r.key().kind()) {
            case COUNT, DURATION -> true;
            default -> false;
        };
    }
}
