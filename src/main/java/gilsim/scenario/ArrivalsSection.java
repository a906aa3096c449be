package gilsim.scenario;

import gilsim.program.ArrivalSpec;
import gilsim.sim.Durations;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

/**
 * A scenario file's {@code arrivals:} list: where its requests come from. Each source names the queue its requests
 * arrive in and is one of
 *
 * <pre>
 * - {queue: net, rate: 200}                          # 200 requests a second, Poisson (exponential gaps)
 * - {queue: net, rate: $rate, spacing: constant, burst: 4}   # 4 at once, $rate times a second, equal gaps
 * - {queue: net, times: arrivals.csv}                # one arrival per line of the file, a time from the start
 * - {queue: net, clients: 16, think: 10ms}           # 16 closed-loop clients: send, wait for the answer, think
 * </pre>
 *
 * Counts and durations may be {@code $key}s, resolved when the run's parameters are known. Every error names the
 * file, the line and the field.
 */
final class ArrivalsSection {
    private static final Set<String> FIELDS = Set.of("queue", "rate", "spacing", "burst", "times", "clients", "think");
    /** The highest rate a source may send at, requests a second (one every 100 ns). */
    static final int MAX_RATE = 10_000_000;
    /** The most closed-loop clients one source may have. */
    static final int MAX_CLIENTS = 100_000;
    /** The most lines an arrival times file may have. */
    static final int MAX_TIMES = 1_000_000;

    private ArrivalsSection() {}

    /** One source as written: resolved against the run's parameters; its line and queue, for the checks. */
    record Template(String queue, int line, Function<Params, ArrivalSpec> resolve) {}

    static List<Template> parse(String file, YamlTree node, Map<String, Key> keys) {
        if (!(node instanceof YamlTree.Seq seq) || seq.items().isEmpty()) {
            throw new InputError(file + ":" + node.line() + ": arrivals: expected a list of at least one source");
        }
        List<Template> out = new ArrayList<>();
        for (int i = 0; i < seq.items().size(); i++) {
            String where = "arrivals[" + i + "]";
            YamlTree.Mapping m = ScenarioFile.mapping(file, seq.items().get(i), where);
            ScenarioFile.checkFields(file, m, FIELDS, where + ".");
            YamlTree.Scalar q = ScenarioFile.scalar(file, ScenarioFile.required(file, m, "queue", where + "."),
                    where + ".queue");
            String queue = ScenarioFile.name(file, q, where + ".queue");
            List<String> kinds = new ArrayList<>();
            for (String k : List.of("rate", "times", "clients")) if (m.entries().containsKey(k)) kinds.add(k);
            if (kinds.size() != 1) {
                throw new InputError(file + ":" + m.line() + ": " + where + ": a source has one of rate, times or "
                        + "clients" + (kinds.isEmpty() ? "" : " (this one has " + String.join(" and ", kinds) + ")"));
            }
            String kind = kinds.get(0);
            for (String f : List.of("spacing", "burst")) {
                if (m.entries().containsKey(f) && !kind.equals("rate")) refuse(file, m, f, where, "rate");
            }
            if (m.entries().containsKey("think") && !kind.equals("clients")) refuse(file, m, "think", where, "clients");
            out.add(new Template(queue, m.line(), switch (kind) {
                case "rate" -> rate(file, m, where, queue, keys);
                case "times" -> times(file, m, where, queue);
                default -> clients(file, m, where, queue, keys);
            }));
        }
        return out;
    }

    private static void refuse(String file, YamlTree.Mapping m, String field, String where, String kind) {
        throw new InputError(file + ":" + m.entries().get(field).line() + ": " + where + "." + field + ": only a "
                + kind + " source takes " + field);
    }

    private static Function<Params, ArrivalSpec> rate(String file, YamlTree.Mapping m, String where, String queue,
                                                      Map<String, Key> keys) {
        ToIntFunction<Params> rate = ScenarioFile.count(file, ScenarioFile.scalar(file, m.entries().get("rate"),
                where + ".rate"), where + ".rate", keys, MAX_RATE);
        ToIntFunction<Params> burst = p -> 1;
        if (m.entries().containsKey("burst")) {
            burst = ScenarioFile.count(file, ScenarioFile.scalar(file, m.entries().get("burst"), where + ".burst"),
                    where + ".burst", keys, 1000);
        }
        ArrivalSpec.Spacing spacing = ArrivalSpec.Spacing.POISSON;
        if (m.entries().containsKey("spacing")) {
            YamlTree.Scalar s = ScenarioFile.scalar(file, m.entries().get("spacing"), where + ".spacing");
            spacing = switch (s.text().trim()) {
                case "poisson" -> ArrivalSpec.Spacing.POISSON;
                case "constant" -> ArrivalSpec.Spacing.CONSTANT;
                default -> throw new InputError(file + ":" + s.line() + ": " + where + ".spacing: '" + s.text()
                        + "' is not a spacing (poisson, constant)");
            };
        }
        ArrivalSpec.Spacing chosen = spacing;
        ToIntFunction<Params> bursts = burst;
        return p -> new ArrivalSpec.Rate(queue, rate.applyAsInt(p), chosen, bursts.applyAsInt(p));
    }

    private static Function<Params, ArrivalSpec> clients(String file, YamlTree.Mapping m, String where, String queue,
                                                         Map<String, Key> keys) {
        ToIntFunction<Params> clients = ScenarioFile.count(file, ScenarioFile.scalar(file, m.entries().get("clients"),
                where + ".clients"), where + ".clients", keys, MAX_CLIENTS);
        ToLongFunction<Params> think = p -> 0;
        if (m.entries().containsKey("think")) {
            YamlTree.Scalar t = ScenarioFile.scalar(file, m.entries().get("think"), where + ".think");
            think = ScenarioFile.durationNs(file, t, where + ".think", keys);
        }
        ToLongFunction<Params> thinks = think;
        return p -> new ArrivalSpec.Clients(queue, clients.applyAsInt(p), thinks.applyAsLong(p));
    }

    /**
     * {@code times: FILE}: its path relative to the scenario file. One arrival a line, a duration from the run's start
     * ({@code 1.5ms}) or a number of seconds ({@code 0.0015}), never before the line above; blank lines, lines from
     * {@code #} and a first line that is a column name ({@code time}, as pandas writes one column) are skipped.
     */
    private static Function<Params, ArrivalSpec> times(String file, YamlTree.Mapping m, String where, String queue) {
        YamlTree.Scalar s = ScenarioFile.scalar(file, m.entries().get("times"), where + ".times");
        Path csv = ScenarioFile.beside(file, s.text().trim());
        List<String> lines;
        try {
            if (Files.size(csv) > ScenarioFile.MAX_BYTES * 32L) {
                throw new InputError(file + ":" + s.line() + ": " + where + ".times: " + s.text().trim()
                        + " is larger than 32 MiB");
            }
            lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InputError(file + ":" + s.line() + ": " + where + ".times: cannot read " + s.text().trim()
                    + " (" + (Files.exists(csv) ? "not UTF-8 text, or unreadable" : "no such file") + ")");
        }
        String name = s.text().trim();
        List<Long> times = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            int comma = line.indexOf(',');
            if (comma >= 0) line = line.substring(0, comma).strip(); // the first column
            if (line.isEmpty() || line.startsWith("#")) continue;
            if (times.isEmpty() && i == firstContent(lines) && line.matches("[A-Za-z_\"][A-Za-z0-9_ \"]*")) continue;
            long ns;
            try {
                ns = line.matches("[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?") ? Math.round(Double.parseDouble(line) * 1e9)
                        : Durations.parse(line);
            } catch (IllegalArgumentException e) {
                throw new InputError(name + ":" + (i + 1) + ": time: '" + line + "' is not a time from the run's "
                        + "start (a duration such as 1.5ms, or seconds such as 0.0015)");
            }
            if (ns > Key.MAX_DURATION_NS) {
                throw new InputError(name + ":" + (i + 1) + ": time: " + line + " is past "
                        + Durations.format(Key.MAX_DURATION_NS));
            }
            if (!times.isEmpty() && ns < times.get(times.size() - 1)) {
                throw new InputError(name + ":" + (i + 1) + ": time: " + line + " comes before the time above it ("
                        + Durations.format(times.get(times.size() - 1)) + "): arrival times must not decrease");
            }
            if (times.size() == MAX_TIMES) {
                throw new InputError(name + ":" + (i + 1) + ": time: more than " + MAX_TIMES + " arrivals");
            }
            times.add(ns);
        }
        if (times.isEmpty()) {
            throw new InputError(file + ":" + s.line() + ": " + where + ".times: " + name + " holds no arrival time");
        }
        ArrivalSpec spec = new ArrivalSpec.Times(queue, times);
        return p -> spec;
    }

    private static int firstContent(List<String> lines) {
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i).strip();
            if (!l.isEmpty() && !l.startsWith("#")) return i;
        }
        return -1;
    }
}
