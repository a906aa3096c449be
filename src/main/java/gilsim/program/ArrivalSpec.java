package gilsim.program;

import java.util.List;

/**
 * Where a scenario's requests come from, each source into one queue (which a thread reads with {@code get}, as an
 * accept loop reads its listening socket). Open-loop sources send on their own schedule whatever the service does;
 * closed-loop clients send the next request only after the last one was answered, and a think time.
 */
public sealed interface ArrivalSpec {
    /** The queue the requests arrive in. */
    String queue();

    /** How the gaps between a rate's arrivals are drawn. */
    enum Spacing {
        /** Exponential gaps: a Poisson stream, the usual model of independent clients. */
        POISSON,
        /** Equal gaps of 1 / rate. */
        CONSTANT
    }

    /**
     * {@code ratePerS} arrival instants a second, {@code burst} requests at each (a burst of 1: single requests), so
     * the offered load is {@code ratePerS * burst} requests a second.
     */
    record Rate(String queue, double ratePerS, Spacing spacing, int burst) implements ArrivalSpec {
        public Rate {
            if (!(ratePerS > 0) || ratePerS > 1e7) throw new IllegalArgumentException("a rate above 0 and at most 10000000/s");
            if (burst < 1) throw new IllegalArgumentException("a burst of at least 1");
        }
    }

    /** Requests at the given times from the run's start (a recorded trace), each in nanoseconds, not decreasing. */
    record Times(String queue, List<Long> timesNs) implements ArrivalSpec {
        public Times {
            timesNs = List.copyOf(timesNs);
        }
    }

    /**
     * {@code clients} closed-loop clients (connections): each sends a request at the start, waits for its answer,
     * thinks for {@code thinkNs}, and sends the next.
     */
    record Clients(String queue, int clients, long thinkNs) implements ArrivalSpec {}
}
