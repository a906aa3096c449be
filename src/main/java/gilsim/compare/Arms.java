package gilsim.compare;

import gilsim.run.Simulation;
import gilsim.scenario.InputError;
import gilsim.scenario.Key;
import gilsim.scenario.Nearest;
import gilsim.scenario.MachineProfile;
import gilsim.scenario.Params;
import gilsim.scenario.Scenario;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The arms of one scenario, checked: the as-is arm (the scenario with the user's {@code --set}) and each other arm's
 * overrides on top of it. {@link #of} reads every arm's keys before anything runs, so bad input stops a comparison
 * before its first run; {@link #run} runs the arms one after another with one seed.
 */
public final class Arms {
    private final Scenario scenario;
    private final List<Arm> arms;
    private final List<List<String>> sets;
    private final List<Params> params;
    /** The --machine file the user gave, for the replay lines; null when none. */
    private final String machineFile;

    private Arms(Scenario scenario, List<Arm> arms, List<List<String>> sets, List<Params> params, String machineFile) {
        this.scenario = scenario;
        this.arms = arms;
        this.sets = sets;
        this.params = params;
        this.machineFile = machineFile;
    }

    /**
     * The as-is arm, then {@code others}.
     *
     * @param sets    the user's {@code --set} values, for every arm
     * @param machine a machine profile ({@code --machine}), or null for the scenario's own or the model's
     * @throws InputError one line: a bad {@code --set} as {@code run} words it; a bad arm naming the scenario, the
     *                    arm and the key
     */
    public static Arms of(Scenario scenario, List<String> sets, List<Arm> others, MachineProfile machine) {
        List<Arm> arms = new ArrayList<>(List.of(Arm.asIs()));
        List<List<String>> allSets = new ArrayList<>(List.of(List.copyOf(sets)));
        List<Params> params = new ArrayList<>(List.of(scenario.params(sets, machine)));
        for (Arm arm : others) {
            String where = scenario.name() + ", arm " + arm.label() + ": ";
            arm.overrides().forEach((name, value) -> {
                Key k = scenario.key(name);
                if (k == null) {
                    List<String> names = scenario.keys().stream().map(Key::name).toList();
                    throw new InputError(where + "unknown key '" + name + "'" + Nearest.suggestion(name, names)
                            + " (keys: " + String.join(", ", names) + ")");
                }
                try {
                    k.parse(value);
                } catch (IllegalArgumentException e) {
                    throw new InputError(where + name + "=" + value + ": " + e.getMessage());
                }
            });
            List<String> armSets = new ArrayList<>(sets);
            armSets.addAll(arm.sets());
            try {
                params.add(scenario.params(armSets, machine));
            } catch (InputError e) {
                throw new InputError(where + e.getMessage());
            }
            arms.add(arm);
            allSets.add(List.copyOf(armSets));
        }
        return new Arms(scenario, List.copyOf(arms), List.copyOf(allSets), List.copyOf(params),
                machine == null ? null : machine.file());
    }

    /**
     * Runs the as-is arm and one arm per map of overrides, e.g. {@code [{keep=true}, {policy=fifo-ticket}]}.
     *
     * @throws InputError as {@link #of}, before anything runs
     */
    public static Comparison run(Scenario scenario, List<String> sets, List<Map<String, String>> overrides,
                                 long seed, MachineProfile machine) {
        return of(scenario, sets, overrides.stream().map(Arm::of).toList(), machine).run(seed);
    }

    public List<Arm> arms() {
        return arms;
    }

    /** Each arm's run with {@code seed}, in order; the same seed gives the same figures. */
    public Comparison run(long seed) {
        List<ArmFigures> figures = new ArrayList<>();
        for (int i = 0; i < arms.size(); i++) {
            figures.add(ArmFigures.of(arms.get(i), runArgs(sets.get(i), seed),
                    new Simulation(scenario, params.get(i), seed).run()));
        }
        return new Comparison(scenario.name(), scenario.origin(), figures);
    }

    /** {@code run NAME|FILE [--machine FILE] [--set KEY=VALUE]... --seed N}. */
    private List<String> runArgs(List<String> armSets, long seed) {
        List<String> w = new ArrayList<>(List.of("run", scenario.origin().equals("built-in") ? scenario.name()
                : scenario.origin()));
        if (machineFile != null) w.addAll(List.of("--machine", machineFile));
        for (String set : armSets) w.addAll(List.of("--set", set));
        w.addAll(List.of("--seed", Long.toString(seed)));
        return List.copyOf(w);
    }
}
