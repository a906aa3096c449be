package gilsim.program;

import gilsim.sim.TraceEvent;
import gilsim.sim.TraceListener;

/**
 * What happens to a scenario's requests ({@link Arrivals}): each arrives in a queue, is taken by the threads that
 * get it from a queue and passed on by those that put it into the next, and is answered by an {@code answer} step.
 * A request is named by its number in the run, from 0 in order of arrival.
 */
public sealed interface RequestEvent extends TraceEvent.Family {
    long request();

    /** Every event of the family, a method each: a class that must see them all implements this. */
    interface Handler {
        void onRequestArrived(RequestArrived e);
        void onRequestTaken(RequestTaken e);
        void onRequestPassed(RequestPassed e);
        void onRequestAnswered(RequestAnswered e);
    }

    /** The request arrived in {@code queue}, from outside the process (a client, the network). */
    record RequestArrived(long timeNs, long request, String queue) implements RequestEvent {
        public void deliverTo(TraceListener l) { if (l instanceof Handler h) h.onRequestArrived(this); else passOn(l); }

        public void accept(TraceListener.OfFamilies l) { if (l instanceof Handler h) h.onRequestArrived(this); }
    }

    /** {@code thread} got the request's item from a queue, holding the GIL: from now it works on the request. */
    record RequestTaken(long timeNs, int thread, long request) implements RequestEvent {
        public void deliverTo(TraceListener l) { if (l instanceof Handler h) h.onRequestTaken(this); else passOn(l); }

        public void accept(TraceListener.OfFamilies l) { if (l instanceof Handler h) h.onRequestTaken(this); }
    }

    /** {@code thread} put the request into {@code queue}, for the next stage: it waits there again. */
    record RequestPassed(long timeNs, int thread, long request, String queue) implements RequestEvent {
        public void deliverTo(TraceListener l) { if (l instanceof Handler h) h.onRequestPassed(this); else passOn(l); }

        public void accept(TraceListener.OfFamilies l) { if (l instanceof Handler h) h.onRequestPassed(this); }
    }

    /** {@code thread} answered the request: its latency is from its arrival to now. */
    record RequestAnswered(long timeNs, int thread, long request) implements RequestEvent {
        public void deliverTo(TraceListener l) { if (l instanceof Handler h) h.onRequestAnswered(this); else passOn(l); }

        public void accept(TraceListener.OfFamilies l) { if (l instanceof Handler h) h.onRequestAnswered(this); }
    }

    /** The family's events a listener wants: it overrides their methods, and the others go to {@code onOther}. */
    interface Listener extends Handler, TraceListener.OfFamilies {
        default void onRequestArrived(RequestArrived e) { onOther(e); }
        default void onRequestTaken(RequestTaken e) { onOther(e); }
        default void onRequestPassed(RequestPassed e) { onOther(e); }
        default void onRequestAnswered(RequestAnswered e) { onOther(e); }
    }
}
