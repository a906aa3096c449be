package gilsim.validate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import gilsim.cleanup.Leftovers;
import gilsim.scenario.InputError;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@code gilsim calibrate}: runs the script {@code calibrate.py} (beside this class) on a real interpreter under a
 * hard time limit and reads the one JSON object it prints into a {@link Measured}: the release race (pinned, and
 * unpinned for reading), the wake-up latency measured directly, the lateness of a 5 ms timed wait, how often a
 * woken thread preempted its waker on a shared core and the machine's own background. {@link CalibrationProfile}
 * turns that into a machine profile.
 *
 * <p>As {@link RealRun}: every failure is one {@link InputError} line naming the interpreter (missing, not Python,
 * older than 3.6, out of time, a refusal by the script, output that is not the script's JSON).
 */
public final class Calibration {
    /** The time limit of a full calibration (it takes some 70 s). */
    public static final long TIMEOUT_MS = 150_000;
    /** The time limit of a {@code --quick} one (some 14 s). */
    public static final long QUICK_TIMEOUT_MS = 60_000;

    private static final String RESOURCE = "calibrate.py";
    private static final ObjectMapper JSON = new ObjectMapper();

    private Calibration() {}

    /** One release length of the race: how many releases, how many the waiter won, how long a lost one took. */
    public record RacePoint(long releaseNs, long releases, long wins, long forced, long lostWallP50Ns) {
        /** The waiter's share of the releases: wins / releases (0 with no release). */
        public double share() {
            return releases == 0 ? 0.0 : wins / (double) releases;
        }
    }

    /**
     * What the script measured. Latency and lateness samples are sorted, in nanoseconds; {@code kernelSlackNs} is
     * the kernel's timer slack for the interpreter's threads ({@code /proc/self/timerslack_ns}), -1 if unreadable.
     */
    public record Measured(String python, String implementation, String executable, int cores, String cpu,
            double loadBefore, double loadAfter, long tookNs, boolean quick, long switchIntervalNs, double crcBytesPerNs,
            int workerCore, int waiterCore, long computeNs, List<RacePoint> race, List<RacePoint> raceUnpinned,
            long[] directNs, long timedWaitNs, long[] latenessNs, long kernelSlackNs, int preemptCore,
            long preemptRounds, long preempted, long preemptSpinNs, Background background) {
        /** The share of woken threads that preempted the waker, or NaN with no round. */
        public double preemptProbability() {
            return preemptRounds == 0 ? Double.NaN : preempted / (double) preemptRounds;
        }
    }

    /**
     * The machine's own background: a process pinned to each core spinning on the clock for {@code busyNs}, all at
     * once, then one on {@code aloneCore} alone for {@code aloneNs}. A gap between two clock readings is time the core
     * ran something else; per core the gaps of at least {@link #KEPT_NS} one by one (sorted) and the total of those of
     * at least 200 us ({@code lostNs}). Null in a {@link Measured} read from a script that did not measure it.
     */
    public record Background(long busyNs, List<Integer> cores, List<long[]> gapsNs, long[] lostNs, int aloneCore,
            long aloneNs, long[] aloneGapsNs, long aloneLostNs) {
        /** The shortest gap kept one by one ({@code GAP_KEPT_NS} in the script). */
        public static final long KEPT_NS = 500_000;
    }

    /** The script, as shipped. */
    public static String script() {
        return PythonScript.resource(RESOURCE);
    }

    /**
     * Checks the interpreter can run the script (exists, is Python, 3.6 or newer), before anything is measured.
     *
     * @return its version as {major, minor, micro}
     */
    public static int[] check(Path python) {
        int[] v = RealRun.version(python);
        if (v[0] < RealRun.MIN_VERSION[0] || (v[0] == RealRun.MIN_VERSION[0] && v[1] < RealRun.MIN_VERSION[1])) {
            throw new InputError("--python " + python + ": Python " + v[0] + "." + v[1] + "." + v[2]
                    + " is too old to calibrate with: it needs Python 3.6 or newer" + (v[0] < 3
                    ? " (2.7's zlib.crc32 never releases the GIL and it has no thread CPU clock)" : ""));
        }
        return v;
    }

    /** Runs the script on {@code python} ({@code --quick}: some 14 s instead of 70) within {@code timeoutMs}. */
    public static Measured measure(Path python, boolean quick, long timeoutMs) {
        check(python);
        String name = python.toString();
        Path file = null;
        try {
            file = Leftovers.temporary(Files.createTempFile("gilsim-calibrate-", ".py"));
            Files.writeString(file, script(), StandardCharsets.UTF_8);
            List<String> cmd = new ArrayList<>(List.of(name, "-I", "-u", file.toString()));
            if (quick) cmd.add("--quick");
            RealRun.Result r = RealRun.exec(cmd, timeoutMs);
            if (r.timedOut()) {
                throw new InputError("--python " + name + ": the calibration did not finish within "
                        + String.format(Locale.ROOT, "%.0f s", timeoutMs / 1000.0) + "; killed");
                // Not the last line of stderr: a shell around the interpreter may print "Killed" as it dies.
            }
            if (r.exit() == 3 && RealRun.lastLine(r.stderr()).startsWith("gilsim: ")) {
                throw new InputError("--python " + name + ": " + RealRun.lastLine(r.stderr()).substring("gilsim: ".length()));
            }
            if (r.exit() != 0) {
                throw new InputError("--python " + name + ": the calibration exited with status " + r.exit()
                        + RealRun.lastLineSuffix(r.stderr()));
            }
            return read(r.stdout(), name, HostCpu.model());
        } catch (IOException e) {
            throw new InputError("--python " + name + ": cannot write the script to a temporary file: "
                    + e.getMessage());
        } finally {
            if (file != null) {
                try {
                    Files.deleteIfExists(file);
                    Leftovers.settled(file);
                } catch (IOException ignored) {
                    // a temporary file left behind is not worth failing for
                }
            }
        }
    }

    /** The measurements in the script's output, made on the CPU named {@code cpu}. */
    static Measured read(String stdout, String name, String cpu) {
        JsonNode root;
        try {
            root = JSON.readTree(stdout);
        } catch (IOException e) {
            root = null;
        }
        if (root == null || !root.isObject() || !root.path("gilsim_calibrate").isInt()) {
            throw new InputError("--python " + name + ": the calibration printed no result gilsim can read: "
                    + RealRun.quote(RealRun.firstLine(stdout)));
        }
        try {
            JsonNode race = need(root, "race");
            JsonNode pre = need(root, "preempt");
            JsonNode tw = need(root, "timed_wait");
            return new Measured(root.path("python").asText("?"), root.path("implementation").asText("Python"),
                    root.path("executable").asText(name), need(root, "cores").asInt(),
                    cpu,
                    load(root.get("load_before")), load(root.get("load_after")), need(root, "took_ns").asLong(),
                    root.path("quick").asBoolean(false), root.path("switch_interval_ns").asLong(),
                    root.path("crc32").path("bytes_per_ns").asDouble(), race.path("worker_core").asInt(-1),
                    race.path("waiter_core").asInt(-1), race.path("compute_ns").asLong(),
                    points(race), root.has("race_unpinned") ? points(root.get("race_unpinned")) : List.of(),
                    sorted(need(need(root, "direct"), "latency_ns")), need(tw, "timeout_ns").asLong(),
                    sorted(need(tw, "lateness_ns")), tw.path("timer_slack_ns").asLong(-1), pre.path("core").asInt(-1),
                    need(pre, "rounds").asLong(), need(pre, "preempted").asLong(), pre.path("spin_ns").asLong(),
                    root.has("background") ? background(root.get("background")) : null);
        } catch (IllegalStateException e) {
            throw new InputError("--python " + name + ": the calibration printed no result gilsim can read: "
                    + e.getMessage());
        }
    }

    private static List<RacePoint> points(JsonNode race) {
        List<RacePoint> out = new ArrayList<>();
        for (JsonNode p : need(race, "points")) {
            JsonNode lost = p.get("lost_wall_p50_ns");
            out.add(new RacePoint(need(p, "release_ns").asLong(), need(p, "releases").asLong(),
                    need(p, "wins").asLong(), p.path("forced").asLong(),
                    lost == null || lost.isNull() ? -1 : lost.asLong()));
        }
        return out;
    }

    private static Background background(JsonNode bg) {
        List<Integer> cores = new ArrayList<>();
        for (JsonNode c : need(bg, "cores")) cores.add(c.asInt());
        List<long[]> gaps = new ArrayList<>();
        for (JsonNode g : need(bg, "gaps_ns")) gaps.add(sorted(g));
        long[] lost = longs(need(bg, "lost_ns"));
        if (gaps.size() != cores.size() || lost.length != cores.size()) {
            throw new IllegalStateException("the background's gaps and cores do not match");
        }
        JsonNode alone = need(bg, "alone");
        return new Background(need(bg, "busy_ns").asLong(), cores, gaps, lost, need(alone, "core").asInt(),
                need(alone, "ns").asLong(), sorted(need(alone, "gaps_ns")), need(alone, "lost_ns").asLong());
    }

    private static long[] sorted(JsonNode array) {
        long[] v = longs(array);
        Arrays.sort(v);
        return v;
    }

    private static long[] longs(JsonNode array) {
        if (!array.isArray()) throw new IllegalStateException("not a list of samples");
        long[] v = new long[array.size()];
        for (int i = 0; i < v.length; i++) v[i] = array.get(i).asLong();
        return v;
    }

    private static double load(JsonNode n) {
        return n != null && n.isArray() && n.size() > 0 ? n.get(0).asDouble() : Double.NaN;
    }

    private static JsonNode need(JsonNode node, String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) throw new IllegalStateException("no field '" + field + "'");
        return v;
    }

    /** This machine's 1-minute load average ({@code /proc/loadavg}, else the JVM's), NaN when unknown. */
    public static double loadAverage() {
        try {
            String s = Files.readString(Path.of("/proc/loadavg")).trim();
            return Double.parseDouble(s.split("\\s+")[0]);
        } catch (IOException | RuntimeException e) {
            double l = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
            return l < 0 ? Double.NaN : l;
        }
    }

    /**
     * Refuses (one line) to measure on a machine whose load average exceeds its core count, unless forced.
     *
     * @return whether the machine is busy (measured anyway when forced)
     */
    public static boolean checkLoad(double load, int cores, boolean force) {
        boolean busy = !Double.isNaN(load) && load > cores;
        if (busy && !force) {
            throw new InputError("the machine is too busy to measure: load " + fmt2(load) + " on " + cores
                    + " cores; wait until the 1-minute load average is at most the core count, or give --force to "
                    + "measure anyway (the figures then describe this machine under this load)");
        }
        return busy;
    }

    /** The value at quantile {@code q} (0..1) of sorted samples, nearest rank; -1 with no sample. */
    public static long quantile(long[] sorted, double q) {
        if (sorted.length == 0) return -1;
        int i = (int) Math.ceil(q * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }

    static String fmt2(double d) {
        return String.format(Locale.ROOT, "%.2f", d);
    }

}
