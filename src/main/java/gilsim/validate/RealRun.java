package gilsim.validate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import gilsim.cleanup.Leftovers;
import gilsim.handoff.HandoffLog;
import gilsim.handoff.ShimLog;
import gilsim.scenario.InputError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs a script compiled by {@link PythonScript} on a real interpreter, under a hard time limit, and reads what it
 * printed into an {@link Observation} (side "real").
 *
 * <p>Every failure is an {@link InputError} of one line naming the interpreter: missing, not executable, not
 * Python, older than 3.6, out of time (the process and its children are killed), a refusal by the script itself
 * (exit status 3, e.g. a release too long for a buffer or a core the process may not use), another failure, or
 * output that is not the script's JSON. Temporary files are deleted in every case.
 */
public final class RealRun {
    /** The oldest Python the compiled script runs on. */
    public static final int[] MIN_VERSION = {3, 6};

    /** The time limit of the version probe. */
    static final long PROBE_TIMEOUT_MS = 10_000;

    private static final ObjectMapper JSON = new ObjectMapper();

    private RealRun() {}

    /**
     * A time limit for a real run of {@code durationNs}: the run, its calibration, the interpreter's start-up and
     * the last step of each thread after the deadline, with room for a busy machine.
     */
    public static long defaultTimeoutMs(long durationNs) {
        return 2 * durationNs / 1_000_000 + PythonScript.DEFAULT_CALIBRATION_NS / 1_000_000 + 15_000;
    }

    /** The interpreter's version as {major, minor, micro}, after checking it can run at all. */
    public static int[] version(Path python) {
        checkExecutable(python);
        String probe = "import sys,json; print(json.dumps(list(sys.version_info[:3])))";
        Result r = exec(List.of(python.toString(), "-c", probe), PROBE_TIMEOUT_MS);
        String name = python.toString();
        if (r.timedOut) {
            throw new InputError("--python " + name + ": did not answer a version probe within "
                    + seconds(PROBE_TIMEOUT_MS) + " (killed); is it Python?");
        }
        int[] v = parseVersion(r.stdout.trim());
        if (r.exit != 0 || v == null) {
            throw new InputError("--python " + name + ": not a Python interpreter (a version probe "
                    + (r.exit != 0 ? "exited with status " + r.exit : "printed " + quote(firstLine(r.stdout)))
                    + (firstLine(r.stderr).isEmpty() ? "" : ": " + firstLine(r.stderr)) + ")");
        }
        return v;
    }

    /**
     * Runs {@code script} on {@code python} within {@code timeoutMs}.
     *
     * @throws InputError one line, for every way the run can fail
     */
    public static Observation run(Path python, String script, long timeoutMs) {
        return read(runScript(python, script, timeoutMs, Map.of()), python.toString()).onCpu(HostCpu.model());
    }

    /** A real run and its hand-offs, recorded by {@link HandoffShim}. */
    public record Recorded(Observation observation, HandoffLog handoffs) {}

    /**
     * Runs {@code script} on {@code python} with the hand-off recorder preloaded.
     *
     * @throws InputError one line on any failure, the recorder's included (no C compiler, not loaded)
     */
    public static Recorded record(Path python, String script, long timeoutMs) {
        Path dir = null;
        try {
            dir = Leftovers.temporary(Files.createTempDirectory("gilsim-handoff-"));
            Path library = HandoffShim.build(dir);
            Path log = dir.resolve("handoffs.txt");
            String stdout = runScript(python, script, timeoutMs,
                    Map.of("LD_PRELOAD", library.toString(), "GILSIM_HANDOFF_OUT", log.toString()));
            Recorded r = readRecorded(stdout, log, python.toString());
            return new Recorded(r.observation().onCpu(HostCpu.model()), r.handoffs());
        } catch (IOException e) {
            throw new InputError("--python " + python + ": cannot record hand-offs: " + e.getMessage());
        } finally {
            deleteTree(dir);
        }
    }

    /**
     * A recorded run from what it left: the script's output and the recorder's log. Tests read checked-in
     * recordings through this same path.
     */
    static Recorded readRecorded(String stdout, Path log, String name) throws IOException {
        Observation observation = read(stdout, name);
        JsonNode root = JSON.readTree(stdout);
        if (!Files.isRegularFile(log)) {
            throw new InputError("--python " + name + ": the hand-off recorder wrote nothing (was LD_PRELOAD "
                    + "ignored? a statically linked interpreter cannot be recorded)");
        }
        Map<Integer, String> names = threadIds(root, name);
        List<String> order = new ArrayList<>();
        for (JsonNode t : root.get("threads")) order.add(t.get("name").asText());
        long startNs = root.path("start_ns").asLong();
        try {
            return new Recorded(observation, ShimLog.read(log, observation.label().replaceAll(" \\(.*", ""),
                    names, order, startNs, startNs + observation.wallNs()));
        } catch (IllegalArgumentException e) {
            throw new InputError("--python " + name + ": " + e.getMessage());
        }
    }

    /**
     * The script's threads by their kernel ids ({@code threading.get_native_id}), which name them in a recording.
     *
     * @throws InputError when the interpreter gave none (older than 3.8)
     */
    static Map<Integer, String> threadIds(JsonNode root, String name) {
        Map<Integer, String> names = new HashMap<>();
        for (JsonNode t : root.get("threads")) {
            JsonNode id = t.get("native_id");
            if (id == null || !id.isInt()) {
                throw new InputError("--python " + name + ": --handoffs needs Python 3.8 or newer "
                        + "(threading.get_native_id names the recorded threads)");
            }
            names.put(id.asInt(), t.get("name").asText());
        }
        return names;
    }

    /**
     * Refuses an interpreter older than 3.8 (the recording names threads by {@code threading.get_native_id}) and a
     * machine whose C compiler cannot build the recorder, each in one line.
     */
    static void checkRecordable(Path python) {
        int[] v = version(python);
        if (v[0] < 3 || (v[0] == 3 && v[1] < 8)) {
            throw new InputError("--python " + python + ": --handoffs needs Python 3.8 or newer "
                    + "(threading.get_native_id names the recorded threads); this is " + v[0] + "." + v[1]);
        }
        Path dir = null;
        try {
            dir = Leftovers.temporary(Files.createTempDirectory("gilsim-handoff-"));
            HandoffShim.build(dir);
        } catch (IOException e) {
            throw new InputError("--handoffs: cannot make a temporary directory: " + e.getMessage());
        } finally {
            deleteTree(dir);
        }
    }

    /** Runs the script and returns what it printed on stdout; every failure is one line. */
    static String runScript(Path python, String script, long timeoutMs, Map<String, String> env) {
        int[] v = version(python);
        String name = python.toString();
        String dotted = v[0] + "." + v[1] + "." + v[2];
        if (v[0] < MIN_VERSION[0] || (v[0] == MIN_VERSION[0] && v[1] < MIN_VERSION[1])) {
            throw new InputError("--python " + name + ": Python " + dotted + " is too old for a real run: it needs "
                    + "Python 3.6 or newer" + (v[0] < 3 ? " (2.7's zlib.crc32 never releases the GIL and it has "
                    + "no thread CPU clock)" : ""));
        }
        Path file = null;
        try {
            file = Leftovers.temporary(Files.createTempFile("gilsim-real-", ".py"));
            Files.writeString(file, script, StandardCharsets.UTF_8);
            // -I: isolated (no PYTHON* variables, no user site, no script directory on sys.path); -u: unbuffered
            Result r = exec(List.of(name, "-I", "-u", file.toString()), timeoutMs, env);
            if (r.timedOut) {
                throw new InputError("--python " + name + ": the real run did not finish within "
                        + seconds(timeoutMs) + "; killed"); // what it printed as it died is the kill's noise
            }
            if (r.exit == 3 && lastLine(r.stderr).startsWith("gilsim: ")) {
                throw new InputError("--python " + name + ": " + lastLine(r.stderr).substring("gilsim: ".length()));
            }
            if (r.exit != 0) {
                throw new InputError("--python " + name + ": the real run exited with status " + r.exit
                        + lastLineSuffix(r.stderr));
            }
            return r.stdout;
        } catch (IOException e) {
            throw new InputError("--python " + name + ": cannot write the script to a temporary file: "
                    + e.getMessage());
        } finally {
            deleteQuietly(file);
        }
    }

    /** The observation in a script's output. */
    static Observation read(String stdout, String name) {
        JsonNode root;
        try {
            root = JSON.readTree(stdout);
        } catch (IOException e) {
            root = null;
        }
        if (root == null || !root.isObject() || !root.path("gilsim_real_run").isInt()
                || !root.path("threads").isArray() || !root.path("wall_ns").canConvertToLong()) {
            throw new InputError("--python " + name + ": the real run printed no result gilsim can read: "
                    + quote(firstLine(stdout)));
        }
        try {
            long wallNs = root.get("wall_ns").asLong();
            List<Observation.ThreadRounds> threads = new ArrayList<>();
            for (JsonNode t : root.get("threads")) {
                List<Long> rounds = new ArrayList<>();
                for (JsonNode r : need(t, "round_ns")) rounds.add(r.asLong());
                JsonNode cpu = t.get("cpu_ns");
                double share = cpu == null || cpu.isNull() || wallNs <= 0 ? Double.NaN
                        : Math.min(1.0, cpu.asLong() / (double) wallNs);
                // a script before 2026-12-06 did not say when each thread stopped: the run's end, as it was read then
                long stoppedNs = t.path("stopped_ns").canConvertToLong() ? t.get("stopped_ns").asLong() : -1;
                threads.add(new Observation.ThreadRounds(need(t, "name").asText(), rounds, share, stoppedNs));
            }
            // Per thread and kind: a thread's steps of one kind share one nominal in the built-ins, and a mean over
            // threads would mix main's 2us compute with the worker's 2ms.
            List<Observation.StepAccuracy> steps = new ArrayList<>();
            for (JsonNode t : root.get("threads")) {
                JsonNode kinds = t.get("steps");
                if (kinds == null) continue;
                for (String kind : List.of("compute", "release", "sleep")) {
                    JsonNode k = kinds.get(kind);
                    if (k == null || need(k, "count").asLong() == 0) continue;
                    steps.add(new Observation.StepAccuracy(need(t, "name").asText() + " " + kind,
                            need(k, "nominal_ns").asLong(), need(k, "mean_ns").asLong(), need(k, "count").asLong()));
                }
            }
            List<Observation.LockUse> locks = locks(root);
            String label = root.path("implementation").asText("Python") + " " + root.path("python").asText("?")
                    + (root.path("gil").asBoolean(true) ? "" : " without a GIL")
                    + " (" + root.path("executable").asText(name) + ")";
            return new Observation("real", label, wallNs, threads, steps, locks, answered(root), machine(root));
        } catch (IllegalStateException e) {
            throw new InputError("--python " + name + ": the real run printed no result gilsim can read: "
                    + e.getMessage());
        }
    }

    /**
     * The load average and host steal the script read around its run ({@code load_average}, {@code host_steal}); the
     * CPU is the caller's to add ({@link Observation#onCpu}): a stored run read back says nothing of it.
     */
    private static Observation.Machine machine(JsonNode root) {
        JsonNode load = root.path("load_average");
        return new Observation.Machine(number(load.path(0)), number(load.path(1)), number(root.path("host_steal")),
                null);
    }

    /** The first number of a load average ([1, 5, 15 minutes]) or a plain number; NaN for null or missing. */
    private static double number(JsonNode n) {
        if (n.isArray()) n = n.path(0);
        return n.isNumber() ? n.asDouble() : Double.NaN;
    }

    /**
     * The answered requests a run with arrivals reported, as {@link Observation.Requests} whose {@code arrived}
     * is still unknown (-1) and whose latencies are by index in the schedule: {@link #withSchedule} completes them.
     * Null for a run without arrivals.
     */
    private static Observation.Requests answered(JsonNode root) {
        JsonNode r = root.get("requests");
        if (r == null || r.isNull()) return null;
        List<Long> flat = new ArrayList<>();
        for (JsonNode a : need(r, "answered")) {
            if (!a.isArray() || a.size() != 2) throw new IllegalStateException("requests.answered: expected [index, ns]");
            flat.add(a.get(0).asLong());
            flat.add(a.get(1).asLong());
        }
        return new Observation.Requests(-1, flat.size() / 2, flat);
    }

    /**
     * A real run's requests completed from the schedule it was sent: each scheduled request not answered counts its
     * age at the end of the run (from its time to the run's length).
     *
     * @param scheduleNs the time of each request from the start, by index
     */
    static Observation withSchedule(Observation o, List<Long> scheduleNs, long durationNs) {
        if (o.requests() == null) return o;
        List<Long> pairs = o.requests().latencyNs();
        boolean[] answered = new boolean[scheduleNs.size()];
        List<Long> latency = new ArrayList<>();
        for (int i = 0; i < pairs.size(); i += 2) {
            int index = (int) (long) pairs.get(i);
            if (index < 0 || index >= answered.length) {
                throw new InputError("validate: the real run answered request " + index + ", which was never sent");
            }
            answered[index] = true;
            latency.add(pairs.get(i + 1));
        }
        long arrived = 0;
        for (int i = 0; i < scheduleNs.size(); i++) {
            if (scheduleNs.get(i) > durationNs) continue;
            arrived++;
            if (!answered[i]) latency.add(durationNs - scheduleNs.get(i));
        }
        return o.withRequests(new Observation.Requests(arrived, pairs.size() / 2, latency));
    }

    /** Each thread's {@code locks} object, when the script reported one: per lock name, its figures. */
    private static List<Observation.LockUse> locks(JsonNode root) {
        List<Observation.LockUse> out = new ArrayList<>();
        for (JsonNode t : root.get("threads")) {
            JsonNode locks = t.get("locks");
            if (locks == null || !locks.isObject()) continue;
            String thread = need(t, "name").asText();
            for (var it = locks.fields(); it.hasNext(); ) {
                var e = it.next();
                JsonNode u = e.getValue();
                out.add(new Observation.LockUse(thread, e.getKey(), need(u, "acquisitions").asLong(),
                        need(u, "wait_total_ns").asLong(), need(u, "wait_max_ns").asLong(),
                        need(u, "took_from_other").asLong()));
            }
        }
        return out;
    }

    private static JsonNode need(JsonNode node, String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) throw new IllegalStateException("no field '" + field + "'");
        return v;
    }

    static void checkExecutable(Path python) {
        String name = python.toString();
        if (!Files.exists(python)) throw new InputError("--python " + name + ": no such file");
        if (Files.isDirectory(python)) throw new InputError("--python " + name + ": a directory, not an interpreter");
        if (!Files.isExecutable(python)) throw new InputError("--python " + name + ": not executable");
    }

    static int[] parseVersion(String text) {
        try {
            JsonNode n = JSON.readTree(text);
            if (n == null || !n.isArray() || n.size() != 3) return null;
            int[] v = new int[3];
            for (int i = 0; i < 3; i++) {
                if (!n.get(i).isInt()) return null;
                v[i] = n.get(i).asInt();
            }
            return v;
        } catch (IOException e) {
            return null;
        }
    }

    /** What a process did: its exit status (-1 when killed), its output, and whether it ran out of time. */
    record Result(int exit, String stdout, String stderr, boolean timedOut) {}

    /** Runs a command with its output in temporary files, killing it and its children after {@code timeoutMs}. */
    static Result exec(List<String> command, long timeoutMs) {
        return exec(command, timeoutMs, Map.of());
    }

    /** As {@link #exec(List, long)}, with {@code env} added to the process's environment. */
    static Result exec(List<String> command, long timeoutMs, Map<String, String> env) {
        Path out = null;
        Path err = null;
        Process p = null;
        try {
            out = Leftovers.temporary(Files.createTempFile("gilsim-real-", ".out"));
            err = Leftovers.temporary(Files.createTempFile("gilsim-real-", ".err"));
            ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
            pb.environment().putAll(env);
            try {
                p = Leftovers.child(pb.start());
            } catch (IOException e) {
                throw new InputError("--python " + command.get(0) + ": cannot be started: " + e.getMessage());
            }
            boolean done = p.waitFor(timeoutMs, TimeUnit.MILLISECONDS);
            if (!done) {
                kill(p);
                return new Result(-1, read(out), read(err), true);
            }
            return new Result(p.exitValue(), read(out), read(err), false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InputError("--python " + command.get(0) + ": interrupted");
        } catch (IOException e) {
            throw new InputError("--python " + command.get(0) + ": cannot create temporary files: " + e.getMessage());
        } finally {
            if (p != null && p.isAlive()) kill(p);
            if (p != null) Leftovers.settled(p);
            deleteQuietly(out);
            deleteQuietly(err);
        }
    }

    /** Kills the process and every process below it, and waits (at most a few seconds) until they are gone. */
    private static void kill(Process p) {
        List<ProcessHandle> tree = new ArrayList<>(p.descendants().toList());
        tree.forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        tree.add(p.toHandle());
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
        try {
            p.waitFor(3, TimeUnit.SECONDS);
            // SIGKILL cannot be refused; what is still alive after 3 s is beyond this process's reach
            while (tree.stream().anyMatch(RealRun::running) && System.nanoTime() < until) Thread.sleep(10);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Whether a process still runs: alive and not a zombie. A killed grandchild is reparented to init, which may
     * take seconds to reap it (about 2 s on the project's VM); until then it is dead but "alive" to Java.
     */
    static boolean running(ProcessHandle h) {
        if (!h.isAlive()) return false;
        try {
            String stat = Files.readString(Path.of("/proc/" + h.pid() + "/stat"));
            int close = stat.lastIndexOf(')');
            return close < 0 || close + 2 >= stat.length() || stat.charAt(close + 2) != 'Z';
        } catch (IOException | RuntimeException e) {
            return h.isAlive(); // no /proc (not Linux) or already gone
        }
    }

    private static String read(Path file) throws IOException {
        return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    }

    private static void deleteQuietly(Path file) {
        if (file == null) return;
        try {
            Files.deleteIfExists(file);
            Leftovers.settled(file);
        } catch (IOException ignored) {
            // a temporary file left behind is not worth failing a run for
        }
    }

    static void deleteTree(Path dir) {
        if (dir == null) return;
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            files.forEach(RealRun::deleteQuietly);
        } catch (IOException ignored) {
            // as above
        }
        deleteQuietly(dir);
    }

    private static String seconds(long ms) {
        return String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
    }

    /** The first line of a process's output, cut to 120 characters, for a one-line message. */
    static String firstLine(String text) {
        String t = text.strip();
        int nl = t.indexOf('\n');
        String line = nl < 0 ? t : t.substring(0, nl);
        return line.length() > 120 ? line.substring(0, 117) + "..." : line;
    }

    /** The last line (where an interpreter puts its error), cut to 200 characters. */
    static String lastLine(String text) {
        String t = text.strip();
        int nl = t.lastIndexOf('\n');
        String line = nl < 0 ? t : t.substring(nl + 1);
        return line.length() > 200 ? line.substring(0, 197) + "..." : line;
    }

    /** {@code : LAST LINE}, or nothing when there is none. */
    static String lastLineSuffix(String stderr) {
        String line = lastLine(stderr);
        return line.isEmpty() ? "" : ": " + line;
    }

    static String quote(String s) {
        return s.isEmpty() ? "nothing" : "'" + s + "'";
    }
}
