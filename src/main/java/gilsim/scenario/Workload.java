package gilsim.scenario;

import gilsim.program.ThreadSpec;
import java.util.List;

/** What runs on the simulated machine: threads with programs, or a server pool. */
public sealed interface Workload {
    record Threads(List<ThreadSpec> threads) implements Workload {
        public Threads {
            threads = List.copyOf(threads);
        }
    }
}
