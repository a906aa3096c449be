package gilsim.report.html;

import gilsim.report.chart.Activity;
import gilsim.report.chart.MarkKind;
import gilsim.report.chart.Palette;
import java.awt.Color;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The timeline's and CDF's colours, labels and mark shapes, taken from the PNG charts' own palette
 * ({@code gilsim.report.chart}) and never copied, so that the page and the pictures always agree: change a colour
 * there and the page follows.
 */
final class PagePalette {
    /** A lane activity or a mark kind: its enum name, legend label, CSS colour; for marks, shape and side. */
    record Entry(String name, String label, String css, String shape, boolean above) {}

    static final List<Entry> ACTIVITIES = entries(Activity.values(), Activity::label, Activity::color, a -> "",
            a -> false);
    static final List<Entry> MARKS = entries(MarkKind.values(), MarkKind::label, MarkKind::color, MarkKind::shape,
            MarkKind::above);
    /** One colour per thread for the CDFs, in thread order (repeating past the last). */
    static final List<String> THREADS = Palette.THREADS.stream().map(PagePalette::css).toList();

    private PagePalette() {}

    private static <E extends Enum<E>> List<Entry> entries(E[] constants, Function<E, String> label,
                                                          Function<E, Color> color, Function<E, String> shape,
                                                          Predicate<E> above) {
        return Arrays.stream(constants).map(e -> new Entry(e.name(), label.apply(e), css(color.apply(e)),
                shape.apply(e), above.test(e))).toList();
    }

    static String css(Color c) {
        return String.format(Locale.ROOT, "#%06x", c.getRGB() & 0xFFFFFF);
    }
}
