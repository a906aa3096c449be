package gilsim.cpython;

/** How the GIL is handed over. {@code cpython} is the real algorithm; the others exist to compare against it. */
public enum GilPolicy {
    /** CPython 3.9 to main: every wake-up restarts a full timed wait of the switch interval. */
    CPYTHON("cpython"),
    /**
     * The waiter's budget is paused, not reset, by a wake-up that finds the GIL re-taken: it runs from the waiter's
     * arrival until a switch happens (Stutzbach's 2009 suggestion, quoted in #161868).
     */
    PAUSED_BUDGET("paused-budget"),
    /** drop_gil hands the GIL straight to the waiter that arrived first; nobody can barge past it. */
    FIFO_TICKET("fifo-ticket"),
    /** No GIL (PEP 703 with the GIL disabled): take and drop return at once. */
    FREE_THREADED("free-threaded");

    public final String id;

    GilPolicy(String id) {
        this.id = id;
    }

    public static GilPolicy byId(String id) {
        for (GilPolicy p : values()) if (p.id.equals(id)) return p;
        throw new IllegalArgumentException("unknown policy " + id);
    }
}
