package gilsim.program;

import gilsim.os.Machine;
import gilsim.sim.Trace;
import gilsim.sync.ItemQueue;
import gilsim.sync.Mutex;
import java.util.HashMap;
import java.util.Map;

/** The named {@code threading.Lock}s and {@code queue.Queue}s of a run, shared by its threads, made on first use. */
public final class Shared {
    private final Machine machine;
    private final Trace trace;
    private final Map<String, Mutex> locks = new HashMap<>();
    private final Map<String, ItemQueue> queues = new HashMap<>();

    public Shared(Machine machine, Trace trace) {
        this.machine = machine;
        this.trace = trace;
    }

    Mutex lock(String name) {
        return locks.computeIfAbsent(name, n -> new Mutex(n, machine, trace, true));
    }

    ItemQueue queue(String name) {
        return queues.computeIfAbsent(name, n -> new ItemQueue(n, machine, trace));
    }
}
