package gilsim.search;

import gilsim.metrics.Metrics;
import gilsim.metrics.Summary;
import gilsim.scenario.InputError;
import gilsim.scenario.Nearest;
import gilsim.scenario.Scenario;
import gilsim.scenario.Workload;
import java.util.Arrays;
import java.util.List;

/**
 * What a search checks on every run; a configuration fails when any of its runs breaks the property. Either one of
 * the named ones ({@link Named}) or an {@link Expression} over the run's metrics.
 */
public sealed interface Property permits Property.Named, Expression {
    Property NO_STARVATION = Named.NO_STARVATION;
    Property IN_ORDER = Named.IN_ORDER;

    /** How the property is written on the command line and in reports. */
    String id();

    boolean holds(Summary s);

    /** Refuses a scenario the property cannot judge. */
    default void requireFits(Scenario scenario) {}

    /** What a run showed of the property's metrics ({@code wait_max(main) = 2.00 s}), or null for a named one. */
    default String detail(Summary s) {
        return null;
    }

    /** The values a configuration-wide judgement needs of this run ({@link #judge}), or null. */
    default double[] values(Summary s) {
        return null;
    }

    /**
     * The search CSV's columns for what a configuration showed of the property's metrics, after the run-level ones:
     * none for a named property.
     */
    default List<String> csvColumns() {
        return List.of();
    }

    /** A configuration's cells for {@link #csvColumns}. */
    default List<String> csvCells(ConfigResult c) {
        return List.of();
    }

    /** A configuration's runs judged together; a property that judges each run alone returns them as they are. */
    default List<RunOutcome> judge(List<RunOutcome> runs) {
        return runs;
    }

    /** A named property, or else an expression over the scenario's metrics; one line when it is neither. */
    static Property parse(String text, Scenario scenario) {
        for (Named p : Named.values()) if (p.id.equals(text)) return p;
        if (text.matches("[A-Za-z-]+")) {
            List<String> named = Arrays.stream(Named.values()).map(Named::id).toList();
            throw new InputError("--property " + text + ": unknown property" + Nearest.suggestion(text, named)
                    + " (named ones: " + String.join(", ", named)
                    + "; or an expression such as 'wait_max(main) < 50ms')");
        }
        return Expression.parse(text, scenario);
    }

    enum Named implements Property {
        /** No thread waits for the GIL longer than {@code starve_after}: the run's verdict is {@code fair}. */
        NO_STARVATION("no-starvation") {
            @Override
            public boolean holds(Summary s) {
                return !s.starves();
            }
        },
        /**
         * A pool answers in order: m0's probe passes (at most 5 requests passed over by more than 100 later answers,
         * none by more than 1,000). Only pool scenarios have it.
         */
        IN_ORDER("in-order") {
            @Override
            public boolean holds(Summary s) {
                return "in-order".equals(s.pool().get(Metrics.ORDER_VERDICT));
            }

            @Override
            public void requireFits(Scenario scenario) {
                if (!(scenario.workload().apply(scenario.params()) instanceof Workload.Pool)) {
                    throw new InputError("--property in-order: scenario " + scenario.name()
                            + " has no pool, so nothing answers requests in order");
                }
            }
        };

        private final String id;

        Named(String id) {
            this.id = id;
        }

        @Override
        public String id() {
            return id;
        }
    }
}
