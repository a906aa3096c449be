package gilsim.badinput;

import static gilsim.badinput.BadCase.DIR;
import static gilsim.badinput.BadValues.draw;
import static gilsim.badinput.BadValues.seedFor;

import gilsim.scenario.Builtins;
import gilsim.scenario.Defaults;
import gilsim.scenario.Key;
import gilsim.scenario.Scenario;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * The catalogue of bad input, one method per category. Every list is drawn with QuickTheories from the base seed,
 * so a seed gives the same cases in the same order (a case is named by category and index, e.g. {@code keys:17}).
 *
 * <p>Every case keeps the work it would do if its bad part were wrongly accepted small (10 ms runs, one search
 * configuration of one seed, 200x150 pictures, one bench run), so that a defect shows as a wrong answer, not as a
 * slow suite; the cases that cannot be kept small (values near 2^31 and 2^63, zero-time loops, /dev/zero, a named
 * pipe) run in a child JVM with a 256 MB heap.
 */
final class BadInputs {
    private BadInputs() {}

    static final List<String> COMMANDS = List.of("run", "search", "chart", "bench", "validate", "compare");

    static final String SMALL_RUN = "duration=10ms";

    /** The command line of {@code cmd} on {@code scenario}, small, with {@code extra} appended. */
    static List<String> command(String cmd, String scenario, List<String> extra) {
        List<String> a = new ArrayList<>(List.of(cmd, scenario));
        switch (cmd) {
            case "run" -> {}
            case "search" -> a.addAll(List.of("--examples", "1", "--seeds-per-config", "1", "--jobs", "1"));
            case "chart" -> a.addAll(List.of("--kind", "timeline", "--out", DIR + "/chart.svg", "--width", "200",
                    "--height", "150"));
            case "bench" -> a.addAll(List.of("--runs", "1", "--warmup", "0"));
            // A missing interpreter is the safety net: a case that gets past every check stops there, exit 2, and
            // never starts real Python.
            case "validate" -> a.addAll(List.of("--repeat", "1", "--python", "/nonexistent/python3"));
            case "compare" -> a.addAll(List.of("--policies", "fifo-ticket"));
            default -> throw new IllegalArgumentException(cmd);
        }
        a.addAll(extra);
        return a;
    }

    /** A search needs a range: pinned=* unless pinned is the key under test. */
    private static List<String> over(String cmd, String keyUnderTest) {
        if (!cmd.equals("search")) return List.of();
        return List.of("--over", keyUnderTest.equals("pinned") ? "policy=*" : "pinned=*");
    }

    private static BadCase withOutputs(BadCase c) {
        return c.args().contains("chart") && c.args().contains(DIR + "/chart.svg") ? c.withOutput(DIR + "/chart.svg")
                : c;
    }

    // ======================================================================== keys

    /**
     * Every key of every built-in through {@code --set} on every command that takes it: {@code perKey} values drawn
     * for each (command, scenario, key), then the malformed {@code --set} shapes and the values the model cannot run
     * that the issue names (timeslice=0ns; duration=0ns for a chart).
     */
    static List<BadCase> keys(long seed, int perKey) {
        List<BadCase> out = new ArrayList<>();
        for (String cmd : COMMANDS) {
            for (String name : Builtins.names()) {
                Scenario s = Builtins.get(name);
                for (Key k : s.keys()) {
                    String target = cmd + " " + name + " --set " + k.name();
                    for (String v : draw(BadValues.forKey(k), seedFor(seed, target), perKey)) {
                        out.add(setCase(cmd, name, k.name() + "=" + v, cmd + " --set " + k.name()));
                    }
                }
                for (String bad : List.of("cores", "=2", "", "=", "nosuchkey=1", "CORES=2", "cor es=2", "cores=2=3",
                        "cores=2 3", "duration==10ms", "$cores=2", "co\u0007res=2", "\ud83d\udc0d=1")) {
                    out.add(setCase(cmd, name, bad, cmd + " --set shape"));
                }
                // A key of the other built-in is unknown here.
                String foreign = name.equals("short-release") ? "keep=true" : "work=1ms";
                out.add(setCase(cmd, name, foreign, cmd + " --set shape").mentioning(foreign.split("=")[0]));
                out.add(setCase(cmd, name, "timeslice=0ns", cmd + " --set timeslice").mentioning("timeslice"));
                if (cmd.equals("search")) {
                    out.add(withOutputs(BadCase.of("keys", "search --set shape", command("search", name, List.of(
                            "--set", SMALL_RUN, "--set")))));
                }
            }
        }
        // waiters (a pool's threads - 1; not a key, but --set takes it): drawn values and 0, at most the pool's most
        // threads, together with threads, and on a scenario with no pool.
        for (String cmd : COMMANDS) {
            for (String name : Builtins.names()) {
                Key w = Builtins.get(name).waiters();
                String feature = cmd + " --set waiters";
                if (w == null) {
                    out.add(setCase(cmd, name, "waiters=3", feature).mentioning("waiters"));
                    continue;
                }
                for (String v : draw(BadValues.forKey(w), seedFor(seed, cmd + " " + name + " --set waiters"), perKey)) {
                    out.add(setCase(cmd, name, "waiters=" + v, feature));
                }
                out.add(setCase(cmd, name, "waiters=0", feature).mentioning("waiters"));
                out.add(setCase(cmd, name, "waiters=1024", feature).mentioning("waiters"));
                out.add(withOutputs(BadCase.of("keys", feature, command(cmd, name, plus(over(cmd, "waiters"),
                        "--set", SMALL_RUN, "--set", "threads=3", "--set", "waiters=2")))).mentioning("waiters"));
            }
        }
        for (String name : Builtins.names()) {
            for (String kind : List.of("timeline", "cdf", "compare")) {
                List<String> extra = new ArrayList<>(List.of("--set", "duration=0ns"));
                if (kind.equals("compare")) extra.addAll(List.of("--compare", "pinned=true"));
                List<String> a = new ArrayList<>(List.of("chart", name, "--kind", kind, "--out", DIR + "/zero.svg",
                        "--width", "200", "--height", "150"));
                a.addAll(extra);
                out.add(BadCase.of("keys", "chart --set duration", a).withOutput(DIR + "/zero.svg")
                        .mentioning("duration"));
            }
        }
        return out;
    }

    private static BadCase setCase(String cmd, String scenario, String set, String feature) {
        List<String> extra = new ArrayList<>(List.of("--set", SMALL_RUN, "--set", set));
        extra.addAll(over(cmd, set.contains("=") ? set.substring(0, set.indexOf('=')) : set));
        return withOutputs(BadCase.of("keys", feature, command(cmd, scenario, extra)));
    }

    // ======================================================================== options

    private static Gen<String> values(List<String> curated) {
        return Generate.pick(curated).mix(junk(), 25);
    }

    /** Random strings that no option takes: not a number, not an option name, not an @file. */
    private static Gen<String> junk() {
        return BadValues.junk(Key.Kind.COUNT, List.of())
                .assuming(v -> !v.strip().matches("[+-]?\\d+") && !v.matches("-+[A-Za-z].*") && !v.startsWith("@"));
    }

    /** Every curated value, then {@code n} drawn junk values. */
    private static List<String> allThenJunk(List<String> curated, long seed, int n) {
        List<String> out = new ArrayList<>(curated);
        out.addAll(draw(junk(), seed, n));
        return out;
    }

    static List<String> plus(List<String> a, String... more) {
        List<String> out = new ArrayList<>(a);
        out.addAll(Arrays.asList(more));
        return out;
    }

    /** Every option of run, search, chart and bench, with values drawn for each, and the misused flags. */
    static List<BadCase> options(long seed, int perOption) {
        List<BadCase> out = new ArrayList<>();
        String sr = "short-release";
        String pool = "slice-rotation";
        // Option values: for each (command, option), curated values plus drawn ones.
        record Opt(String cmd, String option, List<String> curated) {}
        List<Opt> opts = List.of(
                new Opt("run", "--seed", BadValues.LONGS),
                new Opt("run", "--narrate", BadValues.WINDOWS),
                new Opt("run", "--why", List.of("", " ", "nobody", "mian", "main@", "main@abc", "main@-1ms",
                        "main@1ms@2ms", "@1s", "main@99999999999s", "worker@", "\ud83d\udc0d", "main@1\u0007ms")),
                new Opt("search", "--seed", BadValues.LONGS),
                new Opt("search", "--examples", plus(BadValues.INTS, "0", "-1", "-2147483648")),
                new Opt("search", "--seeds-per-config", plus(BadValues.INTS, "0", "-1", "-2147483648")),
                new Opt("search", "--jobs", plus(BadValues.INTS, "0", "-1", "-2147483648")),
                new Opt("search", "--property", List.of("", " ", "nostarvation", "no_starvation", "starvation",
                        "in-order,no-starvation", "*", "in-order ", "fair", "\ud83d\udc0d", "in-\u0007order",
                        "wait_max(nobody) < 1ms", "waits(main) < 1ms", "wait_max < 1ms", "share(main) < 5ms",
                        "wait_max(main) <", "(wait_max(main) < 1s", "wait_max(main) < 1s and", "switches(main) > 1",
                        "wait_max(main) < 0.5", "max_wait <> 1ms", "verdict == 1")),
                new Opt("search", "--shard", List.of("", " ", "0/3", "4/3", "1/0", "x", "1-3", "1/100001", "-1/2",
                        "1/2/3", "1 / 2", "\ud83d\udc0d")),
                new Opt("search", "--out", List.of("part.jsonl", DIR + "/p.jsonl", "", DIR)),
                new Opt("run", "--seeds", plus(BadValues.INTS, "0", "-1", "10001", "-2147483648")),
                new Opt("run", "--property", List.of("", " ", "fastest", "wait_max(nobody) < 1ms", "latency_p99 < 1ms",
                        "rounds(main) >", "share(worker) >= x", "no-starvation ", "a b c", "\ud83d\udc0d < 1")),
                new Opt("chart", "--seed", BadValues.LONGS),
                new Opt("chart", "--window", BadValues.WINDOWS),
                new Opt("chart", "--width", plus(BadValues.INTS, "0", "-1", "199", "10001", "-2147483648",
                        "2147483647")),
                new Opt("chart", "--height", plus(BadValues.INTS, "0", "-1", "149", "10001", "-2147483648",
                        "2147483647")),
                new Opt("chart", "--kind", List.of("", " ", "timelines", "pie", "bar", "cdf,timeline", "*", "none",
                        "time line", "\ud83d\udc0d", "time\u0007line", "heat-map")),
                new Opt("chart", "--of", List.of("", " ", "pie", "compare", "heatmap", "timeline,cdf", "*",
                        "\ud83d\udc0d", "c\u0007df")),
                new Opt("bench", "--runs", plus(BadValues.INTS, "0", "-1", "-2147483648")),
                new Opt("bench", "--warmup", plus(BadValues.INTS, "-1", "-2147483648")),
                new Opt("validate", "--repeat", plus(BadValues.INTS, "0", "-1", "21", "-2147483648", "2147483647")),
                new Opt("validate", "--sim-repeat", plus(BadValues.INTS, "0", "-1", "201", "-2147483648")),
                new Opt("validate", "--duration", List.of("", " ", "0ms", "999us", "61s", "5 ms", "-1s", "ms",
                        "\ud83d\udc0d")),
                new Opt("validate", "--timeout", List.of("0", "-1", "3601", "9223372036854775807", "x")),
                new Opt("validate", "--python", List.of("", "/nonexistent/python3", "/dev/null", "/etc/passwd",
                        "/tmp", "2.6", "python0")),
                new Opt("compare", "--seed", BadValues.LONGS),
                new Opt("compare", "--policies", List.of("", " ", ",", "nogil", "cpython,", ",fifo-ticket",
                        "fifo-ticket,fifo-ticket", "fifo-ticket;cpython", "FIFO-TICKET", "*", "policy=fifo-ticket",
                        "fifo ticket", "\ud83d\udc0d", "fifo-\u0007ticket")));
        for (Opt o : opts) {
            String target = o.cmd() + " " + o.option();
            List<String> vs = allThenJunk(o.curated(), seedFor(seed, target), perOption);
            for (int j = 0; j < vs.size(); j++) {
                out.add(optionCase(o.cmd(), j % 2 == 0 ? sr : pool, o.option(), vs.get(j)));
            }
        }
        // chart --kind load's own options, on a scenario with requests (other kinds refuse them as not theirs).
        String service = "scenarios/thread-pool-service.yaml";
        Map<String, List<String>> load = new LinkedHashMap<>();
        load.put("--over", List.of("", " ", "rate", "rate=1..", "rate=5..1", "rate=3..3", "nokey=1..5", "rate=-1..5",
                "rate=0..5", "rate=1..99999999999", "rate=1..99999999999999999999", "cores=a..b", "rate=1.5..3",
                "duration=1..3", "\ud83d\udc0d=1..2"));
        load.put("--points", List.of("0", "1", "51", "-1", "x", "", "2147483648"));
        load.put("--arm", List.of("", " ", "python=9.9", "nokey=1", "rate", "interval=1ms,", "interval=-1ms",
                "a=b=c", ",", "interval=1ms,nokey=2"));
        for (Map.Entry<String, List<String>> e : load.entrySet()) {
            for (String v : e.getValue()) {
                List<String> args = new ArrayList<>(List.of("chart", service, "--kind", "load", "--out",
                        DIR + "/c.svg", "--set", "duration=10ms"));
                if (!e.getKey().equals("--over")) args.addAll(List.of("--over", "rate=100..200"));
                args.addAll(List.of(e.getKey(), v));
                out.add(BadCase.of("options", "chart " + e.getKey(), args).withOutput(DIR + "/c.svg"));
            }
        }
        for (String v : load.get("--over")) {
            out.add(BadCase.of("options", "report --load", List.of("report", service, "--set", "duration=10ms",
                    "--load", v, "--out", DIR + "/p.html")).withOutput(DIR + "/p.html"));
        }
        for (String f : List.of("", "pdf", "MD", "markdown", "html,md", "\ud83d\udc0d")) {
            out.add(BadCase.of("options", "report --format", List.of("report", sr, "--set", SMALL_RUN, "--format", f,
                    "--out", DIR + "/p.md")).withOutput(DIR + "/p.md"));
        }
        out.add(BadCase.of("options", "report --format", List.of("report", sr, "--set", SMALL_RUN, "--format", "md",
                "--out", DIR + "/p.html")).withOutput(DIR + "/p.html"));
        out.add(BadCase.of("options", "report --load", List.of("report", sr, "--set", SMALL_RUN, "--load",
                "cores=1..2", "--out", DIR + "/p.html")).withOutput(DIR + "/p.html"));
        out.add(BadCase.of("options", "chart --over", List.of("chart", sr, "--kind", "timeline", "--over",
                "cores=1..2", "--out", DIR + "/c.svg")).withOutput(DIR + "/c.svg"));
        out.add(BadCase.of("options", "chart --over", List.of("chart", sr, "--kind", "load", "--over",
                "cores=1..2", "--set", SMALL_RUN, "--out", DIR + "/c.svg")).withOutput(DIR + "/c.svg"));

        // An option with its value missing, or given twice.
        for (String cmd : COMMANDS) {
            String opt = switch (cmd) {
                case "run" -> "--seed";
                case "search" -> "--examples";
                case "chart" -> "--width";
                case "validate" -> "--repeat";
                case "compare" -> "--policies";
                default -> "--runs";
            };
            BadCase missing = BadCase.of("options", cmd + " " + opt, plus(command(cmd, sr, plus(over(cmd, "cores"),
                    "--set", SMALL_RUN)), opt));
            out.add(withOutputs(missing));
            out.add(withOutputs(BadCase.of("options", cmd + " --set", plus(command(cmd, sr, over(cmd, "cores")),
                    "--set"))));
            out.add(withOutputs(BadCase.of("options", cmd + " unknown option",
                    command(cmd, sr, plus(over(cmd, "cores"), "--bogus")))));
            out.add(withOutputs(BadCase.of("options", cmd + " scenario", command(cmd, "short-relase",
                    over(cmd, "cores")))));
            out.add(withOutputs(BadCase.of("options", cmd + " scenario", command(cmd, "", over(cmd, "cores")))));
            out.add(withOutputs(BadCase.of("options", cmd + " scenario", command(cmd, "-", over(cmd, "cores")))));
            // bench and compare take several scenarios: a second one is no mistake.
            if (!cmd.equals("bench") && !cmd.equals("compare")) {
                out.add(withOutputs(BadCase.of("options", cmd + " scenario", command(cmd, sr,
                        plus(over(cmd, "cores"), "slice-rotation")))));
            }
        }
        out.add(BadCase.of("options", "run --seed", List.of("run", sr, "--seed", "1", "--seed", "2")));
        out.add(BadCase.of("options", "gilsim", List.of("--bogus")));
        out.add(BadCase.of("options", "gilsim", List.of("nosuchcommand")));
        out.add(BadCase.of("options", "gilsim", List.of("run")));
        out.add(BadCase.of("options", "gilsim", List.of("scenarios", "extra")));
        out.add(BadCase.of("options", "gilsim", List.of("search", sr)));
        out.add(BadCase.of("options", "gilsim", List.of("chart", sr, "--out", DIR + "/c.svg"))
                .withOutput(DIR + "/c.svg"));
        out.add(BadCase.of("options", "gilsim", List.of("chart", sr, "--kind", "timeline")));

        // run: flags misused.
        out.add(BadCase.of("options", "run --mermaid", List.of("run", sr, "--set", SMALL_RUN, "--mermaid")));
        out.add(BadCase.of("options", "run --json", List.of("run", sr, "--set", SMALL_RUN, "--json", "--narrate",
                "0..1ms")));
        for (String w : draw(values(BadValues.WINDOWS), seedFor(seed, "run --narrate --mermaid"), perOption)) {
            out.add(BadCase.of("options", "run --narrate", List.of("run", pool, "--set", SMALL_RUN, "--narrate", w,
                    "--mermaid")));
        }
        out.add(BadCase.of("options", "run --trace", List.of("run", sr, "--set", SMALL_RUN, "--trace")));

        // --machine, on every command that simulates: missing, not a file, and broken profiles.
        String good = "wake_latency:\n  quantiles:\n    - [0.0, 10us]\n    - [1.0, 90us]\n";
        List<String> profiles = List.of("", "x", "[1, 2]\n", "wake_latency: 5us\n",
                "wake_latency:\n  quantiles: []\n",
                "wake_latency:\n  quantiles:\n    - [0.5, 10us]\n    - [1.0, 90us]\n",
                "wake_latency:\n  quantiles:\n    - [0.0, 90us]\n    - [1.0, 10us]\n",
                "wake_latency:\n  quantiles:\n    - [0.0, 10 us]\n    - [1.0, 90us]\n",
                "wake_latency:\n  quantiles:\n    - [0.0, 10us]\n    - [1.5, 90us]\n",
                "wake_latency:\n  quantiles:\n    - [0.0, 10us]\n    - [NaN, 90us]\n",
                "wake_latency:\n  quantiles:\n    - [0.0]\n    - [1.0, 90us]\n",
                "wake_latency:\n  quantiles:\n    - [0.0, 10us]\n    - [1.0, 99999999s]\n",
                good + "preempt_probability: 1.01\n", good + "preempt_probability: -0\n".replace("-0", "-0.1"),
                good + "timer_slack: soon\n", good + "speed: 11\n", "source: only\n", good + "checkpoint: 0ns\n",
                good + "checkpoint: 2\n", good + "wait_entry_growth: 401\n", good + "wait_entry_growth: 1.5\n",
                good + "wait_entry: 1us\nwait_entry_jitter: 2us\n", good + "drop_reaction: -1us\n",
                good + "refusal_window: 3ms\n", good + "refusal_after_probability: 0.1\n",
                good + "refusal_window: 3ms\nrefusal_after_probability: 1.5\n",
                good + "refusal_window: soon\nrefusal_after_probability: 0.1\n");
        for (String cmd : COMMANDS) {
            List<String> base = plus(command(cmd, sr, over(cmd, "cores")), "--set", SMALL_RUN);
            out.add(withOutputs(BadCase.of("options", cmd + " --machine", plus(base, "--machine",
                    DIR + "/missing.yaml"))));
            out.add(withOutputs(BadCase.of("options", cmd + " --machine", plus(base, "--machine", DIR))));
            out.add(withOutputs(BadCase.of("options", cmd + " --machine", plus(base, "--machine", "/dev/zero"))));
            out.add(withOutputs(BadCase.of("options", cmd + " --machine", plus(plus(base, "--machine",
                    DIR + "/m.yaml"), "--set", "wake_latency=20us")).withFile("m.yaml", good)));
            for (String text : draw(values(profiles), seedFor(seed, cmd + " --machine"), 4)) {
                out.add(withOutputs(BadCase.of("options", cmd + " --machine", plus(base, "--machine",
                        DIR + "/m.yaml")).withFile("m.yaml", text)));
            }
        }

        // search: ranges.
        List<String> overs = List.of("work=,", "pinned=,", "policy=,", "wake_order=,", "cores=,", "work=,,",
                "work=1ms,,2ms", "work=", "work", "=*", "*", "=", "work=*", "cores=*", "duration=*", "pinned=*:1",
                "policy=cpython..fifo-ticket", "work=..", "work=1ms..", "work=..1ms", "work=2ms..1ms",
                "work=1ms..2ms:0ns", "work=1ms..2ms:-1ns", "work=1ms..2ms:abc", "work=1ms..2ms:", "cores=1..3:0",
                "cores=3..1", "cores=0..2", "cores=1..2..3", "nosuch=1..2", "pinned=true..true:true",
                "pinned=maybe", "policy=*,cpython", "policy=nogil", "work=1ms..9223372036854775807ns",
                "work=NaN..1ms", "cores=1..100001", "cores=1..9223372036854775807", "cores=-5..5",
                "work=1ms..2ms:1ms:1ms", "work=1ms;2ms", "cores=1,,2", "pinned=true,,false", "policy=,cpython",
                "max_events=0..2", "work=\ud83d\udc0d..1ms", "work=1ms..2\u0007ms");
        for (String o : allThenJunk(overs, seedFor(seed, "search --over"), perOption)) {
            out.add(BadCase.of("options", "search --over", List.of("search", sr, "--examples", "1",
                    "--seeds-per-config", "1", "--jobs", "1", "--set", SMALL_RUN, "--over", o)));
        }
        for (String o : List.of("threads=,", "keep=,", "turn=,", "connections=0..4", "threads=1..100001",
                "threads=1..9223372036854775807", "view=,", "keep=*,", "threads=0..3", "connections=,")) {
            out.add(BadCase.of("options", "search --over", List.of("search", pool, "--examples", "1",
                    "--seeds-per-config", "1", "--jobs", "1", "--set", SMALL_RUN, "--over", o)));
        }
        out.add(BadCase.of("options", "search --over", List.of("search", sr, "--examples", "1", "--set", SMALL_RUN,
                "--over", "pinned=*", "--over", "pinned=*")));
        // waiters: a pool's threads - 1, from 1; never beside threads, in --over or --set; only for a pool.
        for (List<String> o : List.of(List.of("--over", "waiters=0..7"), List.of("--over", "waiters=0"),
                List.of("--over", "waiters=1..1024"), List.of("--over", "waiters=*"),
                List.of("--over", "waiters=1..7", "--over", "threads=2..8"),
                List.of("--over", "threads=2..8", "--over", "waiters=1..7"),
                List.of("--set", "threads=5", "--over", "waiters=1..7"),
                List.of("--set", "waiters=4", "--over", "threads=2..8"),
                List.of("--over", "waiters=1..3", "--over", "waiters=4..5"))) {
            out.add(BadCase.of("options", "search --over", plus(List.of("search", pool, "--examples", "1",
                    "--seeds-per-config", "1", "--jobs", "1", "--set", SMALL_RUN), o.toArray(new String[0])))
                    .mentioning("waiters"));
        }
        out.add(BadCase.of("options", "search --over", List.of("search", sr, "--examples", "1", "--set", SMALL_RUN,
                "--over", "waiters=1..3")).mentioning("waiters"));
        out.add(BadCase.of("options", "search --csv", List.of("search", sr, "--examples", "1", "--set", SMALL_RUN,
                "--over", "pinned=*", "--csv")));
        out.add(BadCase.of("options", "search --csv", List.of("search", sr, "--examples", "1", "--set", SMALL_RUN,
                "--over", "pinned=,", "--csv", DIR + "/s.csv")).withOutput(DIR + "/s.csv"));
        out.add(BadCase.of("options", "search --csv", List.of("search", sr, "--examples", "1", "--set", SMALL_RUN,
                "--over", "pinned=*", "--csv", DIR + "/" + Harness.MARK + "/s.csv"))
                .withOutput(DIR + "/" + Harness.MARK + "/s.csv"));
        out.add(BadCase.of("options", "search --exhaustive", List.of("search", sr, "--exhaustive", "--set",
                SMALL_RUN, "--over", "work=1ms..2ms")));
        out.add(BadCase.of("options", "search --exhaustive", List.of("search", pool, "--exhaustive", "--set",
                SMALL_RUN, "--over", "threads=1..1001", "--over", "connections=1..1001")));
        out.add(BadCase.of("options", "search --property", List.of("search", sr, "--property", "in-order",
                "--examples", "1", "--set", SMALL_RUN, "--over", "pinned=*")).mentioning("in-order"));
        out.add(BadCase.of("options", "search --json", List.of("search", sr, "--json", "--examples", "0",
                "--set", SMALL_RUN, "--over", "pinned=*")));
        out.add(BadCase.of("options", "search --progress", List.of("search", sr, "--progress", "--examples", "1",
                "--set", SMALL_RUN, "--over", "work=,")));
        out.add(BadCase.of("options", "search --progress", List.of("search", sr, "--progress", "--examples", "1",
                "--seeds-per-config", "1", "--set", SMALL_RUN, "--over", "pinned=,")));

        // validate: the pool cannot run as plain Python, whatever is asked of the output; a chart with no file.
        out.add(BadCase.of("options", "validate --json", List.of("validate", pool, "--json", "--repeat", "1",
                "--set", SMALL_RUN)));
        out.add(BadCase.of("options", "validate --json", plus(command("validate", sr, List.of("--json")), "--set",
                SMALL_RUN)));
        out.add(BadCase.of("options", "validate --chart", plus(command("validate", sr, List.of("--set", SMALL_RUN)),
                "--chart")));
        out.add(BadCase.of("options", "validate --chart", plus(command("validate", sr, List.of("--set", SMALL_RUN)),
                "--chart", DIR + "/v.gif")));
        // --handoffs records on top of the plain runs: the pool is still refused; a trace without --handoffs, or
        // into a directory that does not exist, is refused before anything runs.
        out.add(BadCase.of("options", "validate --handoffs", List.of("validate", pool, "--handoffs", "--repeat", "1",
                "--set", SMALL_RUN)));
        out.add(BadCase.of("options", "validate --handoff-trace", plus(command("validate", sr,
                List.of("--set", SMALL_RUN)), "--handoff-trace", DIR + "/h.json")));
        out.add(BadCase.of("options", "validate --handoff-trace", plus(command("validate", sr,
                List.of("--set", SMALL_RUN, "--handoffs")), "--handoff-trace", DIR + "/no/such/dir/h.json")));
        // --force lets a busy machine through, never bad input: a missing interpreter or the pool is still refused.
        out.add(BadCase.of("options", "validate --force", plus(command("validate", sr, List.of("--set", SMALL_RUN)),
                "--force")));
        out.add(BadCase.of("options", "validate --force", List.of("validate", pool, "--force", "--repeat", "1")));

        // compare: a scenario twice, a key one of the scenarios lacks, an arm the Python version cannot run, --json
        // and --csv with bad input elsewhere.
        out.add(BadCase.of("options", "compare scenario", List.of("compare", sr, sr, "--set", SMALL_RUN)));
        out.add(BadCase.of("options", "compare --set", List.of("compare", sr, pool, "--set", SMALL_RUN, "--set",
                "work=1ms")).mentioning("work"));
        out.add(BadCase.of("options", "compare --set", List.of("compare", sr, "--set", SMALL_RUN, "--set",
                "python=2.7")).mentioning("policy"));
        out.add(BadCase.of("options", "compare --json", List.of("compare", sr, "--json", "--set", SMALL_RUN,
                "--policies", "nogil")));
        out.add(BadCase.of("options", "compare --csv", List.of("compare", sr, "--set", SMALL_RUN, "--csv")));
        out.add(BadCase.of("options", "compare --csv", List.of("compare", sr, "--set", SMALL_RUN, "--policies",
                "nogil", "--csv", DIR + "/c.csv")).withOutput(DIR + "/c.csv"));

        // merge: parts that are missing, unreadable, or not shard files.
        for (List<String> a : List.of(List.of("merge", "/nonexistent/part.jsonl"), List.of("merge", DIR),
                List.of("merge", "/etc/passwd"), List.of("merge", "/dev/null"), List.of("merge"),
                List.of("merge", "/etc/hostname", "--csv", DIR + "/" + Harness.MARK + "/m.csv"),
                List.of("merge", "/nonexistent/part.jsonl", "--jobs", "0"))) {
            out.add(BadCase.of("options", "merge", a));
        }
        // calibrate: every bad case stops before it measures anything (measuring takes half a minute).
        for (List<String> a : List.of(List.of("calibrate", "--quick", "--python", "/nonexistent/python3"),
                List.of("calibrate", "--quick", "--python", "/dev/null"),
                List.of("calibrate", "--quick", "--python", "/etc/passwd"),
                List.of("calibrate", "--quick", "--python", "2.6"),
                List.of("calibrate", "--quick", "--out", DIR),
                List.of("calibrate", "--quick", "--out", DIR + "/" + Harness.MARK + "/m.yaml"),
                List.of("calibrate", "--quick", "--out"),
                List.of("calibrate", "--quick", "--race-runs", "0"),
                List.of("calibrate", "--quick", "--race-runs", "many"),
                List.of("calibrate", "nosuch"))) {
            out.add(BadCase.of("options", "calibrate", a));
        }

        // chart: options another kind would use, ignored without a word today.
        out.add(chart(sr, "cdf", "--compare", "keep=true").mentioning("--compare"));
        out.add(chart(pool, "cdf", "--compare", "keep=true").mentioning("--compare"));
        out.add(chart(sr, "timeline", "--compare", "pinned=true").mentioning("--compare"));
        out.add(chart(pool, "timeline", "--compare", "keep=true").mentioning("--compare"));
        out.add(chart(sr, "timeline", "--third", "pinned=true").mentioning("--third"));
        out.add(chart(sr, "cdf", "--third", "pinned=true").mentioning("--third"));
        out.add(chart(sr, "compare", "--compare", "keep=true").mentioning("--compare"));
        out.add(chart(sr, "compare"));
        out.add(chart(sr, "compare", "--third", "pinned=true"));
        out.add(chart(sr, "compare", "--compare", "nosuch=1").mentioning("--compare"));
        out.add(chart(sr, "compare", "--compare", "pinned").mentioning("--compare"));
        out.add(chart(sr, "compare", "--compare", "=").mentioning("--compare"));
        out.add(chart(sr, "compare", "--compare", "duration=20ms"));
        out.add(chart(sr, "compare", "--compare", "cores=abc").mentioning("--compare"));
        out.add(chart(sr, "compare", "--compare", "pinned=true", "--third", "cores=0").mentioning("--third"));
        out.add(chart(pool, "compare", "--compare", "keep=maybe").mentioning("--compare"));
        for (String of : draw(values(List.of("", "pie", "compare", "heatmap", "TIMELINE ", "*")),
                seedFor(seed, "chart --of compare"), perOption)) {
            out.add(chart(sr, "compare", "--compare", "pinned=true", "--of", of));
        }
        for (String k : List.of("timeline", "cdf", "compare")) {
            BadCase twice = chart(sr, k, "--kind-is-given-twice");
            out.add(twice.withArgs(replaced(twice.args(), "--kind-is-given-twice", "--kind", k)));
        }
        // chart --kind heatmap without what it needs, and with columns that are not there.
        for (String[] extra : List.of(new String[] {}, new String[] {"--x", "work"},
                new String[] {"--x", "work", "--y", "interval"}, new String[] {"--csv", DIR + "/ok.csv"},
                new String[] {"--csv", DIR + "/ok.csv", "--x", "work"},
                new String[] {"--csv", DIR + "/ok.csv", "--x", "nosuch", "--y", "interval"},
                new String[] {"--csv", DIR + "/ok.csv", "--x", "work", "--y", "nosuch"},
                new String[] {"--csv", DIR + "/ok.csv", "--x", "work", "--y", "interval", "--value", "nosuch"},
                new String[] {"--csv", DIR + "/ok.csv", "--x", "work", "--y", "interval", "--value", ""},
                new String[] {"--csv", DIR + "/ok.csv", "--x", "", "--y", "interval"},
                new String[] {"--csv", DIR + "/ok.csv", "--x", "WORK", "--y", "interval"},
                new String[] {"--csv", DIR + "/ok.csv", "--x", "work", "--y", "interval", "--value", "verdict"},
                new String[] {"--csv", DIR + "/ok.csv", "--x", "work", "--y", "interval", "--value",
                        "starved_threads"},
                new String[] {"--csv", DIR + "/ok.csv", "--x", "work", "--y", "interval", "--width", "100"})) {
            List<String> a = new ArrayList<>(List.of("chart", "--kind", "heatmap", "--out", DIR + "/heat.svg"));
            a.addAll(Arrays.asList(extra));
            String feature = a.contains("--value") ? "chart --value" : a.contains("--y") ? "chart --y"
                    : a.contains("--x") ? "chart --x" : "chart --csv";
            out.add(BadCase.of("options", feature, a).withOutput(DIR + "/heat.svg").withFile("ok.csv", Csv.OK));
        }
        // chart --out: not a picture.
        for (String bad : List.of(DIR + "/c.pdf", DIR + "/c", DIR + "/c.svg.txt", DIR + "/c.jpeg", "", DIR + "/",
                DIR + "/.svgx")) {
            List<String> a = new ArrayList<>(List.of("chart", sr, "--kind", "timeline", "--width", "200",
                    "--height", "150", "--set", SMALL_RUN, "--out", bad));
            BadCase c = BadCase.of("options", "chart --out", a);
            if (!bad.isEmpty() && !bad.endsWith("/")) c = c.withOutput(bad);
            out.add(c);
        }
        // bench: each option and a bad scenario among good ones.
        out.add(BadCase.of("options", "bench scenario", List.of("bench", sr, "nosuch", "--runs", "1", "--warmup",
                "0", "--set", SMALL_RUN)));
        out.addAll(report(seed, perOption));
        return out;
    }

    /** The options of {@code gilsim report}, each with bad values; the page is never written. */
    static List<BadCase> report(long seed, int perOption) {
        List<BadCase> out = new ArrayList<>();
        String page = DIR + "/r.html";
        record Opt(String option, List<String> curated) {}
        for (Opt o : List.of(new Opt("--window", BadValues.WINDOWS), new Opt("--seed", BadValues.LONGS),
                new Opt("--compare", List.of("", "pinned", "=true", "nosuch=1", "pinned=maybe", "pinned=true,",
                        ",pinned=true", "pinned=true,,cores=1", "keep=true", "cores=0", "duration=0ns", "=",
                        "pinned=true;cores=1", "\ud83d\udc0d=1")),
                new Opt("--set", List.of("", "cores", "=2", "nosuch=1", "cores=0", "cores=-1", "duration=0ns")),
                new Opt("--machine", List.of(DIR + "/missing.yaml", DIR, "/dev/zero")),
                new Opt("--out", List.of("", DIR, DIR + "/r.htm", DIR + "/r.png", DIR + "/r.html.txt",
                        DIR + "/" + Harness.MARK + "/r.html")))) {
            List<String> values = allThenJunk(o.curated(), seedFor(seed, "report " + o.option()), perOption);
            for (int j = 0; j < values.size(); j++) {
                List<String> a = new ArrayList<>(List.of("report", j % 2 == 0 ? "short-release" : "slice-rotation",
                        "--set", SMALL_RUN));
                if (!o.option().equals("--out")) a.addAll(List.of("--out", page));
                a.addAll(List.of(o.option(), values.get(j)));
                BadCase c = BadCase.of("options", "report " + o.option(), a).withOutput(page);
                if (o.option().equals("--out") && !values.get(j).isEmpty() && !values.get(j).equals(DIR)) {
                    c = c.withOutput(values.get(j));
                }
                out.add(c);
            }
        }
        out.add(BadCase.of("options", "report --out", List.of("report", "short-release", "--set", SMALL_RUN)));
        out.add(BadCase.of("options", "report --out", List.of("report", "short-release", "--out")));
        out.add(BadCase.of("options", "report scenario", List.of("report", "short-relase", "--out", page))
                .withOutput(page));
        out.add(BadCase.of("options", "report scenario", List.of("report", "--out", page)).withOutput(page));
        out.add(BadCase.of("options", "report scenario", List.of("report", "short-release", "slice-rotation",
                "--out", page)).withOutput(page));
        return out;
    }

    private static BadCase optionCase(String cmd, String scenario, String option, String value) {
        List<String> extra = new ArrayList<>(over(cmd, "cores"));
        extra.addAll(List.of("--set", SMALL_RUN));
        List<String> a = command(cmd, scenario, extra);
        // Replace the option if command() set it; otherwise append.
        int at = a.indexOf(option);
        if (at >= 0) {
            a.set(at + 1, value);
        } else {
            a.add(option);
            a.add(value);
        }
        if (cmd.equals("chart") && !option.equals("--kind") && !option.equals("--of")) {
            // fine as it is
        } else if (cmd.equals("chart") && option.equals("--of")) {
            a.set(a.indexOf("--kind") + 1, "compare");
            a.addAll(List.of("--compare", "pinned=true"));
        }
        return withOutputs(BadCase.of("options", cmd + " " + option, a));
    }

    private static BadCase chart(String scenario, String kind, String... extra) {
        List<String> a = new ArrayList<>(List.of("chart", scenario, "--kind", kind, "--out", DIR + "/c.svg",
                "--width", "200", "--height", "150", "--set", SMALL_RUN));
        a.addAll(Arrays.asList(extra));
        String feature = Arrays.asList(extra).contains("--third") ? "chart --third"
                : Arrays.asList(extra).contains("--compare") ? "chart --compare"
                : Arrays.asList(extra).contains("--of") ? "chart --of" : "chart --kind";
        return BadCase.of("options", feature, a).withOutput(DIR + "/c.svg");
    }

    // ======================================================================== outputs

    /** Where an output may be asked to go that it cannot: (label, path with EXT for the extension, files to make). */
    record Place(String label, String path, String file, byte[] content) {}

    static List<Place> places(long seed) {
        // Unique to this JVM, so that two runs of the suite at once (other worktrees) do not meet at the root.
        String rootMissing = "/" + Harness.MARK + "-" + ProcessHandle.current().pid() + "/out.EXT";
        return List.of(
                new Place("an existing empty directory", DIR + "/out.EXT", "out.EXT", BadCase.SUBDIR),
                new Place("an existing directory with a file", DIR + "/out.EXT", "out.EXT", BadCase.SUBDIR_WITH_FILE),
                new Place("the root directory", "/", null, null),
                new Place("a missing directory", DIR + "/" + Harness.MARK + "/out.EXT", null, null),
                new Place("missing directories several deep", DIR + "/" + Harness.MARK + "/a/b/out.EXT", null, null),
                new Place("a missing directory under /", rootMissing, null, null),
                new Place("a path under a regular file", DIR + "/plain.txt/out.EXT", "plain.txt",
                        "not a directory\n".getBytes(StandardCharsets.UTF_8)),
                new Place("an unwritable place (/proc)", "/proc/gilsim-badinput-out.EXT", null, null),
                new Place("an unwritable directory (/proc/self)", "/proc/self/out.EXT", null, null));
    }

    /** A writer of an output: its command line up to the output path, the option, and the extension. */
    record Writer(String label, List<String> args, String option, String ext) {}

    static List<Writer> writers(String scenario) {
        List<String> chart = List.of("--width", "200", "--height", "150", "--set", SMALL_RUN);
        return List.of(
                new Writer("run --trace", plus(List.of("run", scenario, "--set", SMALL_RUN)), "--trace", "json"),
                new Writer("run --trace --json", plus(List.of("run", scenario, "--set", SMALL_RUN, "--json")),
                        "--trace", "json"),
                new Writer("chart --out timeline", plus(plus(List.of("chart", scenario, "--kind", "timeline"), "x"),
                        chart.toArray(String[]::new)), "--out", "svg"),
                new Writer("chart --out cdf", plus(plus(List.of("chart", scenario, "--kind", "cdf"), "x"),
                        chart.toArray(String[]::new)), "--out", "png"),
                new Writer("chart --out compare", plus(plus(List.of("chart", scenario, "--kind", "compare",
                        "--compare", "pinned=true"), "x"), chart.toArray(String[]::new)), "--out", "svg"),
                new Writer("chart --out heatmap", List.of("chart", "--kind", "heatmap", "--csv", DIR + "/ok.csv",
                        "--x", "work", "--y", "interval", "--width", "200", "--height", "150"), "--out", "png"),
                new Writer("search --csv", List.of("search", scenario, "--over", "pinned=*", "--examples", "1",
                        "--seeds-per-config", "1", "--jobs", "1", "--set", SMALL_RUN), "--csv", "csv"),
                new Writer("validate --chart", List.of("validate", scenario, "--repeat", "1", "--set", SMALL_RUN,
                        "--python", "/nonexistent/python3"), "--chart", "png"),
                new Writer("compare --csv", List.of("compare", scenario, "--policies", "fifo-ticket", "--set",
                        SMALL_RUN), "--csv", "csv"),
                new Writer("report --out", List.of("report", scenario, "--set", SMALL_RUN, "--compare", "cores=1"),
                        "--out", "html"));
    }

    /** Every writer into every place, on a built-in, then on drawn scenarios (a built-in or a good file). */
    static List<BadCase> outputs(long seed, int extra) {
        List<BadCase> out = new ArrayList<>();
        List<Place> places = places(seed);
        for (Writer w : writers("short-release")) {
            for (Place p : places) out.add(outputCase(w, p));
        }
        out.addAll(beforeTheWork());
        Gen<List<Integer>> picks = Generate.range(0, 7).zip(Generate.range(0, places.size() - 1),
                Generate.range(0, 2), (a, b, c) -> List.of(a, b, c));
        for (List<Integer> pick : draw(picks, seedFor(seed, "outputs"), extra)) {
            String scenario = switch (pick.get(2)) {
                case 0 -> "slice-rotation";
                case 1 -> "short-release";
                default -> DIR + "/good.yaml";
            };
            out.add(outputCase(writers(scenario).get(pick.get(0)), places.get(pick.get(1))).withFile("good.yaml",
                    Files.GOOD));
        }
        return out;
    }

    /**
     * Each writer into a missing directory, with work that takes far longer than the limit if it is done first:
     * the output path must be checked before the work starts.
     */
    static List<BadCase> beforeTheWork() {
        String missing = DIR + "/" + Harness.MARK + "/out.";
        List<BadCase> out = new ArrayList<>();
        // About a minute of work each if it is done first (tens of millions of events), against a 5 s limit.
        List<String> long_ = List.of("--set", "duration=600s", "--set", "load_gap=10us", "--set", "load_run=10us",
                "--set", "max_events=1000000000");
        List<List<String>> lines = List.of(
                plus(plus(List.of("run", "slice-rotation"), long_.toArray(String[]::new)), "--trace", missing + "json"),
                plus(plus(List.of("chart", "slice-rotation", "--kind", "timeline"), long_.toArray(String[]::new)),
                        "--out", missing + "svg"),
                plus(plus(List.of("chart", "slice-rotation", "--kind", "cdf"), long_.toArray(String[]::new)),
                        "--out", missing + "png"),
                List.of("search", "slice-rotation", "--over", "view=100us..400us", "--over", "threads=2..6",
                        "--examples", "500",
                        "--seeds-per-config", "3", "--jobs", "1", "--set", "duration=20s", "--csv", missing + "csv"),
                List.of("validate", "short-release", "--duration", "60s", "--repeat", "20", "--chart",
                        missing + "png"),
                plus(plus(List.of("compare", "slice-rotation"), long_.toArray(String[]::new)), "--csv",
                        missing + "csv"),
                plus(plus(List.of("report", "slice-rotation"), long_.toArray(String[]::new)), "--out",
                        missing + "html"));
        for (List<String> a : lines) {
            String path = a.get(a.size() - 1);
            out.add(BadCase.of("outputs", a.get(0) + " " + a.get(a.size() - 2) + " checked before the work", a)
                    .withOutput(path).inChildJvm().within(5_000).mentioning(Harness.MARK));
        }
        return out;
    }

    private static BadCase outputCase(Writer w, Place p) {
        String path = p.path().replace("EXT", w.ext());
        List<String> a = new ArrayList<>(w.args());
        a.remove("x");
        a.addAll(List.of(w.option(), path));
        BadCase c = BadCase.of("outputs", w.label() + " into " + p.label(), a).withOutput(path)
                .withFile("ok.csv", Csv.OK);
        if (p.file() != null) c = c.withFile(p.file().replace("EXT", w.ext()), p.content());
        return c;
    }

    // ======================================================================== runaways

    /**
     * Keys whose values make events that do not advance time (the background load's, the only pair found by a fuzz
     * of every key: load_gap=1ns load_run=0ns ran past two minutes), on every command that runs a scenario: refused
     * at once, naming the key, before any event.
     */
    static List<BadCase> runaways() {
        List<List<String>> loads = List.of(
                List.of("load_gap=1ns", "load_run=0ns"), List.of("load_gap=1ns", "load_run=1ms"),
                List.of("load_gap=9999ns", "load_run=1ms"), List.of("load_gap=1ms", "load_run=0ns"),
                List.of("load_gap=20ms", "load_run=999ns"));
        List<Function<List<String>, List<String>>> commands = List.of(
                sets -> List.of("run", "short-release"),
                sets -> List.of("run", "slice-rotation", "--json"),
                sets -> List.of("chart", "short-release", "--kind", "timeline", "--out", DIR + "/runaway.svg"),
                sets -> List.of("compare", "short-release"),
                sets -> List.of("report", "slice-rotation", "--out", DIR + "/runaway.html"),
                sets -> List.of("bench", "short-release", "--runs", "1", "--warmup", "0"));
        List<BadCase> out = new ArrayList<>();
        for (List<String> load : loads) {
            for (Function<List<String>, List<String>> command : commands) {
                List<String> a = new ArrayList<>(command.apply(load));
                for (String kv : load) a.addAll(List.of("--set", kv));
                a.addAll(List.of("--set", "duration=60s"));
                BadCase c = BadCase.of("runaway", "runaway " + a.get(0) + " " + String.join(" ", load), a)
                        .within(5_000).mentioning("load_");
                for (String x : a) if (x.startsWith(DIR + "/runaway")) c = c.withOutput(x);
                out.add(c);
            }
        }
        return out;
    }

    // ======================================================================== budget

    /** Runs stopped by a small event budget: exit 3 naming the budget, and still no output written, nothing printed. */
    static List<BadCase> budget(long seed, int n) {
        List<BadCase> out = new ArrayList<>();
        List<Function<String, List<String>>> shapes = List.of(
                s -> List.of("run", s),
                s -> List.of("run", s, "--json"),
                s -> List.of("run", s, "--trace", DIR + "/budget.json"),
                s -> List.of("run", s, "--narrate", "0..1ms"),
                s -> List.of("run", s, "--narrate", "0..1ms", "--mermaid"),
                s -> List.of("chart", s, "--kind", "timeline", "--out", DIR + "/budget.svg", "--width", "200",
                        "--height", "150"),
                s -> List.of("chart", s, "--kind", "cdf", "--out", DIR + "/budget.png", "--width", "200",
                        "--height", "150"),
                s -> List.of("chart", s, "--kind", "compare", "--compare", "pinned=true", "--out",
                        DIR + "/budget.svg", "--width", "200", "--height", "150"),
                s -> List.of("search", s, "--over", "pinned=*", "--examples", "2", "--seeds-per-config", "1",
                        "--jobs", "1", "--csv", DIR + "/budget.csv"),
                s -> List.of("search", s, "--over", "pinned=*", "--examples", "1", "--json"),
                s -> List.of("bench", s, "--runs", "1", "--warmup", "0"),
                s -> List.of("compare", s, "--policies", "fifo-ticket", "--csv", DIR + "/budget.csv"),
                s -> List.of("report", s, "--compare", "cores=1", "--out", DIR + "/budget.html"));
        Gen<List<Integer>> gen = Generate.range(0, shapes.size() - 1).zip(Generate.range(1, 100),
                Generate.range(0, 2), (a, b, c) -> List.of(a, b, c));
        List<List<Integer>> picks = new ArrayList<>();
        for (int i = 0; i < shapes.size(); i++) picks.add(List.of(i, 1 + 37 * i % 100, i % 3));
        picks.addAll(draw(gen, seedFor(seed, "budget"), n));
        for (List<Integer> p : picks) {
            String scenario = switch (p.get(2)) {
                case 0 -> "short-release";
                case 1 -> "slice-rotation";
                default -> DIR + "/long.yaml";
            };
            List<String> a = new ArrayList<>(shapes.get(p.get(0)).apply(scenario));
            a.addAll(List.of("--set", "max_events=" + p.get(1)));
            BadCase c = BadCase.of("budget", "budget " + a.get(0) + " " + (a.size() > 2 ? a.get(2) : ""), a)
                    .withFile("long.yaml", Files.GOOD.replace("duration: 10ms", "duration: 2s")).allowBudget();
            for (String x : a) if (x.startsWith(DIR + "/budget")) c = c.withOutput(x);
            out.add(c);
        }
        return out;
    }

    /** Helper the chart(...) builder uses to give --kind twice. */
    static List<String> replaced(List<String> args, String marker, String... with) {
        List<String> out = new ArrayList<>();
        for (String a : args) {
            if (a.equals(marker)) out.addAll(Arrays.asList(with));
            else out.add(a);
        }
        return out;
    }

    // ------------------------------------------------------------------------ helpers shared by the catalogues

    static final class Files {
        private Files() {}

        /** A valid threads scenario file: ten milliseconds, two threads. */
        static final String GOOD = "name: good\nparams:\n  cores: 2\n  duration: 10ms\n  io: 20us\nthreads:\n"
                + "  - name: a\n    program:\n      - loop:\n          - compute: 1ms\n          - release: $io\n"
                + "  - name: b\n    program:\n      - sleep: 1ms\n      - compute: 2ms\n";
    }

    static final class Csv {
        private Csv() {}

        static final String HEADER = "index,seed,work,interval,verdict,starved_count,max_wait_ns,starved_threads";
        static final String OK = HEADER + "\n0,1,1ms,5ms,starves,1,123456789,main\n1,1,2ms,5ms,fair,0,4000000,\n"
                + "2,1,1ms,10ms,starves,2,200000000,\"main;worker\"\n3,1,2ms,10ms,fair,0,9000000,\n";
    }

    static List<String> commonKeyNames() {
        return Defaults.common().stream().map(Key::name).toList();
    }
}
