package gilsim.scenario;

import gilsim.sim.Durations;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A machine profile: what {@code gilsim calibrate} measured on a machine, for {@code --machine FILE}. It replaces
 * the uniform wake-up latency with the machine's own distribution (its quantiles), may give a timer's own way from its
 * deadline to running ({@code timer_wake}), and sets {@code timer_slack},
 * {@code preempt_percent}, the crowded race's keys ({@link #RACE_KEYS}) and the background load ({@code load_gap},
 * {@code load_run}, {@code load_idle_first}) to the measured values; {@code --set} still overrides them.
 *
 * <pre>
 * source: "gilsim calibrate, CPython 3.11.7, 2 cores, load 0.42"
 * python: "3.11.7"         # optional: the interpreter calibrate measured (the race's keys are its own)
 * wake_latency:
 *   quantiles:            # [probability, duration], increasing; from probability 0 to 1
 *     - [0.0, 12us]
 *     - [0.5, 48us]
 *     - [1.0, 900us]
 * timer_wake:              # optional: from a timed wait's deadline to running on an idle core, measured on
 *   quantiles:              # the real GIL's timed waits; for a timer's wake-up there, in place of the slack and
 *                           # the wake-up latency
 *     - [0.0, 40us]
 *     - [0.5, 85us]
 *     - [1.0, 2ms]
 * timer_slack: 60us        # optional
 * preempt_probability: 0.89   # optional, 0..1; rounded to a whole percent
 * refusal_window: 3ms      # optional, with the next: the kernel's refusals in pairs (docs/calibration.md, section 4)
 * refusal_after_probability: 0.15   # 0..1, rounded to a whole percent: refusal_after_percent
 * checkpoint: 1800ns       # optional, more than 0: fitted to the crowded races (docs/calibration.md)
 * drop_reaction: 1500ns    # optional, as the four below
 * wait_entry: 1400ns
 * wait_entry_jitter: 650ns
 * wait_entry_growth: 40    # per cent, 0..400
 * wait_entry_same_core: true   # optional: the quiet time's rule that fitted the races better
 * fast_race_percent: 30    # per cent, 0..100: the share of time the race runs fast
 * fast_race_reaction: 45   # per cent, 0..100: the holder's reaction then
 * load_gap: 952ms          # optional: the machine's own background, as the model's load (0ns: none measured)
 * load_run: 2095us         # with load_gap more than 0
 * load_idle_first: true    # optional, default false
 * model:                   # optional: the model's rules the race's keys were fitted under (calibrate --set)
 *   run_to_parity: true
 *   timer_expiry: hrtimer
 * </pre>
 *
 * @param file the file it was read from, for messages and replay lines
 * @param python the version of the interpreter the profile was measured on ("3.11.7"), or null when it does not say
 * @param race the crowded race's keys the profile sets, by name: durations in ns, {@code wait_entry_growth} and {@code fast_race_*} in per cent
 * @param refusals {@code refusal_window} and {@code refusal_after_percent}, or null when the profile does not set them
 * @param waitEntrySameCore {@code wait_entry_same_core}, or null when the profile does not set it
 * @param model the model's rules the profile's race keys were fitted under ({@code calibrate --set}), by key, each
 *              value as written; applied with the rest of the profile, before {@code --set}
 * @param background the machine's own background, or null when the profile does not give it
 */
public record MachineProfile(String file, String source, String python, double[] probabilities, long[] latenciesNs,
                             double[] timerWakeProbabilities, long[] timerWakeNs, Long timerSlackNs,
                             Integer preemptPercent, Refusals refusals, Map<String, Long> race,
                             Boolean waitEntrySameCore, Map<String, String> model, Background background) {
    /** The wake-ups' refusals in pairs: {@code refusal_window} in ns, {@code refusal_after_percent}. */
    public record Refusals(long windowNs, int afterPercent) {}

    /**
     * The machine's own background as the model's load ({@code load_gap}, {@code load_run},
     * {@code load_idle_first}; docs/model.md, "The machine's own background"); {@code runNs} is 0 when
     * {@code gapNs} is (no load).
     */
    public record Background(long gapNs, long runNs, boolean idleFirst) {}

    /**
     * The default machine's name: the profile a run uses when neither {@code --machine} nor its scenario file
     * names one (docs/model.md, "The default machine"). {@code --machine vm-2core} names it too.
     */
    public static final String DEFAULT_NAME = "vm-2core";
    /** {@code --machine none}: no profile, the model's keys alone (a uniform wake-up latency, no background). */
    public static final String NONE_NAME = "none";
    /**
     * What {@code --machine none} resolves to: a marker that {@link Scenario#params(java.util.List, MachineProfile)}
     * turns into no profile at all, so that "none given" (null: the default machine) and "none wanted" differ.
     */
    public static final MachineProfile NONE = new MachineProfile(NONE_NAME, "the model's keys alone", null,
            new double[0], new long[0], null, null, null, null, null, Map.of(), null, Map.of(), null);
    private static final String DEFAULT_RESOURCE = "/gilsim/scenario/vm-2core.yaml";
    private static MachineProfile defaultMachine;

    /** The default machine, read once from the jar. */
    public static synchronized MachineProfile defaultMachine() {
        if (defaultMachine == null) {
            try (var in = MachineProfile.class.getResourceAsStream(DEFAULT_RESOURCE)) {
                if (in == null) throw new IllegalStateException("missing " + DEFAULT_RESOURCE);
                defaultMachine = parse(DEFAULT_NAME, new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        return defaultMachine;
    }

    /**
     * What {@code --machine SPEC} or a scenario's {@code machine: SPEC} names: {@value #DEFAULT_NAME}, {@value
     * #NONE_NAME}, or a profile's file, read now (one line when it is bad).
     */
    public static MachineProfile named(Path spec) {
        String s = spec.toString();
        if (s.equals(DEFAULT_NAME)) return defaultMachine();
        if (s.equals(NONE_NAME)) return NONE;
        return load(spec);
    }

    /** Whether {@code spec} names a machine ({@value #DEFAULT_NAME} or {@value #NONE_NAME}) rather than a file. */
    public static boolean isName(String spec) {
        return spec.equals(DEFAULT_NAME) || spec.equals(NONE_NAME);
    }

    /** The model's keys that calibrate fits to the crowded races, in the order a profile writes them. */
    public static final List<String> RACE_KEYS = List.of("checkpoint", "drop_reaction", "wait_entry",
            "wait_entry_jitter", "wait_entry_growth", "fast_race_percent", "fast_race_reaction");
    /**
     * The model's rules a profile may fix under {@code model:} (and {@code calibrate --set}): how the scheduler, the
     * timers and the condition variable behave, which change what the fitted race keys mean. Not the workload's
     * keys, nor the ones a profile measures (the wake-up latency, {@code timer_slack}, {@code preempt_percent}, the
     * race's keys).
     */
    public static final List<String> MODEL_KEYS = List.of("timeslice", "timer_expiry", "wake_ipi", "wake_core",
            "balance_tick", "balance_per_tick", "run_queue", "wake_move_percent", "signal_move_percent",
            "migration_cost", "run_to_parity", "futex_sleep", "futex_return", "race_dwell", "gil_mutex", "wake_order",
            "wait_entry_quiet", "wake_timed_out");
    private static final List<String> FIELDS = List.of("source", "python", "wake_latency", "timer_wake", "timer_slack",
            "preempt_probability", "refusal_window", "refusal_after_probability", "checkpoint", "drop_reaction",
            "wait_entry", "wait_entry_jitter", "wait_entry_growth", "wait_entry_same_core", "fast_race_percent",
            "fast_race_reaction", "load_gap", "load_run", "load_idle_first", "model");
    private static final long MAX_FILE_BYTES = 1 << 20;

    public MachineProfile {
        probabilities = probabilities.clone();
        latenciesNs = latenciesNs.clone();
        if ((timerWakeProbabilities == null) != (timerWakeNs == null)) {
            throw new IllegalArgumentException("timer_wake needs both its probabilities and its durations");
        }
        timerWakeProbabilities = timerWakeProbabilities == null ? null : timerWakeProbabilities.clone();
        timerWakeNs = timerWakeNs == null ? null : timerWakeNs.clone();
        race = Collections.unmodifiableMap(new LinkedHashMap<>(race));
        model = Collections.unmodifiableMap(new LinkedHashMap<>(model));
    }

    /**
     * Checks one of the model's rules for a profile: a key of {@link #MODEL_KEYS} and a value in its range. Returns
     * null when it may be used, else what is wrong (the caller says where).
     */
    public static String modelProblem(String key, String value) {
        if (!MODEL_KEYS.contains(key)) {
            return "'" + key + "' is not one of the model's rules a profile may fix" + Nearest.suggestion(key, MODEL_KEYS)
                    + " (" + String.join(", ", MODEL_KEYS) + ")";
        }
        Key k = Defaults.common().stream().filter(d -> d.name().equals(key)).findFirst().orElseThrow();
        try {
            k.parse(value);
            return null;
        } catch (IllegalArgumentException e) {
            return key + ": " + e.getMessage();
        }
    }

    /** Whether a crowded-race key is a whole per cent (the others are durations). */
    public static boolean isPercentKey(String key) {
        return key.equals("wait_entry_growth") || key.startsWith("fast_race_");
    }

    /**
     * Whether the profile was measured on an interpreter of the same minor version as {@code version} ("3.11.7" and
     * "3.11.2" are; "3.12.1" is not); true when the profile does not say, so that an older profile warns of nothing.
     */
    public boolean measuredOn(String version) {
        return python == null || minor(python).equals(minor(version));
    }

    private static String minor(String version) {
        String[] p = version.split("\\.");
        return p.length < 2 ? version : p[0] + "." + p[1].replaceAll("\\D.*", "");
    }

    /** The check-point spacing the profile sets, or null. */
    public Long checkpointNs() {
        return race.get("checkpoint");
    }

    /** Reads a profile; every error is one line naming the file, the line and the field. */
    public static MachineProfile load(Path path) {
        String file = path.toString();
        if (Files.exists(path) && !Files.isRegularFile(path)) {
            throw new InputError("--machine " + file + ": cannot read: not a regular file");
        }
        String text;
        try {
            if (Files.size(path) > MAX_FILE_BYTES) throw new InputError("--machine " + file + ": larger than 1 MiB");
            text = Files.readString(path, StandardCharsets.UTF_8);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new InputError("--machine " + file + ": cannot read: no such file");
        } catch (IOException e) {
            throw new InputError("--machine " + file + ": cannot read: " + e.getMessage());
        }
        return parse(file, text);
    }

    /** A profile from its text; {@code file} names it in messages. */
    public static MachineProfile parse(String file, String text) {
        YamlTree tree = YamlTree.parse(file, text);
        if (!(tree instanceof YamlTree.Mapping top)) {
            throw new InputError(file + ":" + tree.line() + ": expected a machine profile (source, wake_latency, ...)");
        }
        for (Map.Entry<String, YamlTree> e : top.entries().entrySet()) {
            if (!FIELDS.contains(e.getKey())) {
                throw new InputError(file + ":" + e.getValue().line() + ": " + e.getKey()
                        + ": unknown field (expected " + String.join(", ", FIELDS) + ")");
            }
        }
        String source = top.entries().get("source") instanceof YamlTree.Scalar s ? s.text() : file;
        String python = null;
        if (top.entries().get("python") instanceof YamlTree.Scalar s) {
            python = s.text().trim();
            if (!python.matches("\\d+\\.\\d+(\\.\\d+)?[a-z0-9+]*")) {
                throw new InputError(file + ":" + s.line() + ": python: '" + s.text() + "' is not a version such as "
                        + "3.12.1");
            }
        }
        YamlTree latency = top.entries().get("wake_latency");
        if (latency == null) throw new InputError(file + ":" + top.line() + ": wake_latency: missing");
        Quantiles wake = quantiles(file, latency, "wake_latency");
        YamlTree timer = top.entries().get("timer_wake");
        Quantiles timerWake = timer == null ? null : quantiles(file, timer, "timer_wake");
        Long slack = duration(file, top, "timer_slack");
        Map<String, Long> race = new LinkedHashMap<>();
        for (String key : RACE_KEYS) {
            Long v = !isPercentKey(key) ? duration(file, top, key)
                    : percent(file, top, key, key.equals("wait_entry_growth") ? 400 : 100);
            if (v != null) race.put(key, v);
        }
        Long checkpoint = race.get("checkpoint");
        if (checkpoint != null && checkpoint == 0) {
            throw new InputError(file + ":" + top.entries().get("checkpoint").line() + ": checkpoint: more than 0ns "
                    + "(a profile fits the spacing; 0, no check point, is a scenario's choice)");
        }
        Boolean sameCore = bool(file, top, "wait_entry_same_core");
        Integer preempt = null;
        if (top.entries().get("preempt_probability") instanceof YamlTree.Scalar s) {
            preempt = (int) Math.round(100 * probability(file + ":" + s.line() + ": preempt_probability: ", s.text()));
        }
        Refusals refusals = refusals(file, top);
        Map<String, String> model = new LinkedHashMap<>();
        YamlTree rules = top.entries().get("model");
        if (rules != null) {
            if (!(rules instanceof YamlTree.Mapping m)) {
                throw new InputError(file + ":" + rules.line() + ": model: expected a mapping of the model's rules "
                        + "(run_to_parity: true, ...)");
            }
            for (Map.Entry<String, YamlTree> e : m.entries().entrySet()) {
                String where = file + ":" + e.getValue().line() + ": model: ";
                if (!(e.getValue() instanceof YamlTree.Scalar v)) throw new InputError(where + e.getKey() + ": expected a value");
                String problem = modelProblem(e.getKey(), v.text().trim());
                if (problem != null) throw new InputError(where + problem);
                model.put(e.getKey(), v.text().trim());
            }
        }
        return new MachineProfile(file, source, python, wake.probabilities(), wake.durationsNs(),
                timerWake == null ? null : timerWake.probabilities(), timerWake == null ? null : timerWake.durationsNs(),
                slack, preempt, refusals, race, sameCore, model, background(file, top));
    }

    /** {@code refusal_window} and {@code refusal_after_probability}, which come together; null without. */
    private static Refusals refusals(String file, YamlTree.Mapping top) {
        Long window = duration(file, top, "refusal_window");
        YamlTree after = top.entries().get("refusal_after_probability");
        if (window == null && after == null) return null;
        if (window == null || !(after instanceof YamlTree.Scalar s)) {
            YamlTree given = window == null ? after : top.entries().get("refusal_window");
            throw new InputError(file + ":" + given.line() + ": refusal_window and refusal_after_probability (0 to 1) "
                    + "come together");
        }
        int percent = (int) Math.round(100 * probability(file + ":" + s.line() + ": refusal_after_probability: ",
                s.text()));
        return new Refusals(window, percent);
    }

    /** {@code load_gap}, {@code load_run} and {@code load_idle_first}, in the ranges the model runs; null without. */
    private static Background background(String file, YamlTree.Mapping top) {
        Long gap = duration(file, top, "load_gap");
        Long run = duration(file, top, "load_run");
        Boolean idleFirst = bool(file, top, "load_idle_first");
        if (gap == null) {
            String other = run != null ? "load_run" : idleFirst != null ? "load_idle_first" : null;
            if (other == null) return null;
            throw new InputError(file + ":" + top.entries().get(other).line() + ": " + other + ": needs load_gap (the "
                    + "background's mean gap per core; 0ns for none)");
        }
        String where = file + ":" + top.entries().get("load_gap").line() + ": load_gap: ";
        if (gap == 0) return new Background(0, 0, false);
        if (gap < Defaults.MIN_LOAD_GAP_NS) throw new InputError(where + "0ns or at least 10us");
        if (run == null) throw new InputError(where + "needs load_run (how long each of the background's tasks runs)");
        if (run < Defaults.MIN_LOAD_RUN_NS) {
            throw new InputError(file + ":" + top.entries().get("load_run").line() + ": load_run: at least 1us");
        }
        return new Background(gap, run, idleFirst != null && idleFirst);
    }

    /** The optional true-or-false {@code field}; null when absent. */
    private static Boolean bool(String file, YamlTree.Mapping top, String field) {
        YamlTree node = top.entries().get(field);
        if (node == null) return null;
        if (!(node instanceof YamlTree.Scalar s) || !(s.text().equals("true") || s.text().equals("false"))) {
            throw new InputError(file + ":" + node.line() + ": " + field + ": expected true or false");
        }
        return s.text().equals("true");
    }

    private record Quantiles(double[] probabilities, long[] durationsNs) {}

    /** A {@code quantiles:} list of [probability, duration] under {@code field}, from probability 0 to 1. */
    private static Quantiles quantiles(String file, YamlTree node, String field) {
        if (!(node instanceof YamlTree.Mapping lm) || !(lm.entries().get("quantiles") instanceof YamlTree.Seq q)) {
            throw new InputError(file + ":" + node.line() + ": " + field + ": expected quantiles: a list of "
                    + "[probability, duration]");
        }
        List<Double> ps = new ArrayList<>();
        List<Long> ds = new ArrayList<>();
        for (int i = 0; i < q.items().size(); i++) {
            YamlTree item = q.items().get(i);
            String where = file + ":" + item.line() + ": " + field + ".quantiles[" + i + "]: ";
            if (!(item instanceof YamlTree.Seq pair) || pair.items().size() != 2
                    || !(pair.items().get(0) instanceof YamlTree.Scalar p) || !(pair.items().get(1) instanceof YamlTree.Scalar d)) {
                throw new InputError(where + "expected [probability, duration]");
            }
            double prob = probability(where, p.text());
            long ns;
            try {
                ns = Durations.parse(d.text());
            } catch (IllegalArgumentException ex) {
                throw new InputError(where + ex.getMessage());
            }
            if (ns > Key.MAX_DURATION_NS) throw new InputError(where + "a latency of at most 3600s");
            if (!ps.isEmpty() && (prob <= ps.get(ps.size() - 1) || ns < ds.get(ds.size() - 1))) {
                throw new InputError(where + "quantiles must increase in probability and not decrease in duration");
            }
            ps.add(prob);
            ds.add(ns);
        }
        if (ps.size() < 2 || ps.get(0) != 0 || ps.get(ps.size() - 1) != 1) {
            throw new InputError(file + ":" + q.line() + ": " + field + ".quantiles: from probability 0 to 1, at "
                    + "least two points");
        }
        return new Quantiles(ps.stream().mapToDouble(Double::doubleValue).toArray(),
                ds.stream().mapToLong(Long::longValue).toArray());
    }

    /** The optional per-cent {@code field}, a whole number from 0 to {@code max}; null when absent. */
    private static Long percent(String file, YamlTree.Mapping top, String field, int max) {
        if (!(top.entries().get(field) instanceof YamlTree.Scalar s)) return null;
        try {
            long v = Long.parseLong(s.text().trim());
            if (v >= 0 && v <= max) return v;
        } catch (NumberFormatException e) {
            // the message below says what is expected
        }
        throw new InputError(file + ":" + s.line() + ": " + field + ": '" + s.text()
                + "' is not a whole per cent from 0 to " + max);
    }

    /** The optional duration {@code field}, at most an hour; null when absent. */
    private static Long duration(String file, YamlTree.Mapping top, String field) {
        if (!(top.entries().get(field) instanceof YamlTree.Scalar s)) return null;
        long ns;
        try {
            ns = Durations.parse(s.text());
        } catch (IllegalArgumentException ex) {
            throw new InputError(file + ":" + s.line() + ": " + field + ": " + ex.getMessage());
        }
        if (ns > Key.MAX_DURATION_NS) throw new InputError(file + ":" + s.line() + ": " + field + ": at most 3600s");
        return ns;
    }

    private static double probability(String where, String text) {
        double p;
        try {
            p = Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            throw new InputError(where + "'" + text + "' is not a probability (0 to 1)");
        }
        if (!(p >= 0 && p <= 1)) throw new InputError(where + "'" + text + "' is not a probability (0 to 1)");
        return p;
    }
}
