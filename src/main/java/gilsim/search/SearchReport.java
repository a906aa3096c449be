package gilsim.search;

import java.util.List;

/**
 * The outcome of a search: every configuration tried, in index order, and the shrunk counterexample if any
 * configuration failed.
 *
 * @param shrunk     null when every configuration passed
 * @param shrunkFrom the index of the configuration shrinking started from, or -1
 * @param runs       simulations run, shrinking included
 */
public record SearchReport(ConfigSpace space, SearchOptions options, List<ConfigResult> tried,
                           Shrinker.Result shrunk, int shrunkFrom, long runs) {
    public SearchReport {
        tried = List.copyOf(tried);
    }

    public long failing() {
        return tried.stream().filter(ConfigResult::fails).count();
    }

    /** The replay line of the shrunk counterexample; null when there is none. */
    public String replay() {
        if (shrunk == null) return null;
        String line = Replay.line(space, shrunk.smallest().config(), shrunk.smallest().reported().seed());
        // An expression's replay judges the run by it, so the replay prints the failing value.
        return options.property() instanceof Expression e ? line + " --property " + Replay.quoted(e.id()) : line;
    }
}
