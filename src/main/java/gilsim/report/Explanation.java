package gilsim.report;

import gilsim.cpython.PythonVersion;
import gilsim.cpython.PythonVersions;
import gilsim.metrics.Figures;
import gilsim.metrics.Metrics;
import gilsim.metrics.Summary;
import gilsim.sim.Durations;
import java.util.Comparator;
import java.util.Map;

/**
 * Two or three sentences saying why a run came out as it did, in terms of the mechanism, read off the run's own
 * counters (never off the scenario's name).
 */
public final class Explanation {
    private Explanation() {}

    public static String of(Summary s) {
        Map<String, String> p = s.params();
        Figures worst = s.threads().stream()
                .max(Comparator.comparingLong(t -> t.get(Metrics.WAIT_MAX_NS))).orElseThrow();
        long worstWaitNs = worst.get(Metrics.WAIT_MAX_NS);
        long wakeupsLost = worst.get(Metrics.WAKEUPS_LOST);
        long switches = s.gil().get(Metrics.SWITCHES);
        long dropRequests = s.gil().get(Metrics.DROP_REQUESTS);
        long forcedSwitches = s.gil().get(Metrics.FORCED_SWITCHES);
        long timeouts = s.gil().get(Metrics.TIMEOUTS);
        String interval = p.get("interval");
        String wake = p.get("wake_latency");
        if ("free-threaded".equals(p.get("policy"))
                || p.containsKey("python") && PythonVersions.of(p.get("python")).gil() == PythonVersion.GilKind.NONE) {
            return "Free-threaded: there is no GIL to wait for, so threads run in parallel up to the number of cores.";
        }
        StringBuilder b = new StringBuilder();
        if (s.starves()) {
            b.append(worst.name()).append(" waited up to ").append(Durations.human(worstWaitNs))
                    .append(" for the GIL. ");
            if (wakeupsLost > 0 && dropRequests < wakeupsLost) {
                b.append("It was woken ").append(wakeupsLost).append(" times by a release of the GIL, but ")
                        .append("each time the releasing thread took the GIL back before ").append(worst.name())
                        .append(" got to run (a wake-up takes about ").append(wake)
                        .append("), so it found the GIL taken and began a new full ").append(interval)
                        .append(" wait").append(p.get("wake_order").startsWith("glibc") && s.threads().size() > 2
                                ? ", at the back of the condition variable's queue. " : ". ");
                b.append("Because every wake-up restarted its timer, its wait seldom ran out with no switch: ")
                        .append(dropRequests).append(" drop requests in ")
                        .append(Durations.human(s.simulatedNs())).append('.');
            } else {
                b.append("Its timed waits ran out ").append(timeouts).append(" times and it asked for ")
                        .append(dropRequests).append(" drops, but the GIL went to other threads first.");
            }
            if (s.pool() != null && s.starvedThreads().size() < s.threads().size()) {
                b.append(" Meanwhile the GIL switched ").append(switches)
                        .append(" times among the other threads.");
            }
            return b.toString();
        }
        b.append("No wait exceeded starve_after (").append(p.get("starve_after")).append("); the longest was ")
                .append(worst.name()).append("'s ").append(Durations.human(worstWaitNs)).append(". ");
        boolean oldGil = p.containsKey("python") && PythonVersions.oldGil(p.get("python"));
        if (oldGil) {
            b.append("Under the old GIL (python=").append(p.get("python")).append(") the holder releases the GIL ")
                    .append("and asks for it again every ").append(p.get("checkinterval"))
                    .append(" ticks, with no timed wait and no drop request: waiters got it by ")
                    .append(switches).append(" switches, when a woken waiter reached it first.");
        } else if ("true".equals(p.get("pinned"))) {
            b.append("With every thread on one core, a woken waiter preempts the thread that released the GIL, ")
                    .append("so it runs before that thread can take the GIL back.");
        } else if ("paused-budget".equals(p.get("policy"))) {
            b.append("The waiter's budget is paused, not reset, by a wake-up that finds the GIL re-taken, so it ran ")
                    .append("out after ").append(interval).append(" of waiting: ").append(dropRequests)
                    .append(" drop requests forced ").append(forcedSwitches).append(" switches.");
        } else if ("fifo-ticket".equals(p.get("policy"))) {
            b.append("Each drop handed the GIL to the waiter that arrived first, so no thread could take it back ")
                    .append("past a waiter: ").append(switches).append(" switches.");
        } else {
            b.append("Waiters got the GIL by ").append(switches).append(" switches (")
                    .append(dropRequests).append(" of them asked for by a drop request after a ")
                    .append(interval).append(" wait with no switch, ").append(forcedSwitches)
                    .append(" forced).");
        }
        return b.toString();
    }
}
