package gilsim.scenario;

import gilsim.m0.PoolSpec;
import gilsim.program.ThreadSpec;
import java.util.List;

/** What runs on the simulated machine: threads with programs, or the m0 server pool. */
public sealed interface Workload {
    record Threads(List<ThreadSpec> threads) implements Workload {
        public Threads {
            threads = List.copyOf(threads);
        }
    }

    record Pool(PoolSpec spec) implements Workload {}
}
