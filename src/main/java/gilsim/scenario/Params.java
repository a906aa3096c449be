package gilsim.scenario;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The effective value of every key of a run, typed, in the scenario's key order. */
public final class Params {
    private final Map<String, Key> keys;
    private final Map<String, Object> values;
    /** The machine profile the run uses (the default machine, {@code --machine}), or null: the keys alone. */
    private final MachineProfile machine;
    /** Whether the profile's wake-up latency distribution is used: neither wake_latency nor wake_jitter was set. */
    private final boolean machineLatency;

    Params(Map<String, Key> keys, Map<String, Object> values, MachineProfile machine, boolean machineLatency) {
        this.keys = keys;
        this.values = values;
        this.machine = machine;
        this.machineLatency = machineLatency;
    }

    public MachineProfile machine() {
        return machine;
    }

    /**
     * The keys of the uniform wake-up latency; setting either beside a profile puts the uniform latency in place of
     * the profile's distribution.
     */
    public static final List<String> UNIFORM_LATENCY_KEYS = List.of("wake_latency", "wake_jitter");

    /** Whether the wake-up latency is the profile's distribution (else uniform in wake_latency +- wake_jitter). */
    public boolean machineLatency() {
        return machineLatency;
    }

    public long ns(String key) {
        return (Long) get(key);
    }

    public long count(String key) {
        return (Long) get(key);
    }

    public int intCount(String key) {
        return (int) Math.min(Integer.MAX_VALUE, count(key));
    }

    public boolean bool(String key) {
        return (Boolean) get(key);
    }

    public String choice(String key) {
        return (String) get(key);
    }

    public boolean has(String key) {
        return values.containsKey(key);
    }

    private Object get(String key) {
        Object v = values.get(key);
        if (v == null) throw new IllegalArgumentException("no key " + key);
        return v;
    }

    /** Every key with its canonical text, in order; what {@code --set} would take back. */
    public Map<String, String> asText() {
        Map<String, String> out = new LinkedHashMap<>();
        values.forEach((k, v) -> out.put(k, keys.get(k).format(v)));
        return Collections.unmodifiableMap(out);
    }

    /**
     * Every key as the JSON summary writes it, in key order: counts as numbers, booleans as booleans, choices as
     * text, and a duration as its text with its nanoseconds beside it under {@code KEY_ns}.
     */
    public Map<String, Object> json() {
        Map<String, Object> out = new LinkedHashMap<>();
        values.forEach((k, v) -> {
            Key key = keys.get(k);
            if (key.kind() == Key.Kind.DURATION) {
                out.put(k, key.format(v));
                out.put(k + "_ns", v);
            } else {
                out.put(k, v);
            }
        });
        if (machine != null) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("file", machine.file());
            m.put("source", machine.source());
            if (machine.python() != null) m.put("python", machine.python());
            if (machineLatency) {
                m.put("wake_latency_quantiles_ns", quantiles(machine.probabilities(), machine.latenciesNs()));
            }
            if (machine.timerWakeNs() != null) {
                m.put("timer_wake_quantiles_ns", quantiles(machine.timerWakeProbabilities(), machine.timerWakeNs()));
            }
            out.put("machine", m);
        }
        return Collections.unmodifiableMap(out);
    }

    /** A profile's table as [probability, duration ns] pairs. */
    private static List<Object> quantiles(double[] probabilities, long[] durationsNs) {
        List<Object> out = new java.util.ArrayList<>();
        for (int i = 0; i < probabilities.length; i++) out.add(List.of(probabilities[i], durationsNs[i]));
        return out;
    }

    /** A copy with one key changed (the value already typed); setting the wake-up latency makes it uniform. */
    public Params with(String key, Object value) {
        if (!values.containsKey(key)) throw new IllegalArgumentException("no key " + key);
        Map<String, Object> copy = new LinkedHashMap<>(values);
        copy.put(key, value);
        return new Params(keys, copy, machine, machineLatency && !UNIFORM_LATENCY_KEYS.contains(key));
    }

    public Key key(String key) {
        return keys.get(key);
    }
}
