package gilsim.compare;

import gilsim.scenario.InputError;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One arm of a comparison: the keys it sets on top of the scenario as given (its file or built-in defaults and the
 * user's {@code --set}). The as-is arm sets none.
 *
 * @param label     how tables name the arm: {@code as-is}, or its overrides as {@code key=value[,key=value]}
 * @param overrides key to value as {@code --set} takes it, in the order given: give several keys in a map of fixed
 *                  order (a {@code LinkedHashMap}; {@code Map.of}'s order changes from one JVM to the next), so that
 *                  the label and the replay line are the same every time
 */
public record Arm(String label, Map<String, String> overrides) {
    public static final String AS_IS = "as-is";

    public Arm {
        overrides = Collections.unmodifiableMap(new LinkedHashMap<>(overrides));
    }

    /** The scenario as given. */
    public static Arm asIs() {
        return new Arm(AS_IS, Map.of());
    }

    /** An arm named by its overrides, e.g. {@code policy=fifo-ticket}; none makes the as-is arm. */
    public static Arm of(Map<String, String> overrides) {
        if (overrides.isEmpty()) return asIs();
        return new Arm(String.join(",", sets(overrides)), overrides);
    }

    /**
     * An arm as an option gives it, {@code KEY=VALUE[,KEY=VALUE]}, each key once ({@code report --compare},
     * {@code chart --kind load --arm}); the keys are checked against a scenario elsewhere.
     *
     * @throws InputError one line naming the option for a part that is not KEY=VALUE or a key given twice
     */
    public static Arm parse(String option, String group) {
        Map<String, String> overrides = new LinkedHashMap<>();
        for (String kv : group.split(",", -1)) {
            int eq = kv.indexOf('=');
            if (eq <= 0 || kv.substring(0, eq).isBlank()) {
                throw new InputError(option + " " + group + ": expected KEY=VALUE[,KEY=VALUE], e.g. pinned=true");
            }
            String key = kv.substring(0, eq).trim();
            if (overrides.put(key, kv.substring(eq + 1).trim()) != null) {
                throw new InputError(option + " " + group + ": " + key + " is given twice");
            }
        }
        return of(overrides);
    }

    public boolean isAsIs() {
        return overrides.isEmpty();
    }

    /** The overrides as {@code --set} values: {@code key=value}, in order. */
    public List<String> sets() {
        return sets(overrides);
    }

    private static List<String> sets(Map<String, String> overrides) {
        List<String> out = new ArrayList<>();
        overrides.forEach((k, v) -> out.add(k + "=" + v));
        return out;
    }
}
