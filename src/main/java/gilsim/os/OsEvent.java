package gilsim.os;

import gilsim.sim.TraceEvent;

/** What the machine reports: threads changing scheduler state. Threads are named by their index in the run. */
public sealed interface OsEvent extends TraceEvent {
    /** A thread changed scheduler state; {@code core} is the core it runs on, or -1. */
    record ThreadState(long timeNs, int thread, RunState state, int core) implements OsEvent {}
}
