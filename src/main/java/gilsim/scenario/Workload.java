package gilsim.scenario;

import gilsim.m0.PoolSpec;
import gilsim.program.ArrivalSpec;
import gilsim.program.ThreadSpec;
import java.util.List;

/** What runs on the simulated machine: threads with programs (and the requests that arrive for them), or the m0 pool. */
public sealed interface Workload {
    /** @param arrivals where the requests come from; empty for a scenario without requests */
    record Threads(List<ThreadSpec> threads, List<ArrivalSpec> arrivals) implements Workload {
        public Threads {
            threads = List.copyOf(threads);
            arrivals = List.copyOf(arrivals);
        }

        public Threads(List<ThreadSpec> threads) {
            this(threads, List.of());
        }
    }

    record Pool(PoolSpec spec) implements Workload {}
}
