package gilsim.os;

import gilsim.sim.Event;

/**
 * CPU time a thread must consume; preemption pauses it, and it can be shortened while it runs. Each thread reuses
 * one ({@link SimThread#ownBurst}).
 */
final class Burst {
    long remainingNs;
    /** What runs when the burst ends; null once it has. */
    Runnable then;
    /** When the current stretch on a core began. */
    long startedNs;
    /** The event that ends the current stretch, or null while the thread is off its core. */
    Event pending;
}
