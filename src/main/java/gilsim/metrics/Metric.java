package gilsim.metrics;

import gilsim.sim.Durations;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * A figure a run reports, declared once in {@link Metrics}: its name (the JSON field and CSV column), its unit, what
 * it means and how it is read off a summary. The JSON summary, the text summary's tables, the search's CSV and
 * {@code gilsim metrics} all read the declaration, so adding a metric is one edit.
 *
 * @param label the text summary's column heading, or null when the text does not show it as a column
 * @param width the text column's width in characters
 */
public record Metric<T>(String name, Unit unit, String meaning, String label, int width, Function<T, Object> value) {
    /** What a metric is measured in; it decides how the value is printed. */
    public enum Unit {
        NS("ns"), COUNT("count"), SHARE("fraction"), MEAN("mean"), RATIO("ratio"), RATE("per second"), TEXT("text"),
        LIST("list");

        public final String text;

        Unit(String text) {
            this.text = text;
        }
    }

    /**
     * The value as JSON and CSV carry it: integers as they are, fractions to six decimals (stable text), null for a
     * figure the run does not define.
     */
    public Object json(T of) {
        Object v = value.apply(of);
        return v instanceof Double d ? Math.round(d * 1e6) / 1e6 : v;
    }

    /** The value as a text table cell, right-aligned in {@link #width}; {@code -} for an undefined (null) one. */
    @SuppressWarnings("unchecked")
    public String cell(T of) {
        Object v = value.apply(of);
        if (v == null) return String.format(Locale.ROOT, "%" + width + "s", "-");
        return switch (unit) {
            case NS -> String.format(Locale.ROOT, "%" + width + "s", Durations.human((Long) v));
            case SHARE -> String.format(Locale.ROOT, "%" + (width - 1) + ".1f%%", 100 * (Double) v);
            case MEAN, RATE -> String.format(Locale.ROOT, "%" + width + ".2f", (Double) v);
            case RATIO -> String.format(Locale.ROOT, "%" + (width - 1) + ".2fx", (Double) v);
            case LIST -> String.format(Locale.ROOT, "%" + width + "s", String.join(", ", (List<String>) v));
            default -> String.format(Locale.ROOT, "%" + width + "s", v);
        };
    }

    /** The column heading, right-aligned in {@link #width}. */
    public String heading() {
        return String.format(Locale.ROOT, "%" + width + "s", label);
    }
}
