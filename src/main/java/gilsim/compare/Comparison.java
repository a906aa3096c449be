package gilsim.compare;

import gilsim.metrics.Figures;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * One scenario's arms, run with one seed: the as-is arm first, then the others in the order they were asked for.
 *
 * @param scenario the scenario's name
 * @param origin   {@code built-in} or the file it was read from
 */
public record Comparison(String scenario, String origin, List<ArmFigures> arms) {
    public Comparison {
        arms = List.copyOf(arms);
        if (arms.isEmpty() || !arms.get(0).arm().isAsIs()) {
            throw new IllegalArgumentException("a comparison starts with the as-is arm");
        }
    }

    public ArmFigures asIs() {
        return arms.get(0);
    }

    /** The arm against the as-is arm; null for the as-is arm itself. */
    public Deltas deltas(ArmFigures arm) {
        return arm.arm().isAsIs() ? null : Deltas.of(arm, asIs());
    }

    /** The thread names of every arm, each once, in the order the arms first name them. */
    public List<String> threadNames() {
        LinkedHashSet<String> names = new LinkedHashSet<>();
        for (ArmFigures a : arms) for (Figures t : a.threads()) names.add(t.name());
        return List.copyOf(names);
    }
}
