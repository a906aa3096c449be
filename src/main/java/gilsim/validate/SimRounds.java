package gilsim.validate;

import gilsim.metrics.RoundTimer;
import gilsim.os.OsEvent;
import gilsim.os.RunState;
import gilsim.program.ProgramEvent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The simulated side of a validation, read from a run's events: per thread, the durations of the completed passes
 * of its outer loop ({@link RoundTimer}: from one {@link ProgramEvent.RoundStart} to the next, or to the loop's end;
 * every one kept, since a validation compares their distributions) and its CPU share,
 * the time it spent {@link RunState#RUNNING} over the run's duration (an interval still open at the end counts to
 * the end). A round still open at the end is not a completed round and is left out.
 */
public final class SimRounds implements OsEvent.Listener, ProgramEvent.Listener {
    private final List<String> names;
    private final List<List<Long>> rounds = new ArrayList<>();
    private final RoundTimer timer;
    private final long[] runningSinceNs;
    private final long[] cpuNs;
    private long endNs = -1;

    /** @param names the run's threads, by index ({@code Simulation.threadNames()}) */
    public SimRounds(List<String> names) {
        this.names = List.copyOf(names);
        int n = names.size();
        for (int i = 0; i < n; i++) rounds.add(new ArrayList<>());
        timer = new RoundTimer(n, (t, ns) -> rounds.get(t).add(ns));
        runningSinceNs = new long[n];
        cpuNs = new long[n];
        Arrays.fill(runningSinceNs, -1);
    }

    /**
     * Its own "running since", not the run's activity view: a validation's side is also read from a recorded run's
     * events alone (the view is the run's, and sums no CPU time).
     */
    @Override
    public void onThreadState(OsEvent.ThreadState s) {
        int t = s.thread();
        if (s.state() == RunState.RUNNING) {
            if (runningSinceNs[t] < 0) runningSinceNs[t] = s.timeNs();
        } else if (runningSinceNs[t] >= 0) {
            cpuNs[t] += s.timeNs() - runningSinceNs[t];
            runningSinceNs[t] = -1;
        }
    }

    @Override
    public void onRoundStart(ProgramEvent.RoundStart e) {
        timer.roundStart(e);
    }

    @Override
    public void onLoopEnd(ProgramEvent.LoopEnd e) {
        timer.loopEnd(e);
    }

    @Override
    public void finish(long endNs) {
        this.endNs = endNs;
        for (int t = 0; t < cpuNs.length; t++) {
            if (runningSinceNs[t] >= 0) {
                cpuNs[t] += endNs - runningSinceNs[t];
                runningSinceNs[t] = -1;
            }
        }
    }

    /** The run as an observation; call after the run has finished. */
    public Observation observation(String label) {
        if (endNs < 0) throw new IllegalStateException("the run has not finished");
        List<Observation.ThreadRounds> threads = new ArrayList<>();
        for (int t = 0; t < names.size(); t++) {
            double share = endNs == 0 ? 0 : Math.min(1.0, cpuNs[t] / (double) endNs);
            threads.add(new Observation.ThreadRounds(names.get(t), rounds.get(t), share));
        }
        return new Observation("sim", label, endNs, threads, List.of());
    }
}
