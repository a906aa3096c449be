package gilsim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.metrics.Figures;
import gilsim.metrics.Metrics;
import gilsim.metrics.Summary;
import gilsim.program.RequestEvent;
import gilsim.report.SummaryJson;
import gilsim.scenario.Scenario;
import gilsim.scenario.ScenarioFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Requests in runs: arrivals by each kind of source, their latency, and where it goes under load. */
class RequestsTest {
    @TempDir
    Path dir;

    private static final String WORKER = """
            threads:
              - name: worker
                program:
                  - loop:
                      - get: net
                      - compute: 1ms
                      - answer
            """;

    private Simulation simulation(String yaml, long seed, String... sets) throws IOException {
        Path f = dir.resolve("s.yaml");
        Files.writeString(f, yaml);
        Scenario s = ScenarioFile.load(f);
        return new Simulation(s, s.params(List.of(sets), null), seed);
    }

    private Summary run(String yaml, String... sets) throws IOException {
        return simulation(yaml, 1, sets).run();
    }

    /**
     * One worker, 1 ms a request, a request every 10 ms: each waits in no queue, its worker blocked in get is woken by
     * the arrival (30 to 90 us on the model's keys alone, {@code machine: none}) and serves it in 1 ms; nothing else
     * wants the GIL.
     */
    @Test
    void anIdleWorkerAnswersEachRequestInItsServiceTimePlusAWakeUp() throws IOException {
        Summary s = run("name: one\nmachine: none\nparams: {duration: 1s}\narrivals:\n  - {queue: net, rate: 100, spacing: constant}\n"
                + WORKER);
        Figures r = s.requests();
        // At 10 ms, 20 ms, ... 1000 ms: the run's last instant is run too, and the request then is not answered.
        assertEquals(100L, r.get(Metrics.REQUESTS_ARRIVED));
        assertEquals(99L, r.get(Metrics.REQUESTS_ANSWERED));
        long max = r.get(Metrics.REQUEST_LATENCY_MAX_NS);
        assertTrue(max >= 1_030_000 && max <= 1_090_000, "latency max " + max);
        assertTrue(r.get(Metrics.REQUEST_QUEUE_WAIT_P99_NS) <= 90_000, "queue wait is the wake-up at most");
        assertEquals(0L, r.get(Metrics.REQUEST_GIL_WAIT_P99_NS));
    }

    /** Offered 1500 requests a second to a worker that serves 1000: it answers its capacity, and the backlog grows. */
    @Test
    void anOverloadedWorkerAnswersItsCapacityAndTheLatencyGrowsWithTheRun() throws IOException {
        String yaml = "name: over\nparams: {duration: 1s}\narrivals:\n  - {queue: net, rate: 1500}\n" + WORKER;
        Figures r = run(yaml).requests();
        double rps = r.get(Metrics.REQUEST_THROUGHPUT_RPS);
        assertTrue(rps > 950 && rps <= 1000, "throughput " + rps);
        assertTrue(r.get(Metrics.REQUEST_LATENCY_P99_NS) > 200_000_000L, "the backlog of a second's overload");
        Figures half = run(yaml, "duration=500ms").requests();
        assertTrue(half.get(Metrics.REQUEST_LATENCY_MAX_NS) < r.get(Metrics.REQUEST_LATENCY_MAX_NS),
                "a longer overload, a longer wait");
    }

    /** Four closed-loop clients thinking 3 ms against one 1 ms worker: each round trip is 4 ms and more. */
    @Test
    void closedLoopClientsSendTheirNextAfterTheAnswerAndAThink() throws IOException {
        Figures r = run("name: closed\nparams: {duration: 1s}\narrivals:\n  - {queue: net, clients: 4, think: 3ms}\n"
                + WORKER).requests();
        double rps = r.get(Metrics.REQUEST_THROUGHPUT_RPS);
        // The worker is busy at most 1 ms in each client's 4 ms and more: at most 1000/s, at least 4 / (3 + 4 x 1.1) ms.
        assertTrue(rps > 540 && rps <= 1000, "throughput " + rps);
        assertTrue(r.get(Metrics.REQUESTS_ARRIVED) - r.get(Metrics.REQUESTS_ANSWERED) <= 4, "one in flight per client");
    }

    @Test
    void timesFromAFileArriveAtThoseTimes() throws IOException {
        Files.writeString(dir.resolve("t.csv"), "time\n1ms\n0.005\n5ms\n# a comment\n\n20ms,extra\n");
        List<Long> arrivals = new ArrayList<>();
        Simulation sim = simulation("name: times\nparams: {duration: 50ms}\narrivals:\n"
                + "  - {queue: net, times: t.csv}\n" + WORKER, 1);
        sim.addListener(e -> {
            if (e instanceof RequestEvent.RequestArrived a) arrivals.add(a.timeNs());
        });
        Figures r = sim.run().requests();
        assertEquals(List.of(1_000_000L, 5_000_000L, 5_000_000L, 20_000_000L), arrivals);
        assertEquals(4L, r.get(Metrics.REQUESTS_ANSWERED));
        // The two at 5 ms: the second waits for the first's 1 ms of service.
        assertTrue(r.get(Metrics.REQUEST_QUEUE_WAIT_P99_NS) >= 1_000_000L);
    }

    /** A request passed through two stages: both stages' queues count as its queue wait, and it is answered once. */
    @Test
    void aPipelinePassesEachRequestOnAndAnswersItOnce() throws IOException {
        Figures r = run("""
                name: pipeline
                params: {duration: 500ms}
                arrivals:
                  - {queue: net, rate: 200}
                threads:
                  - name: parse
                    program:
                      - loop: [get: net, compute: 300us, put: work]
                  - name: render
                    count: 2
                    program:
                      - loop: [get: work, compute: 2ms, answer]
                """).requests();
        long arrived = r.get(Metrics.REQUESTS_ARRIVED);
        long answered = r.get(Metrics.REQUESTS_ANSWERED);
        assertTrue(arrived > 70 && answered >= arrived - 3, arrived + " arrived, " + answered + " answered");
        assertTrue(r.get(Metrics.REQUEST_LATENCY_P50_NS) >= 2_300_000L, "both stages' work");
    }

    @Test
    void theSameSeedGivesTheSameRequestsAndAnotherSeedOthers() throws IOException {
        String yaml = "name: seeds\nparams: {duration: 300ms}\narrivals:\n  - {queue: net, rate: 800}\n" + WORKER;
        String a = SummaryJson.indented(SummaryJson.tree(simulation(yaml, 5).run()));
        String b = SummaryJson.indented(SummaryJson.tree(simulation(yaml, 5).run()));
        String c = SummaryJson.indented(SummaryJson.tree(simulation(yaml, 6).run()));
        assertEquals(a, b);
        assertTrue(!a.equals(c), "seed 6 draws other gaps");
        assertTrue(a.contains("\"requests\""), a);
    }

    /** What validate sends the real side: the arrivals the simulated run of the same seed received, to the ns. */
    @Test
    void theScheduleOfASeedIsTheArrivalsItsRunReceives() throws IOException {
        String yaml = "name: schedule\nparams: {duration: 200ms}\narrivals:\n  - {queue: net, rate: 500}\n"
                + "  - {queue: net, rate: 100, burst: 3, spacing: constant}\n" + WORKER;
        for (long seed : List.of(1L, 7L)) {
            List<Long> received = new ArrayList<>();
            Simulation sim = simulation(yaml, seed);
            sim.addListener(e -> {
                if (e instanceof RequestEvent.RequestArrived a) received.add(a.timeNs());
            });
            sim.run();
            Scenario s = ScenarioFile.load(dir.resolve("s.yaml"));
            var workload = (gilsim.scenario.Workload.Threads) s.workload().apply(s.params(List.of(), null));
            List<Long> scheduled = new ArrayList<>();
            gilsim.sim.RandomStreams streams = new gilsim.sim.RandomStreams(seed);
            for (int i = 0; i < workload.arrivals().size(); i++) {
                scheduled.addAll(gilsim.program.Arrivals.schedule(workload.arrivals().get(i), i, streams,
                        200_000_000L));
            }
            scheduled.sort(null);
            assertEquals(scheduled, received, "seed " + seed + "; replay: java -jar target/gilsim.jar run "
                    + dir.resolve("s.yaml") + " --seed " + seed);
        }
    }

    /**
     * Two closed-loop clients and a 300 ms hold of the GIL: each client sends one request into the stall and none
     * during it, so their own p99 hides it; corrected as wrk corrects it, the stall counts once per interval missed.
     */
    @Test
    void aStallThatHoldsClosedLoopClientsBackShowsInTheCorrectedP99Only() throws IOException {
        Figures r = run("""
                name: stall
                params: {duration: 2s}
                arrivals:
                  - {queue: net, clients: 2, think: 1ms}
                threads:
                  - name: worker
                    program:
                      - loop: [get: net, compute: 1ms, answer]
                  - name: stall
                    program:
                      - sleep: 500ms
                      - hold: 300ms
                """).requests();
        long raw = r.get(Metrics.REQUEST_LATENCY_P99_NS);
        long corrected = r.get(Metrics.REQUEST_LATENCY_CORRECTED_P99_NS);
        assertTrue(r.get(Metrics.REQUEST_LATENCY_MAX_NS) >= 299_000_000L, "the stall: " + r);
        assertTrue(raw < 10_000_000L, "two requests of some 1300 meet the stall: raw p99 " + raw);
        assertTrue(corrected > 100_000_000L, "corrected p99 " + corrected);
        Figures open = run("name: open\nparams: {duration: 300ms}\narrivals:\n  - {queue: net, rate: 100}\n" + WORKER)
                .requests();
        assertEquals(null, open.get(Metrics.REQUEST_LATENCY_CORRECTED_P99_NS));
    }
}
