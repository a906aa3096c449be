package gilsim.compare;

import gilsim.cpython.GilPolicies;
import gilsim.scenario.InputError;
import gilsim.scenario.Params;
import gilsim.scenario.Scenario;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The arms {@code gilsim compare} runs on a scenario, after the as-is arm: one per GIL hand-off policy the project
 * registers ({@code policy=NAME}) other than the one the scenario already runs, and for a pool scenario (one with the
 * {@code keep} key) the keep rule, {@code keep=true}, when it is not already on.
 */
public final class PolicyArms {
    private PolicyArms() {}

    /** Every registered policy, CPython's own first: the default of {@code --policies}. */
    public static List<String> registered() {
        return GilPolicies.names();
    }

    /**
     * {@code --policies a,b,...}: registered names, each once, in the order given.
     *
     * @throws InputError naming the option and the registered policies
     */
    public static List<String> parse(String text) {
        List<String> out = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            String name = part.trim();
            if (name.isEmpty()) {
                throw new InputError("--policies " + text + ": an empty name; give registered policies separated by "
                        + "commas (" + String.join(", ", registered()) + ")");
            }
            if (!registered().contains(name)) {
                throw new InputError("--policies " + text + ": unknown policy '" + name + "' (policies: "
                        + String.join(", ", registered()) + ")");
            }
            if (out.contains(name)) throw new InputError("--policies " + text + ": '" + name + "' is given twice");
            out.add(name);
        }
        return List.copyOf(out);
    }

    /**
     * The arms after the as-is one.
     *
     * @param asIs the scenario's parameters as given (its file, the built-in defaults and the user's --set)
     */
    public static List<Arm> of(Scenario scenario, Params asIs, List<String> policies) {
        List<Arm> arms = new ArrayList<>();
        for (String policy : policies) {
            if (!policy.equals(asIs.choice("policy"))) arms.add(Arm.of(Map.of("policy", policy)));
        }
        if (scenario.key("keep") != null && !asIs.bool("keep")) arms.add(Arm.of(Map.of("keep", "true")));
        return List.copyOf(arms);
    }
}
