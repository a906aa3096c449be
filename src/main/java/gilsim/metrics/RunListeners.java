package gilsim.metrics;

import gilsim.cpython.GilEvent.DropRequest;
import gilsim.cpython.GilEvent.ForcedSwitch;
import gilsim.cpython.GilEvent.GilDrop;
import gilsim.cpython.GilEvent.GilTake;
import gilsim.cpython.GilEvent.GilWant;
import gilsim.cpython.GilEvent.SemPostWake;
import gilsim.cpython.GilEvent.SemWaitRetry;
import gilsim.m0.PoolEvent.JobAnswered;
import gilsim.m0.PoolEvent.JobTaken;
import gilsim.m0.PoolEvent.RetakePastWaiter;
import gilsim.m0.PoolEvent.SliceStart;
import gilsim.m0.PoolEvent.TurnYield;
import gilsim.os.OsEvent.ThreadState;
import gilsim.program.ProgramEvent.LoopEnd;
import gilsim.program.ProgramEvent.RoundStart;
import gilsim.sim.TraceEvent;
import gilsim.sim.TraceListener;
import gilsim.sync.CondEvent.CondSignal;
import gilsim.sync.CondEvent.CondTimeout;
import gilsim.sync.CondEvent.CondWait;
import gilsim.sync.MutexEvent.MutexReleased;
import gilsim.sync.MutexEvent.MutexTaken;
import gilsim.sync.QueueEvent.QueueGet;
import gilsim.sync.QueueEvent.QueuePut;

/**
 * Every run's own listeners behind one: the spans, the pool's instruments (when there is a pool), the invariants,
 * the protocol checker, the GIL's statistics and the rounds. Each event's class is tested once, here, and the
 * listeners that read that class get it, in that order, through their method for the class: what each would have
 * done had it been added to the trace on its own, without six interface calls and six chains of class tests an
 * event. The calls here have one receiver each, so the JIT can inline them (a third of a pool run's time went to the
 * fan-out, docs/benchmarks.md).
 *
 * <p>An event class that a listener here starts reading must be added in all three places: the listener's own
 * {@code reads()} and {@code on(TraceEvent)}, and here.
 */
public final class RunListeners implements TraceListener {
    private final Spans spans;
    /** Null when the run has no pool, and so no pool events. */
    private final PoolStats pool;
    private final Invariants invariants;
    private final ProtocolChecker protocol;
    private final GilStats gil;
    private final RoundStats rounds;

    public RunListeners(Spans spans, PoolStats pool, Invariants invariants, ProtocolChecker protocol, GilStats gil,
                        RoundStats rounds) {
        this.spans = spans;
        this.pool = pool;
        this.invariants = invariants;
        this.protocol = protocol;
        this.gil = gil;
        this.rounds = rounds;
    }

    /**
     * The most frequent classes first: the machine's, the GIL's, the condition variables'; the rest in a method of
     * its own, so that this one stays small enough for the JIT to inline into the trace's emit sites (under
     * FreqInlineSize's 325 bytes). Inlined there, the class tests fold away, and a record whose listeners all inline
     * need not be made; one method of 611 bytes was a call of its own (docs/benchmarks.md, fourth round).
     */
    @Override
    public void on(TraceEvent event) {
        if (event instanceof ThreadState e) {
            onThreadState(e);
        } else if (event instanceof GilTake e) {
            onGilTake(e);
        } else if (event instanceof GilWant e) {
            onGilWant(e);
        } else if (event instanceof GilDrop e) {
            onGilDrop(e);
        } else if (event instanceof CondWait e) {
            gil.on(e);
        } else if (event instanceof CondSignal e) {
            gil.on(e);
        } else {
            onOther(event);
        }
    }

    private void onThreadState(ThreadState e) {
        invariants.on(e);
        rounds.on(e);
    }

    private void onGilTake(GilTake e) {
        spans.on(e);
        if (pool != null) pool.on(e);
        invariants.on(e);
        protocol.on(e);
        gil.on(e);
    }

    private void onGilWant(GilWant e) {
        spans.on(e);
        protocol.on(e);
    }

    private void onGilDrop(GilDrop e) {
        spans.on(e);
        invariants.on(e);
        protocol.on(e);
    }

    private void onOther(TraceEvent event) {
        if (event instanceof JobTaken e) {
            pool.on(e);
        } else if (event instanceof JobAnswered e) {
            pool.on(e);
        } else if (event instanceof TurnYield e) {
            pool.on(e);
        } else if (event instanceof RetakePastWaiter e) {
            pool.on(e);
        } else if (event instanceof SliceStart e) {
            pool.on(e);
        } else if (event instanceof CondTimeout e) {
            gil.on(e);
        } else if (event instanceof DropRequest e) {
            protocol.on(e);
            gil.on(e);
        } else if (event instanceof ForcedSwitch e) {
            protocol.on(e);
            gil.on(e);
        } else if (event instanceof SemPostWake e) {
            protocol.on(e);
        } else if (event instanceof SemWaitRetry e) {
            protocol.on(e);
        } else if (event instanceof RoundStart || event instanceof LoopEnd) {
            rounds.on(event);
        } else if (event instanceof MutexTaken e) {
            invariants.on(e);
        } else if (event instanceof MutexReleased e) {
            invariants.on(e);
        } else if (event instanceof QueuePut e) {
            invariants.on(e);
        } else if (event instanceof QueueGet e) {
            invariants.on(e);
        }
    }

    @Override
    public void finish(long endNs) {
        spans.finish(endNs);
        if (pool != null) pool.finish(endNs);
        invariants.finish(endNs);
        protocol.finish(endNs);
        gil.finish(endNs);
        rounds.finish(endNs);
    }
}
