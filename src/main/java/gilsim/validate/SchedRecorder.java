package gilsim.validate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import gilsim.cleanup.Leftovers;
import gilsim.handoff.HandoffLog;
import gilsim.handoff.SchedTrace;
import gilsim.scenario.InputError;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs a compiled script, plain or through the hand-off recorder, while the kernel records its scheduler events into
 * a tracefs instance of its own (sched_switch and sched_waking, the {@code mono} clock, a buffer nobody reads until
 * the run ends, so no reader competes for the CPUs), and reads the crowded forced drops from them
 * ({@link SchedTrace}). The hand-off shim moves the race it records (docs/validation.md, "The recorder's cost"); the
 * trace stamps nothing in the interpreter, and a plain run traced so keeps a plain run's tails. Needs Linux, root and
 * tracefs at {@link #TRACEFS}.
 */
final class SchedRecorder {
    static final Path TRACEFS = Path.of("/sys/kernel/tracing");
    private static final List<String> EVENTS = List.of("sched/sched_switch", "sched/sched_waking");
    /** Per CPU: far more than a run of calibrate's needs (a second of four spinners prints some 600 kB of text). */
    private static final String BUFFER_KB = "65536";
    private static final AtomicInteger INSTANCES = new AtomicInteger();
    private static final ObjectMapper JSON = new ObjectMapper();

    private SchedRecorder() {}

    /** Why the scheduler cannot be traced here, in one line, or null. */
    static String unavailable() {
        if (!System.getProperty("os.name", "").toLowerCase().contains("linux")) return "tracing the scheduler needs Linux";
        Path instances = TRACEFS.resolve("instances");
        if (Files.isDirectory(TRACEFS) && !Files.isReadable(TRACEFS)) {
            return "tracing the scheduler needs root (" + TRACEFS + " is not readable)"; // mounted, mode 700
        }
        if (!Files.isDirectory(instances)) {
            return "tracefs is not mounted at " + TRACEFS + " (as root: mount -t tracefs nodev " + TRACEFS + ")";
        }
        if (!Files.isWritable(instances)) return "tracing the scheduler needs root (" + instances + " is not writable)";
        return null;
    }

    /**
     * A run with its scheduler trace: what the script reported, the trace of its threads ({@code names}, by kernel
     * id), the run's window on the trace's clock, and the hand-off recorder's log (null for a plain run).
     */
    record Run(Observation observation, SchedTrace trace, Map<Integer, String> names, long startNs, long endNs,
               HandoffLog handoffs) {
        /** The run with its crowded forced drops read from the trace. */
        RealSide.TracedRun crowded() {
            return new RealSide.TracedRun(observation, trace.crowded(names, startNs, endNs), handoffs);
        }
    }

    /**
     * Runs {@code script} on {@code python}, which {@link #unavailable} allowed, with the scheduler traced: plain, or
     * through the hand-off recorder too ({@code recorded}), so that both kinds of run are read the same way; the
     * crowded forced drops read.
     *
     * @throws InputError one line on any failure
     */
    static RealSide.TracedRun run(Path python, String script, long timeoutMs, boolean recorded) {
        return trace(python, script, timeoutMs, recorded).crowded();
    }

    /**
     * As {@link #run}, the trace kept for its reader.
     *
     * @throws InputError one line on any failure
     */
    static Run trace(Path python, String script, long timeoutMs, boolean recorded) {
        Path instance = TRACEFS.resolve("instances").resolve("gilsim-" + ProcessHandle.current().pid() + "-"
                + INSTANCES.incrementAndGet());
        Path dir = null;
        try {
            Files.createDirectory(instance);
        } catch (IOException e) {
            throw new InputError("cannot trace the scheduler: " + instance + ": " + e.getMessage());
        }
        Runnable remove = Leftovers.action(() -> remove(instance));
        try {
            Map<String, String> env = Map.of();
            Path log = null;
            if (recorded) {
                dir = Leftovers.temporary(Files.createTempDirectory("gilsim-handoff-"));
                log = dir.resolve("handoffs.txt");
                env = Map.of("LD_PRELOAD", HandoffShim.build(dir).toString(), "GILSIM_HANDOFF_OUT", log.toString());
            }
            write(instance, "trace_clock", "mono");
            write(instance, "buffer_size_kb", BUFFER_KB);
            for (String e : EVENTS) write(instance, "events/" + e + "/enable", "1");
            write(instance, "tracing_on", "1");
            String stdout = RealRun.runScript(python, script, timeoutMs, env);
            write(instance, "tracing_on", "0");
            Observation observation = RealRun.read(stdout, python.toString()).onCpu(HostCpu.model());
            HandoffLog handoffs = recorded ? RealRun.readRecorded(stdout, log, python.toString()).handoffs() : null;
            JsonNode root = JSON.readTree(stdout);
            Map<Integer, String> names = RealRun.threadIds(root, python.toString());
            long startNs = root.path("start_ns").asLong();
            SchedTrace trace;
            try (BufferedReader in = Files.newBufferedReader(instance.resolve("trace"))) {
                trace = SchedTrace.read(in, names.keySet());
            }
            return new Run(observation, trace, names, startNs, startNs + observation.wallNs(), handoffs);
        } catch (IOException e) {
            throw new InputError("cannot trace the scheduler: " + e.getMessage());
        } finally {
            RealRun.deleteTree(dir);
            Leftovers.settled(remove);
            remove(instance);
        }
    }

    /** Stops the instance and removes it with its buffer. */
    private static void remove(Path instance) {
        try {
            write(instance, "tracing_on", "0");
            for (String e : EVENTS) write(instance, "events/" + e + "/enable", "0");
            Files.delete(instance);
        } catch (IOException e) {
            // one left behind holds its buffer until the next boot or an rmdir; the run's figures stand
            System.err.println("gilsim: could not remove the tracing instance " + instance + ": " + e.getMessage());
        }
    }

    private static void write(Path instance, String file, String value) throws IOException {
        Files.writeString(instance.resolve(file), value);
    }
}
