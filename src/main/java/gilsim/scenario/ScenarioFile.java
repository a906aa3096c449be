package gilsim.scenario;

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
    private static final Set<String> TOP = Set.of("name", "description", "params", "threads", "pool", "machine");
    private static final Set<String> THREAD = Set.of("name", "core", "program");
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

    static Scenario parse(String file, String text) {
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
                    machine);
        } else {
            List<ThreadTemplate> threads = threads(file, required(file, top, "threads", ""), keys);
            scenario = new Scenario(name, description, file, List.copyOf(keys.values()),
                    params -> workload(threads, params), keyLines, machine);
        }
        // Check the file's own values together now, so a program that cannot run is reported with its line.
        scenario.params();
        return scenario;
    }

    /**
     * The threads of a run: each template resolved against the run's parameters, after checking what only the
     * parameters decide (a loop whose steps all take 0ns, a pinned core the machine lacks), with the line.
     */
    private static Workload workload(List<ThreadTemplate> threads, Params params) {
        List<ThreadSpec> specs = new ArrayList<>();
        for (int i = 0; i < threads.size(); i++) {
            ThreadTemplate t = threads.get(i);
            String where = "threads[" + i + "]";
            if (t.core() >= 0 && !params.bool("pinned") && t.core() >= params.count("cores")) {
                throw new Scenario.Unrunnable(new Scenario.Problem(t.coreLine(), List.of("cores"), where
                        + ".core: core " + t.core() + " does not exist on a machine of " + params.count("cores")
                        + " cores"));
            }
            checkLoops(t.program(), where + ".program", params);
            specs.add(t.resolve(params));
        }
        return new Workload.Threads(specs);
    }

    private static void checkLoops(List<StepTemplate> steps, String where, Params params) {
        for (int i = 0; i < steps.size(); i++) {
            StepTemplate s = steps.get(i);
            if (!s.kind().equals("loop")) continue;
            String path = where + "[" + i + "].loop";
            List<Step> body = s.body().stream().map(b -> b.resolve(params)).toList();
            if (s.times() < 0 && !Step.takesTime(body)) {
                throw new Scenario.Unrunnable(new Scenario.Problem(s.line(), List.of(), "a loop with no duration: "
                        + "every step of " + path + " takes 0ns, so it would never advance time"));
            }
            checkLoops(s.body(), s.bodyField() ? path + ".body" : path, params);
        }
    }

    /** A thread as written: its steps still refer to keys, resolved when the run's parameters are known. */
    private record ThreadTemplate(String name, int core, int coreLine, List<StepTemplate> program) {
        ThreadSpec resolve(Params params) {
            return new ThreadSpec(name, core, program.stream().map(s -> s.resolve(params)).toList());
        }
    }

    /**
     * One step as written: a kind, a duration or a $key, and for a loop its passes and body ({@code bodyField}: the
     * body was written under {@code body:}); its line, for messages.
     */
    private record StepTemplate(String kind, String value, int times, List<StepTemplate> body, boolean bodyField,
                                int line) {
        Step resolve(Params params) {
            if (kind.equals("loop")) return new Step.Loop(times, body.stream().map(s -> s.resolve(params)).toList());
            // A $key was checked against the keys when the file was read; --set cannot remove a key.
            long ns = value.startsWith("$") ? params.ns(value.substring(1)) : Durations.parse(value);
            return switch (kind) {
                case "compute" -> new Step.Compute(ns);
                case "release" -> new Step.Release(ns);
                default -> new Step.Sleep(ns);
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
            out.add(new ThreadTemplate(nameNode.text(), core, coreLine, program));
        }
        return out;
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
            YamlTree.Mapping m = mapping(file, seq.items().get(i), at);
            if (m.entries().size() != 1) {
                throw new InputError(file + ":" + m.line() + ": " + at
                        + ": a step is one of compute, release, sleep, loop");
            }
            Map.Entry<String, YamlTree> e = m.entries().entrySet().iterator().next();
            String kind = e.getKey();
            YamlTree v = e.getValue();
            switch (kind) {
                case "compute", "release", "sleep" -> {
                    YamlTree.Scalar s = scalar(file, v, at + "." + kind);
                    checkDuration(file, s, at + "." + kind, keys);
                    out.add(new StepTemplate(kind, s.text().trim(), 0, List.of(), false, s.line()));
                }
                case "loop" -> out.add(loop(file, v, at + ".loop", keys, m.line()));
                default -> throw new InputError(file + ":" + m.line() + ": " + at + "." + kind
                        + ": unknown step (compute, release, sleep, loop)");
            }
        }
        return out;
    }

    /** A loop step; {@code line} is the line of its {@code loop:}, which messages about the whole loop name. */
    private static StepTemplate loop(String file, YamlTree v, String where, Map<String, Key> keys, int line) {
        if (v instanceof YamlTree.Seq) {
            return new StepTemplate("loop", "", -1, steps(file, v, where, keys, LOOP_EMPTY), false, line);
        }
        YamlTree.Mapping m = mapping(file, v, where);
        checkFields(file, m, Set.of("times", "body"), where + ".");
        int times = -1;
        if (m.entries().containsKey("times")) {
            YamlTree.Scalar t = scalar(file, m.entries().get("times"), where + ".times");
            try {
                times = Integer.parseInt(t.text());
            } catch (NumberFormatException e) {
                times = 0;
            }
            if (times <= 0) {
                throw new InputError(file + ":" + t.line() + ": " + where + ".times: '" + t.text()
                        + "' is not a count from 1 to " + Integer.MAX_VALUE);
            }
        }
        return new StepTemplate("loop", "", times,
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
            try {
                long ns = Durations.parse(v);
                if (ns > Key.MAX_DURATION_NS) {
                    throw new IllegalArgumentException("must be at most " + Durations.format(Key.MAX_DURATION_NS)
                            + ", got " + v);
                }
            } catch (IllegalArgumentException e) {
                throw new InputError(file + ":" + s.line() + ": " + field + ": " + e.getMessage());
            }
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

    private static void checkFields(String file, YamlTree.Mapping m, Set<String> allowed, String prefix) {
        for (Map.Entry<String, YamlTree> e : m.entries().entrySet()) {
            if (!allowed.contains(e.getKey())) {
                throw new InputError(file + ":" + e.getValue().line() + ": " + prefix + e.getKey()
                        + ": unknown field (expected one of " + String.join(", ", allowed.stream().sorted().toList())
                        + ")");
            }
        }
    }

    /** {@code machine: FILE}: a machine profile, its path relative to the scenario file; null when absent. */
    private static MachineProfile machine(String file, YamlTree node) {
        if (node == null) return null;
        YamlTree.Scalar s = scalar(file, node, "machine");
        Path parent = Path.of(file).toAbsolutePath().getParent();
        Path profile = parent == null ? Path.of(s.text().trim()) : parent.resolve(s.text().trim());
        try {
            return MachineProfile.load(profile);
        } catch (InputError e) {
            throw new InputError(file + ":" + s.line() + ": machine: " + e.getMessage());
        }
    }

    private static YamlTree required(String file, YamlTree.Mapping m, String field, String prefix) {
        YamlTree v = m.entries().get(field);
        if (v == null) throw new InputError(file + ":" + m.line() + ": " + prefix + field + ": missing");
        return v;
    }

    private static YamlTree.Mapping mapping(String file, YamlTree node, String where) {
        if (node instanceof YamlTree.Mapping m) return m;
        throw new InputError(file + ":" + node.line() + ": " + where + ": expected a mapping (key: value lines)");
    }

    private static YamlTree.Scalar scalar(String file, YamlTree node, String where) {
        if (node instanceof YamlTree.Scalar s) return s;
        throw new InputError(file + ":" + node.line() + ": " + where + ": expected a single value");
    }
}
