package gilsim.m0;

import gilsim.sim.TraceEvent;

/** What the m0 pool reports: jobs, turns and slices. */
public sealed interface PoolEvent extends TraceEvent {
    /**
     * A thread took job number {@code job} (numbered in the order clients sent them) off the queue; {@code kept}:
     * inside its slice, without dropping the GIL.
     */
    record JobTaken(long timeNs, int thread, long job, long sentNs, boolean kept) implements PoolEvent {}

    /** A thread began yielding its turn ({@code sched_yield} until an attach), or ended it. */
    record TurnYield(long timeNs, int thread, boolean start, boolean boundHit) implements PoolEvent {}

    /** A thread attached after a wait or a yield, which starts a new run of its slice. */
    record SliceStart(long timeNs, int thread) implements PoolEvent {}

    /** A request was answered; {@code sentNs} is when its client sent it. */
    record JobAnswered(long timeNs, int thread, long job, long sentNs) implements PoolEvent {}

    /** A thread attached with no wait while another pool thread was parked on the GIL. */
    record RetakePastWaiter(long timeNs, int thread, int parked) implements PoolEvent {}
}
