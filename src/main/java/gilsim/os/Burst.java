package gilsim.os;

import gilsim.sim.Event;

/** CPU time a thread must consume; preemption pauses it, and it can be shortened while it runs. */
final class Burst {
    long remainingNs;
    final Runnable then;
    /** When the current stretch on a core began. */
    long startedNs;
    /** The event that ends the current stretch, or null while the thread is off its core. */
    Event pending;

    Burst(long ns, Runnable then) {
        this.remainingNs = ns;
        this.then = then;
    }
}
