package gilsim.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gilsim.program.RequestEvent.RequestAnswered;
import gilsim.program.RequestEvent.RequestArrived;
import gilsim.program.RequestEvent.RequestPassed;
import gilsim.program.RequestEvent.RequestTaken;
import org.junit.jupiter.api.Test;

/** A request's latency and its parts, worked by hand. */
class RequestStatsTest {
    @Test
    void aRequestThroughTwoStagesSplitsIntoQueueGilWaitAndService() {
        RequestStats r = new RequestStats(2, 1_000);
        r.onRequestArrived(new RequestArrived(0, 7, "net"));
        r.onRequestTaken(new RequestTaken(10, 0, 7));        // 10 ns in the first queue
        r.span(new Spans.Span(Spans.Kind.WAIT, 0, 20, 50, false)); // thread 0 waits 30 ns for the GIL meanwhile
        r.onRequestPassed(new RequestPassed(60, 0, 7, "work"));
        r.span(new Spans.Span(Spans.Kind.WAIT, 1, 70, 90, false)); // thread 1 waits before it holds the request
        r.onRequestTaken(new RequestTaken(100, 1, 7));       // 40 ns in the second queue
        r.span(new Spans.Span(Spans.Kind.WAIT, 1, 110, 115, false)); // and 5 ns while it holds it
        r.onRequestAnswered(new RequestAnswered(130, 1, 7));
        r.finish(1_000);

        assertEquals(1, r.arrived());
        assertEquals(1, r.answered());
        assertEquals(130, r.latency().maxNs());
        assertEquals(50, r.queueWait().maxNs());
        assertEquals(35, r.gilWait().maxNs());
        assertEquals(45, r.service().maxNs()); // 130 - 50 - 35: running, and every other wait
    }

    @Test
    void aRequestUnansweredAtTheEndCountsItsAge() {
        RequestStats r = new RequestStats(1, 1_000);
        r.onRequestArrived(new RequestArrived(100, 0, "net"));
        r.onRequestArrived(new RequestArrived(200, 1, "net"));
        r.onRequestTaken(new RequestTaken(300, 0, 0));
        r.finish(1_000);

        assertEquals(0, r.answered());
        assertEquals(2, r.latency().count());
        assertEquals(900, r.latency().maxNs());   // request 0: arrived at 100, still in hand at 1000
        assertEquals(800, r.queueWait().maxNs()); // request 1: in the queue from 200 to the end
    }
}
