package gilsim.os;

import gilsim.sim.Engine;
import gilsim.sim.Event;
import gilsim.sim.RandomStreams;
import gilsim.sim.Trace;
import gilsim.sim.TraceEvent.RunState;
import gilsim.sim.TraceEvent.ThreadState;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * The machine the interpreter runs on: cores, a run queue, wake-ups with latency, affinity and
 * Linux-style wake-up preemption.
 *
 * <p>A woken thread that finds an idle core it may use runs there after the wake-up latency (an idle core must be
 * kicked out of idle first). One that finds none preempts the thread that has run longest on a core it may use,
 * at once: on Linux the waker is switched out on its way back from the wake-up system call, because a thread that
 * slept has the smaller virtual runtime. That is why two threads pinned to one core hand the GIL over promptly.
 * The preempted thread keeps its place at the front of the run queue.
 *
 * <p>Threads that share a core also take turns: a runner that has used its time slice while another thread
 * waits for its core goes to the back of the run queue (round robin, as the fair scheduler's slice does).
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
    /** Linux's default timer slack for normal threads: a timer may fire up to this late, never early. */
    private final long timerSlackNs;
    /** How long a runner keeps its core while another thread is queued for it. */
    private final long timesliceNs;
    private final SplittableRandom latencyRandom;
    private final SplittableRandom slackRandom;

    public Machine(Engine engine, Trace trace, RandomStreams streams, int cores, WakeLatency wakeLatency,
                   long timerSlackNs, long timesliceNs) {
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
        cpu(t, ns, 0, null, then);
    }

    /**
     * Consumes CPU time that can be stopped at a check point: after {@link #stopAtCheckpoint}, the burst stops at
     * the next multiple of {@code checkpointNs} of CPU time and calls {@code atCheckpoint} with the continuation
     * that runs the rest.
     */
    public void cpu(SimThread t, long ns, long checkpointNs, Consumer<Runnable> atCheckpoint, Runnable then) {
        requireRunning(t);
        if (ns < 0) throw new IllegalArgumentException("negative CPU time");
        t.burst = new Burst(ns, checkpointNs, atCheckpoint, then);
        scheduleBurst(t);
    }

    /** Asks the thread's burst to stop at its next check point; no effect on a burst without check points. */
    public void stopAtCheckpoint(SimThread t) {
        Burst b = t.burst;
        if (b == null || b.checkpointNs <= 0 || b.stopAtCheckpoint) return;
        b.stopAtCheckpoint = true;
        if (t.state == RunState.RUNNING) {
            account(t, b);
            scheduleBurst(t);
        }
    }

    /** Ends the thread's burst now (a spin that saw what it waited for); its continuation runs as usual. */
    public void cutShort(SimThread t) {
        Burst b = t.burst;
        if (b == null) return;
        if (t.state == RunState.RUNNING) account(t, b);
        b.remainingNs = 0;
        if (t.state == RunState.RUNNING) scheduleBurst(t);
    }

    /** Blocks the running thread; {@code onWake} runs when it is woken and gets a core again. */
    public void block(SimThread t, Runnable onWake) {
        requireRunning(t);
        t.onDispatch = onWake;
        leaveCore(t, RunState.BLOCKED);
    }

    /** Blocks the running thread for {@code ns} (a sleep), then runs {@code then}. */
    public void sleep(SimThread t, long ns, Runnable then) {
        timer(engine.nowNs() + ns, () -> wake(t));
        block(t, then);
    }

    /** Ends the thread. */
    public void exit(SimThread t) {
        requireRunning(t);
        leaveCore(t, RunState.EXITED);
    }

    /** Wakes a blocked thread: it reaches a core after the wake-up latency, or at once by preempting. */
    public void wake(SimThread t) {
        if (t.state != RunState.BLOCKED || t.waking) {
            throw new IllegalStateException("wake of " + t + " which is " + t.state);
        }
        t.waking = true;
        long delay = idleCoreFor(t) >= 0 ? wakeLatency.sample(latencyRandom) : 0;
        // Even a preempting wake-up lands after the waker's current step: the waker is switched out on its way
        // back to user space, not in the middle of the wake-up call.
        engine.after(delay, () -> arrive(t));
    }

    /** Schedules {@code action} at {@code deadlineNs} plus up to the timer slack. */
    public Event timer(long deadlineNs, Runnable action) {
        long slack = timerSlackNs == 0 ? 0 : slackRandom.nextLong(timerSlackNs + 1);
        return engine.at(Math.max(deadlineNs, engine.nowNs()) + slack, action);
    }

    // ---------------------------------------------------------------- scheduling

    private void arrive(SimThread t) {
        t.waking = false;
        int core = idleCoreFor(t);
        if (core < 0) core = preemptFor(t);
        if (core < 0) {
            setState(t, RunState.RUNNABLE, -1);
            runQueue.addLast(t);
            for (int c = 0; c < running.length; c++) if (t.mayRunOn(c)) armSlice(c);
        } else {
            dispatch(t, core);
        }
    }

    /** Preempts the longest-running thread on a core {@code t} may use; returns that core, or -1. */
    private int preemptFor(SimThread t) {
        int victimCore = -1;
        for (int c = 0; c < running.length; c++) {
            SimThread r = running[c];
            if (r != null && t.mayRunOn(c) && (victimCore < 0 || r.dispatchedNs < running[victimCore].dispatchedNs)) {
                victimCore = c;
            }
        }
        if (victimCore < 0) return -1;
        SimThread victim = running[victimCore];
        takeOffCore(victim);
        runQueue.addFirst(victim);
        return victimCore;
    }

    private int idleCoreFor(SimThread t) {
        if (t.pinnedCore >= 0) return isIdle(t.pinnedCore) ? t.pinnedCore : -1;
        for (int c = 0; c < running.length; c++) if (isIdle(c)) return c;
        return -1;
    }

    private boolean isIdle(int core) {
        return running[core] == null && !foreign[core];
    }

    private void dispatch(SimThread t, int core) {
        running[core] = t;
        t.core = core;
        t.dispatchedNs = engine.nowNs();
        long generation = ++t.dispatchGeneration;
        // A paused burst runs again from now: a stop or a preemption before proceed() must not count the time the
        // thread spent off its core as CPU time (it drove remainingNs below zero).
        if (t.burst != null) t.burst.startedNs = engine.nowNs();
        setState(t, RunState.RUNNING, core);
        armSlice(core);
        // Proceed in an event of its own so that a thread never runs inside another thread's step.
        engine.after(0, () -> proceed(t, generation));
    }

    private void proceed(SimThread t, long generation) {
        if (t.dispatchGeneration != generation || t.state != RunState.RUNNING) return;
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
        if (r == null || queuedFor(core) == null) return;
        long generation = r.dispatchGeneration;
        engine.at(Math.max(engine.nowNs(), r.dispatchedNs + timesliceNs), () -> sliceEnd(core, r, generation));
    }

    private void sliceEnd(int core, SimThread r, long generation) {
        if (running[core] != r || r.dispatchGeneration != generation) return;
        SimThread next = queuedFor(core);
        if (next == null) return;
        takeOffCore(r);
        runQueue.remove(next);
        runQueue.addLast(r);
        dispatch(next, core);
    }

    /** Preempts a runner: its burst pauses and it becomes runnable; the caller queues it. */
    private void takeOffCore(SimThread r) {
        if (r.burst != null) {
            account(r, r.burst);
            if (r.burst.pending != null) r.burst.pending.cancel();
        }
        running[r.core] = null;
        r.core = -1;
        setState(r, RunState.RUNNABLE, -1);
    }

    private SimThread queuedFor(int core) {
        for (SimThread q : runQueue) if (q.mayRunOn(core)) return q;
        return null;
    }

    private void leaveCore(SimThread t, RunState to) {
        int core = t.core;
        running[core] = null;
        t.core = -1;
        setState(t, to, -1);
        fillCore(core);
    }

    /** Gives a free core to the first queued thread that may run on it. */
    private void fillCore(int core) {
        SimThread next = queuedFor(core);
        if (next != null) {
            runQueue.remove(next);
            dispatch(next, core);
        }
    }

    // ---------------------------------------------------------------- background load

    /**
     * Other processes: on each core, foreign work arrives after exponential gaps of mean {@code gapNs} and holds
     * the core for {@code runNs}, preempting whatever simulated thread ran there. Off unless a scenario asks.
     */
    public void startBackgroundLoad(RandomStreams streams, long gapNs, long runNs) {
        if (gapNs <= 0) return;
        for (int c = 0; c < running.length; c++) {
            SplittableRandom random = streams.stream("background-load-" + c);
            scheduleForeign(c, random, gapNs, runNs);
        }
    }

    private void scheduleForeign(int core, SplittableRandom random, long gapNs, long runNs) {
        long gap = (long) (-Math.log(1 - random.nextDouble()) * gapNs);
        engine.after(gap, () -> {
            if (!foreign[core]) {
                SimThread victim = running[core];
                if (victim != null) {
                    takeOffCore(victim);
                    runQueue.addFirst(victim);
                }
                foreign[core] = true;
                engine.after(runNs, () -> {
                    foreign[core] = false;
                    fillCore(core);
                });
            }
            scheduleForeign(core, random, gapNs, runNs);
        });
    }

    // ---------------------------------------------------------------- bursts

    private void scheduleBurst(SimThread t) {
        Burst b = t.burst;
        if (b.pending != null) b.pending.cancel();
        b.startedNs = engine.nowNs();
        b.pending = engine.after(b.nextStopNs(), () -> burstStop(t, b));
    }

    private void account(SimThread t, Burst b) {
        long ran = engine.nowNs() - b.startedNs;
        b.remainingNs -= ran;
        b.doneNs += ran;
        b.startedNs = engine.nowNs();
    }

    private void burstStop(SimThread t, Burst b) {
        account(t, b);
        b.pending = null;
        t.burst = null;
        if (b.remainingNs <= 0) {
            b.then.run();
            return;
        }
        // Stopped at a check point: hand the rest of the burst to the check point's handler.
        b.stopAtCheckpoint = false;
        b.atCheckpoint.accept(() -> {
            requireRunning(t);
            t.burst = b;
            scheduleBurst(t);
        });
    }

    private void setState(SimThread t, RunState state, int core) {
        t.state = state;
        trace.emit(new ThreadState(engine.nowNs(), t.id, state, core));
    }

    private static void requireRunning(SimThread t) {
        if (t.state != RunState.RUNNING) throw new IllegalStateException(t + " is " + t.state + ", not running");
    }
}
