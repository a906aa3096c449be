package gilsim.report.chart;

import java.util.List;

/** Tick labels for an axis whose whole values stand for named categories (threads, settings). */
final class CategoryTicks {
    private CategoryTicks() {}

    private static final String ZERO_WIDTH = "\u200B";
    /** Longer than any invisible label; see {@link #label}. */
    private static final int PAD = 4096;

    /**
     * The name at a whole {@code value}; at other ticks an invisible label. Two XChart habits shape this. It thins
     * out its ticks until their labels all differ, so the invisible labels differ too: zero-width spaces, as many as
     * the tick's value in twentieths. And it sizes an axis by its longest label in characters, so a name is padded
     * with more zero-width spaces than any invisible label has; they take no room when drawn.
     */
    static String label(List<String> names, double value) {
        long i = Math.round(value);
        if (Math.abs(value - i) > 1e-6 || i < 0 || i >= names.size()) {
            return ZERO_WIDTH.repeat(1 + (int) Math.min(PAD - 1, Math.max(0, Math.round((value + 1) * 20))));
        }
        return names.get((int) i) + ZERO_WIDTH.repeat(PAD);
    }
}
