package gilsim.validate;

import gilsim.program.Dist;
import gilsim.program.Step;
import gilsim.program.ThreadSpec;
import gilsim.scenario.InputError;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.TreeSet;

/**
 * A scenario's thread programs compiled into one self-contained Python script (standard library only) that means
 * what the model means, runs for a given wall-clock time and prints one JSON object (read by {@link RealRun}).
 *
 * <p>The fixed part of the script is the resource {@code realrun.py} beside this class; its header says what each
 * step becomes. In short:
 * <ul>
 *   <li>{@code compute: D}: a Python loop spinning on the thread's CPU clock until it has advanced by D
 *       ({@code time.thread_time_ns} on 3.7+, {@code time.clock_gettime(CLOCK_THREAD_CPUTIME_ID)} on 3.6, wall time
 *       where neither exists, named in the output's {@code clock});</li>
 *   <li>{@code release: D}: {@code zlib.crc32} over a buffer sized from the crc32 rate measured at start-up. A D
 *       shorter than crc32 over 5121 bytes (the least for which it releases the GIL, about 1 us here) is run over
 *       5121 bytes, longer than asked; the output says so ({@code calibration.buffers[].raised}) and the step
 *       accuracy shows by how much. Over 256 MiB of buffer (some 50 ms) the script refuses;</li>
 *   <li>{@code sleep: D}: {@code time.sleep};</li>
 *   <li>step accuracy: compute and release are measured on the thread's CPU clock (the step's own length: a
 *       release includes the call and the CPU cost of taking the GIL back, some 1-1.5 us on the project's VM
 *       alone, more when the retake is contended), sleep on the wall clock (so it includes waiting for the GIL
 *       after waking); both means are in the JSON ({@code wall_mean_ns}, {@code cpu_mean_ns});</li>
 *   <li>pinning: {@code os.sched_setaffinity(0, {core})} called by the thread itself, which on Linux sets the
 *       calling thread's affinity only (checked: the other threads keep theirs); a core the process may not use,
 *       or a platform without it, is refused;</li>
 *   <li>the switch interval: {@code sys.setswitchinterval} to the scenario's {@code interval} before the threads
 *       start (CPython keeps whole microseconds; the output's {@code switch_interval_ns} is what it kept);</li>
 *   <li>{@code lock: L}, {@code unlock: L}: {@code acquire()} and {@code release()} of a {@code threading.Lock}; the
 *       wall clock is read around each acquire, and each thread reports per lock its acquisitions, their total and
 *       longest wait and how many took the lock from another thread ({@code locks} in the JSON);</li>
 *   <li>loops: {@code while True} or {@code for _ in range(N)}; the first loop at the top of a thread's program is
 *       its round, whose passes are timed.</li>
 * </ul>
 * It needs Python 3.6+. On 2.7 (or older 3.x) it stops at once with one line on stderr and exit status 3: 2.7's
 * {@code zlib.crc32} never releases the GIL, and 2.7 has no thread CPU clock. {@link RealRun} checks the version
 * before running it and turns either into an {@link InputError}.
 */
public final class PythonScript {
    /** How long the script measures the crc32 rate before the threads start, unless told otherwise. */
    public static final long DEFAULT_CALIBRATION_NS = 200_000_000L;

    /** CPython refuses more than 20 statically nested blocks; a thread's loops nest inside none of ours. */
    static final int MAX_LOOP_DEPTH = 18;

    private static final String RESOURCE = "realrun.py";

    private PythonScript() {}

    /**
     * The script for these threads, running for {@code durationNs} of wall time after a 200 ms calibration, with
     * {@code sys.setswitchinterval} set to {@code switchIntervalNs} (CPython keeps whole microseconds of it).
     */
    public static String compile(List<ThreadSpec> threads, long switchIntervalNs, long durationNs) {
        return compile(threads, switchIntervalNs, durationNs, DEFAULT_CALIBRATION_NS);
    }

    /**
     * @throws InputError when a thread's loops nest deeper than CPython accepts
     */
    public static String compile(List<ThreadSpec> threads, long switchIntervalNs, long durationNs,
                                 long calibrationNs) {
        return compile(threads, List.of(), switchIntervalNs, durationNs, calibrationNs);
    }

    /** A request the real side sends: at {@code timeNs} from the start, into the queue named {@code queue}. */
    public record Arrival(long timeNs, String queue) {}

    /**
     * The script for these threads and these arrivals (in time order), which a child process of the script sends
     * into their queues' pipes at their times.
     *
     * @throws InputError when a thread's loops nest deeper than CPython accepts
     */
    public static String compile(List<ThreadSpec> threads, List<Arrival> arrivals, long switchIntervalNs,
                                 long durationNs, long calibrationNs) {
        if (switchIntervalNs <= 0) throw new IllegalArgumentException("interval must be positive: " + switchIntervalNs);
        if (durationNs <= 0) throw new IllegalArgumentException("duration must be positive: " + durationNs);
        if (calibrationNs <= 0) throw new IllegalArgumentException("calibration must be positive: " + calibrationNs);
        StringBuilder config = new StringBuilder();
        config.append("SWITCH_INTERVAL_NS = ").append(switchIntervalNs).append("  # sys.setswitchinterval\n");
        config.append("DURATION_NS = ").append(durationNs).append('\n');
        config.append("CALIBRATION_NS = ").append(calibrationNs).append('\n');
        TreeSet<Long> releases = new TreeSet<>();
        for (ThreadSpec t : threads) collectReleases(t.program(), releases);
        config.append("RELEASES = [");
        boolean first = true;
        for (long ns : releases) {
            config.append(first ? "" : ", ").append(ns);
            first = false;
        }
        config.append("]  # the release durations asked for, in ns: one crc32 buffer each\n");
        TreeSet<String> locks = new TreeSet<>();
        TreeSet<String> queues = new TreeSet<>();
        for (ThreadSpec t : threads) collectNames(t.program(), locks, queues);
        List<String> arrivalQueues = arrivals.stream().map(Arrival::queue).distinct().sorted().toList();
        queues.removeAll(arrivalQueues);
        config.append("ARRIVAL_QUEUES = [").append(String.join(", ", arrivalQueues.stream().map(PythonScript::literal)
                .toList())).append("]  # queues that requests arrive in, through a pipe each\n");
        config.append("# each request: (ns from the start, its queue's index in ARRIVAL_QUEUES), in time order\n");
        config.append("ARRIVALS = [");
        for (int i = 0; i < arrivals.size(); i++) {
            Arrival a = arrivals.get(i);
            config.append(i == 0 ? "" : i % 8 == 0 ? ",\n    " : ", ").append('(').append(a.timeNs()).append(", ")
                    .append(arrivalQueues.indexOf(a.queue())).append(')');
        }
        config.append("]\n");
        config.append("LOCKS = [").append(String.join(", ", locks.stream().map(PythonScript::literal).toList()))
                .append("]  # threading.Lock objects, by name\n");
        config.append("QUEUES = [").append(String.join(", ", queues.stream().map(PythonScript::literal).toList()))
                .append("]  # queue.Queue objects, by name\n\n");
        for (int i = 0; i < threads.size(); i++) {
            ThreadSpec t = threads.get(i);
            config.append('\n');
            config.append("def thread_").append(i).append("(mark, end_rounds, compute, release, sleep):\n");
            config.append("    # thread ").append(literal(t.name()))
                    .append(t.pinnedCore() >= 0 ? ", pinned to core " + t.pinnedCore() : "").append('\n');
            // A thread with durations drawn from distributions draws them from a stream of its own, seeded by its
            // index, so a real run's draws repeat from run to run (they are not the simulation's draws).
            if (drawsDurations(t.program())) config.append("    rng = random.Random(").append(i + 1).append(")\n");
            Body body = new Body(config, t.name(), arrivalQueues);
            body.steps(t.program(), 1, true);
            config.append('\n');
        }
        config.append("\nTHREADS = [");
        for (int i = 0; i < threads.size(); i++) {
            ThreadSpec t = threads.get(i);
            config.append(i == 0 ? "\n" : ",\n").append("    (").append(literal(t.name())).append(", ")
                    .append(Math.max(-1, t.pinnedCore())).append(", thread_").append(i).append(')');
        }
        config.append("\n]\n");
        return template().replace("@@CONFIG@@", config.toString());
    }

    private static boolean drawsDurations(List<Step> steps) {
        for (Step s : steps) {
            if (s instanceof Step.Compute c && !c.duration().fixed()) return true;
            if (s instanceof Step.Sleep z && !z.duration().fixed()) return true;
            if (s instanceof Step.Loop l && drawsDurations(l.body())) return true;
        }
        return false;
    }

    private static void collectNames(List<Step> steps, TreeSet<String> locks, TreeSet<String> queues) {
        for (Step s : steps) {
            if (s instanceof Step.Lock l) locks.add(l.name());
            else if (s instanceof Step.Put p) queues.add(p.queue());
            else if (s instanceof Step.Get g) queues.add(g.queue());
            else if (s instanceof Step.Loop l) collectNames(l.body(), locks, queues);
            else if (s instanceof Step.Select sel) {
                for (Step.Select.Branch b : sel.branches()) {
                    queues.add(b.queue());
                    collectNames(b.steps(), locks, queues);
                }
            }
        }
    }

    private static void collectReleases(List<Step> steps, TreeSet<Long> into) {
        for (Step s : steps) {
            if (s instanceof Step.Release r) into.add(r.ns());
            else if (s instanceof Step.Loop l) collectReleases(l.body(), into);
        }
    }

    /** Writes a thread's steps as Python statements; the first top-level loop is the round. */
    private static final class Body {
        private final StringBuilder out;
        private final String thread;
        /** The queues that arrivals fill: a get there reads a request from the sender's pipe. */
        private final List<String> arrivalQueues;
        private boolean roundTaken;

        Body(StringBuilder out, String thread, List<String> arrivalQueues) {
            this.out = out;
            this.thread = thread;
            this.arrivalQueues = arrivalQueues;
        }

        void steps(List<Step> steps, int depth, boolean top) {
            if (depth - 1 > MAX_LOOP_DEPTH) {
                throw new InputError("thread " + thread + ": its loops nest " + (depth - 1)
                        + " deep; a real run compiles them to Python, which takes at most " + MAX_LOOP_DEPTH);
            }
            String pad = "    ".repeat(depth);
            if (steps.isEmpty()) {
                out.append(pad).append("pass\n");
                return;
            }
            for (Step s : steps) {
                if (s instanceof Step.Compute c) {
                    out.append(pad).append("compute(").append(draw(c.duration())).append(")\n");
                } else if (s instanceof Step.Release r) {
                    out.append(pad).append("release(").append(fixedNs(r.duration())).append(")\n");
                } else if (s instanceof Step.Sleep z) {
                    out.append(pad).append("sleep(").append(draw(z.duration())).append(")\n");
                } else if (s instanceof Step.Hold) {
                    throw new InputError("thread " + thread + ": a hold step cannot run as plain Python (no "
                            + "standard-library call keeps the GIL for a chosen time without check points); "
                            + "validate takes compute, release, sleep, lock, unlock, put, get, answer and loops");
                } else if (s instanceof Step.Lock l) {
                    out.append(pad).append("acquire(").append(literal(l.name())).append(")\n");
                } else if (s instanceof Step.Unlock u) {
                    out.append(pad).append("release_lock(").append(literal(u.name())).append(")\n");
                } else if (s instanceof Step.Put p) {
                    out.append(pad).append("put(").append(literal(p.queue())).append(")\n");
                } else if (s instanceof Step.Get g) {
                    out.append(pad).append(arrivalQueues.contains(g.queue()) ? "get_request(" : "get(")
                            .append(literal(g.queue())).append(")\n");
                } else if (s instanceof Step.Select) {
                    throw new InputError("thread " + thread + ": a select step (an event loop's wait on several "
                            + "queues) is not compiled to Python yet; validate takes compute, release, sleep, lock, "
                            + "unlock, put, get, answer and loops");
                } else if (s instanceof Step.Answer) {
                    out.append(pad).append("answer()\n");
                } else if (s instanceof Step.Loop l) {
                    boolean round = top && !roundTaken;
                    if (round) roundTaken = true;
                    String head = l.times() < 0 ? "while True:" : "for _ in range(" + l.times() + "):";
                    out.append(pad).append(head).append(round ? "  # the round" : "").append('\n');
                    if (round) out.append(pad).append("    mark()\n");
                    steps(l.body(), depth + 1, false);
                    if (round && l.times() >= 0) out.append(pad).append("end_rounds()\n");
                } else {
                    throw new IllegalArgumentException("unknown step " + s);
                }
            }
        }
    }

    /**
     * A release's fixed duration. A release drawn from a distribution is refused: its crc32 buffer is sized from a
     * rate measured before the threads start, one buffer per duration.
     */
    private static long fixedNs(Dist d) {
        if (!d.fixed()) {
            throw new InputError("a release drawn from a distribution cannot run as plain Python: its crc32 buffer "
                    + "is sized before the run, one per duration (give the release its mean, "
                    + Math.round(d.meanNs()) + "ns, to compare)");
        }
        return d.sampleNs(null);
    }

    /** A Python expression for a duration in ns: the number, or a draw from the thread's {@code rng}. */
    static String draw(Dist d) {
        if (d instanceof Dist.Fixed f) return Long.toString(f.ns());
        if (d instanceof Dist.Uniform u) return "rng.randint(" + u.loNs() + ", " + u.hiNs() + ")";
        if (d instanceof Dist.Exponential e) return "int(round(rng.expovariate(1.0 / " + e.averageNs() + ")))";
        if (d instanceof Dist.LogNormal l) {
            return "int(round(rng.lognormvariate(" + Math.log(l.medianNs()) + ", " + Math.log(l.spread()) + ")))";
        }
        if (d instanceof Dist.Samples s) {
            return "rng.choice((" + String.join(", ", s.samplesNs().stream().map(String::valueOf).toList()) + ",))";
        }
        Dist.Quantiles q = (Dist.Quantiles) d;
        return "quantile_draw(rng, (" + String.join(", ", q.probabilities().stream().map(String::valueOf).toList())
                + "), (" + String.join(", ", q.durationsNs().stream().map(String::valueOf).toList()) + "))";
    }

    /**
     * A Python string literal for any text: printable ASCII other than the quote and the backslash as is, every
     * other code point escaped, so no name can end the literal, start a new line or change the encoding.
     */
    static String literal(String text) {
        StringBuilder b = new StringBuilder("'");
        text.codePoints().forEach(cp -> {
            if (cp >= 0x20 && cp < 0x7f && cp != '\'' && cp != '\\') b.append((char) cp);
            else if (cp <= 0xff) b.append(String.format("\\x%02x", cp));
            else if (cp <= 0xffff) b.append(String.format("\\u%04x", cp));
            else b.append(String.format("\\U%08x", cp));
        });
        return b.append('\'').toString();
    }

    private static String template() {
        return resource(RESOURCE);
    }

    /** A Python script shipped in the jar beside these classes. */
    static String resource(String name) {
        try (InputStream in = PythonScript.class.getResourceAsStream(name)) {
            if (in == null) throw new IllegalStateException("resource " + name + " is missing from the jar");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
