package gilsim.scenario;

import gilsim.cpython.OldGilCosts;
import gilsim.cpython.PythonVersion;
import gilsim.cpython.PythonVersion.GilKind;
import gilsim.cpython.PythonVersions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The keys that pick a CPython version's GIL ({@code python}) and price the old GIL of 2.7 and 3.1; the other keys
 * read only by the old GIL are inert under 3.2 and later, but for {@code sem_wake}, which also prices a scenario
 * {@code threading.Lock}'s release that wakes a sleeper (its {@code sem_post}, or a PyMutex's wake-up of its
 * waiter's semaphore) under every version. Every default below was measured on the project's VM,
 * each on its own, by the tools in {@code tools/count/}; docs/versions.md gives the figures and the load beside them.
 */
public final class VersionKeys {
    private VersionKeys() {}

    /** sys.setcheckinterval() takes a C int. */
    static final long MAX_CHECKINTERVAL = Integer.MAX_VALUE;
    /** The longest tick: a millisecond is far beyond any instruction's time, and keeps (checkinterval+1)*tick in range. */
    static final long MAX_TICK_NS = 1_000_000;

    static List<Key> keys() {
        // The versions each help names come from the registry: "python=2.7/3.1" are those of the old GIL.
        String old = "python=" + String.join("/", PythonVersions.namesWith(GilKind.OLD)) + ": ";
        return List.of(
                Key.choice("python", PythonVersions.DEFAULT, PythonVersions.names(), "the CPython version whose GIL "
                        + "runs: " + byModel()),
                new Key("checkinterval", Key.Kind.COUNT, "100", List.of(), 0, MAX_CHECKINTERVAL,
                        old + "sys.setcheckinterval(), ticks between releases of the GIL (0 to 2147483647)"),
                Key.duration("tick", "5ns", 1, MAX_TICK_NS, old + "CPU time of one tick of Python "
                        + "(1ns to 1ms; 5ns: count() on 2.7.18 here)"),
                Key.duration("sem_wake", "15us", 0, MAX_TICK_NS, "CPU time of a release whose FUTEX_WAKE wakes a "
                        + "sleeping waiter: the old GIL's (" + old.substring(0, old.length() - 2) + ") and, under "
                        + "every version, a threading.Lock's (at most 1ms)"),
                Key.permille("sem_wake_tail_permille", "5", "of a threading.Lock's releases that wake a sleeper, "
                        + "how many per thousand take sem_wake_tail_min..sem_wake_tail_max instead of sem_wake "
                        + "(0 to 1000)"),
                Key.duration("sem_wake_tail_min", "30us", "the shortest of those slow releases"),
                Key.duration("sem_wake_tail_max", "150us", "the longest of those slow releases"),
                Key.duration("sem_syscall", "95ns", 0, MAX_TICK_NS, old + "CPU time of a release "
                        + "whose FUTEX_WAKE finds nobody asleep (at most 1ms)"),
                Key.duration("sem_retry", "22us", 0, MAX_TICK_NS, old + "CPU time of a woken waiter "
                        + "that finds the GIL taken and sleeps again (at most 1ms)"));
    }

    /**
     * Each model with the versions that run it, in registry order: "2.7 and 3.1 the old GIL (...), 3.2 to 3.15 the
     * GIL of ceval_gil under policy, 3.13t to 3.15t free-threaded".
     */
    private static String byModel() {
        List<String> parts = new ArrayList<>();
        for (GilKind gil : GilKind.values()) {
            List<String> names = PythonVersions.namesWith(gil);
            if (names.isEmpty()) continue;
            String span = names.size() == 1 ? names.get(0) : names.get(0) + (names.size() == 2 ? " and " : " to ")
                    + names.get(names.size() - 1);
            parts.add(span + " " + gil.keyHelp);
        }
        return String.join(", ", parts);
    }

    /**
     * Every python version, one line each, with the model it runs and whether that model was validated against a
     * real interpreter here or comes from the version's source alone ({@code gilsim scenarios} ends with it).
     */
    public static String versionsText() {
        StringBuilder b = new StringBuilder("python versions (--set python=VERSION), the model each runs, and whether "
                + "it was held against\na real interpreter on this machine:\n");
        for (PythonVersion v : PythonVersions.all()) {
            b.append(String.format(Locale.ROOT, "  %-14s %-24s %s%n", v.name(), v.gil().label, v.docsLine()));
        }
        return b.toString();
    }

    /** The old GIL's costs from effective parameters. */
    public static OldGilCosts oldGilCosts(Params p) {
        return new OldGilCosts(p.ns("tick"), p.count("checkinterval"), p.ns("sem_wake"),
                p.ns("sem_syscall"), p.ns("sem_retry"));
    }
}
