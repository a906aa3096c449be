package gilsim.handoff;

import gilsim.sync.CondVar;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

/**
 * What the hand-offs of one or more runs show, computed the same way for a real and a simulated log. State is
 * rebuilt from the events alone, as a reader of {@code ceval_gil.c} would:
 * <ul>
 *   <li>a <b>switch</b> is a take by another thread than the last taker ({@code switch_number} moves);</li>
 *   <li>a <b>drop request</b> is a timed wait that ran out while the GIL was taken and no switch happened during
 *       that wait (take_gil's condition for {@code SET_GIL_DROP_REQUEST});</li>
 *   <li>a <b>forced drop</b> is a drop while a request is pending since the dropper took the GIL; what follows it is
 *       the question this class exists for: does the thread that asked take the GIL, or another waiter?</li>
 *   <li>a thread's <b>GIL wait</b> runs from its first timed wait to its take; a take with no wait before it (the
 *       GIL was free) is not a wait;</li>
 *   <li>a <b>wasted wake-up</b> is a wake-up after which the thread waits again before it takes the GIL.</li>
 * </ul>
 * The state at the start of a log is unknown, so figures count from the first take on.
 */
public final class HandoffStats {
    /** How many runs the figures are over, and their total duration. */
    private final int runs;
    private final long durationNs;
    private long takes;
    private long switches;
    private long drops;
    private long timedWaits;
    private long timeouts;
    private long wakeups;
    private long wastedWakeups;
    private long requests;
    private long forcedDrops;
    /** Forced drops after which the requester took the GIL first. */
    private long forcedToRequester;
    /** ... another thread that was waiting. */
    private long forcedToOther;
    /** ... a thread that had not waited (it found the GIL free on arrival, between the drop and the waiters). */
    private long forcedToNewcomer;
    /** Forced drops while another thread than the requester was waiting too: the crowded case. */
    private long crowdedForcedDrops;
    private long crowdedToRequester;
    private long crowdedToOther;
    /** Of {@link #crowdedToOther}: the taker's last wait had timed out (it took the GIL without a signal). */
    private long crowdedToOtherTimedOut;
    /** Of {@link #crowdedToOther}: the taker's latest call to wait was the oldest of the waiters besides the requester. */
    private long crowdedToOtherOldestCall;
    /** In the crowded case, whose timed wait returned first after the drop: the requester's, or another's. */
    private long crowdedWokeRequester;
    private long crowdedWokeOther;
    /** Forced drops at which the requester was not inside a timed wait (it ran, between two waits). */
    private long requesterAwake;
    /** Forced droppers that waited on switch_cond (the taker had not come yet). */
    private long forcedWaits;
    private long mutexBlocks;
    /** Whether every log said when gil->mutex blocked (today's recorder does not). */
    private boolean mutexBlocksRecorded = true;
    /** Every log has each call to wait's CPU: the same-core quiet time can be read. */
    private boolean waitCpusRecorded = true;
    /** Takes that came after at least one timed wait, and those waits' count. */
    private long takesAfterWaiting;
    private long waitsBeforeTakes;
    /** Each thread's GIL waits, by name, in the logs' order of threads. */
    private final Map<String, LongList> waitsByThread = new LinkedHashMap<>();
    /** A drop request to the holder's forced drop: how long the holder took to notice and drop. */
    private final LongList requestToDropNs = new LongList();
    /** In the crowded case, the requester's latest call to wait to the drop (negative: it had not called it yet). */
    private final LongList crowdedRewaitToDropNs = new LongList();
    /** A drop to the next wake-up's return. */
    private final LongList wakeLatencyNs = new LongList();
    /** After a forced drop, from the take by another thread to the dropper's next call to wait. */
    private final LongList dropperRewaitNs = new LongList();
    /**
     * From a take to that holder's forced drop: the switch interval, plus how late the requester's timed wait began
     * and returned and how long the holder took to drop.
     */
    private final LongList forcedHoldNs = new LongList();
    /** Each crowded forced drop after the requester's re-wait, with who took the GIL, in the logs' order. */
    private final List<CrowdedDrop> crowdedDrops = new ArrayList<>();

    private HandoffStats(int runs, long durationNs) {
        this.runs = runs;
        this.durationNs = durationNs;
    }

    /**
     * A crowded forced drop that came while the requester was inside its new wait, as the wait-entry fit reads it
     * ({@link EntryFit}).
     *
     * @param gapNs           the requester's call to wait to the drop
     * @param quietNs         how long before the drop the newest call to wait of the other waiters still in a wait
     *                        came (the requester's and the dropper's apart): the state the requester's window follows
     *                        (docs/model.md)
     * @param sameCoreQuietNs the same of those whose call ran on the CPU of the requester's call;
     *                        {@link CondVar.WaitEntry#QUIET_FOREVER_NS} when none did; 0, as {@code quietNs}, with no
     *                        other waiter in a wait; -1 when the recording has no CPUs
     * @param toRequester     whether the requester took the GIL next
     * @param timeNs          when the GIL was taken after it, from the run's start (which second of the run it fell
     *                        in: {@link RaceSpeeds})
     */
    public record CrowdedDrop(long gapNs, long quietNs, long sameCoreQuietNs, boolean toRequester, long timeNs) {
        /** A drop at the run's start without CPUs, for a reading that asks neither. */
        public CrowdedDrop(long gapNs, long quietNs, boolean toRequester) {
            this(gapNs, quietNs, -1, toRequester, 0);
        }

        /** The quiet time the rule reads: of the sleepers on the requester's CPU, or of every other sleeper. */
        public long quietNs(boolean sameCore) {
            return sameCore ? sameCoreQuietNs : quietNs;
        }
    }

    /**
     * One run's crowded forced drops: how many, how many the requester took, and the median gap from the
     * requester's re-wait to the drop (null with no such drop; negative when the requester had not yet waited again);
     * {@code each} lists those after a re-wait one by one (not in the JSON).
     */
    public record CrowdedRun(long drops, long toRequester, Long rewaitToDropP50Ns, List<CrowdedDrop> each,
                             TimerWakes timerWakes) {
        public CrowdedRun {
            each = List.copyOf(each);
        }

        public CrowdedRun(long drops, long toRequester, Long rewaitToDropP50Ns, List<CrowdedDrop> each) {
            this(drops, toRequester, rewaitToDropP50Ns, each, null);
        }

        public CrowdedRun(long drops, long toRequester, Long rewaitToDropP50Ns) {
            this(drops, toRequester, rewaitToDropP50Ns, List.of());
        }

        /**
         * The runs' drops and the requester's counted together (no gap: medians do not add), and their timer
         * wake-ups when every run has them.
         */
        public static CrowdedRun pooled(List<CrowdedRun> runs) {
            boolean wakes = !runs.isEmpty() && runs.stream().allMatch(r -> r.timerWakes != null);
            return new CrowdedRun(runs.stream().mapToLong(CrowdedRun::drops).sum(),
                    runs.stream().mapToLong(CrowdedRun::toRequester).sum(), null, List.of(),
                    wakes ? TimerWakes.pooled(runs.stream().map(CrowdedRun::timerWakes).toList()) : null);
        }

        /** The requester's share, per cent; 0 without drops. */
        public double percent() {
            return drops == 0 ? 0 : 100.0 * toRequester / drops;
        }

        public Map<String, Object> json() {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("crowded_forced_drops", drops);
            o.put("crowded_to_requester", toRequester);
            o.put("crowded_rewait_to_drop_p50_ns", rewaitToDropP50Ns);
            if (timerWakes != null) o.put("timer_wakes", timerWakes.json());
            return o;
        }
    }

    /**
     * A run's timed waits that ran out, as the scheduler's trace reads them ({@link SchedTrace}), and the crowded
     * forced drops by how late the requester's timer woke it. On a 2-vCPU VM some timer wake-ups come some 25 us
     * after the rest, and at the drops they lead to a sleeping waiter takes the GIL several times as often
     * (docs/validation.md, "What the phase marks: late timer wake-ups"). A wake-up is late {@link #LATE_PAST_P20_NS}
     * or more past the run's p20 lateness (of those at least {@link #TIMER_SLACK_NS} past the deadline: an earlier one
     * ran out at another timer's interrupt), the rule of {@code tools/handoffs/sleeper.py}, here over every thread of
     * the run (sleeper.py reads the threads other than its sleeper).
     *
     * @param wakeUps              the timed waits that ran out in the run
     * @param late                 those that woke late
     * @param dropsAfterOnTime     crowded forced drops whose requester's timer woke it on time just before
     * @param requesterAfterOnTime of those, the requester's
     * @param dropsAfterLate       crowded forced drops whose requester's timer woke it late just before
     * @param requesterAfterLate   of those, the requester's
     */
    public record TimerWakes(long wakeUps, long late, long dropsAfterOnTime,
                             long requesterAfterOnTime, long dropsAfterLate, long requesterAfterLate) {
        /** Past the run's p20 lateness by this much or more, a wake-up is late: the VM's two modes are 25 us apart. */
        public static final long LATE_PAST_P20_NS = 15_000;
        /** Linux's default timer slack for a thread of normal priority. */
        public static final long TIMER_SLACK_NS = 50_000;

        /**
         * The lateness past the deadline, ns, from which a run's timed wait that ran out woke late:
         * {@link #LATE_PAST_P20_NS} past the p20 of those at least the timer slack late; {@link Long#MAX_VALUE} with
         * none.
         */
        public static long lateFromNs(LongStream latenessNs) {
            long[] late = latenessNs.filter(ns -> ns >= TIMER_SLACK_NS).sorted().toArray();
            return late.length == 0 ? Long.MAX_VALUE : late[late.length / 5] + LATE_PAST_P20_NS;
        }

        /** The runs' counts added (each run's wake-ups were judged against its own p20). */
        static TimerWakes pooled(List<TimerWakes> runs) {
            return new TimerWakes(runs.stream().mapToLong(TimerWakes::wakeUps).sum(),
                    runs.stream().mapToLong(TimerWakes::late).sum(),
                    runs.stream().mapToLong(TimerWakes::dropsAfterOnTime).sum(),
                    runs.stream().mapToLong(TimerWakes::requesterAfterOnTime).sum(),
                    runs.stream().mapToLong(TimerWakes::dropsAfterLate).sum(),
                    runs.stream().mapToLong(TimerWakes::requesterAfterLate).sum());
        }

        /** The late wake-ups' share, per cent; 0 without wake-ups. */
        public double latePercent() {
            return wakeUps == 0 ? 0 : 100.0 * late / wakeUps;
        }

        public Map<String, Object> json() {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("wake_ups", wakeUps);
            o.put("late", late);
            o.put("drops_after_on_time", dropsAfterOnTime);
            o.put("to_requester_after_on_time", requesterAfterOnTime);
            o.put("drops_after_late", dropsAfterLate);
            o.put("to_requester_after_late", requesterAfterLate);
            return o;
        }
    }

    /**
     * Each run's crowded forced drops on its own. The gap sets the requester's share, and it moves from run to run
     * on a real machine (docs/validation.md, "Four spinners pair up in some runs and take turns in others").
     */
    public static List<CrowdedRun> crowdedByRun(List<HandoffLog> logs) {
        List<CrowdedRun> out = new ArrayList<>();
        for (HandoffLog log : logs) {
            HandoffStats s = of(List.of(log));
            long[] gap = s.crowdedRewaitToDropNs();
            out.add(new CrowdedRun(s.crowdedForcedDrops, s.crowdedToRequester,
                    percentileOrNull(gap, 50), s.crowdedDrops));
        }
        return out;
    }

    /**
     * How late each timed wait that ran out returned after its deadline, ns, sorted, over these runs: the time from
     * its call to wait to its ETIMEDOUT return, less {@code intervalNs} (CPython computes the deadline just before the
     * call). It holds the kernel's timer slack, the wake-up and the way back to the caller.
     */
    public static long[] timedOutLatenessNs(List<HandoffLog> logs, long intervalNs) {
        LongList late = new LongList();
        for (HandoffLog log : logs) {
            long[] calledNs = new long[log.threads().size()];
            Arrays.fill(calledNs, -1);
            for (HandoffEvent e : log.events()) {
                if (e.kind() == HandoffEvent.Kind.WAIT) {
                    calledNs[e.thread()] = e.timeNs();
                } else if (e.kind() == HandoffEvent.Kind.TIMED_OUT && calledNs[e.thread()] >= 0) {
                    late.add(e.timeNs() - calledNs[e.thread()] - intervalNs);
                    calledNs[e.thread()] = -1;
                }
            }
        }
        return late.sorted();
    }

    /** The figures over these runs together. */
    public static HandoffStats of(List<HandoffLog> logs) {
        HandoffStats s = new HandoffStats(logs.size(), logs.stream().mapToLong(HandoffLog::durationNs).sum());
        for (String name : names(logs)) s.waitsByThread.put(name, new LongList());
        for (HandoffLog log : logs) s.add(log);
        s.mutexBlocksRecorded = logs.stream().allMatch(HandoffLog::mutexBlocksRecorded);
        s.waitCpusRecorded = logs.stream().allMatch(HandoffLog::waitCpusRecorded);
        return s;
    }

    public int runs() {
        return runs;
    }

    public long durationNs() {
        return durationNs;
    }

    public long takes() {
        return takes;
    }

    public long switches() {
        return switches;
    }

    public long drops() {
        return drops;
    }

    public long timedWaits() {
        return timedWaits;
    }

    public long timeouts() {
        return timeouts;
    }

    public long wakeups() {
        return wakeups;
    }

    public long wastedWakeups() {
        return wastedWakeups;
    }

    public long requests() {
        return requests;
    }

    public long forcedDrops() {
        return forcedDrops;
    }

    public long forcedToRequester() {
        return forcedToRequester;
    }

    public long forcedToOther() {
        return forcedToOther;
    }

    public long forcedToNewcomer() {
        return forcedToNewcomer;
    }

    public long crowdedForcedDrops() {
        return crowdedForcedDrops;
    }

    public long crowdedToRequester() {
        return crowdedToRequester;
    }

    public long crowdedToOther() {
        return crowdedToOther;
    }

    public long crowdedWokeRequester() {
        return crowdedWokeRequester;
    }

    public long crowdedWokeOther() {
        return crowdedWokeOther;
    }

    public long crowdedToOtherTimedOut() {
        return crowdedToOtherTimedOut;
    }

    public long crowdedToOtherOldestCall() {
        return crowdedToOtherOldestCall;
    }

    public long[] dropperRewaitNs() {
        return dropperRewaitNs.sorted();
    }

    public long[] forcedHoldNs() {
        return forcedHoldNs.sorted();
    }

    public long requesterAwake() {
        return requesterAwake;
    }

    public long forcedWaits() {
        return forcedWaits;
    }

    public long mutexBlocks() {
        return mutexBlocks;
    }

    public boolean mutexBlocksRecorded() {
        return mutexBlocksRecorded;
    }

    public long takesAfterWaiting() {
        return takesAfterWaiting;
    }

    public long waitsBeforeTakes() {
        return waitsBeforeTakes;
    }

    /** A thread's GIL waits, sorted; empty when it never waited. */
    public long[] waitsNs(String thread) {
        LongList l = waitsByThread.get(thread);
        return l == null ? new long[0] : l.sorted();
    }

    /** Threads that waited for the GIL at least once, in the logs' order (a scenario's threads first). */
    public List<String> waitingThreads() {
        return waitsByThread.entrySet().stream().filter(e -> e.getValue().size > 0).map(Map.Entry::getKey).toList();
    }

    public long[] requestToDropNs() {
        return requestToDropNs.sorted();
    }

    public long[] crowdedRewaitToDropNs() {
        return crowdedRewaitToDropNs.sorted();
    }

    public long[] wakeLatencyNs() {
        return wakeLatencyNs.sorted();
    }

    public List<CrowdedDrop> crowdedDrops() {
        return List.copyOf(crowdedDrops);
    }

    /**
     * The bounds of {@link #byQuiet}, ns: 0, 200 us, 800 us, 3.2 ms, none; the model's default
     * {@code wait_entry_quiet} and two and four doublings of it.
     */
    static final long[] QUIET_BOUNDS_NS = {0, 200_000, 800_000, 3_200_000, Long.MAX_VALUE};

    /**
     * Crowded drops after a re-wait that came {@code [fromNs, toNs)} after the newest call to wait of the other
     * waiters; with the same-core rule, of those whose call ran on the requester's CPU, and {@code elsewhere} the
     * band of the drops when none had (its bounds then say nothing).
     */
    public record QuietBand(long fromNs, long toNs, boolean elsewhere, long drops, long toRequester) {
        /** {@code sameCore}: the band is one of the same-core rule's, which all say whether they are elsewhere. */
        public Map<String, Object> json(boolean sameCore) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("quiet_from_ns", elsewhere ? null : fromNs);
            o.put("quiet_to_ns", elsewhere || toNs == Long.MAX_VALUE ? null : toNs);
            if (sameCore) o.put("no_sleeper_on_requester_cpu", elsewhere);
            o.put("drops", drops);
            o.put("to_requester", toRequester);
            return o;
        }
    }

    /**
     * The crowded drops after a re-wait by how long before the drop the other waiters' newest call to wait came: the
     * state the requester's window follows on a real machine (docs/model.md), so the real and the simulated side can
     * be held side by side band by band.
     */
    public List<QuietBand> byQuiet() {
        return byQuiet(false);
    }

    /**
     * As {@link #byQuiet()}, with the quiet time of the rule {@code sameCore}: then the bands count only drops with
     * another sleeper on the requester's CPU, and a last band the others; no band at all when the logs have no CPUs.
     */
    public List<QuietBand> byQuiet(boolean sameCore) {
        List<QuietBand> out = new ArrayList<>();
        if (sameCore && !waitCpusRecorded) return out;
        for (int b = 0; b + 1 < QUIET_BOUNDS_NS.length; b++) {
            long from = QUIET_BOUNDS_NS[b];
            long to = QUIET_BOUNDS_NS[b + 1];
            long drops = 0;
            long won = 0;
            for (CrowdedDrop d : crowdedDrops) {
                long q = d.quietNs(sameCore);
                if (q < from || q >= to || (sameCore && q == CondVar.WaitEntry.QUIET_FOREVER_NS)) continue;
                drops++;
                if (d.toRequester()) won++;
            }
            out.add(new QuietBand(from, to, false, drops, won));
        }
        if (sameCore) {
            List<CrowdedDrop> elsewhere = crowdedDrops.stream()
                    .filter(d -> d.sameCoreQuietNs() == CondVar.WaitEntry.QUIET_FOREVER_NS).toList();
            out.add(new QuietBand(0, Long.MAX_VALUE, true, elsewhere.size(),
                    elsewhere.stream().filter(CrowdedDrop::toRequester).count()));
        }
        return out;
    }

    /** As {@link #percentile}, or null when there are none: a figure the JSON leaves out. */
    static Long percentileOrNull(long[] sorted, double p) {
        return sorted.length == 0 ? null : percentile(sorted, p);
    }

    /** The {@code p}-th percentile of sorted values (nearest rank), or -1 when there are none. */
    public static long percentile(long[] sorted, double p) {
        if (sorted.length == 0) return -1;
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    private void add(HandoffLog log) {
        int n = log.threads().size();
        GilReplay gil = new GilReplay(n);
        long[] waitStart = gil.waitStartNs;
        long[] waitsThisTake = new long[n];
        long[] lastWaitNs = new long[n];
        int[] lastWaitCpu = new int[n]; // the CPU of its latest call to wait, -1 when not recorded
        Arrays.fill(lastWaitCpu, -1);
        long pendingGapNs = -1; // the pending crowded drop's gap and quiet times, -1 when it had no re-wait
        long pendingQuietNs = 0;
        long pendingSameCoreQuietNs = -1;
        long requestNs = -1;
        boolean[] inWait = new boolean[n];
        boolean[] woke = new boolean[n];
        boolean[] timedOut = new boolean[n]; // its latest wait ran out (reset at each call to wait)
        int dropper = -1; // after a forced drop's switch, the dropper until its next call to wait, or -1
        long switchNs = -1;
        long holdStartNs = -1; // the current holder's take; -1 after its drop
        int requester = -1; // who asked the current holder to drop, or -1
        int forcedRequester = -2; // after a forced drop, until the next take: its requester; -2 when none pending
        long lastDropNs = -1;
        boolean crowded = false; // the pending forced drop had another waiter
        boolean firstWakeSeen = true; // after a crowded forced drop: whether a wake-up has returned since
        for (HandoffEvent e : log.events()) {
            int t = e.thread();
            if (gil.lastHolder < 0 && e.kind() != HandoffEvent.Kind.TAKE) continue; // unknown before the first take
            switch (e.kind()) {
                case WAIT -> {
                    timedWaits++;
                    if (t == dropper) {
                        dropperRewaitNs.add(e.timeNs() - switchNs);
                        dropper = -1;
                    }
                    timedOut[t] = false;
                    lastWaitNs[t] = e.timeNs();
                    lastWaitCpu[t] = e.cpu();
                    waitsThisTake[t]++;
                    inWait[t] = true;
                    if (woke[t]) wastedWakeups++;
                    woke[t] = false;
                }
                case WOKEN -> {
                    wakeups++;
                    if (!firstWakeSeen) {
                        if (t == forcedRequester) crowdedWokeRequester++;
                        else crowdedWokeOther++;
                        firstWakeSeen = true;
                    }
                    inWait[t] = false;
                    woke[t] = true;
                    if (lastDropNs >= 0) wakeLatencyNs.add(e.timeNs() - lastDropNs);
                }
                case TIMED_OUT -> {
                    timeouts++;
                    inWait[t] = false;
                    timedOut[t] = true;
                }
                case TAKE -> {
                    boolean forcedTake = forcedRequester != -2;
                    if (t == dropper) dropper = -1; // it took the GIL back without waiting for it: no way back to time
                    if (gil.lastHolder >= 0) {
                        takes++;
                        if (t != gil.lastHolder) switches++;
                        if (forcedRequester != -2) {
                            if (t == forcedRequester) forcedToRequester++;
                            else if (waitStart[t] >= 0) forcedToOther++;
                            else forcedToNewcomer++;
                            if (crowded && t == forcedRequester) {
                                crowdedToRequester++;
                            } else if (crowded && waitStart[t] >= 0) {
                                crowdedToOther++;
                                if (timedOut[t]) crowdedToOtherTimedOut++;
                                boolean oldest = true;
                                for (int o = 0; o < n; o++) {
                                    if (o != t && o != forcedRequester && o != gil.lastHolder && waitStart[o] >= 0
                                            && lastWaitNs[o] < lastWaitNs[t]) {
                                        oldest = false;
                                    }
                                }
                                if (oldest) crowdedToOtherOldestCall++;
                            }
                            if (crowded && pendingGapNs >= 0 && (t == forcedRequester || waitStart[t] >= 0)) {
                                crowdedDrops.add(new CrowdedDrop(pendingGapNs, pendingQuietNs,
                                        pendingSameCoreQuietNs, t == forcedRequester, e.timeNs()));
                            }
                            forcedRequester = -2;
                            firstWakeSeen = true;
                        }
                        if (waitStart[t] >= 0) {
                            takesAfterWaiting++;
                            waitsBeforeTakes += waitsThisTake[t];
                            waitsByThread.computeIfAbsent(log.threads().get(t), k -> new LongList())
                                    .add(e.timeNs() - waitStart[t]);
                        }
                    }
                    holdStartNs = e.timeNs();
                    if (forcedTake && t != gil.lastHolder) {
                        dropper = gil.lastHolder;
                        switchNs = e.timeNs();
                    }
                    requester = -1; // 3.12: any new holder resets the request; 3.13: the request was on the old holder
                    waitsThisTake[t] = 0;
                    inWait[t] = false;
                    woke[t] = false;
                }
                case DROP -> {
                    drops++;
                    lastDropNs = e.timeNs();
                    if (requester >= 0) {
                        forcedDrops++;
                        if (holdStartNs >= 0) forcedHoldNs.add(e.timeNs() - holdStartNs);
                        holdStartNs = -1;
                        forcedRequester = requester;
                        if (!inWait[requester]) requesterAwake++;
                        requestToDropNs.add(e.timeNs() - requestNs);
                        crowded = false;
                        long newestWaitNs = -1; // the other waiters' newest call to wait
                        long newestSameCpuNs = -1; // of those, the newest made on the requester's CPU
                        int cpu = lastWaitCpu[requester];
                        boolean cpus = cpu >= 0;
                        for (int o = 0; o < n; o++) {
                            if (o == requester || o == t || waitStart[o] < 0) continue;
                            crowded = true;
                            if (!inWait[o]) continue;
                            newestWaitNs = Math.max(newestWaitNs, lastWaitNs[o]);
                            cpus &= lastWaitCpu[o] >= 0;
                            if (lastWaitCpu[o] == cpu) newestSameCpuNs = Math.max(newestSameCpuNs, lastWaitNs[o]);
                        }
                        pendingQuietNs = newestWaitNs < 0 ? 0 : e.timeNs() - newestWaitNs;
                        pendingSameCoreQuietNs = !cpus ? -1 : newestSameCpuNs >= 0 ? e.timeNs() - newestSameCpuNs
                                : newestWaitNs >= 0 ? CondVar.WaitEntry.QUIET_FOREVER_NS : 0;
                        pendingGapNs = crowded && inWait[requester] ? e.timeNs() - lastWaitNs[requester] : -1;
                        if (crowded) {
                            crowdedForcedDrops++;
                            crowdedRewaitToDropNs.add(inWait[requester] ? e.timeNs() - lastWaitNs[requester] : -1);
                            firstWakeSeen = false;
                        }
                    }
                }
                case FORCED_WAIT -> forcedWaits++;
                case MUTEX_BLOCK -> mutexBlocks++;
            }
            if (gil.apply(e)) {
                requests++;
                if (requester < 0) requestNs = e.timeNs(); // the first request is the one the holder sees
                requester = t;
            }
        }
    }

    /** The figures as a JSON tree (times in integer nanoseconds; a share is null when its whole is 0). */
    public Map<String, Object> json() {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("runs", runs);
        o.put("duration_ns", durationNs);
        o.put("takes", takes);
        o.put("switches", switches);
        o.put("drops", drops);
        o.put("timed_waits", timedWaits);
        o.put("timeouts", timeouts);
        o.put("drop_requests", requests);
        o.put("wakeups", wakeups);
        o.put("wakeups_found_gil_taken", wastedWakeups);
        o.put("forced_drops", forcedDrops);
        o.put("forced_drops_to_requester", forcedToRequester);
        o.put("forced_drops_to_other_waiter", forcedToOther);
        o.put("forced_drops_to_newcomer", forcedToNewcomer);
        o.put("forced_drops_requester_awake", requesterAwake);
        o.put("crowded_forced_drops", crowdedForcedDrops);
        o.put("crowded_to_requester", crowdedToRequester);
        o.put("crowded_to_other_waiter", crowdedToOther);
        o.put("crowded_first_wakeup_requester", crowdedWokeRequester);
        o.put("crowded_first_wakeup_other", crowdedWokeOther);
        o.put("crowded_to_other_timed_out", crowdedToOtherTimedOut);
        o.put("crowded_to_other_oldest_call", crowdedToOtherOldestCall);
        o.put("forced_drops_dropper_waited", forcedWaits);
        o.put("gil_mutex_blocks", mutexBlocksRecorded ? mutexBlocks : null);
        o.put("takes_after_waiting", takesAfterWaiting);
        o.put("timed_waits_before_takes", waitsBeforeTakes);
        long[] wake = wakeLatencyNs();
        long[] notice = requestToDropNs();
        long[] gap = crowdedRewaitToDropNs();
        o.put("crowded_rewait_to_drop_p50_ns", percentileOrNull(gap, 50));
        o.put("request_to_drop_p50_ns", percentileOrNull(notice, 50));
        o.put("request_to_drop_p90_ns", percentileOrNull(notice, 90));
        o.put("drop_to_wakeup_p50_ns", percentileOrNull(wake, 50));
        o.put("drop_to_wakeup_p99_ns", percentileOrNull(wake, 99));
        long[] back = dropperRewaitNs();
        o.put("dropper_rewait_p50_ns", percentileOrNull(back, 50));
        o.put("dropper_rewait_p90_ns", percentileOrNull(back, 90));
        long[] hold = forcedHoldNs();
        o.put("forced_hold_p50_ns", percentileOrNull(hold, 50));
        o.put("forced_hold_p90_ns", percentileOrNull(hold, 90));
        o.put("forced_hold_p99_ns", percentileOrNull(hold, 99));
        List<Map<String, Object>> threads = new ArrayList<>();
        for (String t : waitingThreads()) {
            long[] w = waitsNs(t);
            Map<String, Object> th = new LinkedHashMap<>();
            th.put("name", t);
            th.put("gil_waits", w.length);
            th.put("wait_p50_ns", percentile(w, 50));
            th.put("wait_p90_ns", percentile(w, 90));
            th.put("wait_p99_ns", percentile(w, 99));
            th.put("wait_max_ns", w[w.length - 1]);
            threads.add(th);
        }
        o.put("threads", threads);
        return o;
    }

    /** A growable array of longs. */
    private static final class LongList {
        private long[] values = new long[16];
        private int size;

        void add(long v) {
            if (size == values.length) values = Arrays.copyOf(values, size * 2);
            values[size++] = v;
        }

        long[] sorted() {
            long[] s = Arrays.copyOf(values, size);
            Arrays.sort(s);
            return s;
        }
    }

    /** The thread names of the logs, scenario threads first, without repeats. */
    static List<String> names(List<HandoffLog> logs) {
        List<String> names = new ArrayList<>();
        for (HandoffLog l : logs) for (String n : l.threads()) if (!names.contains(n)) names.add(n);
        return names;
    }
}
