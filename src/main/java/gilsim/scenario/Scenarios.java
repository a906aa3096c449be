package gilsim.scenario;

import java.nio.file.Files;
import java.nio.file.Path;

/** Finds a scenario by built-in name or file path. */
public final class Scenarios {
    private Scenarios() {}

    public static Scenario resolve(String nameOrFile) {
        Scenario builtin = Builtins.get(nameOrFile);
        if (builtin != null) return builtin;
        Path path = Path.of(nameOrFile);
        if (Files.exists(path) || nameOrFile.endsWith(".yaml") || nameOrFile.endsWith(".yml")) {
            return ScenarioFile.load(path);
        }
        throw new InputError(nameOrFile + ": no built-in scenario and no file of that name"
                + Nearest.suggestion(nameOrFile, Builtins.names()) + " (built-ins: " + String.join(", ", Builtins.names())
                + "; scenario files: scenarios/*.yaml)");
    }
}
