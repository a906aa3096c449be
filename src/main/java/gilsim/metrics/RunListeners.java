package gilsim.metrics;

import gilsim.cpython.GilEvent;
import gilsim.cpython.GilEvent.DropRequest;
import gilsim.cpython.GilEvent.ForcedSwitch;
import gilsim.cpython.GilEvent.GilDrop;
import gilsim.cpython.GilEvent.GilTake;
import gilsim.cpython.GilEvent.GilWant;
import gilsim.cpython.GilEvent.SemPostWake;
import gilsim.cpython.GilEvent.SemWaitRetry;
import gilsim.m0.PoolEvent;
import gilsim.m0.PoolEvent.JobAnswered;
import gilsim.m0.PoolEvent.JobTaken;
import gilsim.m0.PoolEvent.RetakePastWaiter;
import gilsim.m0.PoolEvent.SliceStart;
import gilsim.m0.PoolEvent.TurnYield;
import gilsim.os.OsEvent;
import gilsim.os.OsEvent.ThreadState;
import gilsim.program.ProgramEvent;
import gilsim.program.ProgramEvent.LoopEnd;
import gilsim.program.ProgramEvent.RoundStart;
import gilsim.sim.TraceEvent;
import gilsim.sim.TraceListener;
import gilsim.sync.CondEvent;
import gilsim.sync.CondEvent.CondSignal;
import gilsim.sync.CondEvent.CondTimeout;
import gilsim.sync.CondEvent.CondWait;
import gilsim.sync.MutexEvent.MutexAcquire;
import gilsim.sync.MutexEvent.MutexAcquired;
import gilsim.sync.MutexEvent.MutexBlock;
import gilsim.sync.MutexEvent.MutexHandOff;
import gilsim.sync.MutexEvent.MutexReleased;
import gilsim.sync.MutexEvent.MutexTaken;
import gilsim.sync.MutexEvent.MutexWake;
import gilsim.sync.QueueEvent.QueueGet;
import gilsim.sync.QueueEvent.QueuePut;

/**
 * Every run's own listeners behind one: the spans, the pool's instruments (when there is a pool), the invariants,
 * the protocol checker, the GIL's statistics, the rounds and the locks' statistics (when there are programs). The
 * listeners that read an event's class get it, in that order, through their method for the class: what each would
 * have done had it been added to the trace on its own, without six interface calls and six chains of class tests an
 * event (a third of a pool run's time went to that
 * fan-out, docs/notes/benchmarks-log.md). The calls here have one receiver each, so the JIT can inline them.
 *
 * <p>The events of every hand-off, job and round come through their family's method ({@link TraceEvent#deliverTo}),
 * one per class; the rest through {@link #on}, which tests the class.
 *
 * <p>An event class that a listener here starts reading must be added in the listener's own {@code reads()} and
 * {@code on(TraceEvent)}, and here: in {@link #on}, and for a class with a family method, in that method too.
 */
public final class RunListeners implements TraceListener, OsEvent.Listener, GilEvent.Listener, CondEvent.Listener,
        PoolEvent.Listener, ProgramEvent.Listener {
    private final Spans spans;
    /** Null when the run has no pool, and so no pool events. */
    private final PoolStats pool;
    private final Invariants invariants;
    private final ProtocolChecker protocol;
    private final GilStats gil;
    private final RoundStats rounds;
    /** Null when the run has no programs, and so no scenario locks. */
    private final LockStats locks;

    public RunListeners(Spans spans, PoolStats pool, Invariants invariants, ProtocolChecker protocol, GilStats gil,
                        RoundStats rounds) {
        this(spans, pool, invariants, protocol, gil, rounds, null);
    }

    public RunListeners(Spans spans, PoolStats pool, Invariants invariants, ProtocolChecker protocol, GilStats gil,
                        RoundStats rounds, LockStats locks) {
        this.locks = locks;
        this.spans = spans;
        this.pool = pool;
        this.invariants = invariants;
        this.protocol = protocol;
        this.gil = gil;
        this.rounds = rounds;
    }

    /** An event by any other way than its family's method: every class a listener here reads. */
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
        } else if (event instanceof DropRequest e) {
            onDropRequest(e);
        } else if (event instanceof ForcedSwitch e) {
            onForcedSwitch(e);
        } else if (event instanceof CondWait e) {
            onCondWait(e);
        } else if (event instanceof CondSignal e) {
            onCondSignal(e);
        } else if (event instanceof CondTimeout e) {
            onCondTimeout(e);
        } else if (event instanceof JobTaken e) {
            onJobTaken(e);
        } else if (event instanceof JobAnswered e) {
            onJobAnswered(e);
        } else if (event instanceof TurnYield e) {
            onTurnYield(e);
        } else if (event instanceof RetakePastWaiter e) {
            onRetakePastWaiter(e);
        } else if (event instanceof SliceStart e) {
            onSliceStart(e);
        } else if (event instanceof RoundStart e) {
            onRoundStart(e);
        } else if (event instanceof LoopEnd) {
            rounds.on(event);
        } else if (event instanceof SemPostWake e) {
            protocol.on(e);
        } else if (event instanceof SemWaitRetry e) {
            protocol.on(e);
        } else if (event instanceof MutexTaken e) {
            invariants.on(e);
            if (locks != null) locks.on(e);
        } else if (event instanceof MutexReleased e) {
            invariants.on(e);
        } else if (event instanceof MutexAcquire e) {
            if (locks != null) locks.on(e);
        } else if (event instanceof MutexAcquired e) {
            if (locks != null) locks.on(e);
        } else if (event instanceof MutexBlock e) {
            if (locks != null) locks.on(e);
        } else if (event instanceof MutexWake e) {
            if (locks != null) locks.on(e);
        } else if (event instanceof MutexHandOff e) {
            if (locks != null) locks.on(e);
        } else if (event instanceof QueuePut e) {
            invariants.on(e);
        } else if (event instanceof QueueGet e) {
            invariants.on(e);
        }
    }

    @Override
    public void onThreadState(ThreadState e) {
        invariants.on(e);
        rounds.on(e);
    }

    @Override
    public void onGilTake(GilTake e) {
        spans.on(e);
        if (pool != null) pool.on(e);
        invariants.on(e);
        protocol.on(e);
        gil.on(e);
    }

    @Override
    public void onGilWant(GilWant e) {
        spans.on(e);
        protocol.on(e);
    }

    @Override
    public void onGilDrop(GilDrop e) {
        spans.on(e);
        invariants.on(e);
        protocol.on(e);
    }

    @Override
    public void onDropRequest(DropRequest e) {
        protocol.on(e);
        gil.on(e);
    }

    @Override
    public void onForcedSwitch(ForcedSwitch e) {
        protocol.on(e);
        gil.on(e);
    }

    @Override
    public void onCondWait(CondWait e) {
        gil.on(e);
    }

    @Override
    public void onCondSignal(CondSignal e) {
        gil.on(e);
    }

    @Override
    public void onCondTimeout(CondTimeout e) {
        gil.on(e);
    }

    @Override
    public void onJobTaken(JobTaken e) {
        pool.on(e);
    }

    @Override
    public void onJobAnswered(JobAnswered e) {
        pool.on(e);
    }

    @Override
    public void onTurnYield(TurnYield e) {
        pool.on(e);
    }

    @Override
    public void onRetakePastWaiter(RetakePastWaiter e) {
        pool.on(e);
    }

    @Override
    public void onSliceStart(SliceStart e) {
        pool.on(e);
    }

    @Override
    public void onRoundStart(RoundStart e) {
        rounds.on(e);
    }

    @Override
    public void finish(long endNs) {
        spans.finish(endNs);
        if (pool != null) pool.finish(endNs);
        invariants.finish(endNs);
        protocol.finish(endNs);
        gil.finish(endNs);
        rounds.finish(endNs);
        if (locks != null) locks.finish(endNs);
    }
}
