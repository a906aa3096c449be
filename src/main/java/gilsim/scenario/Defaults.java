package gilsim.scenario;

import java.util.List;

/**
 * The keys every scenario has, with their defaults: the one place defaults live. Each default's source or
 * measurement is in docs/model.md.
 */
public final class Defaults {
    private Defaults() {}

    public static final List<String> POLICIES = List.of("cpython", "paused-budget", "fifo-ticket", "free-threaded");
    public static final List<String> WAKE_ORDERS = List.of("glibc", "fifo", "random");

    public static List<Key> common() {
        return List.of(
                Key.count("cores", "2", "CPU cores of the machine"),
                Key.bool("pinned", "false", "pin every thread to core 0 (taskset -c 0)"),
                Key.duration("interval", "5ms", "sys.setswitchinterval(): a waiter's timed wait before it asks for a drop"),
                Key.duration("duration", "2s", "simulated time to run"),
                Key.duration("wake_latency", "60us", "median time from a wake-up to running on an idle core"),
                Key.duration("wake_jitter", "30us", "wake-up latency is uniform in median +- jitter"),
                Key.duration("timeslice", "1500us", "how long a thread keeps a shared core while another waits for it"),
                Key.duration("timer_slack", "50us", "a timer fires up to this late (Linux default timer slack)"),
                Key.duration("checkpoint", "1us", "CPU time between eval-breaker check points in Python code; 0: none"),
                Key.duration("load_gap", "0ns", "background load: mean gap between other processes' tasks on a core; 0ns: none"),
                Key.duration("load_run", "1ms", "background load: how long each such task holds its core"),
                Key.choice("policy", "cpython", POLICIES, "GIL hand-off policy"),
                Key.choice("wake_order", "glibc", WAKE_ORDERS, "which waiter a condition-variable signal wakes"),
                Key.duration("starve_after", "100ms", "a thread starves when one GIL wait exceeds this"),
                Key.count("max_events", "50000000", "event budget: a run that needs more is stopped as a runaway"));
    }
}
