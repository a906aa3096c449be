package gilsim.search;

import java.util.List;

/**
 * The outcome of a search: what it kept of the configurations it tried ({@link Tally}: counts, the failing share of
 * each key's values, the exhaustive tables), and the shrunk counterexample if any configuration failed.
 *
 * @param tried      configurations tried
 * @param bins       each key's bins, in the order of the ranges
 * @param grids      the exhaustive tables; empty for a random search
 * @param start      the failure shrinking started from, or null
 * @param shrunk     null when every configuration passed
 * @param shrunkFrom the index of the configuration shrinking started from, or -1
 * @param closest    when nothing failed an expression, the run that came nearest to breaking it; else null
 * @param runs       simulations run, shrinking included
 */
public record SearchReport(ConfigSpace space, SearchOptions options, int tried, long failing,
                           List<List<KeyStats.Bin>> bins, List<Table.Grid> grids, ConfigResult start,
                           Shrinker.Result shrunk, int shrunkFrom, Tally.Closest closest, long runs) {
    public SearchReport {
        bins = List.copyOf(bins);
        grids = List.copyOf(grids);
    }

    /** The replay line of the shrunk counterexample; null when there is none. */
    public String replay() {
        if (shrunk == null) return null;
        return replay(shrunk.smallest().config(), shrunk.smallest().reported().seed());
    }

    /** The replay line of the closest passing run; null when there is none. */
    public String closestReplay() {
        return closest == null ? null : replay(closest.result().config(), closest.run().seed());
    }

    private String replay(Config config, long seed) {
        String line = Replay.line(space, config, seed);
        // An expression's replay judges the run by it, so the replay prints the metric's value.
        return options.property() instanceof Expression e ? line + " --property " + Replay.quoted(e.id()) : line;
    }
}
