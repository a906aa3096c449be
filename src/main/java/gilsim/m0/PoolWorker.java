package gilsim.m0;

import gilsim.cpython.Interpreter;
import gilsim.os.Machine;
import gilsim.os.SimThread;
import gilsim.sim.Trace;
import gilsim.m0.PoolEvent.JobTaken;
import gilsim.m0.PoolEvent.RetakePastWaiter;
import gilsim.m0.PoolEvent.SliceStart;
import gilsim.m0.PoolEvent.TurnYield;
import java.util.function.BiConsumer;

/**
 * One pool thread: m0's {@code _pool_serve} loop with the turn.
 *
 * <pre>
 * loop:
 *   now = clock()
 *   if keep and holding the GIL and now - streak_start &lt; slice:
 *       job = try_next_job()                      # no drop, no wait
 *   if no job:
 *       attaches_before = ATTACHES
 *       drop the GIL                               # PyEval_SaveThread: signals CPython's condvar
 *       if turn and now - streak_start &gt;= slice and WAITERS &gt; 0:
 *           sched_yield until ATTACHES moves, at most yield_bound
 *       job = next_job()                           # parks while the queue is empty
 *       WAITERS += 1; take the GIL; WAITERS -= 1; ATTACHES += 1
 *       if yielded or the take waited &gt;= waited: streak_start = now   # a run begins
 *   serve the job holding the GIL
 * </pre>
 */
final class PoolWorker {
    private final PoolSpec spec;
    private final Machine machine;
    private final Interpreter gil;
    private final Trace trace;
    private final JobQueue queue;
    private final Turn turn;
    private final SimThread thread;
    private final BiConsumer<SimThread, JobQueue.Job> answer;
    /** The rules in force ({@link PoolRule}), read once: the loop asks at every job. */
    private final boolean turnBlock;
    private final boolean keep;
    /** When this thread's current run of the GIL began. */
    private long streakStartNs;
    private boolean holdsGil;

    // What one pass of the loop carries from step to step. A thread is at one step at a time, so the steps below
    // are made once and read these instead of capturing them (a lambda a step was a fifth of a pool run's
    // allocation, docs/notes/benchmarks-log.md).
    /** At the loop's top: whether the slice was still running, and the attach count, before the drop. */
    private boolean inSlice;
    private long attachesBefore;
    /** Whether this fetch follows a yield of the turn. */
    private boolean yielded;
    /** The job in hand, and when its re-attach began. */
    private JobQueue.Job job;
    private long attachNs;

    private final Runnable afterDrop = this::afterDrop;
    private final Runnable yieldEnded = this::yieldEnded;
    private final Runnable nextJob;
    private final Runnable attached = this::attached;
    private final Runnable served = this::served;

    PoolWorker(PoolSpec spec, Machine machine, Interpreter gil, Trace trace, JobQueue queue, Turn turn, SimThread thread,
               BiConsumer<SimThread, JobQueue.Job> answer) {
        this.spec = spec;
        this.machine = machine;
        this.gil = gil;
        this.trace = trace;
        this.queue = queue;
        this.turn = turn;
        this.thread = thread;
        this.answer = answer;
        this.turnBlock = spec.inForce(PoolRule.TURN);
        this.keep = spec.inForce(PoolRule.KEEP);
        this.nextJob = queue.nextJob(thread, this::popped);
    }

    void start() {
        machine.start(thread, this::loopTop);
    }

    private void loopTop() {
        long now = machine.nowNs();
        inSlice = now - streakStartNs < spec.sliceNs();
        if (keep && holdsGil && inSlice) {
            JobQueue.Job kept = queue.tryPop();
            if (kept != null) {
                trace.emit(new JobTaken(now, thread.id, kept.number(), kept.sentNs(), true));
                serve(kept);
                return;
            }
        }
        attachesBefore = turn.attaches;
        if (holdsGil) {
            holdsGil = false;
            gil.dropGil(thread, afterDrop);
        } else {
            afterDrop();
        }
    }

    private void afterDrop() {
        if (turnBlock && !inSlice && turn.waiters > 0) {
            yieldTurn();
        } else {
            fetch(false);
        }
    }

    /** _yield_turn: spin in sched_yield, holding a core, until an attach completes or the bound runs out. */
    private void yieldTurn() {
        if (turn.attaches != attachesBefore) { // an attach already happened between the drop and now
            fetch(true);
            return;
        }
        trace.emit(new TurnYield(machine.nowNs(), thread.id, true, false));
        turn.startYield(thread);
        machine.cpu(thread, spec.yieldBoundNs(), yieldEnded);
    }

    private void yieldEnded() {
        turn.endYield(thread);
        trace.emit(new TurnYield(machine.nowNs(), thread.id, false, turn.attaches == attachesBefore));
        fetch(true); // true either way: there was a waiter to yield to
    }

    private void fetch(boolean yielded) {
        this.yielded = yielded;
        nextJob.run();
    }

    private void popped(JobQueue.Job popped) {
        trace.emit(new JobTaken(machine.nowNs(), thread.id, popped.number(), popped.sentNs(), false));
        job = popped;
        attachNs = machine.nowNs();
        turn.waiters++; // parked as a waiter around the re-attach
        gil.takeGil(thread, attached);
    }

    private void attached() {
        long heldNs = machine.nowNs();
        turn.waiters--;
        turn.attached();
        boolean waited = heldNs - attachNs >= spec.waitedNs();
        if (!waited && turn.waiters > 0) trace.emit(new RetakePastWaiter(heldNs, thread.id, turn.waiters));
        if (yielded || waited) {
            streakStartNs = heldNs;
            trace.emit(new SliceStart(heldNs, thread.id));
        }
        holdsGil = true;
        serve(job);
    }

    private void serve(JobQueue.Job served) {
        job = served;
        gil.runPython(thread, spec.viewNs() + spec.overheadNs(), this.served);
    }

    private void served() {
        answer.accept(thread, job);
        loopTop();
    }
}
