package gilsim.scenario;

import gilsim.program.Dist;
import gilsim.program.Step;
import gilsim.program.ThreadSpec;
import gilsim.sim.Durations;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

/**
 * Reads a scenario file. A file names the scenario, gives any keys (the common ones from {@link Defaults} and
 * its own, typed by their value), and composes threads from the program vocabulary:
 *
 * <pre>
 * name: convoy
 * params:
 *   cores: 2
 *   io_work: 20us          # a key of the file's own; programs refer to it as $io_work
 * threads:
 *   - name: io
 *     core: 0              # optional: pin to a core
 *     program:
 *       - loop:            # forever; or  loop: {times: 3, body: [...]}
 *           - release: 50us
 *           - compute: $io_work
 * </pre>
 *
 * Every error names the file, the line and the field.
 */
public final class ScenarioFile {
    private static final Set<String> TOP = Set.of("name", "description", "params", "threads", "pool", "machine",
            "arrivals");
    private static final Set<String> THREAD = Set.of("name", "core", "count", "program");
    /** The most copies a thread entry's {@code count} makes. */
    static final int MAX_COUNT = 1000;
    private static final String STEPS = "compute, release, sleep, hold, lock, unlock, put, get, select, answer, loop, "
            + "repeat";
    private static final String DISTRIBUTIONS = "a duration, or one of uniform, exponential, lognormal, empirical";
    private static final java.util.regex.Pattern NAME = java.util.regex.Pattern.compile("[A-Za-z_][A-Za-z0-9_.-]{0,63}");
    private static final String LOOP_EMPTY = "a loop needs at least one step";

    private ScenarioFile() {}

    /** The largest scenario file read: a scenario is a few dozen lines, and {@code run /dev/zero} must not fill memory. */
    static final int MAX_BYTES = 1 << 20;

    public static Scenario load(Path path) {
        String file = path.toString();
        if (Files.exists(path) && !Files.isRegularFile(path)) {
            throw new InputError(file + ": cannot read: not a regular file"
                    + (Files.isDirectory(path) ? " (a directory)" : ""));
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(path)) {
            bytes = in.readNBytes(MAX_BYTES + 1);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new InputError(file + ": cannot read: no such file");
        } catch (java.nio.file.AccessDeniedException e) {
            throw new InputError(file + ": cannot read: permission denied");
        } catch (IOException e) {
            throw new InputError(file + ": cannot read: " + e.getMessage());
        }
        if (bytes.length > MAX_BYTES) {
            throw new InputError(file + ": cannot read: larger than 1 MiB, too large for a scenario file");
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new InputError(file + ": cannot read: not UTF-8 text");
        }
        return parse(file, text);
    }

    /** Parses a scenario from {@code text}; {@code file} names it in messages. */
    public static Scenario parse(String file, String text) {
        YamlTree.Mapping top = mapping(file, YamlTree.parse(file, text), "the document");
        checkFields(file, top, TOP, "");
        String name = scalar(file, required(file, top, "name", ""), "name").text();
        String description = top.entries().containsKey("description")
                ? scalar(file, top.entries().get("description"), "description").text() : name;

        // A file runs either threads with programs or the m0 pool (`pool: m0`, its keys in params).
        boolean pool = top.entries().containsKey("pool");
        if (pool) {
            YamlTree.Scalar kind = scalar(file, top.entries().get("pool"), "pool");
            if (!kind.text().equals("m0")) {
                throw new InputError(file + ":" + kind.line() + ": pool: '" + kind.text() + "' is not a pool (m0)");
            }
            if (top.entries().containsKey("threads")) {
                throw new InputError(file + ":" + top.entries().get("threads").line()
                        + ": threads: a file has either threads or a pool, not both");
            }
            if (top.entries().containsKey("arrivals")) {
                throw new InputError(file + ":" + top.entries().get("arrivals").line()
                        + ": arrivals: the m0 pool has its own clients (connections, client_gap); arrivals feed "
                        + "the queues of a file's threads");
            }
        }
        // Keys: the common ones (and the pool's), their defaults overridden by the file, then the file's own.
        Map<String, Key> keys = new LinkedHashMap<>();
        Map<String, Integer> keyLines = new LinkedHashMap<>();
        for (Key k : pool ? Builtins.sliceRotation().keys() : Defaults.common()) keys.put(k.name(), k);
        YamlTree paramsNode = top.entries().get("params");
        if (paramsNode != null) {
            for (Map.Entry<String, YamlTree> e : mapping(file, paramsNode, "params").entries().entrySet()) {
                String field = "params." + e.getKey();
                YamlTree.Scalar v = scalar(file, e.getValue(), field);
                if (pool && e.getKey().equals(Waiters.NAME)) {
                    // As a key of the file's own it would do nothing, and --set waiters would set it, not threads.
                    throw new InputError(file + ":" + v.line() + ": " + field + ": a pool file gives threads "
                            + "(waiters = threads - 1 is a name --set and --over take)");
                }
                Key known = keys.get(e.getKey());
                Key key = known != null ? known : inferKey(file, v, e.getKey(), field);
                try {
                    key.parse(v.text());
                } catch (IllegalArgumentException ex) {
                    throw new InputError(file + ":" + v.line() + ": " + field + ": " + ex.getMessage());
                }
                keys.put(key.name(), key.withDefault(v.text()));
                keyLines.put(key.name(), v.line());
            }
        }
        MachineProfile machine = machine(file, top.entries().get("machine"));
        Scenario scenario;
        if (pool) {
            scenario = new Scenario(name, description, file, List.copyOf(keys.values()), Builtins::pool, keyLines,
                    machine, ownKeys(keys, true));
        } else {
            List<ThreadTemplate> threads = threads(file, required(file, top, "threads", ""), keys);
            YamlTree arrivalsNode = top.entries().get("arrivals");
            List<ArrivalsSection.Template> arrivals = arrivalsNode == null ? List.of()
                    : ArrivalsSection.parse(file, arrivalsNode, keys);
            checkQueues(file, threads, arrivals);
            Set<String> unused = ownKeys(keys, false);
            unused.removeAll(references(top.entries().get("threads")));
            if (arrivalsNode != null) unused.removeAll(references(arrivalsNode));
            scenario = new Scenario(name, description, file, List.copyOf(keys.values()),
                    params -> workload(threads, arrivals, params), keyLines, machine, unused);
        }
        // Check the file's own values together now, so a program that cannot run is reported with its line.
        scenario.params();
        return scenario;
    }

    /**
     * The keys the file adds of its own (none of the common keys, nor the pool's, which the model reads): for a pool,
     * none are read at all, since the pool has no steps.
     */
    private static Set<String> ownKeys(Map<String, Key> keys, boolean pool) {
        Set<String> common = new java.util.HashSet<>();
        for (Key k : pool ? Builtins.sliceRotation().keys() : Defaults.common()) common.add(k.name());
        Set<String> own = new java.util.LinkedHashSet<>(keys.keySet());
        own.removeAll(common);
        return own;
    }

    /** Every key a {@code $key} names anywhere under {@code node}: the keys the threads read. */
    private static Set<String> references(YamlTree node) {
        Set<String> out = new java.util.HashSet<>();
        if (node instanceof YamlTree.Scalar s && s.text().trim().startsWith("$")) out.add(s.text().trim().substring(1));
        else if (node instanceof YamlTree.Seq q) for (YamlTree t : q.items()) out.addAll(references(t));
        else if (node instanceof YamlTree.Mapping m) for (YamlTree t : m.entries().values()) out.addAll(references(t));
        return out;
    }

    /**
     * The threads of a run: each template resolved against the run's parameters, after checking what only the
     * parameters decide (a loop whose steps all take 0ns, a pinned core the machine lacks), with the line.
     */
    private static Workload workload(List<ThreadTemplate> threads, List<ArrivalsSection.Template> arrivals,
                                     Params params) {
        List<ThreadSpec> specs = new ArrayList<>();
        Set<String> names = new java.util.HashSet<>();
        for (ThreadTemplate t : threads) names.add(t.name());
        for (int i = 0; i < threads.size(); i++) {
            ThreadTemplate t = threads.get(i);
            String where = "threads[" + i + "]";
            int count = t.count().applyAsInt(params);
            if (t.core() >= 0 && !params.bool("pinned") && t.core() >= params.count("cores")) {
                throw new Scenario.Unrunnable(new Scenario.Problem(t.coreLine(), List.of("cores"), where
                        + ".core: core " + t.core() + " does not exist on a machine of " + params.count("cores")
                        + " cores"));
            }
            checkLoops(t.program(), where + ".program", params);
            for (int k = 1; k <= count; k++) {
                String copy = count == 1 ? t.name() : t.name() + "-" + k;
                if (count > 1 && !names.add(copy)) {
                    throw new Scenario.Unrunnable(new Scenario.Problem(t.countLine(), List.of(), where + ".name: '"
                            + copy + "' (a copy made by count) is used by another thread"));
                }
                specs.add(t.resolve(copy, params));
            }
            if (specs.size() > MAX_COUNT) {
                throw new Scenario.Unrunnable(new Scenario.Problem(t.countLine(), List.of(), "threads: "
                        + "more than " + MAX_COUNT + " threads"));
            }
        }
        return new Workload.Threads(specs, arrivals.stream().map(a -> a.resolve().apply(params)).toList());
    }

    /**
     * What the queues and requests need of the threads: every queue that something is put into (by a thread or by
     * the arrivals) is one some thread gets from, or its items would pile up unread; an {@code answer} has requests
     * to answer (the file has arrivals) and comes after a {@code get} of its thread's (a thread answers what it got).
     */
    private static void checkQueues(String file, List<ThreadTemplate> threads, List<ArrivalsSection.Template> arrivals) {
        Set<String> read = new java.util.HashSet<>();
        for (ThreadTemplate t : threads) collect(t.program(), "get", read);
        for (int i = 0; i < arrivals.size(); i++) {
            ArrivalsSection.Template a = arrivals.get(i);
            if (!read.contains(a.queue())) {
                throw new InputError(file + ":" + a.line() + ": arrivals[" + i + "].queue: no thread gets from '"
                        + a.queue() + "', so its requests would never be served (a thread's program reads a queue "
                        + "with get: " + a.queue() + ")");
            }
        }
        for (int i = 0; i < threads.size(); i++) {
            checkSteps(file, threads.get(i).program(), "threads[" + i + "].program", read, !arrivals.isEmpty(),
                    new boolean[1]);
        }
    }

    /** Walks a program in order; {@code got[0]}: a get came before, in this thread's program. */
    private static void checkSteps(String file, List<StepTemplate> steps, String where, Set<String> read,
                                   boolean requests, boolean[] got) {
        for (int i = 0; i < steps.size(); i++) {
            StepTemplate s = steps.get(i);
            String at = where + "[" + i + "]." + s.kind();
            switch (s.kind()) {
                case "get" -> got[0] = true;
                case "put" -> {
                    if (!read.contains(s.name())) {
                        throw new InputError(file + ":" + s.line() + ": " + at + ": no thread gets from '" + s.name()
                                + "', so what is put there is never read");
                    }
                }
                case "answer" -> {
                    if (!requests) {
                        throw new InputError(file + ":" + s.line() + ": " + at + ": there is no request to answer: "
                                + "the file has no arrivals (a list of sources under arrivals:)");
                    }
                    if (!got[0]) {
                        throw new InputError(file + ":" + s.line() + ": " + at + ": the thread answers a request it "
                                + "has got from a queue, and no get comes before this answer");
                    }
                }
                case "loop" -> checkSteps(file, s.body(), s.bodyField() ? at + ".body" : at, read, requests, got);
                case "select" -> {
                    // Each branch runs after a get from its queue; after the select, one of them has.
                    for (StepTemplate b : s.body()) {
                        boolean[] inBranch = {true};
                        checkSteps(file, b.body(), at + "." + b.name(), read, requests, inBranch);
                    }
                    got[0] = true;
                }
                default -> { }
            }
        }
    }

    /** The names the steps of {@code kind} use, below loops and in select's branches; a select gets from each. */
    private static void collect(List<StepTemplate> steps, String kind, Set<String> into) {
        for (StepTemplate s : steps) {
            if (s.kind().equals(kind)) into.add(s.name());
            if (s.kind().equals("loop")) collect(s.body(), kind, into);
            if (s.kind().equals("select")) {
                for (StepTemplate b : s.body()) {
                    if (kind.equals("get")) into.add(b.name());
                    collect(b.body(), kind, into);
                }
            }
        }
    }

    private static void checkLoops(List<StepTemplate> steps, String where, Params params) {
        for (int i = 0; i < steps.size(); i++) {
            StepTemplate s = steps.get(i);
            if (s.kind().equals("select")) {
                for (StepTemplate b : s.body()) checkLoops(b.body(), where + "[" + i + "].select." + b.name(), params);
                continue;
            }
            if (!s.kind().equals("loop")) continue;
            String path = where + "[" + i + "].loop";
            List<Step> body = s.body().stream().map(b -> b.resolve(params)).toList();
            if (s.times().applyAsInt(params) < 0 && !Step.takesTime(body)) {
                throw new Scenario.Unrunnable(new Scenario.Problem(s.line(), List.of(), "a loop with no duration: "
                        + "every step of " + path + " takes 0ns, so it would never advance time"));
            }
            checkLoops(s.body(), s.bodyField() ? path + ".body" : path, params);
        }
    }

    /**
     * A thread entry as written: its steps still refer to keys, and its count may be a key ({@code count: $workers}),
     * resolved when the run's parameters are known. A count of N makes N copies named name-1 .. name-N.
     */
    private record ThreadTemplate(String name, int core, int coreLine, ToIntFunction<Params> count, int countLine,
                                  List<StepTemplate> program) {
        ThreadSpec resolve(String copy, Params params) {
            return new ThreadSpec(copy, core, program.stream().map(s -> s.resolve(params)).toList());
        }
    }

    /**
     * One step as written: a kind; a duration (fixed, a $key, or a distribution) or the name of a lock or queue; for a
     * loop its passes and body ({@code bodyField}: the body was written under {@code body:}); its line, for messages.
     */
    private record StepTemplate(String kind, Function<Params, Dist> duration, String name, ToIntFunction<Params> times,
                                List<StepTemplate> body, boolean bodyField, int line) {
        /** A loop's passes: -1 forever. */
        static final ToIntFunction<Params> FOREVER = p -> -1;

        static StepTemplate loop(ToIntFunction<Params> times, List<StepTemplate> body, boolean bodyField, int line) {
            return new StepTemplate("loop", null, null, times, body, bodyField, line);
        }

        Step resolve(Params params) {
            return switch (kind) {
                case "loop" -> new Step.Loop(times.applyAsInt(params), body.stream().map(s -> s.resolve(params)).toList());
                case "compute" -> new Step.Compute(duration.apply(params));
                case "release" -> new Step.Release(duration.apply(params));
                case "sleep" -> new Step.Sleep(duration.apply(params));
                case "hold" -> new Step.Hold(duration.apply(params));
                case "lock" -> new Step.Lock(name);
                case "unlock" -> new Step.Unlock(name);
                case "put" -> new Step.Put(name);
                case "answer" -> new Step.Answer();
                case "select" -> new Step.Select(body.stream().map(b -> new Step.Select.Branch(b.name(),
                        b.body().stream().map(x -> x.resolve(params)).toList())).toList());
                default -> new Step.Get(name);
            };
        }
    }

    private static List<ThreadTemplate> threads(String file, YamlTree node, Map<String, Key> keys) {
        if (!(node instanceof YamlTree.Seq seq) || seq.items().isEmpty()) {
            throw new InputError(file + ":" + node.line() + ": threads: expected a list of at least one thread");
        }
        List<ThreadTemplate> out = new ArrayList<>();
        Set<String> names = new java.util.HashSet<>();
        for (int i = 0; i < seq.items().size(); i++) {
            String where = "threads[" + i + "]";
            YamlTree.Mapping m = mapping(file, seq.items().get(i), where);
            checkFields(file, m, THREAD, where + ".");
            YamlTree.Scalar nameNode = scalar(file, required(file, m, "name", where + "."), where + ".name");
            if (!names.add(nameNode.text())) {
                throw new InputError(file + ":" + nameNode.line() + ": " + where + ".name: '" + nameNode.text()
                        + "' is used by another thread");
            }
            int core = -1;
            int coreLine = 0;
            if (m.entries().containsKey("core")) {
                YamlTree.Scalar c = scalar(file, m.entries().get("core"), where + ".core");
                coreLine = c.line();
                try {
                    core = Integer.parseInt(c.text());
                } catch (NumberFormatException e) {
                    core = -2;
                }
                if (core < 0) {
                    throw new InputError(file + ":" + c.line() + ": " + where + ".core: '" + c.text()
                            + "' is not a core number (0, 1, ...)");
                }
            }
            List<StepTemplate> program = steps(file, required(file, m, "program", where + "."), where + ".program",
                    keys, "a program needs at least one step");
            checkLocks(file, program, where + ".program");
            ToIntFunction<Params> count = p -> 1;
            int countLine = nameNode.line();
            if (m.entries().containsKey("count")) {
                YamlTree.Scalar c = scalar(file, m.entries().get("count"), where + ".count");
                count = count(file, c, where + ".count", keys, MAX_COUNT);
                countLine = c.line();
            }
            out.add(new ThreadTemplate(nameNode.text(), core, coreLine, count, countLine, program));
        }
        return out;
    }

    /**
     * A count written as a whole number from 1 to {@code max}, or as a {@code $key} of a count key in params, read
     * when the run's parameters are known: a value past {@code max} then is the run's problem, with this line.
     */
    static ToIntFunction<Params> count(String file, YamlTree.Scalar s, String field, Map<String, Key> keys,
                                               int max) {
        String v = s.text().trim();
        if (!v.startsWith("$")) {
            int n = positive(file, s, field, max);
            return p -> n;
        }
        String name = v.substring(1);
        Key k = keys.get(name);
        if (k == null || k.kind() != Key.Kind.COUNT) {
            throw new InputError(file + ":" + s.line() + ": " + field + ": '" + v + "' names no count key in params");
        }
        return p -> {
            long n = p.count(name);
            if (n < 1 || n > max) {
                throw new Scenario.Unrunnable(new Scenario.Problem(s.line(), List.of(name), field + ": " + v + " is "
                        + n + "; a count from 1 to " + max));
            }
            return (int) n;
        };
    }

    /** A whole number from 1 to {@code max}, or one line naming the field. */
    private static int positive(String file, YamlTree.Scalar s, String field, int max) {
        int n;
        try {
            n = Integer.parseInt(s.text().trim());
        } catch (NumberFormatException e) {
            n = 0;
        }
        if (n < 1 || n > max) {
            throw new InputError(file + ":" + s.line() + ": " + field + ": '" + s.text() + "' is not a count from 1 to "
                    + max);
        }
        return n;
    }

    /**
     * Every lock is released in the list of steps that takes it, after it, and never taken twice before: a thread
     * that locked its own lock again would wait for itself forever, and one that unlocked a lock it does not hold
     * would raise RuntimeError in Python.
     */
    private static void checkLocks(String file, List<StepTemplate> steps, String where) {
        Map<String, Integer> held = new LinkedHashMap<>();
        for (int i = 0; i < steps.size(); i++) {
            StepTemplate s = steps.get(i);
            String at = where + "[" + i + "]." + s.kind();
            switch (s.kind()) {
                case "lock" -> {
                    if (held.containsKey(s.name())) {
                        throw new InputError(file + ":" + s.line() + ": " + at + ": '" + s.name() + "' is already "
                                + "held here (locked at line " + held.get(s.name()) + "): the thread would wait for "
                                + "itself");
                    }
                    held.put(s.name(), s.line());
                }
                case "unlock" -> {
                    if (held.remove(s.name()) == null) {
                        throw new InputError(file + ":" + s.line() + ": " + at + ": '" + s.name() + "' is not locked "
                                + "before it in the same list of steps");
                    }
                }
                case "loop" -> checkLocks(file, s.body(), s.bodyField() ? at + ".body" : at);
                case "select" -> {
                    for (StepTemplate b : s.body()) checkLocks(file, b.body(), at + "." + b.name());
                }
                default -> { }
            }
        }
        for (Map.Entry<String, Integer> e : held.entrySet()) {
            throw new InputError(file + ":" + e.getValue() + ": " + where + ": lock '" + e.getKey() + "' is never "
                    + "unlocked in the same list of steps");
        }
    }

    private static List<StepTemplate> steps(String file, YamlTree node, String where, Map<String, Key> keys,
                                            String whenEmpty) {
        if (!(node instanceof YamlTree.Seq seq)) {
            throw new InputError(file + ":" + node.line() + ": " + where + ": expected a list of steps");
        }
        if (seq.items().isEmpty()) throw new InputError(file + ":" + node.line() + ": " + where + ": " + whenEmpty);
        List<StepTemplate> out = new ArrayList<>();
        for (int i = 0; i < seq.items().size(); i++) {
            String at = where + "[" + i + "]";
            if (seq.items().get(i) instanceof YamlTree.Scalar word && word.text().trim().equals("answer")) {
                out.add(new StepTemplate("answer", null, null, null, List.of(), false, word.line()));
                continue;
            }
            YamlTree.Mapping m = mapping(file, seq.items().get(i), at);
            if (m.entries().containsKey("repeat")) {
                out.add(repeat(file, m, at + ".repeat", keys));
                continue;
            }
            if (m.entries().size() != 1) {
                throw new InputError(file + ":" + m.line() + ": " + at + ": a step is one of " + STEPS);
            }
            Map.Entry<String, YamlTree> e = m.entries().entrySet().iterator().next();
            String kind = e.getKey();
            YamlTree v = e.getValue();
            String field = at + "." + kind;
            switch (kind) {
                case "compute", "release", "sleep", "hold" -> out.add(new StepTemplate(kind,
                        duration(file, v, field, keys), null, null, List.of(), false, v.line()));
                case "lock", "unlock", "put", "get" -> {
                    YamlTree.Scalar s = scalar(file, v, field);
                    out.add(new StepTemplate(kind, null, name(file, s, field), null, List.of(), false, s.line()));
                }
                case "answer" -> throw new InputError(file + ":" + m.line() + ": " + field + ": answer takes nothing: "
                        + "write it as a step of its own, - answer");
                case "loop" -> out.add(loop(file, v, at + ".loop", keys, m.line()));
                case "select" -> out.add(select(file, v, field, keys, m.line()));
                default -> throw new InputError(file + ":" + m.line() + ": " + field + ": unknown step (" + STEPS
                        + ")");
            }
        }
        return out;
    }

    /**
     * {@code - select: {QUEUE: [steps], ...}}: an event loop's wait on several queues, a list of steps for an item of
     * each; kept as a step whose body holds one "branch" per queue (its name the queue, its body the steps).
     */
    private static StepTemplate select(String file, YamlTree v, String field, Map<String, Key> keys, int line) {
        YamlTree.Mapping m = mapping(file, v, field);
        if (m.entries().isEmpty()) {
            throw new InputError(file + ":" + m.line() + ": " + field + ": expected a list of steps for each queue it "
                    + "waits on (QUEUE: [steps])");
        }
        List<StepTemplate> branches = new ArrayList<>();
        for (Map.Entry<String, YamlTree> e : m.entries().entrySet()) {
            String at = field + "." + e.getKey();
            String queue = name(file, new YamlTree.Scalar(e.getValue().line(), e.getKey()), at);
            List<StepTemplate> steps = steps(file, e.getValue(), at, keys, "a branch needs at least one step");
            branches.add(new StepTemplate("branch", null, queue, null, steps, false, e.getValue().line()));
        }
        return new StepTemplate("select", null, null, null, branches, false, line);
    }

    /** {@code - {repeat: N, steps: [...]}}: a loop of N passes. */
    private static StepTemplate repeat(String file, YamlTree.Mapping m, String where, Map<String, Key> keys) {
        String base = where.substring(0, where.length() - ".repeat".length());
        checkFields(file, m, Set.of("repeat", "steps"), base + ".");
        ToIntFunction<Params> times = count(file, scalar(file, m.entries().get("repeat"), where), where, keys,
                Integer.MAX_VALUE);
        return StepTemplate.loop(times, steps(file, required(file, m, "steps", base + "."), base + ".steps", keys,
                LOOP_EMPTY), true, m.line());
    }

    /**
     * A step's duration: a fixed one ({@code 2ms}), a $key, or a distribution with literal durations:
     * {@code {uniform: [1us, 20us]}}, {@code {exponential: 2ms}}, {@code {lognormal: {median: 1ms, spread: 2}}},
     * {@code {empirical: [1ms, 2ms, 9ms]}} or {@code {empirical: {quantiles: [[0, 1ms], [1, 9ms]]}}}.
     */
    private static Function<Params, Dist> duration(String file, YamlTree v, String field, Map<String, Key> keys) {
        if (v instanceof YamlTree.Scalar s) {
            checkDuration(file, s, field, keys);
            String text = s.text().trim();
            // A $key was checked against the keys when the file was read; --set cannot remove a key.
            if (text.startsWith("$")) return p -> new Dist.Fixed(p.ns(text.substring(1)));
            Dist fixed = new Dist.Fixed(Durations.parse(text));
            return p -> fixed;
        }
        YamlTree.Mapping m = mapping(file, v, field);
        if (m.entries().size() != 1) {
            throw new InputError(file + ":" + m.line() + ": " + field + ": expected " + DISTRIBUTIONS);
        }
        Map.Entry<String, YamlTree> e = m.entries().entrySet().iterator().next();
        String at = field + "." + e.getKey();
        YamlTree d = e.getValue();
        Function<Params, Dist> make = switch (e.getKey()) {
            case "uniform" -> {
                List<YamlTree> ends = items(file, d, at, 2, 2);
                ToLongFunction<Params> low = parameter(file, ends.get(0), at + "[0]", keys);
                ToLongFunction<Params> high = parameter(file, ends.get(1), at + "[1]", keys);
                yield p -> new Dist.Uniform(low.applyAsLong(p), high.applyAsLong(p));
            }
            case "exponential" -> {
                ToLongFunction<Params> mean = parameter(file, d, at, keys);
                yield p -> new Dist.Exponential(mean.applyAsLong(p));
            }
            case "lognormal" -> {
                YamlTree.Mapping lm = mapping(file, d, at);
                checkFields(file, lm, Set.of("median", "spread"), at + ".");
                ToLongFunction<Params> median = parameter(file, required(file, lm, "median", at + "."), at + ".median",
                        keys);
                double spread = number(file, required(file, lm, "spread", at + "."), at + ".spread");
                yield p -> new Dist.LogNormal(median.applyAsLong(p), spread);
            }
            case "empirical" -> {
                Dist samples = checked(file, d, at, () -> empirical(file, d, at));
                yield p -> samples;
            }
            default -> throw new InputError(file + ":" + m.line() + ": " + at + ": unknown distribution ("
                    + DISTRIBUTIONS + ")");
        };
        if (references(d).isEmpty()) {
            // All literal: checked whole now, one line naming the file, the line and the field.
            Dist dist = checked(file, d, at, () -> make.apply(null));
            return p -> dist;
        }
        // A distribution over keys is checked for each run's values: a uniform whose ends --set crossed is the run's
        // problem, with this line.
        return p -> {
            try {
                return make.apply(p);
            } catch (IllegalArgumentException ex) {
                throw new Scenario.Unrunnable(new Scenario.Problem(d.line(), List.copyOf(references(d)), at + ": "
                        + ex.getMessage()));
            }
        };
    }

    /** A distribution made now, its refusal one line naming the file, the line and the field. */
    private static Dist checked(String file, YamlTree d, String at, java.util.function.Supplier<Dist> make) {
        try {
            return make.get();
        } catch (IllegalArgumentException ex) {
            throw new InputError(file + ":" + d.line() + ": " + at + ": " + ex.getMessage());
        }
    }

    /** A distribution's duration: a literal one, or a {@code $key} of a duration key, read for each run. */
    private static ToLongFunction<Params> parameter(String file, YamlTree node, String where, Map<String, Key> keys) {
        YamlTree.Scalar s = scalar(file, node, where);
        String v = s.text().trim();
        if (v.startsWith("$")) {
            checkDuration(file, s, where, keys);
            String name = v.substring(1);
            return p -> p.ns(name);
        }
        long ns = fixedNs(file, s, where);
        return p -> ns;
    }

    private static Dist empirical(String file, YamlTree d, String at) {
        if (d instanceof YamlTree.Seq) {
            List<Long> samples = new ArrayList<>();
            List<YamlTree> items = items(file, d, at, 1, 100_000);
            for (int i = 0; i < items.size(); i++) samples.add(literal(file, items.get(i), at + "[" + i + "]"));
            return new Dist.Samples(samples);
        }
        YamlTree.Mapping qm = mapping(file, d, at);
        checkFields(file, qm, Set.of("quantiles"), at + ".");
        String qat = at + ".quantiles";
        List<Double> ps = new ArrayList<>();
        List<Long> ns = new ArrayList<>();
        List<YamlTree> points = items(file, required(file, qm, "quantiles", at + "."), qat, 2, 100_000);
        for (int i = 0; i < points.size(); i++) {
            List<YamlTree> pair = items(file, points.get(i), qat + "[" + i + "]", 2, 2);
            ps.add(number(file, pair.get(0), qat + "[" + i + "][0]"));
            ns.add(literal(file, pair.get(1), qat + "[" + i + "][1]"));
        }
        return new Dist.Quantiles(ps, ns);
    }

    private static List<YamlTree> items(String file, YamlTree node, String where, int min, int max) {
        if (!(node instanceof YamlTree.Seq seq) || seq.items().size() < min || seq.items().size() > max) {
            throw new InputError(file + ":" + node.line() + ": " + where + ": expected a list of "
                    + (min == max ? min : min + " to " + max) + " items");
        }
        return seq.items();
    }

    /** A literal duration inside an empirical distribution (its points are checked together when the file is read). */
    private static long literal(String file, YamlTree node, String where) {
        YamlTree.Scalar s = scalar(file, node, where);
        if (s.text().trim().startsWith("$")) {
            throw new InputError(file + ":" + s.line() + ": " + where + ": an empirical distribution takes literal "
                    + "durations, not keys");
        }
        return fixedNs(file, s, where);
    }

    private static double number(String file, YamlTree node, String where) {
        YamlTree.Scalar s = scalar(file, node, where);
        try {
            double x = Double.parseDouble(s.text().trim());
            if (Double.isFinite(x)) return x;
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InputError(file + ":" + s.line() + ": " + where + ": '" + s.text() + "' is not a number");
    }

    /** A loop step; {@code line} is the line of its {@code loop:}, which messages about the whole loop name. */
    private static StepTemplate loop(String file, YamlTree v, String where, Map<String, Key> keys, int line) {
        if (v instanceof YamlTree.Seq) {
            return StepTemplate.loop(StepTemplate.FOREVER, steps(file, v, where, keys, LOOP_EMPTY), false, line);
        }
        YamlTree.Mapping m = mapping(file, v, where);
        checkFields(file, m, Set.of("times", "body"), where + ".");
        ToIntFunction<Params> times = StepTemplate.FOREVER;
        if (m.entries().containsKey("times")) {
            times = count(file, scalar(file, m.entries().get("times"), where + ".times"), where + ".times", keys,
                    Integer.MAX_VALUE);
        }
        return StepTemplate.loop(times,
                steps(file, required(file, m, "body", where + "."), where + ".body", keys, LOOP_EMPTY), true,
                line);
    }

    private static void checkDuration(String file, YamlTree.Scalar s, String field, Map<String, Key> keys) {
        String v = s.text().trim();
        if (v.startsWith("$")) {
            Key k = keys.get(v.substring(1));
            if (k == null || k.kind() != Key.Kind.DURATION) {
                throw new InputError(file + ":" + s.line() + ": " + field + ": '" + v
                        + "' names no duration key in params");
            }
        } else {
            fixedNs(file, s, field);
        }
    }

    /** The name of a lock or a queue, or one line naming the field. */
    static String name(String file, YamlTree.Scalar s, String field) {
        String name = s.text().trim();
        if (!NAME.matcher(name).matches()) {
            throw new InputError(file + ":" + s.line() + ": " + field + ": '" + name + "' is not a name "
                    + "(a letter or _, then letters, digits, _ . -; at most 64)");
        }
        return name;
    }

    /** A duration written as one ({@code 10ms}) or as a $key of a duration key, read when the run's params are known. */
    static java.util.function.ToLongFunction<Params> durationNs(String file, YamlTree.Scalar s, String field,
                                                                Map<String, Key> keys) {
        checkDuration(file, s, field, keys);
        String v = s.text().trim();
        if (v.startsWith("$")) return p -> p.ns(v.substring(1));
        long ns = fixedNs(file, s, field);
        return p -> ns;
    }

    private static long fixedNs(String file, YamlTree.Scalar s, String field) {
        String v = s.text().trim();
        try {
            long ns = Durations.parse(v);
            if (ns > Key.MAX_DURATION_NS) {
                throw new IllegalArgumentException("must be at most " + Durations.format(Key.MAX_DURATION_NS)
                        + ", got " + v);
            }
            return ns;
        } catch (IllegalArgumentException e) {
            throw new InputError(file + ":" + s.line() + ": " + field + ": " + e.getMessage());
        }
    }

    /**
     * A key of the file's own, typed by its value: a duration (0ns to 3600s, like every duration), true/false, or a
     * count (at least 1; nothing in the model reads a file's own count, so it has no ceiling).
     */
    private static Key inferKey(String file, YamlTree.Scalar v, String name, String field) {
        String t = v.text().trim();
        if (t.equals("true") || t.equals("false")) return Key.bool(name, t, "scenario key");
        if (t.matches("-?\\d+")) return Key.count(name, t, 1_000_000_000L, "scenario key");
        try {
            Durations.parse(t);
            return Key.duration(name, t, "scenario key");
        } catch (IllegalArgumentException e) {
            // A near miss (5 ms, 1.5ns) gets the duration's own message; anything else the list of kinds.
            String why = e.getMessage().contains("is not a duration (") ? "'" + t
                    + "' is not a duration, a count or true/false" : e.getMessage();
            throw new InputError(file + ":" + v.line() + ": " + field + ": " + why);
        }
    }

    static void checkFields(String file, YamlTree.Mapping m, Set<String> allowed, String prefix) {
        for (Map.Entry<String, YamlTree> e : m.entries().entrySet()) {
            if (!allowed.contains(e.getKey())) {
                throw new InputError(file + ":" + e.getValue().line() + ": " + prefix + e.getKey()
                        + ": unknown field (expected one of " + String.join(", ", allowed.stream().sorted().toList())
                        + ")");
            }
        }
    }

    /**
     * {@code machine: FILE}: a machine profile, its path relative to the scenario file, or {@code vm-2core} or
     * {@code none} ({@link MachineProfile#named}); null when absent.
     */
    private static MachineProfile machine(String file, YamlTree node) {
        if (node == null) return null;
        YamlTree.Scalar s = scalar(file, node, "machine");
        String spec = s.text().trim();
        try {
            return MachineProfile.named(MachineProfile.isName(spec) ? Path.of(spec) : beside(file, spec));
        } catch (InputError e) {
            throw new InputError(file + ":" + s.line() + ": machine: " + e.getMessage());
        }
    }

    /** A file a scenario file names, relative to the scenario file's directory. */
    static Path beside(String file, String name) {
        Path parent = Path.of(file).toAbsolutePath().getParent();
        return parent == null ? Path.of(name) : parent.resolve(name);
    }

    static YamlTree required(String file, YamlTree.Mapping m, String field, String prefix) {
        YamlTree v = m.entries().get(field);
        if (v == null) throw new InputError(file + ":" + m.line() + ": " + prefix + field + ": missing");
        return v;
    }

    static YamlTree.Mapping mapping(String file, YamlTree node, String where) {
        if (node instanceof YamlTree.Mapping m) return m;
        throw new InputError(file + ":" + node.line() + ": " + where + ": expected a mapping (key: value lines)");
    }

    static YamlTree.Scalar scalar(String file, YamlTree node, String where) {
        if (node instanceof YamlTree.Scalar s) return s;
        throw new InputError(file + ":" + node.line() + ": " + where + ": expected a single value");
    }
}
