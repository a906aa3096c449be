package gilsim.search;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What a search keeps of the configurations it tried, fed one at a time in list order: counts, the failing share
 * of each key's values (binned as {@link KeyStats} describes), the exhaustive tables' cells, and the failure to
 * shrink from. Its memory grows with the bins and cells a report prints, never with the runs, so a search of a
 * million configurations needs no more than one of a hundred beyond its list; each result can also be handed on
 * (to the CSV, a shard file) and then dropped.
 */
public final class Tally {
    private final ConfigSpace space;
    private final Consumer<IndexedResult> sink;
    private final List<KeyStats.Accumulator> keys = new ArrayList<>();
    /** Exhaustive searches only: each grid's cells, by the fixed keys beyond the first two, then by row and column. */
    private final Map<List<Object>, Map<List<Object>, String>> cells;
    private int tried;
    private long failing;
    private ConfigResult start;
    private int startIndex = -1;
    /** An expression's searches only: the passing run nearest to breaking it, while nothing has failed. */
    private final Expression expression;
    private Closest closest;
    private double closestMargin;

    /** The run of a passing configuration that came nearest to breaking the property, and its index in the list. */
    public record Closest(int index, ConfigResult result, RunOutcome run) {}

    /** A result and its index in the search's list. */
    public record IndexedResult(int index, ConfigResult result) {}

    public Tally(ConfigSpace space, boolean exhaustive, Property property, Consumer<IndexedResult> sink) {
        this.space = space;
        this.expression = property instanceof Expression e ? e : null;
        this.sink = sink;
        for (int i = 0; i < space.ranges().size(); i++) keys.add(new KeyStats.Accumulator(space, i, exhaustive));
        this.cells = exhaustive ? new LinkedHashMap<>() : null;
    }

    /** The next configuration's result; index {@code tried()} in the list. */
    public void accept(ConfigResult c) {
        int index = tried++;
        if (c.fails()) {
            failing++;
            // The smallest failure (the first in list order among equals): less to shrink.
            if (start == null || space.compareBySize(c.config(), start.config()) < 0) {
                start = c;
                startIndex = index;
            }
        } else if (expression != null && start == null) {
            // Once a run has failed, a search reports no closest run, so none is looked for.
            // Strictly nearer only, so ties go to the first in list order, as in one process so in merged shards.
            for (RunOutcome r : c.runs()) {
                double m = expression.margin(r.values());
                if (closest == null || m < closestMargin) {
                    closest = new Closest(index, c, r);
                    closestMargin = m;
                }
            }
        }
        for (KeyStats.Accumulator k : keys) k.accept(c);
        if (cells != null) {
            List<Object> v = c.config().values();
            cells.computeIfAbsent(v.subList(Math.min(2, v.size()), v.size()), k -> new LinkedHashMap<>())
                    .put(v.subList(0, Math.min(2, v.size())), Table.cell(c));
        }
        sink.accept(new IndexedResult(index, c));
    }

    public int tried() {
        return tried;
    }

    public long failing() {
        return failing;
    }

    /** The failure to shrink from, or null. */
    public ConfigResult start() {
        return start;
    }

    /** The passing run nearest to breaking an expression; null for a named property or an empty tally. */
    public Closest closest() {
        return closest;
    }

    public int startIndex() {
        return startIndex;
    }

    public List<List<KeyStats.Bin>> bins() {
        return keys.stream().map(KeyStats.Accumulator::bins).toList();
    }

    /** The exhaustive tables; empty for a random search. */
    public List<Table.Grid> grids() {
        return cells == null ? List.of() : Table.of(space, cells);
    }
}
