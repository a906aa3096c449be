package gilsim.validate;

import gilsim.program.ThreadSpec;
import gilsim.scenario.InputError;
import java.nio.file.Path;
import java.util.List;

/** The real side the command runs. */
public final class RealSides {
    private RealSides() {}

    /**
     * Real CPython: {@code Interpreters} finds the interpreters, {@code PythonScript} compiles the threads and
     * {@code RealRun} runs the script under its time limit. Until those are part of the build, every real run is
     * refused in one line.
     */
    public static RealSide cpython() {
        return new RealSide() {
            @Override
            public Path resolve(String nameOrPath) {
                throw unwired();
            }

            @Override
            public List<Path> defaults() {
                throw unwired();
            }

            @Override
            public Observation observe(Path python, List<ThreadSpec> threads, long durationNs, long timeoutMs) {
                throw unwired();
            }
        };
    }

    private static InputError unwired() {
        return new InputError("validate: this build cannot run real interpreters yet (the Python side is not part "
                + "of it)");
    }
}
