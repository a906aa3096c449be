package gilsim.validate;

import gilsim.program.ThreadSpec;
import gilsim.scenario.InputError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A real side that answers from real runs kept in a directory, so {@code validate}'s text and JSON can be held by
 * golden files: run {@code N} of {@code observe} is {@code observe-N.json} (the script's output), run {@code N} of
 * {@code record} is {@code record-N.json} with the recorder's log {@code record-N.txt}, and the interpreter's path is in
 * {@code python.txt}. Both are read by the code
 * the command uses on a live run.
 *
 * <p>Made with {@code recording = true}, it runs the real interpreters (through {@link RealSides#cpython()}'s
 * pieces) and keeps what they printed in the directory first.
 */
public final class RecordedRealSide implements RealSide {
    private final Path dir;
    private final boolean recording;
    private int observed;
    private int recorded;

    private RecordedRealSide(Path dir, boolean recording) {
        this.dir = dir;
        this.recording = recording;
    }

    public static RecordedRealSide of(Path dir, boolean recording) {
        return new RecordedRealSide(dir, recording);
    }

    /** The interpreter's path as it was found when the runs were recorded, kept in {@code python.txt}. */
    @Override
    public Path resolve(String nameOrPath) {
        Path kept = dir.resolve("python.txt");
        if (recording) keep(kept, Interpreters.find(nameOrPath) + "\n");
        return Path.of(read(kept).strip());
    }

    @Override
    public List<Path> defaults() {
        throw new InputError("a recorded real side needs --python");
    }

    @Override
    public Observation observe(Path python, List<ThreadSpec> threads, long switchIntervalNs, long durationNs,
                               long timeoutMs) {
        Path out = dir.resolve("observe-" + (++observed) + ".json");
        if (recording) {
            String script = PythonScript.compile(threads, switchIntervalNs, durationNs);
            keep(out, RealRun.runScript(python, script, timeoutMs, Map.of()));
        }
        return RealRun.read(read(out), python.toString());
    }

    @Override
    public Observation observe(Path python, List<ThreadSpec> threads, List<PythonScript.Arrival> arrivals,
                               long switchIntervalNs, long durationNs, long timeoutMs) {
        Path out = dir.resolve("observe-" + (++observed) + ".json");
        if (recording) {
            String script = PythonScript.compile(threads, arrivals, switchIntervalNs, durationNs,
                    PythonScript.DEFAULT_CALIBRATION_NS);
            keep(out, RealRun.runScript(python, script, timeoutMs, Map.of()));
        }
        return RealRun.read(read(out), python.toString());
    }

    @Override
    public RealRun.Recorded record(Path python, List<ThreadSpec> threads, long switchIntervalNs, long durationNs,
                                   long timeoutMs) {
        int n = ++recorded;
        Path out = dir.resolve("record-" + n + ".json");
        Path log = dir.resolve("record-" + n + ".txt");
        try {
            if (recording) {
                Path tmp = Files.createTempDirectory("gilsim-handoff-");
                try {
                    Path library = HandoffShim.build(tmp);
                    String script = PythonScript.compile(threads, switchIntervalNs, durationNs);
                    keep(out, RealRun.runScript(python, script, timeoutMs,
                            Map.of("LD_PRELOAD", library.toString(), "GILSIM_HANDOFF_OUT", log.toAbsolutePath().toString())));
                } finally {
                    RealRun.deleteTree(tmp);
                }
            }
            return RealRun.readRecorded(read(out), log, python.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void keep(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("no recorded real run " + file + "; record it with -Dgolden.real=record", e);
        }
    }
}
