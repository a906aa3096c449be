package gilsim.search;

import gilsim.metrics.Summary;
import gilsim.scenario.InputError;
import gilsim.scenario.Scenario;
import gilsim.scenario.Workload;
import java.util.Arrays;
import java.util.List;

/** What a search checks on every run; a configuration fails when any of its runs breaks the property. */
public enum Property {
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
            return "in-order".equals(s.pool().orderVerdict());
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

    Property(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    public abstract boolean holds(Summary s);

    /** Refuses a scenario the property cannot judge. */
    public void requireFits(Scenario scenario) {}

    public static Property byId(String id) {
        for (Property p : values()) if (p.id.equals(id)) return p;
        throw new InputError("--property " + id + ": unknown property (properties: " + String.join(", ", ids()) + ")");
    }

    public static List<String> ids() {
        return Arrays.stream(values()).map(Property::id).toList();
    }
}
