package gilsim.scenario;

import gilsim.cpython.PythonVersions;
import gilsim.program.Step;
import gilsim.program.ThreadSpec;
import gilsim.m0.PoolSpec;
import gilsim.sim.Durations;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * A runnable scenario: a name, its keys with defaults, and how its workload is built from effective parameters.
 *
 * @param origin   "built-in" or the file it was read from, for messages
 * @param keyLines for a file, the line each key is set on in its {@code params}, for messages; empty otherwise
 * @param machine  the machine profile a file names ({@code machine: FILE}), or null; {@code --machine} overrides it
 * @param unused   a file's own keys that no step, count or parameter reads: setting them changes nothing
 */
public record Scenario(String name, String description, String origin, List<Key> keys,
                       Function<Params, Workload> workload, Map<String, Integer> keyLines, MachineProfile machine,
                       Set<String> unused) {
    public Scenario {
        keys = List.copyOf(keys);
        keyLines = Map.copyOf(keyLines);
        unused = Set.copyOf(unused);
    }

    public Scenario(String name, String description, String origin, List<Key> keys,
                    Function<Params, Workload> workload) {
        this(name, description, origin, keys, workload, Map.of(), null, Set.of());
    }

    /**
     * Why {@code key} changes nothing here, or null when it may: a file's own key that nothing reads (a search over
     * it would try identical runs and could only report a false all-clear).
     */
    public String unusedReason(String key) {
        if (!unused.contains(key)) return null;
        Integer line = keyLines.get(key);
        return key + " changes nothing in " + origin + ": no step, count or parameter reads it (params." + key
                + (line == null ? "" : ", line " + line) + "; a step reads a key as $" + key + ")";
    }

    /**
     * Something the model cannot run: a message, and where to point: a line of the scenario file (0 when unknown)
     * and the keys that together cause it (the first one the file sets gives the line when there is none).
     */
    public record Problem(int line, List<String> keys, String message) {
        public Problem {
            keys = List.copyOf(keys);
        }
    }

    /** Thrown by a workload function that can point at a line of its file; {@link #problem} catches it. */
    static final class Unrunnable extends RuntimeException {
        final transient Problem problem;

        Unrunnable(Problem problem) {
            super(problem.message(), null, false, false);
            this.problem = problem;
        }
    }

    public Key key(String name) {
        for (Key k : keys) if (k.name().equals(name)) return k;
        return null;
    }

    /**
     * The {@link Waiters} key when this scenario runs the m0 pool (and has no key of that name itself), else null;
     * {@code --set} and {@code --over} take it beside the keys.
     */
    public Key waiters() {
        Key threads = key("threads");
        if (key(Waiters.NAME) != null || threads == null) return null;
        return workload.apply(parse(List.of(), machine)) instanceof Workload.Pool ? Waiters.key(threads) : null;
    }

    /**
     * {@code waiters}' key where {@link #waiters()} gives one; the one line that says why not elsewhere.
     *
     * @param option the option as given, {@code --over waiters=1..3}, for the message
     */
    public Key requireWaiters(String option) {
        Key w = waiters();
        if (w == null) {
            throw new InputError(option + ": waiters (a pool's threads - 1) is only for a scenario that runs the "
                    + "m0 pool; " + name + " runs threads of its own, not a pool");
        }
        return w;
    }

    /** The defaults. */
    public Params params() {
        return params(List.of());
    }

    /**
     * The defaults with {@code --set key=value} overrides applied, each checked against its key's range, and then
     * checked together ({@link #problem}).
     *
     * @throws InputError naming the option and the key when one is unknown, malformed or out of range, or naming
     *                    the file, its line and the {@code --set} options when the values together cannot run
     */
    public Params params(List<String> sets) {
        return params(sets, null);
    }

    /**
     * As {@link #params(List)}, on a machine profile: {@code machine}, else the scenario file's own, else the default
     * machine ({@link MachineProfile#defaultMachine()}); {@link MachineProfile#NONE} runs on the keys alone. The
     * profile's timer slack, preemption rate and its runs of refusals, crowded-race keys, the model's rules they were
     * fitted under and its background load (each when it has one) replace the keys' defaults, and {@code sem_wake} and
     * {@code futex_return} are 0; a value the scenario file sets itself, and then {@code --set}, win over the
     * profile's. Its wake-up latency distribution stands in for {@code wake_latency} and {@code wake_jitter} unless
     * either is set, in the file or by {@code --set}: then the latency is uniform, as without a profile.
     */
    public Params params(List<String> sets, MachineProfile machine) {
        if (machine == null) machine = this.machine;
        if (machine == null) machine = MachineProfile.defaultMachine();
        if (machine == MachineProfile.NONE) machine = null;
        Params p = parse(sets, machine);
        Problem problem = problem(p);
        if (problem != null) throw new InputError(where(problem, sets) + ": " + problem.message());
        return p;
    }

    private Params parse(List<String> sets, MachineProfile machine) {
        Map<String, Key> byName = new LinkedHashMap<>();
        Map<String, Object> values = new LinkedHashMap<>();
        for (Key k : keys) {
            byName.put(k.name(), k);
            values.put(k.name(), k.parse(k.defaultValue()));
        }
        if (machine != null) {
            Map<String, Object> fromMachine = new LinkedHashMap<>();
            if (machine.timerSlackNs() != null) fromMachine.put("timer_slack", machine.timerSlackNs());
            if (machine.preemptPercent() != null) fromMachine.put("preempt_percent", (long) machine.preemptPercent());
            if (machine.refusals() != null) {
                fromMachine.put("refusal_window", machine.refusals().windowNs());
                fromMachine.put("refusal_after_percent", (long) machine.refusals().afterPercent());
            }
            fromMachine.putAll(machine.race());
            if (machine.waitEntrySameCore() != null) fromMachine.put("wait_entry_same_core", machine.waitEntrySameCore());
            MachineProfile.Background bg = machine.background();
            if (bg != null) {
                fromMachine.put("load_gap", bg.gapNs());
                if (bg.gapNs() > 0) {
                    fromMachine.put("load_run", bg.runNs());
                    fromMachine.put("load_idle_first", bg.idleFirst());
                }
            }
            // The rules the race's keys were fitted under go with them (a key the scenario lacks has no rule to fix).
            for (Map.Entry<String, String> rule : machine.model().entrySet()) {
                Key k = byName.get(rule.getKey());
                if (k != null) fromMachine.put(rule.getKey(), k.parse(rule.getValue()));
            }
            // A profile's wake-up latency is the release race's effective one, the whole way from a release to the
            // woken waiter holding the GIL: the waker's cost of signalling is already counted in it, so a release that
            // wakes a sleeper costs its releaser nothing more, and so is the woken waiter's way back out of its futex
            // wait (docs/model.md, "Machine profiles").
            fromMachine.put("sem_wake", 0L);
            fromMachine.put("futex_return", 0L);
            // The scenario file's own values describe its machine too, and win (a built-in sets none).
            fromMachine.forEach((k, v) -> {
                if (values.containsKey(k) && !keyLines.containsKey(k)) values.put(k, v);
            });
        }
        String threadsSet = null;
        String waitersSet = null;
        boolean uniformSet = Params.UNIFORM_LATENCY_KEYS.stream().anyMatch(keyLines::containsKey);
        for (String set : sets) {
            int eq = set.indexOf('=');
            if (eq <= 0) throw new InputError("--set " + set + ": expected key=value");
            String name = set.substring(0, eq).trim();
            Key k = byName.get(name);
            if (k == null && name.equals(Waiters.NAME)) {
                Key w = requireWaiters("--set " + set);
                try {
                    values.put("threads", (Long) w.parse(set.substring(eq + 1)) + 1);
                } catch (IllegalArgumentException e) {
                    throw new InputError("--set " + set + ": " + name + ": " + e.getMessage());
                }
                waitersSet = set;
                if (threadsSet != null) throw Waiters.both("--set " + set, "--set " + threadsSet);
                continue;
            }
            if (name.equals("threads")) {
                threadsSet = set;
                if (waitersSet != null) throw Waiters.both("--set " + waitersSet, "--set " + set);
            }
            if (k == null) {
                throw new InputError("--set " + set + ": unknown key '" + name + "' for scenario " + this.name
                        + Nearest.suggestion(name, byName.keySet()) + " (keys: " + String.join(", ", byName.keySet()) + ")");
            }
            if (Params.UNIFORM_LATENCY_KEYS.contains(name)) uniformSet = true;
            try {
                values.put(name, k.parse(set.substring(eq + 1)));
            } catch (IllegalArgumentException e) {
                throw new InputError("--set " + set + ": " + name + ": " + e.getMessage());
            }
        }
        return new Params(byName, values, machine, machine != null && !uniformSet);
    }

    /**
     * What these parameters ask for that the model cannot run, or null: the limits between keys (the wake-up
     * jitter at most the latency, the tail's least at most its most) and the workload's (no loop forever over steps of no time; a pinned core the
     * machine has; a pool whose jobs take time). Every key is already in its own range.
     */
    public Problem problem(Params p) {
        if (p.has("load_gap") && p.ns("load_gap") > 0) {
            if (p.ns("load_gap") < Defaults.MIN_LOAD_GAP_NS) {
                return new Problem(0, List.of("load_gap"), "load_gap (" + p.asText().get("load_gap") + ") must be 0ns "
                        + "(no load) or at least 10us: foreign work arriving more often is not a machine's background "
                        + "load, and every arrival is an event, so the run would crawl");
            }
            if (p.ns("load_run") < Defaults.MIN_LOAD_RUN_NS) {
                return new Problem(0, List.of("load_run", "load_gap"), "load_run (" + p.asText().get("load_run")
                        + ") must be at least 1us while load_gap is set: foreign work of no time preempts without "
                        + "running, events that do not advance time");
            }
        }
        if (p.has("wake_jitter") && p.has("wake_latency") && p.ns("wake_jitter") > p.ns("wake_latency")) {
            return new Problem(0, List.of("wake_jitter", "wake_latency"), "wake_jitter ("
                    + p.asText().get("wake_jitter") + ") must not exceed wake_latency ("
                    + p.asText().get("wake_latency") + "): the latency is uniform in median +- jitter");
        }
        if (p.has("wait_entry_jitter") && p.has("wait_entry") && p.ns("wait_entry_jitter") > p.ns("wait_entry")) {
            return new Problem(0, List.of("wait_entry_jitter", "wait_entry"), "wait_entry_jitter ("
                    + p.asText().get("wait_entry_jitter") + ") must not exceed wait_entry ("
                    + p.asText().get("wait_entry") + "): the entry is uniform in median +- jitter");
        }
        for (String tail : List.of("wake_tail", "sem_wake_tail")) {
            String min = tail + "_min";
            String max = tail + "_max";
            if (p.has(min) && p.has(max) && p.ns(min) > p.ns(max)) {
                return new Problem(0, List.of(min, max), min + " (" + p.asText().get(min) + ") must not exceed " + max
                        + " (" + p.asText().get(max) + ")");
            }
        }
        if (p.has("jobs") && p.count("jobs") != 0 && key("view") != null
                && p.ns("view") != Durations.parse(key("view").defaultValue())) {
            return new Problem(0, List.of("jobs", "view"), "jobs=" + p.count("jobs") + " sets the view itself (a job "
                    + "of slice/jobs + 1 % of slice), so view=" + p.asText().get("view") + " would be ignored: set "
                    + "one of them (jobs=0 takes view as given)");
        }
        String version = p.has("python") ? PythonVersions.problem(p.choice("python"), p.choice("policy")) : null;
        if (version != null) return new Problem(0, List.of("python", "policy"), version);
        Workload w;
        try {
            w = workload.apply(p);
        } catch (Unrunnable e) {
            return e.problem;
        }
        if (w instanceof Workload.Threads t) {
            boolean pinned = p.has("pinned") && p.bool("pinned");
            for (ThreadSpec spec : t.threads()) {
                String idle = Step.idleLoop(spec.program(), "program");
                if (idle != null) {
                    return new Problem(0, List.of(), "a loop with no duration: every step of " + spec.name()
                            + "'s loop (" + idle + ") takes 0ns, so it would never advance time");
                }
                if (!pinned && spec.pinnedCore() >= p.count("cores")) {
                    return new Problem(0, List.of("cores"), "thread " + spec.name() + ": core " + spec.pinnedCore()
                            + " does not exist on a machine of " + p.count("cores") + " cores");
                }
            }
        } else if (w instanceof Workload.Pool pool) {
            PoolSpec s = pool.spec();
            if (s.viewNs() + s.overheadNs() == 0 && s.clientGapNs() == 0) {
                return new Problem(0, List.of("view", "overhead", "client_gap"), "a pool with no duration: view, "
                        + "overhead and client_gap are all 0ns, so every request would be answered at the instant "
                        + "it is sent and time would never advance");
            }
        }
        return null;
    }

    /** The file and line, or the scenario, and the {@code --set} options that led to a problem. */
    private String where(Problem problem, List<String> sets) {
        List<String> options = new ArrayList<>();
        for (String set : sets) options.add("--set " + set);
        String given = String.join(" ", options);
        if (origin.equals("built-in")) return sets.isEmpty() ? name : given;
        int line = problem.line();
        for (String k : problem.keys()) {
            if (line == 0 && keyLines.containsKey(k)) line = keyLines.get(k);
        }
        return origin + (line > 0 ? ":" + line : "") + (sets.isEmpty() ? "" : " with " + given);
    }
}
