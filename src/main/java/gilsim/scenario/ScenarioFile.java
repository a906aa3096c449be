package gilsim.scenario;

import gilsim.program.Step;
import gilsim.program.ThreadSpec;
import gilsim.sim.Durations;
import java.io.IOException;
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
    private static final Set<String> TOP = Set.of("name", "description", "params", "threads", "pool");
    private static final Set<String> THREAD = Set.of("name", "core", "program");

    private ScenarioFile() {}

    public static Scenario load(Path path) {
        String file = path.toString();
        String text;
        try {
            text = Files.readString(path, StandardCharsets.UTF_8);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new InputError(file + ": cannot read: no such file");
        } catch (IOException e) {
            throw new InputError(file + ": cannot read: " + e.getMessage());
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
            }
        }
        if (pool) return new Scenario(name, description, file, List.copyOf(keys.values()), Builtins::pool);
        // Read the threads once against the defaults, so a bad program is reported now, not at run time.
        List<ThreadTemplate> threads = threads(file, required(file, top, "threads", ""), keys);
        Scenario scenario = new Scenario(name, description, file, List.copyOf(keys.values()),
                params -> new Workload.Threads(threads.stream().map(t -> t.resolve(params)).toList()));
        scenario.workload().apply(scenario.params());
        return scenario;
    }

    /** A thread as written: its steps still refer to keys, resolved when the run's parameters are known. */
    private record ThreadTemplate(String name, int core, List<StepTemplate> program) {
        ThreadSpec resolve(Params params) {
            return new ThreadSpec(name, core, program.stream().map(s -> s.resolve(params)).toList());
        }
    }

    /** One step as written: a kind, a duration or a $key, and for a loop its passes and body. */
    private record StepTemplate(String kind, String value, int times, List<StepTemplate> body) {
        Step resolve(Params params) {
            if (kind.equals("loop")) return new Step.Loop(times, body.stream().map(s -> s.resolve(params)).toList());
            // A $key was checked against the keys when the file was read; --set cannot remove a key.
            long ns = value.startsWith("$") ? params.ns(value.substring(1)) : Durations.parseOrMinus1(value);
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
            if (m.entries().containsKey("core")) {
                YamlTree.Scalar c = scalar(file, m.entries().get("core"), where + ".core");
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
                    keys);
            out.add(new ThreadTemplate(nameNode.text(), core, program));
        }
        return out;
    }

    private static List<StepTemplate> steps(String file, YamlTree node, String where, Map<String, Key> keys) {
        if (!(node instanceof YamlTree.Seq seq) || seq.items().isEmpty()) {
            throw new InputError(file + ":" + node.line() + ": " + where + ": expected a list of steps");
        }
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
                    out.add(new StepTemplate(kind, s.text().trim(), 0, List.of()));
                }
                case "loop" -> out.add(loop(file, v, at + ".loop", keys));
                default -> throw new InputError(file + ":" + m.line() + ": " + at + "." + kind
                        + ": unknown step (compute, release, sleep, loop)");
            }
        }
        return out;
    }

    private static StepTemplate loop(String file, YamlTree v, String where, Map<String, Key> keys) {
        if (v instanceof YamlTree.Seq) {
            return new StepTemplate("loop", "", -1, steps(file, v, where, keys));
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
                        + "' is not a count of at least 1");
            }
        }
        return new StepTemplate("loop", "", times,
                steps(file, required(file, m, "body", where + "."), where + ".body", keys));
    }

    private static void checkDuration(String file, YamlTree.Scalar s, String field, Map<String, Key> keys) {
        String v = s.text().trim();
        if (v.startsWith("$")) {
            Key k = keys.get(v.substring(1));
            if (k == null || k.kind() != Key.Kind.DURATION) {
                throw new InputError(file + ":" + s.line() + ": " + field + ": '" + v
                        + "' names no duration key in params");
            }
        } else if (!Durations.isDuration(v)) {
            throw new InputError(file + ":" + s.line() + ": " + field + ": '" + v
                    + "' is not a duration (write 5ms, 300us, 2s or 1500ns)");
        }
    }

    private static Key inferKey(String file, YamlTree.Scalar v, String name, String field) {
        String t = v.text().trim();
        if (Durations.isDuration(t)) return Key.duration(name, t, "scenario key");
        if (t.equals("true") || t.equals("false")) return Key.bool(name, t, "scenario key");
        if (t.matches("-?\\d+")) return Key.count(name, t, "scenario key");
        throw new InputError(file + ":" + v.line() + ": " + field + ": '" + t
                + "' is not a duration, a count or true/false");
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
