package gilsim.validate;

import java.util.List;

/**
 * What one run of a scenario showed, real or simulated, in the terms both sides can measure: per thread, the
 * durations of the rounds of its outer loop and the share of the run it spent on a CPU.
 *
 * @param side    "real" or "sim"
 * @param label   the interpreter ("CPython 3.12.1 at /path") or the simulation ("seed 3")
 * @param wallNs  how long the run lasted, from the threads' start to their stop
 * @param threads one entry per thread of the scenario, in its order
 * @param steps   for a real run, how far each kind of step's measured duration was from its nominal one; empty
 *                for a simulated run
 * @param locks   each thread's use of each {@code threading.Lock} it called, in the threads' order; empty when the
 *                scenario has none (or a real run's script predates the figures)
 * @param requests the run's requests, when the scenario has arrivals; else null
 * @param machine  for a real run, how busy the machine was around it; null for a simulated run (or a real run's
 *                 script that predates the figures)
 */
public record Observation(String side, String label, long wallNs, List<ThreadRounds> threads,
                          List<StepAccuracy> steps, List<LockUse> locks, Requests requests, Machine machine) {
    public Observation {
        threads = List.copyOf(threads);
        steps = List.copyOf(steps);
        locks = List.copyOf(locks);
    }

    /** An observation with no lock figures. */
    public Observation(String side, String label, long wallNs, List<ThreadRounds> threads, List<StepAccuracy> steps) {
        this(side, label, wallNs, threads, steps, List.of(), null, null);
    }

    public Observation(String side, String label, long wallNs, List<ThreadRounds> threads, List<StepAccuracy> steps,
                       List<LockUse> locks) {
        this(side, label, wallNs, threads, steps, locks, null, null);
    }

    /** The same observation with these lock figures. */
    public Observation withLocks(List<LockUse> locks) {
        return new Observation(side, label, wallNs, threads, steps, locks, requests, machine);
    }

    /** The same observation, run on the CPU named {@code cpu} (a run that read no machine figures stays without). */
    public Observation onCpu(String cpu) {
        if (machine == null) return this;
        return new Observation(side, label, wallNs, threads, steps, locks, requests,
                new Machine(machine.loadBefore(), machine.loadAfter(), machine.hostSteal(), cpu));
    }

    /** The same observation with these requests. */
    public Observation withRequests(Requests requests) {
        return new Observation(side, label, wallNs, threads, steps, locks, requests, machine);
    }

    /**
     * How busy the machine was around a real run, NaN where the platform does not say.
     *
     * @param loadBefore the 1-minute load average before the run's calibration
     * @param loadAfter  the same after its threads stopped
     * @param hostSteal  the share of the machine's CPU time its host ran something else while a virtual CPU was
     *                   ready (steal, {@code /proc/stat}), over the run: capacity the real side lost that no load
     *                   average inside the machine shows
     * @param cpu        the CPU's model name ({@link HostCpu}), null for a stored run read back
     */
    public record Machine(double loadBefore, double loadAfter, double hostSteal, String cpu) {}

    /**
     * A run's requests, as both sides can measure them: how many arrived, and the latency of each (from its arrival
     * to its answer; one unanswered at the end counts its age then, as the simulation's summary does), answered
     * ones first.
     */
    public record Requests(long arrived, long answered, List<Long> latencyNs) {
        public Requests {
            latencyNs = List.copyOf(latencyNs);
        }
    }

    /**
     * One thread's use of one lock over a run: {@code acquire()} calls that returned, their total and longest wait
     * (from the call to its return; a call still waiting at the end counts to the end in the longest), and the
     * acquisitions whose previous holder was another thread.
     */
    public record LockUse(String thread, String lock, long acquisitions, long waitTotalNs, long waitMaxNs,
                          long tookFromOther) {}

    /**
     * @param roundNs   each completed round of the thread's outer loop, in order (empty for a thread with no loop)
     * @param cpuShare  the thread's CPU time over the run's wall time (0..1)
     * @param stoppedNs when the thread stopped, from the run's start; -1 when it stopped at the run's end (every
     *                  simulated thread does). A real thread stops at its first step boundary past the run's
     *                  duration, and the run ends when its last thread does: a sleeper in its sleep then keeps the
     *                  run going some 100 ms after a spinner has stopped.
     */
    public record ThreadRounds(String name, List<Long> roundNs, double cpuShare, long stoppedNs) {
        public ThreadRounds {
            roundNs = List.copyOf(roundNs);
        }

        /** A thread that stopped at the run's end. */
        public ThreadRounds(String name, List<Long> roundNs, double cpuShare) {
            this(name, roundNs, cpuShare, -1);
        }
    }

    /**
     * How long a kind of step ({@code compute}, {@code release}, {@code sleep}) really took against what it was
     * asked for, over all its executions in the run.
     */
    public record StepAccuracy(String step, long nominalNs, long meanNs, long count) {}
}
