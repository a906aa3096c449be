package gilsim.badinput;

import static gilsim.badinput.BadCase.DIR;
import static gilsim.badinput.BadValues.draw;
import static gilsim.badinput.BadValues.seedFor;

import gilsim.scenario.Builtins;
import gilsim.scenario.Defaults;
import gilsim.scenario.Key;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * Bad scenario files, bad search CSVs for {@code chart --kind heatmap}, and the heavy cases (values near 2^31 and
 * 2^63, zero-time loops, endless or blocking inputs) that run in a child JVM.
 *
 * <p>A scenario file is a valid document with one thing broken: a family of mutations per field (wrong type,
 * missing, unknown, duplicated, a bad value), drawn with QuickTheories and read by a drawn command (run, search,
 * chart, bench).
 */
final class FileInputs {
    private FileInputs() {}

    static final String PARAMS = "params:\n  cores: 2\n  duration: 10ms\n  io: 20us\n";
    static final String THREAD_A = "  - name: a\n    program:\n      - loop:\n          - compute: 1ms\n"
            + "          - release: $io\n";
    static final String THREAD_B = "  - name: b\n    program:\n      - sleep: 1ms\n      - compute: 2ms\n";

    /** A thread that serves the requests arriving in {@code net}. */
    static final String SERVER = "  - name: server\n    program:\n      - loop:\n          - get: net\n"
            + "          - compute: 1ms\n          - answer\n";

    static String doc(String params, String threads) {
        return "name: x\ndescription: a scenario\n" + params + "threads:\n" + threads;
    }

    /** A thread whose program is the given step lines (each already indented under {@code program:}). */
    static String thread(String program) {
        return "  - name: a\n    program:\n" + program;
    }

    /** A YAML double-quoted scalar holding exactly {@code v}. */
    static String quoted(String v) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : v.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                default -> {
                    if (c < 0x20 || c == 0x7f || Character.isSurrogate(c) && !validPair(v, c)) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }

    private static boolean validPair(String v, char c) {
        int i = v.indexOf(c);
        if (Character.isHighSurrogate(c)) return i + 1 < v.length() && Character.isLowSurrogate(v.charAt(i + 1));
        return i > 0 && Character.isHighSurrogate(v.charAt(i - 1));
    }

    /** A family of bad documents: a name for the coverage check and a generator. */
    record Family(String name, Gen<String> docs) {}

    private static Family fixed(String name, String... docs) {
        return new Family(name, Generate.pick(List.of(docs)));
    }

    static List<Family> families() {
        List<Family> f = new ArrayList<>();
        f.add(fixed("malformed YAML",
                "name: x\nthreads:\n  - name: a\n    program: [compute: 1ms\n",
                "name: x\nthreads:\n\t- name: a\n\t  program:\n\t    - compute: 1ms\n",
                "name: x\n  threads: y\n",
                "name: : x\n",
                "name: \"x\nthreads: []\n",
                "name: [\n",
                "{\n",
                "name: x\ndescription: *nope\n",
                "- - -\n  x: : :\n",
                "\"\n",
                "name: x\n- a\n",
                "name: x\nthreads:\n  - name: a\n   program: []\n",
                "key: value: other\n",
                "name: x\n? [a, b]\n: c\n",
                "---\nname: x\n---\nname: y\n",
                "@name: x\n",
                "`x`\n",
                "name: x\nthreads:\n  - name: a\n    program:\n      - compute: 1ms\n  - }\n",
                "name: 'x\n",
                "name: x\nthreads: [{name: a, program: [{compute: 1ms}]\n",
                "name: x\r\nthreads:\r\n\t- name: a\r\n"));
        f.add(fixed("empty or not a mapping", "", " ", "\n\n\n", "# a comment only\n", "~\n", "null\n", "---\n",
                "...\n", "[]\n", "[name, x]\n", "42\n", "\"text\"\n", "- name: x\n", "true\n", "{}\n"));
        f.add(new Family("name", Generate.pick(List.of("[a, b]", "{a: 1}", "[]", "{}"))
                .map(v -> "name: " + v + "\n" + PARAMS + "threads:\n" + THREAD_A)
                .mix(Generate.constant(PARAMS + "threads:\n" + THREAD_A), 20)));
        f.add(new Family("description", Generate.pick(List.of("[x]", "{a: 1}", "[]"))
                .map(v -> "name: x\ndescription: " + v + "\n" + PARAMS + "threads:\n" + THREAD_A)));
        f.add(new Family("params type", Generate.pick(List.of("[]", "[a]", "x", "3", "\"\"", "{cores: [1]}",
                "{cores: {a: 1}}", "{io: [20us]}", "[cores: 2]"))
                .map(v -> doc("params: " + v + "\n", THREAD_A))));
        f.add(new Family("params value", paramValues(false)));
        f.add(new Family("params own key", Generate.pick(List.of("[1]", "1.5", "\"\"", "abc", "5 parsecs",
                "-5ms", "{a: 1}", "NaN", "-1", "0", "1e3", "0x10", "\"5ms,6ms\"", "~", "99999999999999999999"))
                .zip(Generate.pick(List.of("foo", "io2", "my_key")), (v, k) ->
                        doc(PARAMS + "  " + k + ": " + v + "\n", THREAD_A))));
        f.add(new Family("threads type", Generate.pick(List.of("{}", "x", "[]", "3", "[x]", "[[]]", "~",
                "{name: a}")).map(v -> "name: x\n" + PARAMS + "threads: " + v + "\n")));
        f.add(fixed("threads missing", "name: x\n" + PARAMS, "name: x\n"));
        f.add(new Family("thread fields", Generate.pick(List.of(
                "  - name: [a]\n    program:\n      - compute: 1ms\n",
                "  - name: {a: 1}\n    program:\n      - compute: 1ms\n",
                "  - program:\n      - compute: 1ms\n",
                "  - name: a\n",
                "  - name: a\n    progam:\n      - compute: 1ms\n",
                "  - name: a\n    program:\n      - compute: 1ms\n    priority: 3\n",
                "  - a\n",
                "  - []\n",
                "  - name: a\n    program:\n      - compute: 1ms\n  - name: a\n    program:\n      - sleep: 1ms\n"))
                .map(t -> doc(PARAMS, t))));
        f.add(new Family("thread core", Generate.pick(List.of("x", "-1", "1.5", "[]", "2147483648", "99", "2",
                "0x1", "\"\"", "{}", "9223372036854775808", "-2147483648", "~", "NaN", "1e1"))
                .map(v -> doc(PARAMS, "  - name: a\n    core: " + v + "\n    program:\n      - compute: 1ms\n"))));
        f.add(new Family("program type", Generate.pick(List.of("{}", "x", "[]", "3", "~", "[[compute: 1ms]]",
                "{compute: 1ms}")).map(v -> doc(PARAMS, "  - name: a\n    program: " + v + "\n"))));
        f.add(new Family("step shape", Generate.pick(List.of("      - compute\n",
                "      - {compute: 1ms, release: 1ms}\n", "      - compute: [1ms]\n", "      - compute: {a: 1}\n",
                "      - compute:\n", "      - {}\n", "      - []\n", "      - ~\n", "      - 1ms\n"))
                .map(p -> doc(PARAMS, thread(p)))));
        f.add(new Family("unknown step", Generate.pick(List.of("spin", "Compute", "\"\"", "sleep_", "yield", "wait",
                "gil", "compute ms", "loops", "\"compute\u0000\"", "$io"))
                .map(k -> doc(PARAMS, thread("      - " + k + ": 1ms\n")))));
        Key durationKey = Key.duration("step", "1ms", "a step");
        f.add(new Family("step duration", BadValues.forKey(durationKey).zip(Generate.pick(List.of("compute",
                "release", "sleep")), (v, k) -> doc(PARAMS, thread("      - " + k + ": " + quoted(v) + "\n")))));
        f.add(new Family("step $key", Generate.pick(List.of("$missing", "$cores", "$pinned", "$policy", "$", "$$io",
                "\"$ io\"", "$io$io", "$IO", "$max_events", "\"$i\u0000o\"")).zip(Generate.pick(List.of("compute",
                "release", "sleep")), (v, k) -> doc(PARAMS, thread("      - " + k + ": " + v + "\n")))));
        f.add(new Family("loop shape", Generate.pick(List.of("x", "{}", "{times: 3}", "{body: []}", "[]",
                "{times: 3, body: x}", "{times: 3, body: [compute: 1ms], extra: 1}", "~",
                "{body: {compute: 1ms}}", "[[]]", "{times: 3, body: [{}]}", "[loop: []]"))
                .map(v -> doc(PARAMS, thread("      - loop: " + v + "\n")))));
        f.add(new Family("loop times", Generate.pick(List.of("0", "-1", "2147483648", "9223372036854775808", "1.5",
                "abc", "\"\"", "[]", "{}", "1e3", "0x10", "NaN", "~", "99999999999999999999", "-2147483648"))
                .map(v -> doc(PARAMS, thread("      - loop: {times: " + v + ", body: [compute: 1ms]}\n")))));
        f.add(new Family("distribution", Generate.pick(List.of("{uniform: [20us, 1us]}", "{uniform: [-1us, 1us]}",
                "{uniform: [1us]}", "{uniform: [1us, 2us, 3us]}", "{uniform: 1us}", "{exponential: 0ns}",
                "{exponential: -1ms}", "{exponential: [1ms]}", "{lognormal: {median: 1ms, spread: 0.5}}",
                "{lognormal: {median: 1ms}}", "{lognormal: {spread: 2}}", "{lognormal: {median: 1ms, spread: x}}",
                "{lognormal: {median: 0ns, spread: 2}}", "{lognormal: {median: 1ms, spread: 2, mode: 1}}",
                "{empirical: []}", "{empirical: [-1ms]}", "{empirical: [1 ms]}",
                "{empirical: {quantiles: [[0.1, 1ms], [1, 2ms]]}}", "{empirical: {quantiles: [[0, 2ms], [1, 1ms]]}}",
                "{empirical: {quantiles: [[0, 1ms], [1.5, 2ms]]}}", "{empirical: {quantiles: [[0, 1ms]]}}",
                "{empirical: {quantiles: [[0, 1ms, 2ms], [1, 2ms]]}}", "{empirical: {samples: [1ms]}}",
                "{normal: 1ms}", "{exponential: $io}", "{uniform: [1ms, 4000s]}", "{uniform: [1ms, 2ms], exponential: 1ms}"))
                .zip(Generate.pick(List.of("compute", "release", "sleep", "hold")),
                        (v, k) -> doc(PARAMS, thread("      - " + k + ": " + v + "\n")))));
        f.add(new Family("locks and queues", Generate.pick(List.of(
                "      - lock: a\n      - compute: 1ms\n",
                "      - compute: 1ms\n      - unlock: a\n",
                "      - lock: a\n      - lock: a\n      - unlock: a\n",
                "      - lock: a\n      - loop: {times: 2, body: [unlock: a]}\n",
                "      - lock: two words\n      - unlock: two words\n",
                "      - lock: [a]\n", "      - put: {}\n", "      - get: \"\"\n", "      - get: 1q\n",
                "      - loop: [put: q]\n", "      - loop: [lock: a, unlock: a]\n",
                "      - select: {}\n", "      - select: [a]\n", "      - select: {1a: [compute: 1ms]}\n",
                "      - select: {a: []}\n", "      - select: {a: compute}\n", "      - select: a\n",
                "      - loop: [select: {a: [put: a]}]\n", "      - select: {a: [lock: l]}\n",
                "      - select: {a: [compute: 1ms]}\n      - answer\n"))
                .map(p -> doc(PARAMS, thread(p)))));
        f.add(new Family("arrivals", Generate.pick(List.of(
                "  - {queue: net, rate: -5}\n", "  - {queue: net, rate: 0}\n", "  - {queue: net, rate: x}\n",
                "  - {queue: net, rate: 1.5}\n", "  - {queue: net, rate: 20000000}\n",
                "  - {queue: net, rate: 10, burst: 0}\n", "  - {queue: net, rate: 10, spacing: normal}\n",
                "  - {queue: net}\n", "  - {queue: net, rate: 10, clients: 2}\n",
                "  - {queue: net, rate: 10, think: 1ms}\n", "  - {queue: net, clients: 0}\n",
                "  - {queue: net, clients: 2, think: -1ms}\n", "  - {queue: nobody, rate: 10}\n",
                "  - {rate: 10}\n", "  - {queue: net, times: missing.csv}\n", "  - {queue: net, rate: $nokey}\n",
                "  - {queue: net, rate: 10, extra: 1}\n", "  - queue: net\n", "  {queue: net}\n", "  []\n"))
                .map(a -> doc(PARAMS, SERVER) + "arrivals:\n" + a)));
        f.add(fixed("answers",
                doc(PARAMS, SERVER),
                doc(PARAMS, thread("      - loop:\n          - answer\n          - get: net\n"))
                        + "arrivals:\n  - {queue: net, rate: 10}\n",
                doc(PARAMS, thread("      - answer: 1\n")) + "arrivals:\n  - {queue: net, rate: 10}\n",
                doc(PARAMS, THREAD_A + thread("      - loop:\n          - put: q\n          - compute: 1ms\n")),
                "name: p\npool: m0\nparams:\n  duration: 10ms\narrivals:\n  - {queue: net, rate: 10}\n"));
        f.add(new Family("thread count", Generate.pick(List.of("0", "-1", "1001", "x", "1.5", "[]", "{}", "~",
                "2147483648")).map(v -> doc(PARAMS, "  - name: a\n    count: " + v + "\n    program:\n"
                + "      - compute: 1ms\n"))));
        f.add(new Family("repeat", Generate.pick(List.of("{repeat: 0, steps: [compute: 1ms]}", "{repeat: 3}",
                "{repeat: 3, steps: []}", "{repeat: x, steps: [compute: 1ms]}",
                "{repeat: 2, steps: [compute: 1ms], extra: 1}", "{repeat: -1, steps: [compute: 1ms]}",
                "{repeat: 2, body: [compute: 1ms]}")).map(v -> doc(PARAMS, thread("      - " + v + "\n")))));
        f.add(fixed("duplicate keys",
                "name: x\nname: y\n" + PARAMS + "threads:\n" + THREAD_A,
                "name: x\n" + PARAMS + "  cores: 3\nthreads:\n" + THREAD_A,
                "name: x\n" + PARAMS + "threads:\n" + THREAD_A + "threads:\n" + THREAD_B,
                "name: x\n" + PARAMS + "params:\n  cores: 1\nthreads:\n" + THREAD_A,
                doc(PARAMS, "  - name: a\n    name: b\n    program:\n      - compute: 1ms\n"),
                doc(PARAMS, "  - name: a\n    program:\n      - compute: 1ms\n    program:\n      - sleep: 1ms\n"),
                doc(PARAMS, thread("      - loop: {times: 2, times: 3, body: [compute: 1ms]}\n")),
                doc(PARAMS, thread("      - {compute: 1ms, compute: 2ms}\n"))));
        f.add(fixed("duplicate thread names",
                doc(PARAMS, THREAD_A + THREAD_A),
                doc(PARAMS, THREAD_A + THREAD_B.replace("name: b", "name: a")),
                doc(PARAMS, THREAD_A + THREAD_B.replace("name: b", "name: \"a\""))));
        f.add(new Family("pool", Generate.pick(List.of("m1", "[m0]", "{}", "~", "\"\"", "M0", "m0 m0"))
                .map(v -> "name: p\npool: " + v + "\nparams:\n  duration: 10ms\n")
                .mix(Generate.constant("name: p\npool: m0\nparams:\n  duration: 10ms\nthreads:\n" + THREAD_A), 20)));
        f.add(new Family("pool params", paramValues(true)));
        // waiters is a name --set and --over take for threads - 1; a pool file gives threads.
        f.add(fixed("pool waiters", "name: p\npool: m0\nparams:\n  duration: 10ms\n  waiters: 3\n",
                "name: p\npool: m0\nparams:\n  duration: 10ms\n  threads: 4\n  waiters: 3\n"));
        f.add(new Family("not UTF-8", Generate.pick(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8)).map(FileInputs::notUtf8)));
        return f;
    }

    /** A file whose params give one key (common or the pool's) a bad value. */
    private static Gen<String> paramValues(boolean pool) {
        List<Key> keys = pool ? Builtins.get("slice-rotation").keys() : Defaults.common();
        Gen<Key> key = Generate.pick(keys);
        return key.flatMap(k -> BadValues.forKey(k).map(v -> {
            String line = "  " + k.name() + ": " + quoted(v) + "\n";
            return pool ? "name: p\npool: m0\nparams:\n  duration: 10ms\n" + line
                    : doc(PARAMS + line, THREAD_A);
        }));
    }

    /** Text with marks where bytes that are not UTF-8 go; kept as a string here and made bytes when written. */
    static String notUtf8(int variant) {
        return "@BYTES" + variant + "@";
    }

    static byte[] bytes(String doc) {
        if (!doc.startsWith("@BYTES")) return doc.getBytes(StandardCharsets.UTF_8);
        int v = doc.charAt(6) - '0';
        String good = BadInputs.Files.GOOD;
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        byte[] utf8 = good.getBytes(StandardCharsets.UTF_8);
        int at = good.indexOf("good") + 2; // inside the name
        switch (v) {
            case 0 -> splice(b, utf8, at, new byte[] {(byte) 0xff});
            case 1 -> splice(b, utf8, at, new byte[] {(byte) 0xc3, (byte) 0x28});
            case 2 -> splice(b, utf8, at, new byte[] {(byte) 0xe9});
            case 3 -> {
                b.writeBytes(new byte[] {(byte) 0xff, (byte) 0xfe});
                b.writeBytes(good.getBytes(StandardCharsets.UTF_16LE));
            }
            case 4 -> {
                b.writeBytes(new byte[] {(byte) 0xfe, (byte) 0xff});
                b.writeBytes(good.getBytes(StandardCharsets.UTF_16BE));
            }
            case 5 -> splice(b, utf8, at, new byte[] {0, 0, 0});
            case 6 -> splice(b, utf8, at, new byte[] {(byte) 0xed, (byte) 0xa0, (byte) 0x80});
            case 7 -> splice(b, utf8, at, new byte[] {(byte) 0xc0, (byte) 0xaf});
            default -> {
                b.writeBytes(utf8);
                b.writeBytes(new byte[] {(byte) 0xe2, (byte) 0x82});
            }
        }
        return b.toByteArray();
    }

    private static void splice(ByteArrayOutputStream b, byte[] doc, int at, byte[] insert) {
        b.write(doc, 0, at);
        b.writeBytes(insert);
        b.write(doc, at, doc.length - at);
    }

    /** The command that reads a scenario file, small. */
    static List<String> reading(String cmd, String file) {
        List<String> a = new ArrayList<>(BadInputs.command(cmd, file, List.of()));
        if (cmd.equals("search")) a.addAll(List.of("--over", "cores=1..2"));
        return a;
    }

    /** Every family, {@code perFamily} documents each, read by a drawn command; then the paths that are not files. */
    static List<BadCase> files(long seed, int perFamily) {
        List<BadCase> out = new ArrayList<>();
        for (Family fam : families()) {
            Gen<List<String>> gen = fam.docs().zip(Generate.pick(BadInputs.COMMANDS), (d, c) -> List.of(d, c));
            for (List<String> pick : draw(gen, seedFor(seed, "file " + fam.name()), perFamily)) {
                out.add(fileCase("files", "file " + fam.name(), pick.get(1), pick.get(0)));
            }
        }
        // A file of arrival times that go back, beside the scenario that reads it: the error names the CSV's line.
        for (String cmd : BadInputs.COMMANDS) {
            out.add(fileCase("files", "file arrival times", cmd, doc(PARAMS, SERVER)
                    + "arrivals:\n  - {queue: net, times: t.csv}\n")
                    .withFile("t.csv", bytes("time\n1ms\n3ms\n2ms\n")));
        }
        // Paths that are not a readable scenario file.
        Map<String, byte[]> setup = new LinkedHashMap<>();
        setup.put("sub.yaml", BadCase.SUBDIR);
        setup.put("plain.txt", "x\n".getBytes(StandardCharsets.UTF_8));
        for (String cmd : BadInputs.COMMANDS) {
            for (String path : List.of(DIR, DIR + "/sub.yaml", DIR + "/missing.yaml", "/dev/null", "/etc/passwd",
                    DIR + "/plain.txt/x.yaml", "/proc/self/status", "/", DIR + "/x\n.yaml", " ",
                    DIR + "/\ud83d\udc0d.yaml")) {
                BadCase c = BadCase.of("files", "file path", reading(cmd, path));
                for (Map.Entry<String, byte[]> e : setup.entrySet()) c = c.withFile(e.getKey(), e.getValue());
                if (cmd.equals("chart")) c = c.withOutput(DIR + "/chart.svg");
                out.add(c);
            }
        }
        return out;
    }

    static BadCase fileCase(String category, String feature, String cmd, String doc) {
        BadCase c = BadCase.of(category, feature, reading(cmd, DIR + "/s.yaml")).withFile("s.yaml", bytes(doc));
        return cmd.equals("chart") ? c.withOutput(DIR + "/chart.svg") : c;
    }

    // ======================================================================== CSV

    record CsvFamily(String name, Gen<String> texts) {}

    static List<CsvFamily> csvFamilies() {
        String h = BadInputs.Csv.HEADER + "\n";
        String ok = BadInputs.Csv.OK;
        List<CsvFamily> f = new ArrayList<>();
        f.add(new CsvFamily("quotes", Generate.pick(List.of(ok + "\"\n", "\"", "\"\n", h + "\"\n",
                ok + "4,1,\"1ms,5ms,fair,0,1,\n", ok + "4,1,1\"ms,5ms,fair,0,1,\n",
                "index,seed,\"work,interval,verdict,starved_count,max_wait_ns,starved_threads\n"
                        + "0,1,1ms,5ms,fair,0,1,\n",
                ok + "4,1,1ms,5ms,fair,0,1,\"main\n", ok.replace("\"main;worker\"", "\"main;worker"),
                ok + "\"4\",\"1\",\"1ms\",\"5ms\",\"fair\",\"0\",\"1\",\"\"\"\n"))));
        f.add(new CsvFamily("short rows", Generate.pick(List.of("4,1,1ms", "4", ",", "4,1,1ms,5ms,fair",
                "4,1,1ms,5ms,fair,0", "", "4,1")).map(r -> ok + r + "\n").assuming(t -> !t.endsWith("\n\n"))
                .mix(Generate.constant(h + "0,1,1ms\n"), 20)));
        f.add(new CsvFamily("long rows", Generate.pick(List.of(",x", ",x,y,z,w,v", ",,,", ",1"))
                .map(extra -> ok + "4,1,1ms,5ms,fair,0,1,main" + extra + "\n")));
        f.add(new CsvFamily("NaN cells", Generate.pick(List.of("NaN", "nan", "Infinity", "-Infinity", "1e999", "",
                "abc", "0x10", "12ms", "\ud83d\udc0d", "1,5", "--1")).zip(Generate.booleans(), (v, all) -> {
                    String cell = v.contains(",") ? "\"" + v + "\"" : v;
                    if (all) {
                        return h + "0,1,1ms,5ms,starves,1," + cell + ",main\n1,1,2ms,5ms,fair,0," + cell + ",\n";
                    }
                    return ok + "4,1,2ms,10ms,fair,0," + cell + ",\n";
                })));
        f.add(new CsvFamily("quoted newlines", Generate.pick(List.of(
                ok + "4,1,2ms,10ms,fair,0,\"12\n34\",\n",
                BadInputs.Csv.HEADER.replace("max_wait_ns", "\"max_wait\n_ns\"") + "\n0,1,1ms,5ms,fair,0,1,\n",
                ok + "4,1,2ms,10ms,fair,0,\"\n\",\n",
                ok + "4,1,\"2ms\n\",10ms,fair,0,\"\n1\",\n"))));
        f.add(new CsvFamily("empty", Generate.pick(List.of("", "\n", "\n\n", " ", "\r\n", ",,,\n"))));
        f.add(new CsvFamily("missing columns", Generate.pick(List.of(
                "index,seed,interval,verdict,starved_count,max_wait_ns,starved_threads\n0,1,5ms,fair,0,1,\n",
                "index,seed,work,verdict,starved_count,max_wait_ns,starved_threads\n0,1,1ms,fair,0,1,\n",
                "index,seed,work,interval,verdict,starved_count,starved_threads\n0,1,1ms,5ms,fair,0,\n",
                "name: x\nthreads: []\n", "a\nb\nc\n"))));
        f.add(new CsvFamily("not UTF-8", Generate.pick(List.of(0, 1, 2)).map(v -> "@CSVBYTES" + v + "@")));
        return f;
    }

    static byte[] csvBytes(String text) {
        if (!text.startsWith("@CSVBYTES")) return text.getBytes(StandardCharsets.UTF_8);
        byte[] ok = BadInputs.Csv.OK.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int at = BadInputs.Csv.OK.indexOf("1ms");
        switch (text.charAt(9)) {
            case '0' -> splice(b, ok, at, new byte[] {(byte) 0xff});
            case '1' -> {
                b.writeBytes(new byte[] {(byte) 0xff, (byte) 0xfe});
                b.writeBytes(BadInputs.Csv.OK.getBytes(StandardCharsets.UTF_16LE));
            }
            default -> splice(b, ok, ok.length - 2, new byte[] {(byte) 0xc3});
        }
        return b.toByteArray();
    }

    static List<String> heatmap(String csv) {
        return List.of("chart", "--kind", "heatmap", "--csv", csv, "--x", "work", "--y", "interval", "--out",
                DIR + "/heat.svg", "--width", "200", "--height", "150");
    }

    static List<BadCase> csv(long seed, int perFamily) {
        List<BadCase> out = new ArrayList<>();
        for (CsvFamily fam : csvFamilies()) {
            for (String text : draw(fam.texts(), seedFor(seed, "csv " + fam.name()), perFamily)) {
                out.add(BadCase.of("csv", "csv " + fam.name(), heatmap(DIR + "/s.csv"))
                        .withFile("s.csv", csvBytes(text)).withOutput(DIR + "/heat.svg"));
            }
        }
        for (String path : List.of(DIR, DIR + "/sub.csv", DIR + "/missing.csv", "/dev/null", "/", "",
                DIR + "/plain.txt/s.csv", DIR + "/s\n.csv")) {
            out.add(BadCase.of("csv", "csv path", heatmap(path)).withFile("sub.csv", BadCase.SUBDIR)
                    .withFile("plain.txt", "x\n").withOutput(DIR + "/heat.svg"));
        }
        return out;
    }

    // ======================================================================== heavy

    static final List<String> HUGE_COUNTS = List.of("2147483647", "2147483648", "4294967296",
            "9223372036854775807", "9223372036854775806", "3000000000");

    /** The cases that may eat memory or time, or block: each in a child JVM with a small heap. */
    static List<BadCase> heavy(long seed, int perTarget) {
        List<BadCase> out = new ArrayList<>();
        // Counts near 2^31 and 2^63 for the keys that size the model.
        String[][] sized = {{"short-release", "cores"}, {"slice-rotation", "cores"}, {"slice-rotation", "threads"},
                {"slice-rotation", "connections"}};
        for (String[] sk : sized) {
            Gen<List<String>> gen = Generate.pick(HUGE_COUNTS).zip(Generate.pick(BadInputs.COMMANDS),
                    (v, c) -> List.of(v, c));
            for (List<String> p : draw(gen, seedFor(seed, "huge " + sk[0] + " " + sk[1]), perTarget)) {
                List<String> extra = new ArrayList<>(List.of("--set", BadInputs.SMALL_RUN, "--set",
                        sk[1] + "=" + p.get(0)));
                if (p.get(1).equals("search")) extra.addAll(List.of("--over", "pinned=*"));
                BadCase c = BadCase.of("heavy", p.get(1) + " --set " + sk[1] + " near 2^31 or 2^63",
                        BadInputs.command(p.get(1), sk[0], extra)).inChildJvm().mentioning(sk[1]);
                out.add(p.get(1).equals("chart") ? c.withOutput(DIR + "/chart.svg") : c);
            }
        }
        for (String doc : List.of(FileInputs.doc(PARAMS + "  cores: 2147483647\n", THREAD_A),
                "name: p\npool: m0\nparams:\n  duration: 10ms\n  threads: 2147483647\n",
                "name: p\npool: m0\nparams:\n  duration: 10ms\n  connections: 2147483648\n",
                "name: p\npool: m0\nparams:\n  duration: 10ms\n  cores: 9223372036854775807\n")) {
            out.add(fileCase("heavy", "file params near 2^31", "run", doc).inChildJvm());
        }
        // Loops whose steps can all take no time: rejected when the file or the --set values are read.
        for (String cmd : BadInputs.COMMANDS) {
            List<String> over = cmd.equals("search") ? List.of("--over", "pinned=*") : List.of();
            List<String> a = new ArrayList<>(List.of("--set", "work=0ns", "--set", "release=0ns", "--set",
                    "sleep=0ns"));
            a.addAll(over);
            out.add(zero(BadCase.of("heavy", "zero-time loop: built-in", BadInputs.command(cmd, "short-release", a))));
            List<String> b = new ArrayList<>(List.of("--set", "view=0ns", "--set", "overhead=0ns", "--set",
                    "client_gap=0ns"));
            b.addAll(over);
            out.add(zero(BadCase.of("heavy", "zero-time loop: built-in", BadInputs.command(cmd, "slice-rotation",
                    b))));
        }
        out.add(zero(BadCase.of("heavy", "zero-time loop: built-in", List.of("run", "short-release", "--set",
                "work=0ns", "--set", "release=0ns"))));
        String zeroParams = "params:\n  z: 0ns\n  io: 20us\n";
        for (String program : List.of("      - loop: [release: 0ns]\n", "      - loop:\n          - release: 0ns\n",
                "      - loop: [compute: 0ns, sleep: 0us]\n", "      - loop: [release: $z]\n",
                "      - loop: [loop: {times: 2, body: [release: 0ns]}]\n",
                "      - loop: {body: [sleep: 0ms, compute: 0s]}\n",
                "      - compute: 1ms\n      - loop: [release: 0.0ns]\n",
                "      - loop: {times: 2147483647, body: [release: 0ns]}\n")) {
            for (String cmd : List.of("run", "search", "chart", "bench")) {
                if (!cmd.equals("run") && !program.contains("$z")) continue;
                out.add(zero(fileCase("heavy", "zero-time loop: file", cmd, "name: x\n" + zeroParams + "threads:\n"
                        + thread(program))));
            }
        }
        // A $key that --set turns to zero.
        out.add(zero(BadCase.of("heavy", "zero-time loop: file", List.of("run", DIR + "/s.yaml", "--set",
                "io=0ns")).withFile("s.yaml", "name: x\nparams:\n  io: 20us\nthreads:\n"
                + thread("      - loop: [release: $io]\n"))));
        // Durations whose sums overflow: the run may be stopped by its budget, but not hang or crash.
        String h = BadValues.H;
        for (List<String> sets : List.of(List.of("duration=" + h, "work=" + h, "release=" + h),
                List.of("duration=" + h, "work=" + h, "release=" + h, "sleep=" + h),
                List.of("duration=4611686018s", "work=4611686018s", "release=4611686018s"))) {
            List<String> a = new ArrayList<>(List.of("run", "short-release"));
            for (String s : sets) a.addAll(List.of("--set", s));
            out.add(BadCase.of("heavy", "durations whose sums overflow", a).inChildJvm().allowBudget());
        }
        // Inputs that never end or block: /dev/zero, a named pipe with no writer.
        for (String cmd : List.of("run", "chart")) {
            out.add(zero(BadCase.of("heavy", "scenario /dev/zero", reading(cmd, "/dev/zero"))));
        }
        for (String cmd : List.of("search", "bench")) {
            out.add(BadCase.of("heavy", "scenario fifo", reading(cmd, DIR + "/pipe.yaml"))
                    .withFile("pipe.yaml", BadCase.FIFO).inChildJvm());
        }
        out.add(BadCase.of("heavy", "csv /dev/zero", heatmap("/dev/zero")).withOutput(DIR + "/heat.svg").inChildJvm());
        out.add(BadCase.of("heavy", "csv fifo", heatmap(DIR + "/pipe.csv")).withFile("pipe.csv", BadCase.FIFO)
                .withOutput(DIR + "/heat.svg").inChildJvm());
        // Search sizes: counts that hang today, or report a false all-clear.
        for (String opt : List.of("--examples", "--seeds-per-config")) {
            for (String v : List.of("2147483647", "1073741824")) {
                List<String> a = new ArrayList<>(List.of("search", "short-release", "--over", "pinned=*", "--set",
                        BadInputs.SMALL_RUN, "--jobs", "1", opt, v));
                if (!opt.equals("--examples")) a.addAll(List.of("--examples", "1"));
                out.add(BadCase.of("heavy", "search " + opt + " near 2^31", a).inChildJvm().mentioning(opt));
            }
        }
        for (String o : List.of("threads=9223372036854775806..9223372036854775807",
                "threads=1..9223372036854775807:9223372036854775807",
                "connections=9223372036854775800..9223372036854775807:3",
                "cores=9223372036854775807..9223372036854775807")) {
            out.add(BadCase.of("heavy", "search --over counts near 2^63", List.of("search", "slice-rotation",
                    "--over", o, "--examples", "1", "--seeds-per-config", "1", "--jobs", "1", "--set",
                    BadInputs.SMALL_RUN)).inChildJvm());
        }
        // bench sizes.
        for (String[] o : List.of(new String[] {"--runs", "2147483647"}, new String[] {"--warmup", "2147483647"})) {
            out.add(BadCase.of("heavy", "bench " + o[0] + " near 2^31", List.of("bench", "short-release", o[0],
                    o[1], "--set", BadInputs.SMALL_RUN)).inChildJvm().mentioning(o[0]));
        }
        return out;
    }

    private static BadCase zero(BadCase c) {
        BadCase z = c.inChildJvm();
        return z.args().contains("chart") ? z.withOutput(DIR + "/chart.svg") : z;
    }
}
