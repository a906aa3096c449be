package gilsim.scenario;

/**
 * {@code waiters}: the pool threads parked behind the GIL's holder, {@code threads - 1}, the count the rotation
 * arithmetic is written in (docs/search.md). It is a second name for the {@code threads} key that {@code --set} and
 * {@code --over} take, not a key of its own: {@code waiters=N} runs {@code threads=N+1}, and a run's JSON
 * {@code params} show both. Only a scenario that runs the m0 pool has it; a scenario of threads with programs
 * has no count of threads to stand for.
 */
public final class Waiters {
    private Waiters() {}

    public static final String NAME = "waiters";

    /**
     * The key {@code waiters} is parsed with: 1 to the pool's most threads - 1. Not 0, though threads=1 has no
     * waiter: beside jobs=0, which means "off, the view as given", waiters=0 would read as "threads as given" as
     * readily as "one thread", so a single thread is written threads=1.
     */
    static Key key(Key threads) {
        long max = threads.max() - 1;
        return Key.count(NAME, String.valueOf(Math.max(1, Long.parseLong(threads.defaultValue()) - 1)), max,
                "the threads parked behind the GIL's holder, threads - 1 (1 to " + max + "): sets threads to "
                        + "waiters + 1");
    }

    /** {@code p} with {@code name} set to {@code value}, where {@code waiters} sets {@code threads} to value + 1. */
    public static Params with(Params p, String name, Object value) {
        if (name.equals(NAME) && !p.has(NAME)) return p.with("threads", (Long) value + 1);
        return p.with(name, value);
    }

    /** The one line that says both names were given: {@code what} is the option that names waiters. */
    public static InputError both(String what, String threadsOption) {
        return new InputError(what + ": waiters stands for threads - 1, and " + threadsOption + " sets threads too; "
                + "give one of the two");
    }
}
