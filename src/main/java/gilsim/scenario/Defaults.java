package gilsim.scenario;

import gilsim.cpython.GilPolicies;
import gilsim.os.RunQueue;
import gilsim.os.TimerExpiry;
import gilsim.os.WakeCore;
import gilsim.sync.WakeOrder;
import static gilsim.scenario.Key.MAX_DURATION_NS;

import java.util.List;

/**
 * The keys every scenario has, with their defaults and limits: the one place defaults live. Each default's source
 * or measurement is in docs/model.md. Every duration is at most {@link Key#MAX_DURATION_NS} (one hour) unless a
 * key says otherwise; each key's own limits are declared beside it and named in its help.
 */
public final class Defaults {
    private Defaults() {}


    /**
     * The most cores a machine may have. The machine keeps a run queue and timers per core; 1024 cores is beyond
     * the machines the model is compared with and still runs a default-length run in well under a second.
     */
    public static final long MAX_CORES = 1024;
    /** The least timeslice: under 1 us the preemption timer would fire more often than any step changes anything. */
    public static final long MIN_TIMESLICE_NS = 1_000;
    /**
     * The largest event budget: about three minutes of one core at the engine's 5 to 6 million events a second.
     * The budget is there to stop a runaway, and one that never stopped would be a hang.
     */
    public static final long MAX_EVENTS = 1_000_000_000;

    /**
     * The shortest mean gap of the background load: other processes' tasks arriving more often than every 10 us on
     * a core are beyond any scheduler's switching (a context switch alone costs a few microseconds), and each arrival
     * is two events, so a shorter gap only makes a run crawl without modelling anything.
     */
    public static final long MIN_LOAD_GAP_NS = 10_000;
    /** The shortest foreign task: one that takes no time preempts a thread without running (events, no time). */
    public static final long MIN_LOAD_RUN_NS = 1_000;

    public static List<Key> common() {
        return java.util.stream.Stream.concat(List.of(
                Key.count("cores", "2", MAX_CORES, "CPU cores of the machine (1 to 1024)"),
                Key.bool("pinned", "false", "pin every thread to core 0 (taskset -c 0)"),
                Key.duration("interval", "5ms", 1, MAX_DURATION_NS,
                        "sys.setswitchinterval(): a waiter's timed wait before it asks for a drop (more than 0ns; "
                                + "under 1us it waits 1us, as take_gil does)"),
                Key.duration("duration", "2s", 1_000, MAX_DURATION_NS, "simulated time to run (1us to 3600s)"),
                Key.duration("wake_latency", "60us", "median time from a wake-up to running on an idle core"),
                Key.duration("wake_jitter", "30us", "wake-up latency is uniform in median +- jitter (at most "
                        + "wake_latency)"),
                Key.permille("wake_tail_permille", "0", "a long tail: of wake-ups onto an idle core, how "
                        + "many per thousand take wake_tail_min..wake_tail_max instead (0 to 1000)"),
                Key.duration("wake_tail_min", "1ms", "the tail's shortest wake-up"),
                Key.duration("wake_tail_max", "5ms", "the tail's longest wake-up"),
                Key.duration("timeslice", "1500us", MIN_TIMESLICE_NS, MAX_DURATION_NS,
                        "how long a thread keeps a shared core while another waits for it (at least 1us)"),
                Key.duration("timer_slack", "50us", "a timer fires up to this late (Linux default timer slack)"),
                Key.choice("timer_expiry", TimerExpiry.DEFAULT.id, TimerExpiry.ids(), "when a timer fires within its "
                        + "slack: uniform (each on its own) or hrtimer (Linux's per-core timer queues: an interrupt at the "
                        + "earliest deadline plus slack fires every timer past its deadline, the interrupted core's "
                        + "thread first)"),
                Key.duration("wake_ipi", "2us", "timer_expiry=hrtimer: a timer interrupt's wake-up of a thread whose "
                        + "core is busy reaches it this long after the interrupt (scheduler traces: p50 2 us)"),
                Key.percent("preempt_percent", "94", "of wake-ups onto a busy core, the percentage that preempt its "
                        + "runner at once (Linux's wake-up preemption); 0..100"),
                Key.duration("refusal_window", "0ns", "a wake-up by another thread that queues opens a window this "
                        + "long for its thread, unless its last such refusal came less than a window before; in it the "
                        + "thread's wake-ups by another thread queue at refusal_after_percent, and the first that "
                        + "queues closes it (the kernel's refusals come in pairs; docs/model.md); 0ns: each wake-up "
                        + "draws preempt_percent alone"),
                Key.percent("refusal_after_percent", "15", "refusal_window above 0: of the wake-ups by another thread "
                        + "in a window, the percentage that queue (traced on this project's VM: 10 to 19); 0..100"),
                Key.choice("wake_core", WakeCore.DEFAULT.id, WakeCore.ids(),
                        "which core a woken thread runs on: previous (the one it last ran on, unless it is busy and "
                                + "wake_move_percent sends the thread to an idle one) or idle (any idle core first)"),
                Key.duration("balance_tick", "4ms", 1_000, MAX_DURATION_NS, "wake_core=previous: an idle core "
                        + "takes a thread queued beside it within this (the scheduler tick, at least 1us)"),
                Key.bool("balance_per_tick", "true", "wake_core=previous: an idle core has one balance pending at "
                        + "a time (Linux balances an idle CPU when its next balance is due); false: each queueing "
                        + "beside it, and each time it comes free, draws one of its own (docs/model.md)"),
                Key.choice("run_queue", RunQueue.DEFAULT.id, RunQueue.ids(), "wake_core=previous: whose queue a "
                        + "thread that cannot run at once waits in: per-core (Linux's: the core it was woken onto or "
                        + "preempted on; another takes it only at an idle balance) or shared (any core that comes "
                        + "free or ends a slice takes it)"),
                Key.percent("wake_move_percent", "7", "wake_core=previous: of the wake-ups whose previous core is "
                        + "busy while another is idle, the percentage that go to the idle core, for a timer's "
                        + "wake-up (a sleep's end, a timed wait's); 0..100"),
                Key.percent("signal_move_percent", "1", "wake_core=previous: the same, for a wake-up by another "
                        + "thread (a signal, a lock's release); 0..100"),
                Key.duration("migration_cost", "500us", "a queued thread that left its core less than this long ago "
                        + "is not taken by another core that comes free or balances (Linux's task_hot and its "
                        + "sysctl_sched_migration_cost; 0ns: off)"),
                Key.bool("run_to_parity", "true", "a thread that got its core from a wake-up keeps it for its first "
                        + "timeslice: a wake-up meanwhile queues instead of preempting (Linux's RUN_TO_PARITY; docs/model.md)"),
                Key.duration("futex_sleep", "8us", "CPU time a condition-variable wait spends on its core after its "
                        + "last check, on its way into the futex sleep; a wake-up meanwhile finds it still running"),
                Key.duration("futex_return", "5us", "CPU time a woken condition-variable waiter spends back on a "
                        + "core before its wait returns"),
                Key.duration("checkpoint", "2500ns",
                        "CPU time between eval-breaker check points in Python code; 0: none"),
                Key.duration("drop_reaction", "500ns", "from the check point that finds a drop request to the drop "
                        + "(drop_gil waiting for gil->mutex, which the requester holds on its way into its wait)"),
                Key.percent("fast_race_percent", "70", "of the run's time, the percentage in which the machine runs the "
                        + "crowded race fast: the holder's reaction to a drop request (checkpoint and drop_reaction) "
                        + "shortened to fast_race_reaction; 0: one speed (docs/model.md, \"The race runs at two speeds\")"),
                Key.percent("fast_race_reaction", "55", "at the fast speed, the holder's reaction as a percentage of "
                        + "its usual length; 0..100"),
                Key.duration("race_dwell", "7s", 1_000_000, MAX_DURATION_NS, "the race's speed is drawn again at "
                        + "moments this far apart on average (exponentially; at least 1ms)"),
                Key.duration("load_gap", "0ns", "background load: mean gap between other processes' tasks on a core; 0ns: none, else at least 10us"),
                Key.duration("load_run", "1ms", "background load: how long each such task holds its core (at least 1us)"),
                Key.bool("load_idle_first", "false", "background load: a task runs on an idle core when there is one, "
                        + "and preempts its own core's runner only when none is; false: always its own core"),
                Key.choice("policy", GilPolicies.byDefault().name(), GilPolicies.names(), "GIL hand-off policy"),
                Key.bool("gil_mutex", "true", "model gil->mutex: drop_gil signals while holding it, so a waiter "
                        + "woken onto the dropper's core can block on it"),
                Key.choice("wake_order", WakeOrder.DEFAULT.id, WakeOrder.ids(),
                        "which waiter a condition-variable signal wakes"),
                Key.duration("wait_entry", "1750ns", "wake_order=glibc-groups: median CPU time a wait spends before it "
                        + "sleeps on the futex; a signal in that window is the waiter's own"),
                Key.duration("wait_entry_jitter", "800ns", "wait_entry is uniform in median +- jitter (at most "
                        + "wait_entry)"),
                Key.percent("wait_entry_growth", "5", 400, "a wait's entry grows by this per cent for every "
                        + "doubling of wait_entry_quiet (up to five) since another sleeper last called wait; 0..400"),
                Key.duration("wait_entry_quiet", "200us", 1_000, MAX_DURATION_NS, "wait_entry_growth starts once "
                        + "another sleeper's newest call to wait is this long past (at least 1us)"),
                Key.bool("wait_entry_same_core", "false", "the quiet time counts only the sleepers whose call to "
                        + "wait ran on the caller's core (with sleepers but none from there, growth is full); false: "
                        + "every other sleeper (docs/model.md)"),
                Key.bool("wake_timed_out", "false", "wake_order=glibc-groups: a signal's futex wake can reach a waiter "
                        + "whose timer has woken it but which has not run yet (its wait returns as signalled), and a "
                        + "timed-out waiter leaves its group as soon as it runs, as Linux and glibc do; false (the "
                        + "default until the dropper's way back is modelled, docs/model.md): it stays in its group "
                        + "until its wait returns"),
                Key.duration("starve_after", "100ms", "a thread starves when one GIL wait exceeds this"),
                Key.count("max_events", "50000000", MAX_EVENTS,
                        "event budget: a run that needs more is stopped as a runaway (at most 1000000000)")).stream(),
                VersionKeys.keys().stream()).toList();
    }
}
