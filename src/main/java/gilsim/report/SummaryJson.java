package gilsim.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import gilsim.metrics.Summary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The JSON summary contract (DESIGN.md): one object, snake_case fields in a fixed order, times in integer ns. */
public final class SummaryJson {
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private SummaryJson() {}

    public static String of(Summary s) {
        return indented(tree(s));
    }

    /** Any tree of maps, lists and values as indented JSON: how every gilsim command prints its one object. */
    public static String indented(Object tree) {
        try {
            return MAPPER.writeValueAsString(tree);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    public static Map<String, Object> tree(Summary s) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("scenario", s.scenario());
        o.put("seed", s.seed());
        o.put("params", s.params());
        o.put("simulated_ns", s.simulatedNs());
        o.put("events", s.events());
        o.put("verdict", s.verdict());
        o.put("starved_threads", s.starvedThreads());
        List<Object> threads = new ArrayList<>();
        for (Summary.ThreadSummary t : s.threads()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", t.name());
            m.put("gil_acquisitions", t.gilAcquisitions());
            m.put("gil_share", round(t.gilShare()));
            m.put("wait_max_ns", t.waitMaxNs());
            m.put("wait_p99_ns", t.waitP99Ns());
            m.put("wait_p50_ns", t.waitP50Ns());
            m.put("wakeups_lost", t.wakeupsLost());
            threads.add(m);
        }
        o.put("threads", threads);
        Map<String, Object> gil = new LinkedHashMap<>();
        gil.put("switches", s.gil().switches());
        gil.put("drop_requests", s.gil().dropRequests());
        gil.put("forced_switches", s.gil().forcedSwitches());
        gil.put("timeouts", s.gil().timeouts());
        o.put("gil", gil);
        Summary.PoolSummary p = s.pool();
        if (p != null) {
            Map<String, Object> pool = new LinkedHashMap<>();
            pool.put("jobs_per_slice_mean", round(p.jobsPerSliceMean()));
            pool.put("kept", p.kept());
            pool.put("yields", p.yields());
            pool.put("yield_bound_hits", p.yieldBoundHits());
            pool.put("retakes_past_parked_waiter", p.retakesPastParkedWaiter());
            pool.put("order_verdict", p.orderVerdict());
            pool.put("passed_over_max", p.passedOverMax());
            pool.put("passed_over_100", p.passedOver100());
            pool.put("answered", p.answered());
            pool.put("latency_p99_ns", p.latencyP99Ns());
            pool.put("latency_max_ns", p.latencyMaxNs());
            pool.put("throughput_rps", round(p.throughputRps()));
            List<Object> poolThreads = new ArrayList<>();
            for (Summary.PoolThread t : p.threads()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("name", t.name());
                m.put("jobs", t.jobs());
                m.put("queue_wait_p99_ns", t.queueWaitP99Ns());
                m.put("queue_wait_max_ns", t.queueWaitMaxNs());
                m.put("gil_wait_p99_ns", t.gilWaitP99Ns());
                m.put("gil_wait_max_ns", t.gilWaitMaxNs());
                m.put("service_p99_ns", t.serviceP99Ns());
                m.put("service_max_ns", t.serviceMaxNs());
                poolThreads.add(m);
            }
            pool.put("threads", poolThreads);
            o.put("pool", pool);
        }
        return o;
    }

    /** Six decimals: enough for a share, and stable text across platforms. */
    private static double round(double v) {
        return Math.round(v * 1e6) / 1e6;
    }
}
