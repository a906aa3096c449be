package gilsim.scenario;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A runnable scenario: a name, its keys with defaults, and how its workload is built from effective parameters.
 *
 * @param origin "built-in" or the file it was read from, for messages
 */
public record Scenario(String name, String description, String origin, List<Key> keys,
                       Function<Params, Workload> workload) {
    public Scenario {
        keys = List.copyOf(keys);
    }

    public Key key(String name) {
        for (Key k : keys) if (k.name().equals(name)) return k;
        return null;
    }

    /** The defaults. */
    public Params params() {
        return params(List.of());
    }

    /**
     * The defaults with {@code --set key=value} overrides applied.
     *
     * @throws InputError naming the option and the key when one is unknown or malformed
     */
    public Params params(List<String> sets) {
        Map<String, Key> byName = new LinkedHashMap<>();
        Map<String, Object> values = new LinkedHashMap<>();
        for (Key k : keys) {
            byName.put(k.name(), k);
            values.put(k.name(), k.parse(k.defaultValue()));
        }
        for (String set : sets) {
            int eq = set.indexOf('=');
            if (eq <= 0) throw new InputError("--set " + set + ": expected key=value");
            String name = set.substring(0, eq).trim();
            Key k = byName.get(name);
            if (k == null) {
                throw new InputError("--set " + set + ": unknown key '" + name + "' for scenario " + this.name
                        + " (keys: " + String.join(", ", byName.keySet()) + ")");
            }
            try {
                values.put(name, k.parse(set.substring(eq + 1)));
            } catch (IllegalArgumentException e) {
                throw new InputError("--set " + set + ": " + name + ": " + e.getMessage());
            }
        }
        return new Params(byName, values);
    }
}
