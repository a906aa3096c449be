package gilsim.search;

import gilsim.metrics.Summary;
import gilsim.scenario.InputError;
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
    };

    private final String id;

    Property(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    public abstract boolean holds(Summary s);

    public static Property byId(String id) {
        for (Property p : values()) if (p.id.equals(id)) return p;
        throw new InputError("--property " + id + ": unknown property (properties: " + String.join(", ", ids()) + ")");
    }

    public static List<String> ids() {
        return Arrays.stream(values()).map(Property::id).toList();
    }
}
