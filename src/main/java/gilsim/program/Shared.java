package gilsim.program;

import gilsim.cpython.LockVersions;
import gilsim.cpython.PythonVersions;
import gilsim.os.Machine;
import gilsim.sim.Trace;
import gilsim.sync.ItemQueue;
import gilsim.sync.PythonLock;
import gilsim.sync.ReleaseCost;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The named {@code threading.Lock}s and {@code queue.Queue}s of a run, shared by its threads (and its arrivals), made
 * on first use. A
 * lock is the one the run's CPython version has ({@link LockVersions}): a semaphore through 3.12, a PyMutex after.
 */
public final class Shared {
    private final Machine machine;
    private final Trace trace;
    private final String python;
    private final ReleaseCost lockWake;
    private final Map<String, PythonLock> locks = new HashMap<>();
    private final Map<String, ItemQueue> queues = new HashMap<>();
    /** Told of each answered request: the run's closed-loop clients, which then send their next. */
    private Consumer<Request> onAnswer = r -> {};

    /** The default version's locks, whose releases cost nothing. */
    public Shared(Machine machine, Trace trace) {
        this(machine, trace, PythonVersions.DEFAULT, ReleaseCost.fixed(0));
    }

    /**
     * @param python   the run's {@code python} key: which lock a {@code threading.Lock} is
     * @param lockWake CPU time of a release that wakes a sleeping waiter ({@code sem_wake} and its tail)
     */
    public Shared(Machine machine, Trace trace, String python, ReleaseCost lockWake) {
        this.machine = machine;
        this.trace = trace;
        this.python = python;
        this.lockWake = lockWake;
    }

    PythonLock lock(String name) {
        return locks.computeIfAbsent(name, n -> LockVersions.build(n, python, machine, trace, lockWake));
    }

    ItemQueue queue(String name) {
        return queues.computeIfAbsent(name, n -> new ItemQueue(n, machine, trace));
    }

    void onAnswer(Consumer<Request> listener) {
        onAnswer = listener;
    }

    /** A thread answered {@code r}. */
    void answered(Request r) {
        onAnswer.accept(r);
    }
}
