package gilsim.sim;

/**
 * The one event vocabulary of a run. Models emit these; metrics, verdicts, charts, traces and narration listen.
 * Threads are named by their index in the run ({@code thread}); times are simulated nanoseconds.
 */
public sealed interface TraceEvent {
    long timeNs();

    /** Scheduler states of a simulated OS thread. */
    enum RunState { BLOCKED, RUNNABLE, RUNNING, EXITED }

    /** A thread changed scheduler state; {@code core} is the core it runs on, or -1. */
    record ThreadState(long timeNs, int thread, RunState state, int core) implements TraceEvent {}

    /** A thread entered {@code take_gil}. */
    record GilWant(long timeNs, int thread) implements TraceEvent {}

    /** A thread took the GIL; {@code switched} when it was not the last holder (switch_number moved). */
    record GilTake(long timeNs, int thread, long waitedNs, boolean switched, long switchNumber) implements TraceEvent {}

    /** A thread dropped the GIL ({@code locked = 0}). */
    record GilDrop(long timeNs, int thread) implements TraceEvent {}

    /** A thread began waiting on a condition variable; {@code position} counts from 0 at the front of the queue. */
    record CondWait(long timeNs, String cond, int thread, int position, int queued, long deadlineNs) implements TraceEvent {}

    /** A signal: it woke {@code woken}, or nobody ({@code -1}, the signal is lost). */
    record CondSignal(long timeNs, String cond, int signaller, int woken) implements TraceEvent {}

    /** A timed wait expired before any signal reached it. */
    record CondTimeout(long timeNs, String cond, int thread) implements TraceEvent {}

    /** A waiter whose wait timed out with no switch asked {@code holder} to drop the GIL. */
    record DropRequest(long timeNs, int requester, int holder) implements TraceEvent {}

    /** A dropper with a pending drop request waits on switch_cond until another thread takes the GIL. */
    record ForcedSwitch(long timeNs, int thread) implements TraceEvent {}

    /**
     * The pool: a thread took job number {@code job} (numbered in the order clients sent them) off the queue;
     * {@code kept}: inside its slice, without dropping the GIL.
     */
    record JobTaken(long timeNs, int thread, long job, long sentNs, boolean kept) implements TraceEvent {}

    /** The pool: a thread began yielding its turn ({@code sched_yield} until an attach), or ended it. */
    record TurnYield(long timeNs, int thread, boolean start, boolean boundHit) implements TraceEvent {}

    /** The pool: a thread attached after a wait or a yield, which starts a new run of its slice. */
    record SliceStart(long timeNs, int thread) implements TraceEvent {}

    /** The pool: a request was answered; {@code sentNs} is when its client sent it. */
    record JobAnswered(long timeNs, int thread, long job, long sentNs) implements TraceEvent {}

    /** The pool: a thread attached with no wait while another pool thread was parked on the GIL. */
    record RetakePastWaiter(long timeNs, int thread, int parked) implements TraceEvent {}
}
