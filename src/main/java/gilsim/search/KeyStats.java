package gilsim.search;

import gilsim.scenario.Key;
import gilsim.sim.Durations;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The starving share by the value of one key: per value for a key of at most {@value #MAX_BINS} values and for every
 * discrete key of an exhaustive search (each value ran as often as every other), else in {@value #MAX_BINS}
 * equal-width bins over its range. A key whose share jumps between bins is one the verdict
 * depends on. A bin is labelled with the smallest and the largest value tried in it (one value when they are the
 * same), so every label names values that ran; a bin where nothing was tried is left out.
 */
public final class KeyStats {
    static final int MAX_BINS = 8;

    /** One value or bin: its label, the configurations in it, and how many of them fail. */
    public record Bin(String label, int tried, int failing) {}

    private KeyStats() {}

    /** The bins of one key, fed one configuration at a time. */
    static final class Accumulator {
        private final Range r;
        private final int rangeIndex;
        /** Discrete keys with few values, and any non-numeric key: one bin per value, in the range's order. */
        private final Map<Object, int[]> byValue;
        private final long low;
        private final long high;
        private final int[] n = new int[MAX_BINS];
        private final int[] f = new int[MAX_BINS];
        private final long[] min = new long[MAX_BINS];
        private final long[] max = new long[MAX_BINS];

        Accumulator(ConfigSpace space, int rangeIndex, boolean exhaustive) {
            this.r = space.ranges().get(rangeIndex);
            this.rangeIndex = rangeIndex;
            if (!r.continuous() && (exhaustive || r.values().size() <= MAX_BINS || !numeric(r))) {
                byValue = new LinkedHashMap<>();
                for (Object v : r.values()) byValue.put(v, new int[2]);
                low = 0;
                high = 0;
            } else {
                byValue = null;
                low = r.continuous() ? r.lowNs() : (Long) r.values().get(0);
                high = r.continuous() ? r.highNs() : (Long) r.values().get(r.values().size() - 1);
            }
        }

        void accept(ConfigResult c) {
            Object value = c.config().get(rangeIndex);
            if (byValue != null) {
                int[] counts = byValue.get(value);
                counts[0]++;
                if (c.fails()) counts[1]++;
                return;
            }
            long v = (Long) value;
            int b = high == low ? 0 : (int) Math.min(MAX_BINS - 1, (v - low) * (double) MAX_BINS / (high - low));
            min[b] = n[b] == 0 ? v : Math.min(min[b], v);
            max[b] = n[b] == 0 ? v : Math.max(max[b], v);
            n[b]++;
            if (c.fails()) f[b]++;
        }

        List<Bin> bins() {
            List<Bin> bins = new ArrayList<>();
            if (byValue != null) {
                byValue.forEach((v, counts) -> bins.add(new Bin(r.format(v), counts[0], counts[1])));
                return bins;
            }
            for (int b = 0; b < MAX_BINS; b++) {
                if (n[b] == 0) continue;
                String label = min[b] == max[b] ? r.format(min[b]) : span(r, min[b], max[b]);
                bins.add(new Bin(label, n[b], f[b]));
            }
            return bins;
        }
    }

    /** A bin's ends, a duration's both in one unit (1000us..1180us, not 1ms..1180us) so the labels read as numbers. */
    static String span(Range r, long low, long high) {
        if (r.key().kind() != Key.Kind.DURATION) return r.format(low) + ".." + r.format(high);
        long unit = Math.min(Durations.unitNs(low), Durations.unitNs(high));
        return Durations.format(low, unit) + ".." + Durations.format(high, unit);
    }

    private static boolean numeric(Range r) {
        return switch (r.key().kind()) {
            case COUNT, DURATION -> true;
            default -> false;
        };
    }
}
