package gilsim.metrics;

import gilsim.os.OsEvent;
import gilsim.os.RunState;
import gilsim.program.ProgramEvent;
import gilsim.program.Rounds;
import gilsim.program.Step;
import java.util.ArrayList;
import java.util.List;

/**
 * Streams each program thread's rounds (the completed passes of its outer loop, {@link RoundTimer}) into a histogram,
 * and notes when its program ended. Memory is one histogram per thread with an outer loop, however long the run.
 * Every figure a thread cannot have is null: the rounds of a thread with no outer loop (or no program: a pool's),
 * the percentiles with no completed round, the slowdown with no nominal round, the end of a thread still running.
 */
public final class RoundStats implements RunListener {
    /** One thread's figures, null where undefined (see the class comment). */
    public record PerThread(Long rounds, Long p50Ns, Long p99Ns, Long maxNs, Double slowdown, Long finishedNs) {}

    /** Null for a thread with no outer loop. */
    private final List<Latencies> rounds = new ArrayList<>();
    /** One pass of the outer loop as written; -1 when there is none or it has no finite length. */
    private final long[] nominalNs;
    private final long[] finishedNs;
    private final RoundTimer timer;

    /**
     * @param programs each thread's program by index; threads past the list's end (a pool's) have none
     * @param runNs    the run's length: no round is longer
     */
    public RoundStats(int threadCount, List<List<Step>> programs, long runNs) {
        nominalNs = new long[threadCount];
        finishedNs = new long[threadCount];
        for (int t = 0; t < threadCount; t++) {
            List<Step> program = t < programs.size() ? programs.get(t) : List.of();
            rounds.add(Rounds.outerLoop(program) == null ? null : new Latencies(runNs));
            nominalNs[t] = Rounds.nominalRoundNs(program);
            finishedNs[t] = -1;
        }
        timer = new RoundTimer(threadCount, (t, ns) -> rounds.get(t).record(ns));
    }

    @Override
    public void onThreadState(OsEvent.ThreadState s) {
        if (s.state() == RunState.EXITED) finishedNs[s.thread()] = s.timeNs();
    }

    @Override
    public void onRoundStart(ProgramEvent.RoundStart e) {
        timer.roundStart(e);
    }

    @Override
    public void onLoopEnd(ProgramEvent.LoopEnd e) {
        timer.loopEnd(e);
    }

    public PerThread thread(int t) {
        Long finished = finishedNs[t] < 0 ? null : finishedNs[t];
        Latencies r = rounds.get(t);
        if (r == null) return new PerThread(null, null, null, null, null, finished);
        if (r.count() == 0) return new PerThread(0L, null, null, null, null, finished);
        long p50 = r.percentileNs(50);
        // A nominal round of 0 divides nothing; one that saturated at Long.MAX_VALUE has no finite length either.
        long nominal = nominalNs[t];
        Double slowdown = nominal <= 0 || nominal == Long.MAX_VALUE ? null : (double) p50 / nominal;
        return new PerThread(r.count(), p50, r.percentileNs(99), r.maxNs(), slowdown, finished);
    }
}
