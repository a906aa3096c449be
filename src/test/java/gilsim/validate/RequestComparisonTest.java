package gilsim.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Request latency on both sides of a validation: the pooled percentiles, and the line for a side that fell behind. */
class RequestComparisonTest {
    private static final long S = 1_000_000_000L;

    /** A run of one second whose {@code answered} requests took 1, 2, ... ms, of {@code arrived}. */
    private static Observation run(String side, long arrived, int answered) {
        List<Long> latency = new ArrayList<>();
        for (int i = 1; i <= answered; i++) latency.add(i * 1_000_000L);
        return new Observation(side, side, S, List.of(), List.of())
                .withRequests(new Observation.Requests(arrived, answered, latency));
    }

    @Test
    void percentilesArePooledOverTheRunsAndExact() {
        RequestComparison.Result r = RequestComparison.of(List.of(run("real", 100, 100), run("real", 100, 100)),
                List.of(run("sim", 100, 100)), S);
        assertEquals(100.0, r.real().answeredPerS(), 1e-9);
        assertEquals(50_000_000L, r.real().p50Ns());
        assertEquals(99_000_000L, r.real().p99Ns());
        assertEquals(100_000_000L, r.sim().maxNs());
    }

    @Test
    void aSideThatAnsweredFewerThanArrivedIsSaidToHaveFallenBehind() {
        RequestComparison.Result keepsUp = RequestComparison.of(List.of(run("real", 1000, 980)),
                List.of(run("sim", 1000, 996)), S);
        assertNull(RequestComparison.behind(keepsUp), "98 % answered: requests in flight at the end, no backlog");
        RequestComparison.Result realBehind = RequestComparison.of(List.of(run("real", 1000, 950)),
                List.of(run("sim", 1000, 995)), S);
        String line = RequestComparison.behind(realBehind);
        assertTrue(line.startsWith("the real side fell behind: real answered 95.0 % of the requests that arrived, "
                + "sim 99.5 %"), line);
        StringBuilder text = new StringBuilder();
        RequestComparison.text(text, realBehind);
        assertTrue(text.toString().contains("\nthe real side fell behind"), text.toString());
        assertTrue(RequestComparison.behind(RequestComparison.of(List.of(run("real", 1000, 800)),
                List.of(run("sim", 1000, 820)), S)).startsWith("both sides fell behind"));
        assertFalse(RequestComparison.json(realBehind).containsKey("behind"), "the JSON has the counts already");
    }
}
