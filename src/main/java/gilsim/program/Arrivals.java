package gilsim.program;

import gilsim.sim.Engine;
import gilsim.sim.RandomStreams;
import gilsim.sim.Trace;
import gilsim.sync.ItemQueue;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Sends a scenario's requests ({@link ArrivalSpec}) into their queues, from outside the process: each arrival is an
 * engine event that puts a {@link Request} into the queue (no thread, no GIL: the kernel queues a connection whatever
 * Python is doing), and a thread blocked in {@code get} on it is woken as by any put. Requests are numbered from 0 in
 * order of arrival over all sources. Each source draws from its own stream ({@code arrivals:N}), so one source's draws
 * move no other's and no thread's.
 */
public final class Arrivals {
    private final Engine engine;
    private final Trace trace;
    private final Shared shared;
    private final List<ArrivalSpec> specs;
    private final RandomStreams streams;
    /** The think time of each closed-loop source's clients, by the index of their source; 0 for an open one. */
    private final long[] thinkNs;
    /** The queue of each source, by its index. */
    private final ItemQueue[] queues;
    private long nextId;

    public Arrivals(Engine engine, Trace trace, Shared shared, RandomStreams streams, List<ArrivalSpec> specs) {
        this.engine = engine;
        this.trace = trace;
        this.shared = shared;
        this.specs = List.copyOf(specs);
        this.streams = streams;
        this.thinkNs = new long[specs.size()];
        this.queues = new ItemQueue[specs.size()];
        shared.onAnswer(this::answered);
    }

    /** Schedules every source's first arrivals. */
    public void start() {
        for (int i = 0; i < specs.size(); i++) {
            ArrivalSpec spec = specs.get(i);
            queues[i] = shared.queue(spec.queue());
            int source = i;
            if (spec instanceof ArrivalSpec.Rate r) {
                SplittableRandom random = streams.stream("arrivals:" + i);
                engine.post(gapNs(r, random), () -> rate(source, r, random));
            } else if (spec instanceof ArrivalSpec.Times t) {
                if (!t.timesNs().isEmpty()) engine.at(t.timesNs().get(0), () -> times(source, t, 0));
            } else if (spec instanceof ArrivalSpec.Clients c) {
                thinkNs[i] = c.thinkNs();
                for (int k = 0; k < c.clients(); k++) send(source, k);
            }
        }
    }

    private void rate(int source, ArrivalSpec.Rate r, SplittableRandom random) {
        for (int k = 0; k < r.burst(); k++) send(source, -1);
        engine.post(gapNs(r, random), () -> rate(source, r, random));
    }

    private void times(int source, ArrivalSpec.Times t, int index) {
        send(source, -1);
        int next = index + 1;
        if (next < t.timesNs().size()) engine.at(t.timesNs().get(next), () -> times(source, t, next));
    }

    private void send(int source, int client) {
        Request r = new Request(nextId++, engine.nowNs(), source, client);
        String queue = specs.get(source).queue();
        trace.emit(new RequestEvent.RequestArrived(engine.nowNs(), r.id(), queue));
        queues[source].put(-1, r);
    }

    /** A closed-loop client's request was answered: it thinks, then sends its next. */
    private void answered(Request r) {
        if (r.client() < 0) return;
        engine.post(thinkNs[r.source()], () -> send(r.source(), r.client()));
    }

    /**
     * The times an open-loop source sends at, from the run's start up to and including {@code endNs} (the engine
     * runs the last instant too), as a run with this seed sends them: a burst's requests each at their instant.
     * What {@code validate} has the real side send.
     *
     * @param source the source's index among the scenario's arrivals (its stream is {@code arrivals:N})
     * @throws IllegalArgumentException for closed-loop clients, whose times depend on the answers
     */
    public static List<Long> schedule(ArrivalSpec spec, int source, RandomStreams streams, long endNs) {
        List<Long> out = new java.util.ArrayList<>();
        if (spec instanceof ArrivalSpec.Rate r) {
            SplittableRandom random = streams.stream("arrivals:" + source);
            for (long t = gapNs(r, random); t <= endNs; t += gapNs(r, random)) {
                for (int k = 0; k < r.burst(); k++) out.add(t);
            }
        } else if (spec instanceof ArrivalSpec.Times t) {
            for (long at : t.timesNs()) if (at <= endNs) out.add(at);
        } else {
            throw new IllegalArgumentException("closed-loop clients send when their answers come: no fixed schedule");
        }
        return out;
    }

    /** The gap to a rate's next arrival instant, at least 1 ns (two instants never share a time). */
    private static long gapNs(ArrivalSpec.Rate r, SplittableRandom random) {
        double meanNs = 1e9 / r.ratePerS();
        double gap = r.spacing() == ArrivalSpec.Spacing.CONSTANT ? meanNs : -meanNs * Math.log(1 - random.nextDouble());
        return Math.max(1, Math.round(gap));
    }
}
