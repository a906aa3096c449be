package gilsim.metrics;

import gilsim.sim.Durations;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * A figure a run reports, declared once in {@link Metrics}: its name (the JSON field and CSV column), its unit, the
 * part of the run it describes, what it means, how the text shows it, whether {@code gilsim compare} shows it, and
 * how it is read off the run's collectors. A run's {@link Summary} holds each metric's value under the metric
 * ({@link Figures}); the JSON summary, the text summary's tables, the search's CSV and expressions,
 * {@code gilsim metrics}, {@code run --seeds}, {@code compare} and the HTML page all iterate the declarations, so
 * adding a metric is its declaration and its collector.
 *
 * @param <S>      what the value is read from: the collectors of its scope ({@link Metrics.ThreadSource} and so on)
 * @param <V>      the value's type: {@code Long}, {@code Double}, {@code String} or a list of names; null where
 *                 the run does not define it
 * @param label    the text summary's column heading, or null when the text does not show it as a column
 * @param width    the text column's width in characters
 * @param compared how {@code gilsim compare} and the report page show it; null when they do not
 * @param collect  the value, read off the collectors once, when the run ends
 */
public record Metric<S, V>(String name, Unit unit, Scope scope, String meaning, String label, int width,
                           Compared compared, Function<S, V> collect) {
    /** What a metric is measured in; it decides how the value is printed. */
    public enum Unit {
        NS("ns"), COUNT("count"), SHARE("fraction"), MEAN("mean"), RATIO("ratio"), RATE("per second"), TEXT("text"),
        LIST("list");

        public final String text;

        Unit(String text) {
            this.text = text;
        }

        /** A number that can be averaged over runs and compared against a limit; not a word or a list. */
        public boolean numeric() {
            return this != TEXT && this != LIST;
        }
    }

    /** The part of a run a metric describes: where its value sits in the {@link Summary} and the JSON. */
    public enum Scope {
        /** The run as a whole (top level). */
        RUN,
        /** Each thread ({@code threads[]}). */
        THREAD,
        /** The GIL's counters ({@code gil}). */
        GIL,
        /** Each thread's use of each scenario lock ({@code locks[].threads[]}). */
        LOCK_THREAD,
        /** The m0 pool ({@code pool}). */
        POOL,
        /** Each pool thread ({@code pool.threads[]}). */
        POOL_THREAD,
        /** The requests of a scenario with arrivals ({@code requests}). */
        REQUESTS
    }

    /**
     * How {@code gilsim compare} (text, JSON, CSV) and the report page's arms table show a metric.
     *
     * @param heading    the text column's and the page row's heading ({@code THREAD heading} for a thread's)
     * @param delta      what an arm other than as-is carries against the as-is arm
     * @param better     which way is a gain; decides the page's buys and costs and the text's cost column
     * @param changeName the JSON and CSV field of the relative change ({@code NAME_change} without a {@code _ns})
     */
    public record Compared(String heading, Delta delta, Better better, String changeName) {
        /**
         * What an arm carries against the as-is arm: nothing, the difference (the arm's value minus the as-is one),
         * the relative change, or both.
         */
        public enum Delta {
            NONE, DIFFERENCE, CHANGE, DIFFERENCE_AND_CHANGE;

            public boolean difference() {
                return this == DIFFERENCE || this == DIFFERENCE_AND_CHANGE;
            }

            public boolean change() {
                return this == CHANGE || this == DIFFERENCE_AND_CHANGE;
            }
        }

        /** "lower is better", "higher is better", or neither (a count that says how, not how well). */
        public enum Better {
            LOWER, HIGHER, NEITHER
        }
    }

    /** The same metric, shown by {@code gilsim compare} and the report page's arms table. */
    public Metric<S, V> compared(String heading, Compared.Delta delta, Compared.Better better) {
        return compared(heading, delta, better, null);
    }

    /** As {@link #compared(String, Compared.Delta, Compared.Better)}, its relative change under {@code changeName}. */
    public Metric<S, V> compared(String heading, Compared.Delta delta, Compared.Better better, String changeName) {
        return new Metric<>(name, unit, scope, meaning, label, width, new Compared(heading, delta, better, changeName),
                collect);
    }

    /** Whether {@code gilsim compare} shows it. */
    public boolean isCompared() {
        return compared != null;
    }

    /** The value's relative change's field: {@link Compared#changeName}. */
    public String changeName() {
        return compared.changeName() != null ? compared.changeName()
                : (name.endsWith("_ns") ? name.substring(0, name.length() - 3) : name) + "_change";
    }

    /**
     * A value as JSON and CSV carry it: integers as they are, fractions to six decimals (stable text), null for a
     * figure the run does not define.
     */
    public static Object json(Object v) {
        return v instanceof Double d ? Math.round(d * 1e6) / 1e6 : v;
    }

    /** The value as a text table cell, right-aligned in {@link #width}; {@code -} for an undefined (null) one. */
    @SuppressWarnings("unchecked")
    public String cell(Object v) {
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

    /** The value as a number, for a mean over runs or a limit; NaN when undefined or not a number. */
    public static double number(Object v) {
        return v instanceof Number n ? n.doubleValue() : Double.NaN;
    }
}
