package gilsim.m0;

import gilsim.cpython.Interpreter;
import gilsim.os.Machine;
import gilsim.os.SimThread;
import gilsim.sim.Trace;
import gilsim.m0.PoolEvent.JobAnswered;
import java.util.ArrayList;
import java.util.List;

/**
 * The m0 blocking pool: pool threads serving jobs from one queue, fed by closed-loop client connections.
 * Each connection has one request in flight; when it is answered, the next arrives {@code clientGapNs} later.
 */
public final class Pool {
    private final PoolSpec spec;
    private final Machine machine;
    private final Trace trace;
    private final JobQueue queue;
    private final Turn turn;
    private final List<PoolWorker> workers = new ArrayList<>();
    /** Requests sent so far; a request's number is its place in send order, which the order probe judges. */
    private long sent;
    /** Each connection's next send, made once. */
    private final Runnable[] sendOn;

    /** @param pinnedCore the core every pool thread is pinned to, or -1 for any */
    public Pool(PoolSpec spec, Machine machine, Interpreter gil, Trace trace, int pinnedCore) {
        this.spec = spec;
        this.machine = machine;
        this.trace = trace;
        this.queue = new JobQueue(machine);
        this.turn = new Turn(machine);
        for (int i = 0; i < spec.threads(); i++) {
            SimThread t = machine.newThread("t" + i, pinnedCore);
            workers.add(new PoolWorker(spec, machine, gil, trace, queue, turn, t, this::answer));
        }
        this.sendOn = new Runnable[spec.connections()];
        for (int c = 0; c < sendOn.length; c++) {
            int connection = c;
            sendOn[c] = () -> send(connection);
        }
    }

    public void start() {
        for (int c = 0; c < spec.connections(); c++) send(c);
        for (PoolWorker w : workers) w.start();
    }

    private void send(int connection) {
        queue.push(new JobQueue.Job(sent++, connection, machine.nowNs()));
    }

    private void answer(SimThread t, JobQueue.Job job) {
        trace.emit(new JobAnswered(machine.nowNs(), t.id, job.number(), job.sentNs()));
        machine.engine().post(spec.clientGapNs(), sendOn[job.connection()]);
    }
}
