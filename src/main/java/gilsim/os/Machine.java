package gilsim.os;

import gilsim.sim.Engine;
import gilsim.sim.RandomStreams;
import gilsim.sim.Trace;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The machine the interpreter runs on: cores, run queues, wake-ups with latency, affinity and
 * Linux-style wake-up preemption.
 *
 * <p>Where a woken thread runs is {@link WakeCore}'s rule. With {@code previous} (the default) it goes back to the
 * core it last ran on, unless that core is busy and {@code wake_move_percent} (a timer's wake-up) or
 * {@code signal_move_percent} (another thread's) sends it to an idle one; with
 * {@code idle}, to any idle core it may use. Onto an idle core it runs after the wake-up latency (an idle core must be
 * kicked out of idle first). Onto a busy one it preempts the runner at once, on its way back from the wake-up call
 * (with {@code idle}: the runner that has run longest on a core it may use): the outcome Linux's scheduler gave for
 * most same-core wake-ups measured on this project's VM (EEVDF; 86 to 92 %).
 * {@code preempt_percent} sets the share; the others queue. That is why two threads pinned to one core hand the GIL
 * over promptly. The preempted thread keeps its place at the front of the run queue. With {@code run_to_parity} a
 * runner that got its core from a wake-up is not preempted during its first time slice (EEVDF's protected slice): the
 * wake-up queues for that core instead.
 *
 * <p>Which queued thread a core takes is {@link RunQueue}'s rule. With one queue for the machine ({@code shared}) a
 * core that comes free, or whose runner's slice ends, takes the first queued thread that may run on it. With a queue
 * per core ({@code per-core}, only with {@code previous}) a thread waits for the core it was woken onto or preempted
 * on, and another core takes it only at an idle balance. A core that is already idle takes a queued thread only at
 * the scheduler's next balance, up to {@code balance_tick} later (the busy CPU's tick kicks the idle one to pull
 * work): only {@code previous} leaves a thread queued beside an idle core. No core takes a thread that left another
 * core less than {@code migration_cost} ago (Linux's {@code task_hot}: its cache is still warm there); it runs again
 * where it was, when that core's runner ends its slice, or moves at a balance once it has cooled.
 *
 * <p>Threads that share a core also take turns: a runner that has used its time slice while another thread
 * waits for its core goes to the back of the run queue (round robin, as the fair scheduler's slice does).
 *
 * <p>The machine knows CPU time, not what a thread computes: Python's check points are {@code cpython}'s, other
 * processes are {@link BackgroundLoad}'s.
 */
public final class Machine {
    private final Engine engine;
    private final Trace trace;
    /** The thread running on each core, or null when the core is idle. */
    private final SimThread[] running;
    private final ArrayDeque<SimThread> runQueue = new ArrayDeque<>();
    /** Cores taken by background load (other processes) right now. */
    private final boolean[] foreign;
    private final List<SimThread> threads = new ArrayList<>();
    private final WakeLatency wakeLatency;
    /** A timer may fire up to this late, never early (Linux's default slack is 50 us; a profile measures it). */
    private final long timerSlackNs;
    /** How long a runner keeps its core while another thread is queued for it. */
    private final long timesliceNs;
    private final SplittableRandom latencyRandom;
    private final SplittableRandom slackRandom;
    /** Which wake-ups onto a busy core preempt its runner at once (Linux: most, measured). */
    private final WakePreemption preemption;
    private final SplittableRandom preemptRandom;
    private final WakeCore wakeCore;
    /**
     * Each core has its own run queue ({@link RunQueue#PER_CORE}, with {@link WakeCore#PREVIOUS}): a queued thread
     * waits for the core it last ran on, and another core takes it only at an idle balance. Else one queue serves
     * every core.
     */
    private final boolean perCore;
    /** The scheduler tick: an idle core pulls a queued thread at most this long after it was queued. */
    private final long balanceTickNs;
    private final SplittableRandom balanceRandom;
    /**
     * An idle core balances once per tick ({@code balance_per_tick}): while its next balance is pending, a thread
     * queued or the core coming free again does not draw another. Linux balances an idle CPU when its
     * {@code next_balance} comes due ({@code trigger_load_balance}, and a busy CPU's tick kicking the idle ones at
     * {@code nohz.next_balance}), and skips the balance on going idle when the CPU's idle periods are short
     * ({@code avg_idle < sysctl_sched_migration_cost}, kernel/sched/fair.c). Without it, a core that goes idle often
     * (waiters' timed-out passes) draws balances that often, and pulls a preempted thread from the busy core sooner
     * than the scheduler traces show (docs/model.md, "An idle core balances once per tick").
     */
    private final boolean balancePerTick;
    /** With {@link #balancePerTick}: whether each core's next balance is posted. */
    private final boolean[] balancePending;
    /**
     * With {@code previous}: of the wake-ups whose previous core is busy while another is idle, the percentage sent to
     * the idle core (Linux's search for an idle CPU; docs/model.md, "Which core a woken thread runs on").
     */
    private final int wakeMovePercent;
    /**
     * The same share for a wake-up by another thread (a condition variable's signal, a lock's release): Linux decides
     * it at the waker's call, where a timer's wake-up comes from an interrupt, and the traces find them apart
     * (docs/model.md, "Which core a woken thread runs on").
     */
    private final int signalMovePercent;
    private final SplittableRandom moveRandom;
    /**
     * A queued thread that left its core less than this long ago is not taken by another core (Linux's
     * {@code sysctl_sched_migration_cost}, 500 us, read by {@code task_hot} in kernel/sched/fair.c); 0: any is.
     */
    private final long migrationCostNs;
    /**
     * A thread that got its core from a wake-up keeps it for its first {@code timesliceNs}: a wake-up meanwhile
     * queues instead of preempting (Linux's {@code RUN_TO_PARITY}, {@code protect_slice} in kernel/sched/fair.c).
     */
    private final boolean runToParity;
    /** CPU time of a futex sleep's way in and out ({@link #sleepOnFutex}). */
    private final FutexPath futexPath;
    /**
     * From a condition-variable timed wait's deadline to its thread running on an idle core, slack and wake-up
     * together (a profile's {@code timer_wake}, written by hand); null: the timer fires within its slack and the
     * wake-up latency follows.
     */
    private final WakeLatency timerWake;
    private final SplittableRandom timerWakeRandom;
    /** The cores' timer queues under {@link TimerExpiry#HRTIMER}; null under {@link TimerExpiry#UNIFORM}. */
    private final TimerQueues timerQueues;
    /**
     * Under {@link TimerExpiry#HRTIMER}: how long after a timer interrupt a thread it wakes onto a busy core gets
     * there (an inter-processor interrupt and the preemption it asks for), beyond the interrupted core's way out of
     * idle.
     */
    private final long wakeIpiNs;
    /** The core whose timer interrupt is waking threads now, or -1 outside one ({@link #timerInterrupt}). */
    private int interruptCore = -1;
    /** That interrupt's delay before anything runs: its core's way out of idle, 0 when the core was busy. */
    private long interruptBaseNs;
    private int exited;
    /** Run when the last thread has exited, or null. */
    private Runnable onLastExit;

    public Machine(Engine engine, Trace trace, RandomStreams streams, int cores, WakeLatency wakeLatency,
                   long timerSlackNs, long timesliceNs) {
        this(engine, trace, streams, cores, wakeLatency, timerSlackNs, timesliceNs, 100);
    }

    /**
     * @param preemptPercent of the wake-ups onto a busy core, the percentage that preempt its runner at once;
     *                       the others queue behind it until its time slice ends or it blocks
     */
    public Machine(Engine engine, Trace trace, RandomStreams streams, int cores, WakeLatency wakeLatency,
                   long timerSlackNs, long timesliceNs, int preemptPercent) {
        this(engine, trace, streams, cores, wakeLatency, timerSlackNs, timesliceNs, preemptPercent, WakeCore.IDLE, 0,
                0);
    }

    /**
     * @param wakeCore        which core a woken thread runs on
     * @param balanceTickNs   with {@link WakeCore#PREVIOUS}: an idle core takes a thread queued beside it after a
     *                        time uniform in (0, balanceTickNs]
     * @param wakeMovePercent with {@link WakeCore#PREVIOUS}: of the wake-ups whose previous core is busy while a core
     *                        the thread may use is idle, the percentage that go to the idle core instead
     */
    public Machine(Engine engine, Trace trace, RandomStreams streams, int cores, WakeLatency wakeLatency,
                   long timerSlackNs, long timesliceNs, int preemptPercent, WakeCore wakeCore, long balanceTickNs,
                   int wakeMovePercent) {
        this(engine, trace, streams, cores, wakeLatency, timerSlackNs, timesliceNs, preemptPercent, wakeCore,
                balanceTickNs, wakeMovePercent, FutexPath.NONE);
    }

    /** @param futexPath the kernel's CPU time on a futex sleep's way in and out ({@link #sleepOnFutex}) */
    public Machine(Engine engine, Trace trace, RandomStreams streams, int cores, WakeLatency wakeLatency,
                   long timerSlackNs, long timesliceNs, int preemptPercent, WakeCore wakeCore, long balanceTickNs,
                   int wakeMovePercent, FutexPath futexPath) {
        this(engine, trace, streams, cores, wakeLatency, timerSlackNs, timesliceNs,
                WakePreemption.independent(preemptPercent), wakeCore, balanceTickNs, wakeMovePercent, wakeMovePercent, 0,
                futexPath, null, false, TimerExpiry.UNIFORM, 0,
                RunQueue.SHARED, false);
    }

    /**
     * @param preemption which wake-ups onto a busy core preempt its runner at once; the others queue behind it
     * @param timerWake from a timer's deadline to its thread running on an idle core (a machine profile's
     *                  {@code timer_wake}), in place of the slack and the wake-up latency there (onto a busy core the
     *                  slack stays); null for those
     * @param signalMovePercent as {@code wakeMovePercent}, for the wake-ups by another thread ({@link #wake}) where
     *                  that one is for a timer's (a sleep's end, a timed wait's {@link #wakeTimedOut})
     * @param migrationCostNs a queued thread that left its core less than this long ago stays queued for that core
     *                  (another core that comes free or balances passes it over); 0: any core takes any thread
     * @param runToParity a thread that got its core from a wake-up is not preempted by another wake-up during its
     *                  first time slice there
     * @param timerExpiry when a sleep's or a timed wait's timer fires within its slack, and how its thread arrives
     * @param wakeIpiNs with {@link TimerExpiry#HRTIMER}: a timer interrupt's wake-up onto a busy core takes this long
     * @param queueRule with {@link WakeCore#PREVIOUS}: whether a queued thread waits for its own core
     * @param balancePerTick with {@link WakeCore#PREVIOUS}: an idle core has one balance pending at a time, and a
     *                  thread queued meanwhile waits for it; false: each queueing beside an idle core, and each time a
     *                  core comes free with a thread queued elsewhere, draws a balance of its own for that core
     */
    public Machine(Engine engine, Trace trace, RandomStreams streams, int cores, WakeLatency wakeLatency,
                   long timerSlackNs, long timesliceNs, WakePreemption preemption, WakeCore wakeCore, long balanceTickNs,
                   int wakeMovePercent, int signalMovePercent, long migrationCostNs, FutexPath futexPath,
                   WakeLatency timerWake, boolean runToParity, TimerExpiry timerExpiry, long wakeIpiNs,
                   RunQueue queueRule, boolean balancePerTick) {
        if (cores <= 0) throw new IllegalArgumentException("cores must be positive");
        this.engine = engine;
        this.trace = trace;
        this.running = new SimThread[cores];
        this.foreign = new boolean[cores];
        this.wakeLatency = wakeLatency;
        this.timerSlackNs = timerSlackNs;
        if (timesliceNs <= 0) throw new IllegalArgumentException("timeslice must be positive");
        this.timesliceNs = timesliceNs;
        this.latencyRandom = streams.stream("wake-latency");
        this.slackRandom = streams.stream("timer-slack");
        this.preemption = preemption;
        this.preemptRandom = streams.stream("wake-preempt");
        this.wakeCore = wakeCore;
        if (wakeCore == WakeCore.PREVIOUS && balanceTickNs <= 0) throw new IllegalArgumentException("balance tick");
        this.balanceTickNs = balanceTickNs;
        this.balanceRandom = streams.stream("idle-balance");
        this.balancePerTick = balancePerTick;
        this.balancePending = new boolean[cores];
        if (wakeMovePercent < 0 || wakeMovePercent > 100) {
            throw new IllegalArgumentException("wake move percent 0..100");
        }
        this.wakeMovePercent = wakeMovePercent;
        if (signalMovePercent < 0 || signalMovePercent > 100) {
            throw new IllegalArgumentException("signal move percent 0..100");
        }
        this.signalMovePercent = signalMovePercent;
        if (migrationCostNs < 0) throw new IllegalArgumentException("negative migration cost");
        this.migrationCostNs = migrationCostNs;
        this.moveRandom = streams.stream("wake-move");
        this.futexPath = futexPath;
        this.timerWake = timerWake;
        this.timerWakeRandom = streams.stream("timer-wake");
        this.runToParity = runToParity;
        this.timerQueues = timerExpiry == TimerExpiry.HRTIMER
                ? new TimerQueues(engine, cores, timerSlackNs, this::timerInterrupt) : null;
        if (wakeIpiNs < 0) throw new IllegalArgumentException("negative IPI latency");
        this.wakeIpiNs = wakeIpiNs;
        this.perCore = wakeCore == WakeCore.PREVIOUS && queueRule == RunQueue.PER_CORE;
    }

    public Engine engine() {
        return engine;
    }

    public int cores() {
        return running.length;
    }

    public long nowNs() {
        return engine.nowNs();
    }

    public List<SimThread> threads() {
        return threads;
    }

    public SimThread newThread(String name, int pinnedCore) {
        if (pinnedCore >= running.length) {
            throw new IllegalArgumentException("thread " + name + " pinned to core " + pinnedCore
                    + " but the machine has " + running.length + " cores");
        }
        SimThread t = new SimThread(threads.size(), name, pinnedCore);
        t.arrival = () -> arrive(t);
        t.proceed = () -> proceed(t);
        t.burstEnd = () -> burstEnd(t);
        threads.add(t);
        return t;
    }

    /** Makes a new thread runnable now; {@code body} runs when it first gets a core. */
    public void start(SimThread t, Runnable body) {
        t.onDispatch = body;
        arrive(t);
    }

    /** Consumes {@code ns} of CPU time on the thread's core, then runs {@code then}. */
    public void cpu(SimThread t, long ns, Runnable then) {
        requireRunning(t);
        if (ns < 0) throw new IllegalArgumentException("negative CPU time");
        if (t.burst != null) throw new IllegalStateException(t + " starts a burst inside another");
        Burst b = t.ownBurst;
        b.remainingNs = ns;
        b.then = then;
        t.burst = b;
        scheduleBurst(t);
    }

    /** CPU time the thread's burst still needs (0 when it has none), counted up to now. */
    public long cpuLeftNs(SimThread t) {
        Burst b = t.burst;
        if (b == null) return 0;
        if (t.state == RunState.RUNNING) account(b);
        return b.remainingNs;
    }

    /**
     * Ends the thread's burst after at most {@code leftNs} more CPU time; its continuation runs then, as usual.
     * A spin that saw what it waited for ends at once ({@code leftNs = 0}); a Python run stops at a check point.
     */
    public void shortenBurst(SimThread t, long leftNs) {
        Burst b = t.burst;
        if (b == null) return;
        if (t.state == RunState.RUNNING) account(b);
        b.remainingNs = Math.min(b.remainingNs, leftNs);
        if (t.state == RunState.RUNNING) scheduleBurst(t);
    }

    /** Blocks the running thread; {@code onWake} runs when it is woken and gets a core again. */
    public void block(SimThread t, Runnable onWake) {
        requireRunning(t);
        t.onDispatch = onWake;
        leaveCore(t, RunState.BLOCKED);
    }

    /**
     * Sleeps the running thread on a futex, as a condition variable's wait does, with the kernel's path each way
     * ({@link FutexPath}): it stays on its core for the path's {@code sleepNs} before it leaves it, already asleep to
     * its wakers (a wake-up then costs nothing: it goes on from there), and once woken and back on a core it runs
     * {@code returnNs} before {@code onWake}. {@code onCore}, when not null, runs the moment it is back on a core (or
     * goes on without having left it), before that path: where the kernel takes it off the futex's queue and the
     * caller's first steps after the system call belong.
     */
    public void sleepOnFutex(SimThread t, Runnable onCore, Runnable onWake) {
        long returnNs = futexPath.returnNs();
        Runnable back = onCore == null && returnNs == 0 ? onWake : () -> {
            if (onCore != null) onCore.run();
            if (returnNs == 0) onWake.run();
            else cpu(t, returnNs, onWake);
        };
        if (futexPath.sleepNs() == 0) {
            block(t, back);
            return;
        }
        t.enteringSleep = true;
        cpu(t, futexPath.sleepNs(), () -> {
            t.enteringSleep = false;
            if (!t.wokenEntering) {
                block(t, back);
                return;
            }
            t.wokenEntering = false;
            back.run();
        });
    }

    /**
     * Whether a thread that sleeps on a futex ({@link #sleepOnFutex}) is still on the futex's queue, woken or not: on
     * its way in, or blocked and not run since (Linux's {@code futex_wait} queues before it schedules, and leaves the
     * queue only once it runs again).
     */
    public boolean onFutexQueue(SimThread t) {
        return t.enteringSleep || (t.state != RunState.RUNNING && t.onDispatch != null);
    }

    /** Blocks the running thread for {@code ns} (a sleep), then runs {@code then}. */
    public void sleep(SimThread t, long ns, Runnable then) {
        timer(t, engine.nowNs() + ns, () -> wake(t, WakeCause.SLEEP_END));
        block(t, then);
    }

    /** Ends the thread. */
    public void exit(SimThread t) {
        requireRunning(t);
        leaveCore(t, RunState.EXITED);
        if (++exited == threads.size() && onLastExit != null) onLastExit.run();
    }

    /** Runs {@code action} when the last of the machine's threads has exited (a pool's threads never do). */
    public void onLastExit(Runnable action) {
        onLastExit = action;
    }

    /**
     * Wakes a blocked thread. The wake-up rule, all of it here and in {@link #arrive}: a thread whose core (see
     * {@link WakeCore}) is idle runs there after the wake-up latency; one whose core is busy preempts at once (see the
     * class comment), or, for the share of wake-ups {@code preempt_percent} leaves out, queues; so does one that can
     * preempt nobody (every core it may use is taken by other processes). A thread still on its way into a futex
     * sleep ({@link #sleepOnFutex}) is not woken: it never left its core, and goes on once its way in is done.
     * The waker is another thread (a signal, a release): where the core is a choice, {@code signal_move_percent}
     * draws it.
     */
    public void wake(SimThread t) {
        wake(t, WakeCause.OTHER_THREAD);
    }

    /**
     * Wakes a thread whose condition-variable timed wait ran out ({@link #timedWaitTimer}): as {@link #wake}, except
     * with a profile's {@code timer_wake}, where the timer fired at its deadline: onto an idle core the delay is drawn
     * from that table (slack and wake-up together), onto a busy one it is the slack,
     * Linux's hard expiry (the running CPU's timer interrupt comes then), and the wake-up preempts or queues as any.
     */
    public void wakeTimedOut(SimThread t) {
        wake(t, WakeCause.TIMED_WAIT);
    }

    /** What woke a thread: it picks the share that moves, {@code wake_move_percent} or {@code signal_move_percent}. */
    private enum WakeCause { OTHER_THREAD, SLEEP_END, TIMED_WAIT }

    private void wake(SimThread t, WakeCause cause) {
        if (t.enteringSleep) {
            if (t.wokenEntering) throw new IllegalStateException("second wake of " + t + " on its way to sleep");
            t.wokenEntering = true; // the futex wake dequeues it before schedule() switches it out: no wake-up
            return;
        }
        if (t.state != RunState.BLOCKED || t.waking) {
            throw new IllegalStateException("wake of " + t + " which is " + t.state);
        }
        t.waking = true;
        t.movesOnWake = movesOnWake(t, cause == WakeCause.OTHER_THREAD ? signalMovePercent : wakeMovePercent);
        t.wokenByThread = cause == WakeCause.OTHER_THREAD;
        boolean idle = idleCoreOf(t) >= 0;
        long delay;
        if (cause == WakeCause.TIMED_WAIT && timerWake != null) {
            delay = idle ? timerWake.sampleNs(timerWakeRandom) : timerSlackNs;
        } else {
            delay = interruptCore >= 0 ? interruptDelayNs(t) : idle ? wakeLatency.sampleNs(latencyRandom) : 0;
        }
        // Even a preempting wake-up lands after the waker's current step: the waker is switched out on its way
        // back to user space, not in the middle of the wake-up call.
        engine.post(delay, t.arrival);
    }

    /**
     * Arms a timer of thread {@code t} (a sleep's, a timed wait's) for {@code deadlineNs} (a deadline in the past
     * counts from now); it fires within the timer slack after it, never before, as {@link TimerExpiry} says. Under
     * {@link TimerExpiry#HRTIMER} it goes on the queue of the core {@code t} runs on (its last, on its way off one).
     */
    public HrTimer timer(SimThread t, long deadlineNs, Runnable action) {
        long softNs = Math.max(deadlineNs, engine.nowNs());
        if (timerQueues != null) return timerQueues.arm(t.core >= 0 ? t.core : Math.max(t.lastCore, 0), softNs, action);
        long slack = timerSlackNs == 0 ? 0 : slackRandom.nextLong(timerSlackNs + 1);
        return HrTimer.of(engine.at(softNs + slack, action));
    }

    /**
     * The timer of a condition variable's timed wait by {@code t}: as {@link #timer}, except with a profile's
     * {@code timer_wake}, where it fires at the deadline itself and {@link #wakeTimedOut} draws the rest, slack
     * included (whatever {@code timer_expiry} says). Sleeps keep {@link #timer}: the table is a timed wait's.
     */
    public HrTimer timedWaitTimer(SimThread t, long deadlineNs, Runnable action) {
        if (timerWake == null) return timer(t, deadlineNs, action);
        return HrTimer.of(engine.at(Math.max(deadlineNs, engine.nowNs()), action));
    }

    /**
     * A core's timer interrupt ({@link TimerExpiry#HRTIMER}): its due timers fire in deadline order. The threads they
     * wake arrive after the core's way out of idle (one draw of the wake-up latency; nothing when it was busy): at once
     * on that core, after a further draw on another idle core, after {@code wake_ipi} on a busy one. So of two threads
     * whose timers went off together the one whose core is the interrupted one runs first, as the scheduler traces
     * show (docs/model.md, "When a timer fires").
     */
    private void timerInterrupt(int core, List<HrTimer> due) {
        interruptCore = core;
        interruptBaseNs = isIdle(core) ? wakeLatency.sampleNs(latencyRandom) : 0;
        try {
            for (HrTimer timer : due) timer.action.run();
        } finally {
            interruptCore = -1;
        }
    }

    /** Within a timer interrupt: when the woken {@code t} arrives, by the core it goes to. */
    private long interruptDelayNs(SimThread t) {
        int target = idleCoreOf(t);
        if (target < 0) return interruptBaseNs + wakeIpiNs;
        if (target == interruptCore) return interruptBaseNs;
        return interruptBaseNs + wakeLatency.sampleNs(latencyRandom);
    }

    // ---------------------------------------------------------------- scheduling

    private void arrive(SimThread t) {
        t.waking = false;
        t.sleeper = true;
        int core = idleCoreOf(t);
        if (core < 0 && preemption.preempts(t, t.wokenByThread, engine.nowNs(), preemptRandom)) core = preemptFor(t);
        if (core < 0) {
            setState(t, RunState.RUNNABLE, -1);
            enqueue(t, false);
            for (int c = 0; c < running.length; c++) if (t.mayRunOn(c)) armSlice(c);
        } else {
            dispatch(t, core);
        }
        t.movesOnWake = false;
    }

    /** Whether {@code t} goes back to the core it last ran on (it has one, and may run elsewhere too). */
    private boolean toPrevious(SimThread t) {
        return wakeCore == WakeCore.PREVIOUS && t.pinnedCore < 0 && t.lastCore >= 0 && !t.movesOnWake;
    }

    /**
     * Whether this wake-up of {@code t} leaves its busy previous core for an idle one, {@code percent} of such
     * wake-ups; drawn only when there is such a choice and the percentage is neither 0 nor 100 (0 gives the rule
     * before 2026-12-03 without a draw).
     */
    private boolean movesOnWake(SimThread t, int percent) {
        if (percent == 0 || !toPrevious(t) || isIdle(t.lastCore) || idleCoreFor(t) < 0) return false;
        return percent >= 100 || moveRandom.nextInt(100) < percent;
    }

    /** The idle core a woken {@code t} runs on, or -1 when its core is busy. */
    private int idleCoreOf(SimThread t) {
        if (toPrevious(t)) return isIdle(t.lastCore) ? t.lastCore : -1;
        return idleCoreFor(t);
    }

    /**
     * Queues a runnable thread (a preempted one at the front). With {@code previous} a core may be idle beside it: that
     * core takes it at the scheduler's next balance, unless something else has taken the core or the thread by then.
     */
    private void enqueue(SimThread t, boolean front) {
        if (front) runQueue.addFirst(t);
        else runQueue.addLast(t);
        if (wakeCore != WakeCore.PREVIOUS) return;
        for (int c = 0; c < running.length; c++) {
            if (isIdle(c) && t.mayRunOn(c)) {
                int core = c;
                postBalance(core);
            }
        }
    }

    /**
     * The idle {@code core}'s next balance, within {@code balance_tick}: it takes a queued thread; when every one it
     * may run is still cache-hot elsewhere, it tries again at the balance after. With {@link #balancePerTick} a core
     * whose balance is already posted posts none.
     */
    private void postBalance(int core) {
        if (balancePending[core]) return;
        balancePending[core] = balancePerTick;
        engine.post(1 + balanceRandom.nextLong(balanceTickNs), () -> {
            balancePending[core] = false;
            if (isIdle(core) && !balance(core) && anyQueuedMayRunOn(core)) postBalance(core);
        });
    }

    private boolean anyQueuedMayRunOn(int core) {
        for (SimThread q : runQueue) if (q.mayRunOn(core)) return true;
        return false;
    }

    /**
     * Preempts the runner of {@code t}'s core: with {@code previous} the core it last ran on, else the longest-running
     * thread on a core it may use; returns that core, or -1.
     */
    private int preemptFor(SimThread t) {
        int victimCore = -1;
        if (toPrevious(t)) {
            if (running[t.lastCore] != null) victimCore = t.lastCore;
        } else for (int c = 0; c < running.length; c++) {
            SimThread r = running[c];
            if (r != null && t.mayRunOn(c) && (victimCore < 0 || r.dispatchedNs < running[victimCore].dispatchedNs)) {
                victimCore = c;
            }
        }
        if (victimCore < 0) return -1;
        SimThread victim = running[victimCore];
        // EEVDF's run to parity: a runner picked after a wake-up is owed its slice (eligible, with a fresh deadline)
        // and pick_eevdf keeps it; one put back after a preemption has had its share and is not protected.
        if (engine.nowNs() < victim.protectedUntilNs) return -1;
        takeOffCore(victim);
        enqueue(victim, true);
        return victimCore;
    }

    private int idleCoreFor(SimThread t) {
        if (t.pinnedCore >= 0) return isIdle(t.pinnedCore) ? t.pinnedCore : -1;
        return firstIdleCore();
    }

    /** The lowest-numbered idle core, or -1 when every core is taken. */
    private int firstIdleCore() {
        for (int c = 0; c < running.length; c++) if (isIdle(c)) return c;
        return -1;
    }

    private boolean isIdle(int core) {
        return running[core] == null && !foreign[core];
    }

    private void dispatch(SimThread t, int core) {
        running[core] = t;
        t.core = core;
        t.lastCore = core;
        t.dispatchedNs = engine.nowNs();
        t.protectedUntilNs = runToParity && t.sleeper ? engine.nowNs() + timesliceNs : Long.MIN_VALUE;
        t.sleeper = false;
        ++t.dispatchGeneration;
        // A paused burst runs again from now: a stop or a preemption before proceed() must not count the time the
        // thread spent off its core as CPU time (it drove remainingNs below zero).
        if (t.burst != null) t.burst.startedNs = engine.nowNs();
        setState(t, RunState.RUNNING, core);
        armSlice(core);
        // Proceed in an event of its own so that a thread never runs inside another thread's step.
        t.proceedsPending++;
        engine.post(0, t.proceed);
    }

    private void proceed(SimThread t) {
        // Only the last proceed pending is this dispatch's; an earlier one's dispatch was preempted before it ran.
        if (--t.proceedsPending > 0 || t.state != RunState.RUNNING) return;
        if (t.burst != null) {
            scheduleBurst(t);
        } else {
            Runnable r = t.onDispatch;
            t.onDispatch = null;
            r.run();
        }
    }

    /** If someone is queued for {@code core}, ends its runner's turn when the runner's slice is used up. */
    private void armSlice(int core) {
        SimThread r = running[core];
        if (r == null || nextFor(core) == null) return;
        long generation = r.dispatchGeneration;
        engine.at(Math.max(engine.nowNs(), r.dispatchedNs + timesliceNs), () -> sliceEnd(core, r, generation));
    }

    private void sliceEnd(int core, SimThread r, long generation) {
        if (running[core] != r || r.dispatchGeneration != generation) return;
        SimThread next = nextFor(core);
        if (next == null) return;
        if (r.burst != null && r.burst.pending != null && r.burst.pending.timeNs() == engine.nowNs()) {
            // The burst ends at this very ns: let it finish (its event is already queued), then end the turn.
            engine.post(0, () -> sliceEnd(core, r, generation));
            return;
        }
        takeOffCore(r);
        runQueue.remove(next);
        enqueue(r, false);
        dispatch(next, core);
    }

    /** Preempts a runner: its burst pauses and it becomes runnable; the caller queues it. */
    private void takeOffCore(SimThread r) {
        r.leftCoreNs = engine.nowNs();
        r.sleeper = false;
        if (r.burst != null) {
            account(r.burst);
            if (r.burst.pending != null) r.burst.pending.cancel();
        }
        running[r.core] = null;
        r.core = -1;
        setState(r, RunState.RUNNABLE, -1);
    }

    /**
     * The thread {@code core} runs next when it comes free or its runner's slice ends: with per-core queues the first
     * of its own (queued for it, or never run); else the first of the shared queue it may take.
     */
    private SimThread nextFor(int core) {
        if (!perCore) return queuedFor(core);
        for (SimThread q : runQueue) if (q.mayRunOn(core) && (q.lastCore == core || q.lastCore < 0)) return q;
        return null;
    }

    /** The first queued thread that may run on {@code core} and is not cache-hot on another, or null. */
    private SimThread queuedFor(int core) {
        for (SimThread q : runQueue) if (q.mayRunOn(core) && !hotElsewhere(q, core)) return q;
        return null;
    }

    /** Linux's {@code task_hot}: {@code q} left another core than {@code core} less than migration_cost ago. */
    private boolean hotElsewhere(SimThread q, int core) {
        return q.lastCore != core && engine.nowNs() - q.leftCoreNs < migrationCostNs;
    }

    private void leaveCore(SimThread t, RunState to) {
        int core = t.core;
        t.leftCoreNs = engine.nowNs();
        running[core] = null;
        t.core = -1;
        setState(t, to, -1);
        fillCore(core);
    }

    /**
     * A core comes free: it runs the next thread of its queue ({@link #nextFor}); with per-core queues and none of its
     * own, it takes another core's at its next idle balance.
     */
    private void fillCore(int core) {
        SimThread next = nextFor(core);
        if (next != null) {
            runQueue.remove(next);
            dispatch(next, core);
        } else if (perCore && anyQueuedMayRunOn(core)) {
            postBalance(core);
        }
    }

    /** An idle core's balance: it takes the first queued thread it may, from any core; false when there was none. */
    private boolean balance(int core) {
        SimThread next = queuedFor(core);
        if (next == null) return false;
        runQueue.remove(next);
        dispatch(next, core);
        return true;
    }

    // ---------------------------------------------------------------- other processes

    /** Foreign work takes {@code core}, preempting its runner; false when it is already taken by some. */
    boolean occupyByForeignWork(int core) {
        if (foreign[core]) return false;
        SimThread victim = running[core];
        if (victim != null) {
            takeOffCore(victim);
            enqueue(victim, true);
        }
        foreign[core] = true;
        return true;
    }

    /**
     * Where foreign work arriving for {@code core} runs when it may move: {@code core} when it is idle, else another
     * idle core, else {@code core} itself (preempting its runner).
     */
    int coreForMovableWork(int core) {
        if (isIdle(core)) return core;
        int idle = firstIdleCore();
        return idle >= 0 ? idle : core;
    }

    void releaseForeignWork(int core) {
        foreign[core] = false;
        fillCore(core);
    }

    // ---------------------------------------------------------------- bursts

    private void scheduleBurst(SimThread t) {
        Burst b = t.burst;
        if (b.pending != null) b.pending.cancel();
        b.startedNs = engine.nowNs();
        b.pending = engine.after(b.remainingNs, t.burstEnd);
    }

    private void account(Burst b) {
        b.remainingNs -= engine.nowNs() - b.startedNs;
        b.startedNs = engine.nowNs();
    }

    private void burstEnd(SimThread t) {
        Burst b = t.burst;
        account(b);
        b.pending = null;
        t.burst = null;
        Runnable then = b.then;
        b.then = null;
        then.run();
    }

    private void setState(SimThread t, RunState state, int core) {
        t.state = state;
        trace.emit(new OsEvent.ThreadState(engine.nowNs(), t.id, state, core));
    }

    private static void requireRunning(SimThread t) {
        if (t.state != RunState.RUNNING) throw new IllegalStateException(t + " is " + t.state + ", not running");
    }
}
