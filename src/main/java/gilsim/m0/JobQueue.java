package gilsim.m0;

import gilsim.os.Machine;
import gilsim.os.SimThread;
import java.util.ArrayDeque;
import java.util.function.Consumer;

/**
 * The pool's job queue (OffloadPool's ring), fed by the clients. A pool thread with nothing to do parks until a
 * job is pushed; a push wakes the thread that has been parked longest. A woken thread may find the job gone to a
 * thread that was already running, and parks again.
 */
final class JobQueue {
    /** A request in the queue: its number in send order, its connection, and when its client sent it. */
    record Job(long number, int connection, long sentNs) {}

    private final Machine machine;
    private final ArrayDeque<Job> jobs = new ArrayDeque<>();
    private final ArrayDeque<SimThread> parked = new ArrayDeque<>();

    JobQueue(Machine machine) {
        this.machine = machine;
    }

    void push(Job job) {
        jobs.addLast(job);
        SimThread t = parked.pollFirst();
        if (t != null) machine.wake(t);
    }

    /** try_next_job: one pop, never a wait; null when the queue is empty. */
    Job tryPop() {
        return jobs.pollFirst();
    }

    /**
     * next_job as a step made once for thread {@code t}: running it pops a job, parking {@code t} until one is
     * there, then hands the job to {@code then}. Made once so that a pop allocates no continuation.
     */
    Runnable nextJob(SimThread t, Consumer<Job> then) {
        return new Runnable() {
            @Override
            public void run() {
                Job job = jobs.pollFirst();
                if (job != null) {
                    then.accept(job);
                    return;
                }
                parked.addLast(t);
                machine.block(t, this);
            }
        };
    }
}
