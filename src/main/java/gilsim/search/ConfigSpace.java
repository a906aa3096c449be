package gilsim.search;

import static org.quicktheories.QuickTheory.qt;

import gilsim.scenario.InputError;
import gilsim.scenario.MachineProfile;
import gilsim.scenario.Params;
import gilsim.scenario.Scenario;
import gilsim.scenario.Waiters;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * What a search walks: a scenario, the {@code --set} values every run shares, and one {@link Range} per searched
 * key. It turns a {@link Config} into the run's parameters and lists the configurations to try.
 */
/**
 * @param machine the machine profile every run uses ({@code --machine}), or null
 */
public record ConfigSpace(Scenario scenario, List<String> sets, List<Range> ranges, MachineProfile machine) {
    /** The most configurations {@code --exhaustive} lists. */
    public static final int MAX_EXHAUSTIVE = 1_000_000;

    public ConfigSpace {
        sets = List.copyOf(sets);
        ranges = List.copyOf(ranges);
        if (ranges.isEmpty()) throw new InputError("search: give at least one --over key=LOW..HIGH");
        LinkedHashSet<String> seen = new LinkedHashSet<>();
        for (Range r : ranges) {
            if (!seen.add(r.name())) throw new InputError("--over " + r + ": " + r.name() + " is searched twice");
        }
        // Reject a bad --set now, with its own message, rather than at the first run.
        scenario.params(sets, machine);
        if (scenario.key(Waiters.NAME) == null) requireOneNameForThreads(sets, ranges); // else a file's own key
    }

    public ConfigSpace(Scenario scenario, List<String> sets, List<Range> ranges) {
        this(scenario, sets, ranges, null);
    }

    public static ConfigSpace of(Scenario scenario, List<String> sets, List<String> overs) {
        return of(scenario, sets, overs, null);
    }

    public static ConfigSpace of(Scenario scenario, List<String> sets, List<String> overs, MachineProfile machine) {
        List<Range> ranges = new ArrayList<>();
        for (String over : overs) ranges.add(Range.parse(scenario, over));
        return new ConfigSpace(scenario, sets, ranges, machine);
    }

    /**
     * A pool's threads are searched as {@code threads} or as {@code waiters} (threads - 1), and fixed by one name
     * or the other: one of each, in {@code --over} or {@code --set}, is refused.
     */
    private static void requireOneNameForThreads(List<String> sets, List<Range> ranges) {
        String threads = null;
        String waiters = null;
        for (Range r : ranges) {
            if (r.name().equals("threads")) threads = "--over " + r;
            if (r.name().equals(Waiters.NAME)) waiters = "--over " + r;
        }
        for (String set : sets) {
            String key = set.substring(0, set.indexOf('=')).trim(); // has one: Scenario.params checked it
            if (key.equals("threads") && threads == null) threads = "--set " + set;
            if (key.equals(Waiters.NAME) && waiters == null) waiters = "--set " + set;
        }
        if (threads != null && waiters != null) throw Waiters.both(waiters, threads);
    }

    /** The parameters of one run: the defaults, then {@code --set}, then the configuration's values. */
    public Params params(Config c) {
        Params p = scenario.params(sets, machine);
        for (int i = 0; i < ranges.size(); i++) p = Waiters.with(p, ranges.get(i).name(), c.get(i));
        return p;
    }

    /** The configuration's values as text, key by key: what the CSV and the replay line print. */
    public Map<String, String> text(Config c) {
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < ranges.size(); i++) out.put(ranges.get(i).name(), ranges.get(i).format(c.get(i)));
        return out;
    }

    /** {@code work=4.95ms interval=5ms}: the configuration on one line. */
    public String line(Config c) {
        StringBuilder b = new StringBuilder();
        text(c).forEach((k, v) -> b.append(b.length() == 0 ? "" : " ").append(k).append('=').append(v));
        return b.toString();
    }

    /**
     * {@code examples} distinct configurations drawn by QuickTheories from {@code seed}, in the order drawn.
     * QuickTheories gives the low ends of every range first and the high ends second, then random points.
     * Repeats (a small discrete space) are dropped, so fewer may come back.
     */
    public List<Config> random(long seed, int examples) {
        if (examples < 1 || examples > SearchOptions.MAX_EXAMPLES) {
            throw new IllegalArgumentException("examples " + examples + " outside 1.." + SearchOptions.MAX_EXAMPLES);
        }
        Gen<Config> gen = gen();
        LinkedHashSet<Config> drawn = new LinkedHashSet<>();
        // QuickTheories is used here as a generator only: the "check" collects, it never fails, so it never shrinks.
        // It is asked for twice as many as needed: its boundary examples can repeat (measured: 0.26 gives the
        // all-low corner twice), and a small discrete space repeats often.
        qt().withFixedSeed(seed).withExamples(2 * examples + 2).withShrinkCycles(0)
                .forAll(gen)
                .checkAssert(c -> {
                    if (drawn.size() < examples) drawn.add(c);
                });
        return List.copyOf(drawn);
    }

    /** The QuickTheories generator of this space's configurations: each range's generator, zipped in order. */
    public Gen<Config> gen() {
        Gen<List<Object>> gen = Generate.constant(List.of());
        for (Range r : ranges) {
            gen = gen.zip(r.gen(), (list, v) -> {
                List<Object> longer = new ArrayList<>(list);
                longer.add(v);
                return longer;
            });
        }
        return gen.map(Config::new).describedAs(this::line);
    }

    /** Every configuration of a discrete space, the last range varying fastest. */
    public List<Config> exhaustive() {
        long size = 1;
        for (Range r : ranges) {
            if (r.continuous()) {
                throw new InputError("--over " + r + ": --exhaustive needs a step (" + r.spec() + ":STEP) or a "
                        + "list a,b,c");
            }
            size *= r.values().size(); // at most MAX_EXHAUSTIVE * Range.MAX_VALUES: no overflow
            if (size > MAX_EXHAUSTIVE) {
                throw new InputError("--exhaustive: the ranges make more than " + MAX_EXHAUSTIVE + " configurations "
                        + "(" + String.join(" x ", ranges.stream().map(x -> Integer.toString(x.values().size()))
                        .toList()) + "); take larger steps or search at random with --examples");
            }
        }
        List<Config> out = new ArrayList<>();
        out.add(new Config(List.of()));
        for (Range r : ranges) {
            List<Config> next = new ArrayList<>();
            for (Config c : out) {
                for (Object v : r.values()) {
                    List<Object> longer = new ArrayList<>(c.values());
                    longer.add(v);
                    next.add(new Config(longer));
                }
            }
            out = next;
        }
        return out;
    }

    /** {@code threads} (or {@code waiters}), then counts, booleans, choices, durations: the order shrinking takes. */
    public List<Integer> shrinkOrder() {
        List<Integer> order = new ArrayList<>();
        for (int pass = 0; pass < 5; pass++) {
            for (int i = 0; i < ranges.size(); i++) {
                if (shrinkClass(ranges.get(i)) == pass) order.add(i);
            }
        }
        return order;
    }

    private static int shrinkClass(Range r) {
        if (r.name().equals("threads") || r.name().equals(Waiters.NAME)) return 0;
        return switch (r.key().kind()) {
            case COUNT -> 1;
            case BOOL -> 2;
            case CHOICE -> 3;
            case DURATION -> 4;
        };
    }

    /**
     * Orders configurations by size: compares the keys in shrink order, each by its rank in its range. The
     * smallest failing configuration found is where shrinking starts.
     */
    public int compareBySize(Config a, Config b) {
        for (int i : shrinkOrder()) {
            int c = Long.compare(ranges.get(i).rank(a.get(i)), ranges.get(i).rank(b.get(i)));
            if (c != 0) return c;
        }
        return 0;
    }
}
