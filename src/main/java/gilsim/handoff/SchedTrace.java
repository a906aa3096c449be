package gilsim.handoff;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.IntPredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A run's threads as the kernel's scheduler saw them (tracefs {@code sched_switch} and {@code sched_waking}, the text
 * {@code trace} prints), and the GIL's crowded forced drops read from that alone. The hand-off shim's stamps move the
 * race they record (docs/validation.md, "The recorder's cost"); the scheduler's tracepoints fire inside the kernel,
 * after the race's user-space part is decided, and a run traced by them has the tails of a plain run.
 *
 * <p>What the kernel shows of CPython's {@code take_gil} and {@code drop_gil} (Python/ceval_gil.c):
 * <ul>
 *   <li>a GIL waiter sleeps in its timed wait on {@code gil->cond}; the switch interval's timer ends it with a
 *       waking in interrupt context, {@link #TIMEOUT_MIN_NS} to {@link #TIMEOUT_MAX_NS} after it fell asleep: a
 *       timeout, which asks for a drop when no switch came during the wait (a wait is dated by its sleep);</li>
 *   <li>a dropper's signal wakes a sleeping waiter: a waking by a Python thread that runs at most
 *       {@link #DROPPER_RUNS_NS} more before it sleeps (on {@code switch_cond} after a forced drop, or in its own
 *       GIL wait, or in a sleep);</li>
 *   <li>after a forced drop the dropper sleeps on {@code switch_cond} until the new holder signals it: that waking's
 *       waker is the taker. When the taker came before the dropper reached that wait (the requester was still
 *       awake), there is no such sleep, and the taker is the thread, awake at the drop or woken within
 *       {@link #TAKER_WOKEN_NS}, that runs longest before its next sleep: a loser sleeps again within microseconds.
 *       A waker of {@code switch_cond} that runs less than {@link #DROPPER_RUNS_NS} and then sleeps past
 *       {@link #LONG_NS} held the GIL for a moment between sleeps (a sleeper's 20 us of Python): the taker too.</li>
 * </ul>
 * A sleep longer than {@link #LONG_NS} is not a GIL wait ({@code time.sleep}, a join). A drop whose signal found no
 * waiter asleep is not seen; a crowded one mostly has one. A sleeper that, woken onto the dropper's CPU, preempts it
 * before its sleep on switch_cond and holds the GIL for a moment leaves no dropper's sleep (the dropper takes the GIL
 * back without sleeping); its take is read from the sleeper's side instead ({@link #unseenTakes}). Other wake-ups
 * that preempt their waker are not read as drops: read so, they moved four spinners' reading and the drop count of
 * a recorded sleeper's run more than they mended it. Read beside the shim on the
 * same runs (2026-12-05, 3.12.1, an AMD EPYC host; {@code tools/handoffs/schedshares.py --check}): four spinners
 * 30.9 against 29.7 % of 1,789 and 1,811 drops, each drop's requester and outcome the same in 90 %; a sleeper
 * beside two spinners 81.7 against 76.2 % of 349 and 362 (97 %).
 */
public final class SchedTrace {
    /** A 5 ms timed wait that ran out, with the timer's lateness. */
    static final long TIMEOUT_MIN_NS = 4_500_000;
    static final long TIMEOUT_MAX_NS = 8_000_000;
    /** Beyond this a sleep is not a GIL wait. */
    static final long LONG_NS = 20_000_000;
    /** A dropper runs at most this long on a CPU from its signal's waking to its next sleep. */
    static final long DROPPER_RUNS_NS = 50_000;
    /** A thread woken this soon after a drop may be its taker. */
    static final long TAKER_WOKEN_NS = 200_000;
    /** The switch interval of the timed waits read: 5 ms, CPython's default (as {@link #TIMEOUT_MIN_NS} assumes). */
    static final long INTERVAL_NS = 5_000_000;
    /** A drop this soon after its requester's timer woke it is the one that wake-up asked for. */
    static final long REQUEST_TO_DROP_NS = 200_000;

    private static final Pattern LINE = Pattern.compile(
            "^\\s*.*-(\\d+)\\s+\\[(\\d+)]\\s+(\\S+)\\s+(\\d+)\\.(\\d+): (sched_switch|sched_waking): (.*)$");
    private static final Pattern PREV_PID = Pattern.compile("prev_pid=(\\d+)");
    private static final Pattern PREV_STATE = Pattern.compile("prev_state=(\\S+)");
    private static final Pattern NEXT_PID = Pattern.compile("next_pid=(\\d+)");
    private static final Pattern PID = Pattern.compile(" pid=(\\d+)");

    /** A sleep shorter than this, ended by the thread's waker, was a wait on a lock the waker held (gil->mutex). */
    static final long LOCK_WAIT_NS = 100_000;

    /** A sleep: from the switch away in state S to the waking; who woke it, and whether in interrupt context. */
    record Sleep(long startNs, long endNs, int waker, boolean irq) {}

    /** A recorded thread woken by another one, not in interrupt context, that then ran on its waker's CPU. */
    record SharedWake(int wakee, int waker, long wakeNs, long runNs) {}

    /**
     * The GIL's hand-offs on a run whose two threads share one core, read from the wake-ups of one by the other
     * onto that core (the dropper's signal on {@code gil->cond}, then, when the woken thread found {@code gil->mutex}
     * still held, the mutex's release). After each the woken thread either went on (it took the mutex, or the GIL)
     * or lost: it went back to wait for the GIL before taking it, because the waker had taken it again first.
     * {@code wakeUps} and {@code keptOn} count the wake-ups, the unit the model's {@code preempt_percent} draws on; a
     * hand-off is the wake-ups from a signal to the GIL taken or lost, and {@code afterLost} of them followed a
     * lost one, {@code lostAfterLost} of those lost too, as {@code afterWon} and {@code lostAfterWon} after a won one.
     * {@code soonAfterLoss} of the wake-ups came in a window after a loss ({@link #pinnedHandoffs}), and after
     * {@code keptOnSoonAfterLoss} of those the woken thread went on: the model's {@code refusal_after_percent}.
     */
    public record PinnedHandoffs(long wakeUps, long keptOn, long handoffs, long lost, long afterLost,
                                 long lostAfterLost, long afterWon, long lostAfterWon, long soonAfterLoss,
                                 long keptOnSoonAfterLoss) {
        /** The share of wake-ups after which the woken thread went on, 0..1; NaN without one. */
        public double keptOnShare() {
            return wakeUps == 0 ? Double.NaN : keptOn / (double) wakeUps;
        }

        /** As {@link #keptOnShare}, of the wake-ups outside the windows after a loss. */
        public double keptOnShareOtherwise() {
            long n = wakeUps - soonAfterLoss;
            return n == 0 ? Double.NaN : (keptOn - keptOnSoonAfterLoss) / (double) n;
        }

        /** The share of the wake-ups in the windows after a loss that lost too, 0..1; NaN without one. */
        public double lostShareSoonAfterLoss() {
            return soonAfterLoss == 0 ? Double.NaN : 1 - keptOnSoonAfterLoss / (double) soonAfterLoss;
        }
    }

    /** Each thread's sleeps and its stretches on a CPU ({startNs, endNs}), in time order; the shared wake-ups. */
    private final Map<Integer, List<Sleep>> sleeps;
    private final Map<Integer, List<long[]>> runs;
    private final List<SharedWake> sharedWakes;

    private SchedTrace(Map<Integer, List<Sleep>> sleeps, Map<Integer, List<long[]>> runs,
                       List<SharedWake> sharedWakes) {
        this.sleeps = sleeps;
        this.runs = runs;
        this.sharedWakes = sharedWakes;
    }

    /**
     * Reads the events of the threads {@code tids} from a trace in tracefs's text (time-ordered, the {@code mono}
     * clock: seconds and microseconds). Lines of other events, and the header, are skipped.
     */
    public static SchedTrace read(BufferedReader in, Set<Integer> tids) throws IOException {
        Map<Integer, List<Sleep>> sleeps = new HashMap<>();
        Map<Integer, List<long[]>> runs = new HashMap<>();
        Map<Integer, Long> asleepSince = new HashMap<>();
        Map<Integer, Long> onCpuSince = new HashMap<>();
        Map<Integer, long[]> woken = new HashMap<>(); // by a recorded thread: wakee -> {t, waker, the waker's CPU}
        List<SharedWake> sharedWakes = new ArrayList<>();
        long t = 0;
        for (String line; (line = in.readLine()) != null; ) {
            Matcher m = LINE.matcher(line);
            if (!m.matches()) continue;
            String frac = (m.group(5) + "000000000").substring(0, 9);
            t = Long.parseLong(m.group(4)) * 1_000_000_000L + Long.parseLong(frac);
            String body = m.group(7);
            if (m.group(6).equals("sched_switch")) {
                int prev = intOf(PREV_PID, body);
                int next = intOf(NEXT_PID, body);
                Long since = onCpuSince.remove(prev);
                if (since != null) runs.computeIfAbsent(prev, k -> new ArrayList<>()).add(new long[] {since, t});
                Matcher state = PREV_STATE.matcher(body);
                if (tids.contains(prev) && state.find() && state.group(1).startsWith("S")) asleepSince.put(prev, t);
                if (tids.contains(next)) onCpuSince.put(next, t);
                long[] w = woken.remove(next);
                int cpu = Integer.parseInt(m.group(2));
                if (w != null && w[2] == cpu) sharedWakes.add(new SharedWake(next, (int) w[1], w[0], t));
            } else {
                int pid = intOf(PID, body);
                int waker = Integer.parseInt(m.group(1));
                boolean irq = isIrq(m.group(3));
                if (tids.contains(pid) && tids.contains(waker) && waker != pid && !irq) {
                    woken.put(pid, new long[] {t, waker, Integer.parseInt(m.group(2))});
                } else {
                    woken.remove(pid);
                }
                Long since = asleepSince.remove(pid);
                if (since != null) {
                    sleeps.computeIfAbsent(pid, k -> new ArrayList<>()).add(new Sleep(since, t, waker, irq));
                }
            }
        }
        final long last = t; // a thread still on a CPU when the trace stopped ran until its last event
        onCpuSince.forEach((tid, since) ->
                runs.computeIfAbsent(tid, k -> new ArrayList<>()).add(new long[] {since, last}));
        return new SchedTrace(sleeps, runs, sharedWakes);
    }

    /** Whether an event's flags ({@code d.h2.}) say it fired in interrupt context: hard or soft irq. */
    private static boolean isIrq(String flags) {
        char context = flags.length() > 2 ? flags.charAt(2) : '.';
        return context == 'h' || context == 's' || context == 'H';
    }

    private static int intOf(Pattern p, String body) {
        Matcher m = p.matcher(body);
        if (!m.find()) throw new IllegalArgumentException("a scheduler event without " + p.pattern() + ": " + body);
        return Integer.parseInt(m.group(1));
    }

    /**
     * The hand-offs whose signal came between {@code startNs} and {@code endNs}, on a run whose two recorded threads
     * share one core ({@link PinnedHandoffs}). A wake-up's outcome is read from the woken thread's next sleep: one
     * under {@link #LOCK_WAIT_NS} ended by the same waker was a wait on gil->mutex (it went on, and the mutex's
     * release is the hand-off's next wake-up); one ended by that waker later was a GIL wait again (lost); any other
     * (its own sleep, ended by a timer) came after it held the GIL (went on). A wake-up with no sleep after it in the
     * trace is not counted. A lost wake-up opens a window of {@code windowNs} for its thread, unless it came less than
     * that after the thread's loss before it; the wake-ups in a window, up to and with the next loss (which closes
     * it), are counted apart as well (the model's {@code refusal_window}). A loss before {@code startNs} counts.
     */
    public PinnedHandoffs pinnedHandoffs(long startNs, long endNs, long windowNs) {
        long wakeUps = 0;
        long keptOn = 0;
        long soon = 0;
        long keptOnSoon = 0;
        Map<Integer, Long> lastLostNs = new HashMap<>();
        Map<Integer, Long> windowFromNs = new HashMap<>();
        long[] handoffs = new long[2]; // won, lost
        long[][] after = new long[2][2]; // [previous lost][this lost]
        int previous = -1; // the last hand-off: 0 won, 1 lost
        boolean inHandoff = false; // the last wake-up was followed by a wait on gil->mutex
        boolean counting = false; // the hand-off under way began in the window
        for (SharedWake w : sharedWakes) {
            if (!inHandoff) {
                if (w.wakeNs > endNs) break;
                counting = w.wakeNs >= startNs;
            }
            Sleep next = nextSleep(w.wakee, w.runNs);
            if (next == null) continue; // it never slept again (the worker): no hand-off to read
            boolean byWaker = !next.irq && next.waker == w.waker;
            boolean lockWait = byWaker && next.endNs - next.startNs < LOCK_WAIT_NS;
            boolean lost = byWaker && !lockWait;
            inHandoff = lockWait;
            Long from = windowFromNs.get(w.wakee);
            boolean soonAfterLoss = from != null && w.wakeNs - from < windowNs;
            if (lost) {
                // a loss opens a window unless another came less than a window before it: a second loss closes it
                Long lastLost = lastLostNs.put(w.wakee, w.wakeNs);
                if (lastLost != null && w.wakeNs - lastLost < windowNs) windowFromNs.remove(w.wakee);
                else windowFromNs.put(w.wakee, w.wakeNs);
            }
            if (!counting) continue;
            wakeUps++;
            if (!lost) keptOn++;
            if (soonAfterLoss) {
                soon++;
                if (!lost) keptOnSoon++;
            }
            if (lockWait) continue;
            int outcome = lost ? 1 : 0;
            handoffs[outcome]++;
            if (previous >= 0) after[previous][outcome]++;
            previous = outcome;
        }
        return new PinnedHandoffs(wakeUps, keptOn, handoffs[0] + handoffs[1], handoffs[1], after[1][0] + after[1][1],
                after[1][1], after[0][0] + after[0][1], after[0][1], soon, keptOnSoon);
    }

    /**
     * The crowded forced drops between {@code startNs} and {@code endNs}: a drop request pending (CPython's rule: the
     * first timeout since the last switch whose wait began after it) and another thread waiting besides the
     * requester and the dropper; and how many the requester took; and the run's timed waits that ran out, with the
     * crowded drops by how late the requester's timer woke it ({@link HandoffStats.TimerWakes}). {@code names}: the
     * run's threads by kernel id. The gaps are not known here (null), nor each drop.
     */
    public HandoffStats.CrowdedRun crowded(Map<Integer, String> names, long startNs, long endNs) {
        Map<Integer, long[]> gilWaits = new HashMap<>();
        List<long[]> timeouts = new ArrayList<>(); // {t, tid, sleep start}
        TreeMap<Long, Integer> signals = new TreeMap<>(); // t -> dropper
        for (Map.Entry<Integer, List<Sleep>> e : sleeps.entrySet()) {
            int tid = e.getKey();
            if (!names.containsKey(tid)) continue;
            List<Long> waits = new ArrayList<>();
            for (Sleep s : e.getValue()) {
                if (s.endNs - s.startNs > LONG_NS) continue;
                waits.add(s.startNs);
                long d = s.endNs - s.startNs;
                if (s.irq && d >= TIMEOUT_MIN_NS && d <= TIMEOUT_MAX_NS) {
                    timeouts.add(new long[] {s.endNs, tid, s.startNs});
                } else if (!s.irq && s.waker != tid && names.containsKey(s.waker)
                        && ranBeforeSleep(s.waker, s.endNs, endNs) <= DROPPER_RUNS_NS) {
                    signals.putIfAbsent(s.endNs, s.waker); // the waker dropped the GIL
                }
            }
            gilWaits.put(tid, waits.stream().mapToLong(Long::longValue).sorted().toArray());
        }
        timeouts.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        List<long[]> inRun = timeouts.stream().filter(to -> to[0] >= startNs && to[0] <= endNs).toList();
        long lateFromNs = HandoffStats.TimerWakes.lateFromNs(inRun.stream().mapToLong(SchedTrace::latenessNs));
        long[] byLateness = new long[4]; // drops after on-time wake-ups, the requester's; after late ones, its

        TreeMap<Long, int[]> unseen = unseenTakes(names, signals); // t -> {taker, dropper}

        Integer holder = null;
        long lastSwitch = Long.MIN_VALUE;
        Map<Integer, Long> lastTake = new HashMap<>();
        long drops = 0;
        long won = 0;
        int ti = 0;
        TreeMap<Long, Integer> events = new TreeMap<>(signals); // the drops seen and unseen: t -> dropper
        unseen.forEach((t, v) -> events.putIfAbsent(t, v[1]));
        for (Map.Entry<Long, Integer> event : events.entrySet()) {
            long t = event.getKey();
            int dropper = event.getValue();
            int[] unseenTake = unseen.get(t);
            Integer requester = null;
            long[] request = null; // the requester's timed wait that ran out
            for (; ti < timeouts.size() && timeouts.get(ti)[0] <= t; ti++) {
                long[] to = timeouts.get(ti);
                int tid = (int) to[1];
                if (requester == null && to[2] > lastSwitch && tid != dropper && !Integer.valueOf(tid).equals(holder)) {
                    requester = tid;
                    request = to;
                }
            }
            long[] take = unseenTake != null ? new long[] {unseenTake[0], t} : takerAfter(t, dropper, names, endNs);
            Integer taker = take == null ? null : (int) take[0];
            if (t >= startNs && t <= endNs && requester != null
                    && waiting(gilWaits, requester, t, lastTake.getOrDefault(requester, Long.MIN_VALUE))) {
                final int r = requester;
                boolean crowded = names.keySet().stream().anyMatch(o -> o != r && o != dropper
                        && waiting(gilWaits, o, t, lastTake.getOrDefault(o, Long.MIN_VALUE)));
                if (crowded) {
                    drops++;
                    if (requester.equals(taker)) won++;
                    if (t - request[0] <= REQUEST_TO_DROP_NS) {
                        int k = latenessNs(request) >= lateFromNs ? 2 : 0;
                        byLateness[k]++;
                        if (requester.equals(taker)) byLateness[k + 1]++;
                    }
                }
            }
            if (taker != null && !taker.equals(holder)) lastSwitch = take[1];
            holder = taker;
            if (taker != null) lastTake.put(taker, t);
        }
        long late = inRun.stream().filter(to -> latenessNs(to) >= lateFromNs).count();
        return new HandoffStats.CrowdedRun(drops, won, null, List.of(), new HandoffStats.TimerWakes(inRun.size(),
                late, byLateness[0], byLateness[1], byLateness[2], byLateness[3]));
    }

    /** How late a timed wait that ran out ({t, tid, sleep start}) woke, past its deadline. */
    private static long latenessNs(long[] timeout) {
        return timeout[0] - timeout[2] - INTERVAL_NS;
    }

    /**
     * A sleeper's takes whose drop is not seen: a GIL wait ended by a recorded thread's waking, after which the thread
     * slept past {@link #LONG_NS} within {@link #TAKER_WOKEN_NS} (it held the GIL for a moment, see
     * {@link #shortHolder}), with no drop read in the {@link #TAKER_WOKEN_NS} before. The waker dropped the GIL and
     * signalled, but the sleeper, woken onto its CPU, preempted it before it slept on switch_cond, so the drop left no
     * dropper's sleep to read. Left out, they were a sleeper's takes the reader missed, more in a plain run than in a
     * recorded one, and the sleeper still counted as waiting through the drops of its next sleep: both read the
     * requester's share too high, and the recorder's cost with it (docs/calibration.md, section 5). t -> {taker,
     * dropper}.
     */
    private TreeMap<Long, int[]> unseenTakes(Map<Integer, String> names, TreeMap<Long, Integer> signals) {
        TreeMap<Long, int[]> out = new TreeMap<>();
        for (Map.Entry<Integer, List<Sleep>> e : sleeps.entrySet()) {
            int tid = e.getKey();
            if (!names.containsKey(tid)) continue;
            for (Sleep s : e.getValue()) {
                if (s.irq || s.waker == tid || !names.containsKey(s.waker) || s.endNs - s.startNs > LONG_NS) continue;
                Sleep next = nextSleep(tid, s.endNs);
                if (next == null || next.endNs - next.startNs <= LONG_NS || next.startNs - s.endNs > TAKER_WOKEN_NS) {
                    continue;
                }
                Long seen = signals.floorKey(s.endNs);
                if (seen != null && s.endNs - seen <= TAKER_WOKEN_NS) continue;
                out.put(s.endNs, new int[] {tid, s.waker});
            }
        }
        return out;
    }

    /** Whether tid fell asleep in a GIL wait after {@code sinceNs} and before {@code t}. */
    private static boolean waiting(Map<Integer, long[]> gilWaits, int tid, long t, long sinceNs) {
        long[] w = gilWaits.getOrDefault(tid, new long[0]);
        int i = firstNot(w.length, k -> w[k] < t);
        return i > 0 && w[i - 1] > sinceNs;
    }

    /** {taker, when it took} after {@code dropper}'s drop at {@code t}, or null when no thread could have. */
    private long[] takerAfter(long t, int dropper, Map<Integer, String> names, long endNs) {
        Sleep after = nextSleep(dropper, t);
        if (after != null && cpuNs(dropper, t, after.startNs) <= DROPPER_RUNS_NS && !after.irq
                && names.containsKey(after.waker) && (ranBeforeSleep(after.waker, after.endNs, endNs) > DROPPER_RUNS_NS
                || shortHolder(after.waker, after.endNs, t))) {
            return new long[] {after.waker, after.endNs}; // the dropper waited on switch_cond: its waker took
        }
        long[] best = null;
        long bestRun = -1;
        for (int tid : names.keySet().stream().sorted().toList()) {
            if (tid == dropper) continue;
            Sleep s = asleepAt(tid, t);
            long awake = s == null ? t : s.endNs;
            if (awake - t > TAKER_WOKEN_NS) continue;
            long run = ranBeforeSleep(tid, awake, endNs);
            if (run > bestRun) {
                bestRun = run;
                best = new long[] {tid, t}; // awake at the drop, it took the GIL within microseconds
            }
        }
        return best;
    }

    /**
     * Whether {@code tid}, waking the dropper at {@code wakeNs}, took the GIL for a moment and then slept long: a
     * thread that holds it for microseconds between sleeps (a sleeper's 20 us of Python) signals switch_cond on taking
     * and drops before {@link #DROPPER_RUNS_NS}, like a dropper, but its next sleep is not a GIL wait. Only a taker
     * wakes the dropper this soon after its drop; without this the sleeper's takes went to whoever ran next.
     */
    private boolean shortHolder(int tid, long wakeNs, long dropNs) {
        Sleep next = nextSleep(tid, wakeNs);
        return wakeNs - dropNs <= TAKER_WOKEN_NS && next != null && next.endNs - next.startNs > LONG_NS;
    }

    /** How long tid ran on a CPU from {@code t} to its next sleep (to {@code endNs} when none). */
    private long ranBeforeSleep(int tid, long t, long endNs) {
        Sleep next = nextSleep(tid, t);
        return cpuNs(tid, t, next != null ? next.startNs : Math.max(t, endNs));
    }

    /** tid's first sleep that starts at or after {@code t}, or null. */
    private Sleep nextSleep(int tid, long t) {
        List<Sleep> v = sleeps.getOrDefault(tid, List.of());
        int i = firstNot(v.size(), k -> v.get(k).startNs < t);
        return i < v.size() ? v.get(i) : null;
    }

    /** tid's sleep that spans {@code t}, or null. */
    private Sleep asleepAt(int tid, long t) {
        List<Sleep> v = sleeps.getOrDefault(tid, List.of());
        int i = firstNot(v.size(), k -> v.get(k).startNs <= t); // the first sleep that starts after t
        return i > 0 && v.get(i - 1).endNs > t ? v.get(i - 1) : null;
    }

    /** The time tid spent on a CPU between {@code a} and {@code b}. */
    private long cpuNs(int tid, long a, long b) {
        List<long[]> v = runs.getOrDefault(tid, List.of());
        // the first stretch that ends after a: they do not overlap, so their ends are in order too
        long total = 0;
        for (int i = firstNot(v.size(), k -> v.get(k)[1] <= a); i < v.size() && v.get(i)[0] < b; i++) {
            total += Math.max(0, Math.min(b, v.get(i)[1]) - Math.max(a, v.get(i)[0]));
        }
        return total;
    }

    /** The first index in [0, n) at which {@code before} is false, for a predicate true up to some index. */
    private static int firstNot(int n, IntPredicate before) {
        int lo = 0;
        int hi = n;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (before.test(mid)) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }
}
