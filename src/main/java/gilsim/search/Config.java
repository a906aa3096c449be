package gilsim.search;

import java.util.ArrayList;
import java.util.List;

/** One point of a search space: a typed value for each searched key, in the order of the space's ranges. */
public record Config(List<Object> values) {
    public Config {
        values = List.copyOf(values);
    }

    public Object get(int i) {
        return values.get(i);
    }

    /** A copy with the value of range {@code i} replaced. */
    public Config with(int i, Object value) {
        List<Object> copy = new ArrayList<>(values);
        copy.set(i, value);
        return new Config(copy);
    }
}
