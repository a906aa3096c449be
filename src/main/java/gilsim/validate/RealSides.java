package gilsim.validate;

import gilsim.program.ThreadSpec;
import java.nio.file.Path;
import java.util.List;

/** The real side the command runs. */
public final class RealSides {
    private RealSides() {}

    /**
     * Real CPython: {@link Interpreters} finds the interpreters, {@link PythonScript} compiles the threads and
     * {@link RealRun} runs the script under its time limit.
     */
    public static RealSide cpython() {
        return new RealSide() {
            @Override
            public Path resolve(String nameOrPath) {
                return Interpreters.find(nameOrPath);
            }

            @Override
            public List<Path> defaults() {
                return Interpreters.defaults();
            }

            @Override
            public Observation observe(Path python, List<ThreadSpec> threads, long switchIntervalNs, long durationNs,
                                       long timeoutMs) {
                return RealRun.run(python, PythonScript.compile(threads, switchIntervalNs, durationNs), timeoutMs);
            }

            @Override
            public Observation observe(Path python, List<ThreadSpec> threads, List<PythonScript.Arrival> arrivals,
                                       long switchIntervalNs, long durationNs, long timeoutMs) {
                return RealRun.run(python, PythonScript.compile(threads, arrivals, switchIntervalNs, durationNs,
                        PythonScript.DEFAULT_CALIBRATION_NS), timeoutMs);
            }

            @Override
            public void checkRecordable(Path python) {
                RealRun.checkRecordable(python);
            }

            @Override
            public RealRun.Recorded record(Path python, List<ThreadSpec> threads, long switchIntervalNs,
                                           long durationNs, long timeoutMs) {
                return RealRun.record(python, PythonScript.compile(threads, switchIntervalNs, durationNs), timeoutMs);
            }

            @Override
            public String untraceable() {
                return SchedRecorder.unavailable();
            }

            @Override
            public TracedRun traced(Path python, List<ThreadSpec> threads, List<PythonScript.Arrival> arrivals,
                                    long switchIntervalNs, long durationNs, long timeoutMs, boolean recorded) {
                String script = recorded ? PythonScript.compile(threads, switchIntervalNs, durationNs)
                        : PythonScript.compile(threads, arrivals, switchIntervalNs, durationNs,
                        PythonScript.DEFAULT_CALIBRATION_NS);
                return SchedRecorder.run(python, script, timeoutMs, recorded);
            }
        };
    }
}
