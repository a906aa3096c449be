package gilsim.search;

import gilsim.sim.TraceEvent;
import gilsim.sync.CondEvent.CondReturn;
import gilsim.sync.CondEvent.CondSignal;
import gilsim.sync.CondEvent.CondTimeout;
import gilsim.sync.CondEvent.CondWait;
import gilsim.cpython.GilEvent.GilDrop;
import gilsim.cpython.GilEvent.GilTake;
import gilsim.m0.PoolEvent.JobAnswered;
import gilsim.m0.PoolEvent.JobTaken;
import gilsim.os.RunState;
import gilsim.os.OsEvent.ThreadState;
import gilsim.sim.TraceListener;
import gilsim.sync.MutexEvent.MutexBlock;
import gilsim.sync.MutexEvent.MutexReleased;
import gilsim.sync.MutexEvent.MutexTaken;
import gilsim.sync.QueueEvent.QueueGet;
import gilsim.sync.QueueEvent.QueuePut;
import gilsim.sync.QueueEvent.QueueWait;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An observing checker of the model's invariants, written apart from the engine's own {@code Invariants} so that
 * a bug in one is not mirrored in the other. It never throws during a run: it collects violations, and the
 * property test reports them with the seed and the replay line.
 *
 * <ul>
 *   <li>The GIL: one holder at a time, dropped only by its holder.
 *   <li>Cores: no more threads running than cores, never two on one core.
 *   <li>Time: every thread starts BLOCKED at 0 (not yet started); its time in each state, accounted from
 *       ThreadState events, sums to the run length. A GIL holder is never BLOCKED or EXITED, so its hold time is at
 *       most its RUNNING + RUNNABLE time. (Not at most its RUNNING time: a holder sharing a core is preempted by a
 *       woken thread and waits RUNNABLE still holding the GIL; that is #161868's pinned case.)
 *   <li>The condition variables: a signal wakes a thread that was waiting, and reports nobody (-1) only when
 *       nobody waited; the woken thread next leaves BLOCKED and runs before it waits again; a woken thread still
 *       BLOCKED at the end was woken less than one wake-up latency before it.
 *   <li>Locks and queues: nobody is left asleep on a lock that has long been free, or on a queue that has long
 *       held items (a lost wake-up); the engine's own invariants check that a lock has one holder and a queue
 *       loses and makes no item.
 *   <li>The pool: jobs are taken in send order (one FIFO queue) with no gap, each once; each is answered once, by
 *       the thread that took it; at the end every taken job is answered or in flight on its thread (one each).
 * </ul>
 */
final class ModelChecker implements TraceListener {
    private final int cores;
    private final int threads;
    /** The longest a woken thread can stay BLOCKED before it reaches a core or the run queue. */
    private final long maxWakeLatencyNs;
    private final List<String> violations = new ArrayList<>();

    private final RunState[] state;
    private final long[] sinceNs;
    private final long[][] timeInNs;
    private final int[] coreOf;
    private int holder = -1;
    private long heldSinceNs;
    private final long[] holdNs;
    /** GIL time spent RUNNABLE: preempted, or queued for a core, while holding the GIL. */
    private final long[] heldRunnableNs;

    private final Map<String, Set<Integer>> waiting = new HashMap<>();
    /**
     * Threads whose timed wait ran out and whose wait has not returned: with glibc's groups and {@code wake_timed_out}
     * a signal may still reach them (a waiter that has not run is still on the futex's queue). The model holds the
     * stricter "not run since"; the checker, seeing only events, holds this.
     */
    private final Set<Integer> expired = new HashSet<>();
    private final boolean timedOutTakeSignals;
    /** Threads woken by a signal that have not run since, with when. */
    private final Map<Integer, Long> wokenAtNs = new HashMap<>();

    /** Threads asleep on a scenario's queues (several, for a select) or lock that have not run since, with the names. */
    private final Map<Integer, Set<String>> asleepOnQueue = new HashMap<>();
    private final Map<Integer, String> asleepOnLock = new HashMap<>();
    private final Map<String, Long> queueItems = new HashMap<>();
    private final Map<String, Long> lastPutNs = new HashMap<>();
    /** When a getter asleep on each queue was last woken (one put wakes one getter, as Condition.notify does). */
    private final Map<String, Long> lastWakeNs = new HashMap<>();
    /** When each lock was last released; a lock now held is absent. */
    private final Map<String, Long> lockFreeSinceNs = new HashMap<>();

    private long nextJob;
    private final Map<Long, Integer> inFlight = new HashMap<>();
    private final Set<Integer> serving = new HashSet<>();
    private long answered;

    ModelChecker(int cores, int threads, long maxWakeLatencyNs) {
        this(cores, threads, maxWakeLatencyNs, true);
    }

    /**
     * @param timedOutTakeSignals glibc's groups with {@code wake_timed_out}: a signal may still reach a waiter whose
     *                            timed wait ran out, until its wait returns; otherwise that is a violation
     */
    ModelChecker(int cores, int threads, long maxWakeLatencyNs, boolean timedOutTakeSignals) {
        this.timedOutTakeSignals = timedOutTakeSignals;
        this.cores = cores;
        this.threads = threads;
        this.maxWakeLatencyNs = maxWakeLatencyNs;
        this.state = new RunState[threads];
        this.sinceNs = new long[threads];
        this.timeInNs = new long[threads][RunState.values().length];
        this.coreOf = new int[threads];
        this.holdNs = new long[threads];
        this.heldRunnableNs = new long[threads];
        java.util.Arrays.fill(state, RunState.BLOCKED);
        java.util.Arrays.fill(coreOf, -1);
    }

    List<String> violations() {
        return violations;
    }

    long answered() {
        return answered;
    }

    long holdNs(int thread) {
        return holdNs[thread];
    }

    long heldRunnableNs(int thread) {
        return heldRunnableNs[thread];
    }

    long timeInNs(int thread, RunState s) {
        return timeInNs[thread][s.ordinal()];
    }

    private void fail(TraceEvent e, String what) {
        if (violations.size() < 20) violations.add(what + " at " + e);
    }

    @Override
    public void on(TraceEvent e) {
        if (e instanceof ThreadState s) onState(s);
        else if (e instanceof GilTake t) onTake(t);
        else if (e instanceof GilDrop d) onDrop(d);
        else if (e instanceof CondWait w) onWait(w);
        else if (e instanceof CondSignal s) onSignal(s);
        else if (e instanceof CondTimeout t) onTimeout(t);
        else if (e instanceof CondReturn r) expired.remove(r.thread());
        else if (e instanceof JobTaken j) onJobTaken(j);
        else if (e instanceof JobAnswered a) onJobAnswered(a);
        else if (e instanceof QueueWait w) asleepOnQueue.computeIfAbsent(w.thread(), k -> new HashSet<>()).add(w.queue());
        else if (e instanceof QueuePut p) {
            queueItems.merge(p.queue(), 1L, Long::sum);
            lastPutNs.put(p.queue(), p.timeNs());
        } else if (e instanceof QueueGet g) queueItems.merge(g.queue(), -1L, Long::sum);
        else if (e instanceof MutexBlock b) asleepOnLock.put(b.thread(), b.mutex());
        else if (e instanceof MutexTaken t) lockFreeSinceNs.remove(t.mutex());
        else if (e instanceof MutexReleased r) lockFreeSinceNs.put(r.mutex(), r.timeNs());
    }

    private void onState(ThreadState s) {
        int t = s.thread();
        if (t == holder && state[t] == RunState.RUNNABLE) {
            heldRunnableNs[t] += s.timeNs() - Math.max(sinceNs[t], heldSinceNs);
        }
        timeInNs[t][state[t].ordinal()] += s.timeNs() - sinceNs[t];
        sinceNs[t] = s.timeNs();
        if (state[t] == RunState.EXITED) fail(s, "an exited thread changed state");
        if (state[t] == s.state()) fail(s, "a state change to the state the thread was in");
        if (t == holder && (s.state() == RunState.BLOCKED || s.state() == RunState.EXITED)) {
            fail(s, "the GIL holder left the CPU holding the GIL");
        }
        if (state[t] == RunState.BLOCKED && asleepOnQueue.containsKey(t)) {
            // Woken from a queue's wait: a getter is on its way to the items there.
            for (String q : asleepOnQueue.get(t)) lastWakeNs.put(q, s.timeNs());
        }
        if (s.state() == RunState.RUNNING) {
            asleepOnQueue.remove(t);
            asleepOnLock.remove(t);
        }
        if (wokenAtNs.containsKey(t)) {
            if (s.state() == RunState.BLOCKED) fail(s, "a thread woken by a signal blocked again before running");
            if (s.state() == RunState.RUNNING) wokenAtNs.remove(t);
        }
        state[t] = s.state();
        coreOf[t] = s.state() == RunState.RUNNING ? s.core() : -1;
        if (s.state() == RunState.RUNNING) {
            if (s.core() < 0 || s.core() >= cores) fail(s, "running on no core");
            int running = 0;
            for (int o = 0; o < threads; o++) {
                if (state[o] == RunState.RUNNING) running++;
                if (o != t && coreOf[o] == s.core()) fail(s, "two threads on core " + s.core());
            }
            if (running > cores) fail(s, running + " threads running on " + cores + " cores");
        }
    }

    private void onTake(GilTake t) {
        if (holder >= 0) fail(t, "the GIL taken while thread " + holder + " holds it");
        if (state[t.thread()] != RunState.RUNNING) fail(t, "the GIL taken by a thread that is not running");
        holder = t.thread();
        heldSinceNs = t.timeNs();
    }

    private void onDrop(GilDrop d) {
        if (holder != d.thread()) fail(d, "the GIL dropped by a thread that does not hold it (holder " + holder + ")");
        if (holder >= 0) holdNs[holder] += d.timeNs() - heldSinceNs;
        holder = -1;
    }

    private void onWait(CondWait w) {
        if (!waiting.computeIfAbsent(w.cond(), k -> new LinkedHashSet<>()).add(w.thread())) {
            fail(w, "a thread waits twice on " + w.cond());
        }
        if (wokenAtNs.containsKey(w.thread())) fail(w, "a woken thread waited again before it ran");
        if (waiting.get(w.cond()).size() != w.queued()) fail(w, "the queue length disagrees with the waits seen");
    }

    private void onSignal(CondSignal s) {
        Set<Integer> q = waiting.computeIfAbsent(s.cond(), k -> new LinkedHashSet<>());
        if (s.woken() < 0) {
            if (!q.isEmpty()) fail(s, "a signal reported lost while " + q + " waited");
            return;
        }
        if (!q.remove(s.woken()) && !(timedOutTakeSignals && expired.remove(s.woken()))) {
            fail(s, "a signal woke a thread that was not waiting" + (timedOutTakeSignals ? ", nor timed out and not yet "
                    + "returned" : ""));
        }
        // A thread still entering its wait (glibc's groups, wait_entry) takes the signal without having slept: it
        // is running, so there is no run to wait for.
        if (state[s.woken()] == RunState.BLOCKED) wokenAtNs.put(s.woken(), s.timeNs());
    }

    private void onTimeout(CondTimeout t) {
        Set<Integer> q = waiting.computeIfAbsent(t.cond(), k -> new LinkedHashSet<>());
        if (!q.remove(t.thread())) fail(t, "a timeout for a thread that was not waiting");
        expired.add(t.thread());
    }

    private void onJobTaken(JobTaken j) {
        if (j.job() != nextJob) fail(j, "job " + j.job() + " taken when job " + nextJob + " was next in the queue");
        nextJob = j.job() + 1;
        if (!serving.add(j.thread())) fail(j, "a thread took a second job before answering its first");
        inFlight.put(j.job(), j.thread());
    }

    private void onJobAnswered(JobAnswered a) {
        Integer by = inFlight.remove(a.job());
        if (by == null) fail(a, "job " + a.job() + " answered but not in flight");
        else if (by != a.thread()) fail(a, "job " + a.job() + " answered by another thread than took it");
        serving.remove(a.thread());
        answered++;
    }

    @Override
    public void finish(long endNs) {
        if (holder >= 0 && state[holder] == RunState.RUNNABLE) {
            heldRunnableNs[holder] += endNs - Math.max(sinceNs[holder], heldSinceNs);
        }
        for (int t = 0; t < threads; t++) {
            timeInNs[t][state[t].ordinal()] += endNs - sinceNs[t];
            sinceNs[t] = endNs;
            long total = 0;
            for (long ns : timeInNs[t]) total += ns;
            if (total != endNs) violations.add("thread " + t + ": its states add up to " + total + " ns of " + endNs);
        }
        if (holder >= 0) {
            holdNs[holder] += endNs - heldSinceNs;
            heldSinceNs = endNs;
        }
        for (int t = 0; t < threads; t++) {
            long onCpu = timeInNs(t, RunState.RUNNING) + timeInNs(t, RunState.RUNNABLE);
            if (holdNs[t] > onCpu) {
                violations.add("thread " + t + " held the GIL " + holdNs[t] + " ns but was running or runnable "
                        + onCpu + " ns");
            }
        }
        wokenAtNs.forEach((t, at) -> {
            if (state[t] == RunState.BLOCKED && endNs - at > maxWakeLatencyNs) {
                violations.add("thread " + t + " woken by a signal at " + at + " ns never ran (lost wake-up)");
            }
        });
        if (inFlight.size() > threads) violations.add(inFlight.size() + " jobs in flight on " + threads + " threads");
        asleepOnQueue.forEach((t, queues) -> queues.forEach(q -> {
            if (queueItems.getOrDefault(q, 0L) > 0 && endNs - lastPutNs.get(q) > maxWakeLatencyNs
                    && lastWakeNs.getOrDefault(q, -1L) < lastPutNs.get(q)) {
                violations.add("thread " + t + " asleep on queue " + q + ", which has held items since "
                        + lastPutNs.get(q) + " ns, and no getter woken since (lost wake-up)");
            }
        }));
        asleepOnLock.forEach((t, l) -> {
            Long free = lockFreeSinceNs.get(l);
            if (free != null && endNs - free > maxWakeLatencyNs) {
                violations.add("thread " + t + " asleep on lock " + l + ", free since " + free + " ns (lost wake-up)");
            }
        });
    }
}
