package gilsim.cpython;

import gilsim.os.Machine;
import gilsim.os.RaceSpeed;
import gilsim.sim.RandomStreams;
import gilsim.sim.Trace;
import gilsim.sync.WakeOrder;

/**
 * What every interpreter is built from.
 *
 * @param wakeOrder    the order gil->cond wakes its waiters in (a policy may insist on its own)
 * @param intervalNs   sys.getswitchinterval(): a waiter's timed wait before it asks the holder to drop
 * @param checkpointNs CPU time between eval-breaker check points of running Python; 0 for none
 * @param threads      threads of the run; per-thread state is indexed by {@code SimThread.id}
 * @param dropReactionNs from a check point that finds a drop request to the drop: the holder's drop_gil finds
 *                     gil->mutex still held by the requester on its way into its wait and sleeps on it; 0: at once
 * @param gilMutex     whether gil->mutex is modelled (a woken waiter can block on it); else its sections are instants
 * @param waitEntryNs  glibc's groups: CPU time a wait on gil->cond spends before it sleeps (a signal then is its own),
 *                     uniform in {@code waitEntryNs +- waitEntryJitterNs}, grown by {@code waitEntryGrowthPercent}
 *                     per doubling of {@code waitEntryQuietNs} in the time since another sleeper last called wait
 *                     (with {@code waitEntrySameCore}, another sleeper whose call ran on the caller's core)
 * @param wakeTimedOut glibc's groups: a signal can still wake a waiter whose timer has woken it but which has not
 *                     run, and a timed-out waiter leaves its group once it runs ({@code wake_timed_out})
 * @param raceSpeed    the machine's speed for the holder's reaction to a drop request (check-point spacing and
 *                     drop_reaction shortened while it runs fast)
 */
public record GilSetup(Machine machine, Trace trace, RandomStreams streams, WakeOrder wakeOrder, long intervalNs,
                       long checkpointNs, long dropReactionNs, int threads, boolean gilMutex, long waitEntryNs, long waitEntryJitterNs,
                       int waitEntryGrowthPercent, long waitEntryQuietNs, boolean waitEntrySameCore,
                       boolean wakeTimedOut, RaceSpeed raceSpeed) {
    /** With the race at one speed ({@code fast_race_percent=0}), the quiet time of every sleeper. */
    public GilSetup(Machine machine, Trace trace, RandomStreams streams, WakeOrder wakeOrder, long intervalNs,
                    long checkpointNs, long dropReactionNs, int threads, boolean gilMutex, long waitEntryNs,
                    long waitEntryJitterNs, int waitEntryGrowthPercent, long waitEntryQuietNs, boolean wakeTimedOut) {
        this(machine, trace, streams, wakeOrder, intervalNs, checkpointNs, dropReactionNs, threads, gilMutex,
                waitEntryNs, waitEntryJitterNs, waitEntryGrowthPercent, waitEntryQuietNs, false, wakeTimedOut,
                RaceSpeed.CONSTANT);
    }

    /** As the model is by default ({@code wake_timed_out=false}, the race at one speed). */
    public GilSetup(Machine machine, Trace trace, RandomStreams streams, WakeOrder wakeOrder, long intervalNs,
                    long checkpointNs, long dropReactionNs, int threads, boolean gilMutex, long waitEntryNs,
                    long waitEntryJitterNs, int waitEntryGrowthPercent, long waitEntryQuietNs) {
        this(machine, trace, streams, wakeOrder, intervalNs, checkpointNs, dropReactionNs, threads, gilMutex,
                waitEntryNs, waitEntryJitterNs, waitEntryGrowthPercent, waitEntryQuietNs, false);
    }
}
