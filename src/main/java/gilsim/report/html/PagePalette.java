package gilsim.report.html;

import java.awt.Color;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The timeline's and CDF's colours, labels and mark shapes, read from the PNG charts' own palette
 * ({@code gilsim.report.chart}) so that the page and the pictures always agree. That palette is package-private and
 * belongs to the charts, so it is read here by reflection, once, and never copied: change a colour there and the
 * page follows.
 */
final class PagePalette {
    /** A lane activity or a mark kind: its enum name, legend label, CSS colour; for marks, shape and side. */
    record Entry(String name, String label, String css, String shape, boolean above) {}

    static final List<Entry> ACTIVITIES = entries("gilsim.report.chart.Activity", false);
    static final List<Entry> MARKS = entries("gilsim.report.chart.MarkKind", true);
    /** One colour per thread for the CDFs, in thread order (repeating past the last). */
    static final List<String> THREADS = threadColours();

    private PagePalette() {}

    /** The index of activity (or mark kind) {@code name} in its palette, which is its code in the page's data. */
    static int code(List<Entry> entries, String name) {
        for (int i = 0; i < entries.size(); i++) if (entries.get(i).name().equals(name)) return i;
        throw new IllegalStateException("the chart palette has no " + name);
    }

    private static List<Entry> entries(String enumClass, boolean marks) {
        try {
            Class<?> c = Class.forName(enumClass);
            List<Entry> out = new ArrayList<>();
            for (Object constant : c.getEnumConstants()) {
                String name = ((Enum<?>) constant).name();
                String label = (String) field(c, "label").get(constant);
                String css = css((Color) field(c, "color").get(constant));
                String shape = marks ? field(c, "marker").get(constant).getClass().getSimpleName() : "";
                boolean above = marks && field(c, "above").getBoolean(constant);
                out.add(new Entry(name, label, css, shape, above));
            }
            return List.copyOf(out);
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalStateException("cannot read the chart palette " + enumClass + ": " + e, e);
        }
    }

    /** The CDF's thread colours: the charts' {@code Palette.THREADS}. */
    private static List<String> threadColours() {
        try {
            List<String> out = new ArrayList<>();
            for (Object c : (List<?>) field(Class.forName("gilsim.report.chart.Palette"), "THREADS").get(null)) {
                out.add(css((Color) c));
            }
            return List.copyOf(out);
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalStateException("cannot read the CDF colours: " + e, e);
        }
    }

    private static Field field(Class<?> c, String name) throws NoSuchFieldException {
        Field f = c.getDeclaredField(name);
        f.setAccessible(true);
        return f;
    }

    static String css(Color c) {
        return String.format(Locale.ROOT, "#%06x", c.getRGB() & 0xFFFFFF);
    }
}
