package gilsim.os;

import gilsim.sim.Event;

/**
 * CPU time a thread must consume; preemption pauses it, and it can be shortened while it runs. Each thread reuses one
 * (a run makes a burst for nearly every other event), so it is filled in by {@link #start}, not by a constructor.
 */
final class Burst {
    long remainingNs;
    Runnable then;
    /** When the current stretch on a core began. */
    long startedNs;
    /** The event that ends the current stretch, or null while the thread is off its core. */
    Event pending;
    /** The action of the event that ends a stretch: made once with the burst, not once a stretch. */
    Runnable end;

    void start(long ns, Runnable then) {
        this.remainingNs = ns;
        this.then = then;
    }
}
