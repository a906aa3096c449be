package gilsim.validate;

import gilsim.handoff.HandoffEvent;
import gilsim.handoff.SimHandoffs;
import gilsim.run.Simulation;
import gilsim.scenario.Params;
import gilsim.scenario.Scenario;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * tools/handoffs/sleeper.py's table for the model, over seeds 1 to 8 of 10 s (1 to N with {@code -Dseeds=N}): the
 * forced drops that come while the thread named {@code main} waits for the GIL, by whether the requester last ran on
 * the dropper's core, and who took the GIL after each (the requester, main, another waiter), and the crowded forced
 * drops while main sleeps; main's chance to take a forced drop while it waits, pooled and seed by seed, and how many
 * drops its waits held.
 * <pre>
 *   java [-Dseeds=N] -cp target/gilsim.jar:/tmp/probes gilsim.validate.SleeperProbe PROFILE|- SCENARIO [key=value ...]
 * </pre>
 */
public final class SleeperProbe {
    /** Eight seeds of 10 s unless {@code -Dseeds=N} asks for more: a run's speed draws make its chance move. */
    private static final int SEEDS = Integer.getInteger("seeds", 8);
    private static final String[] TAKERS = {"requester", "main", "another"};

    public static void main(String[] args) {
        ProbeArgs probe = ProbeArgs.of(args);
        Scenario scenario = probe.scenario();
        Params params = probe.params();
        Map<Boolean, int[]> byCore = new TreeMap<>(); // R on the dropper's core -> drops, taken by R, main, another
        Map<Boolean, int[]> without = new TreeMap<>(); // the same for crowded forced drops while main sleeps
        List<Integer> dropsPerWait = new ArrayList<>();
        List<Long> waitsNs = new ArrayList<>();
        List<String> bySeed = new ArrayList<>(); // main's chance per forced drop in each seed
        for (int seed = 1; seed <= SEEDS; seed++) {
            Simulation sim = new Simulation(scenario, params, seed);
            int main = sim.threadNames().indexOf("main");
            if (main < 0) throw new IllegalArgumentException(args[1] + " has no thread named main");
            SimHandoffs recorder = new SimHandoffs("sim seed " + seed, sim.threadNames());
            CoreProbe.Cores cores = new CoreProbe.Cores();
            sim.addListener(recorder);
            sim.addListener(cores);
            sim.run();
            // take_gil's rule, replayed: a timeout asks for a drop when no switch came during its wait
            Map<Integer, Integer> switchAtWait = new HashMap<>();
            Set<Integer> waiting = new HashSet<>();
            int switches = 0, dropsThisWait = 0;
            long mainWaitNs = -1;
            Integer holder = null, requester = null;
            int seedDrops = 0, seedTakes = 0;
            Boolean pending = null; // a crowded forced drop: whether R last ran on the dropper's core
            boolean pendingMainWaits = false;
            for (HandoffEvent e : recorder.log().events()) {
                int n = e.thread();
                switch (e.kind()) {
                    case WAIT -> {
                        switchAtWait.put(n, switches);
                        if (waiting.add(n) && n == main) {
                            mainWaitNs = e.timeNs();
                            dropsThisWait = 0;
                        }
                    }
                    case TIMED_OUT -> {
                        if (Objects.equals(switchAtWait.get(n), switches) && requester == null && holder != null
                                && holder != n) requester = n;
                    }
                    case DROP -> {
                        if (requester == null || requester == main || n == main) break;
                        boolean crowded = false;
                        for (int o : waiting) if (o != requester && o != n) crowded = true;
                        if (!crowded) break;
                        pending = cores.last(requester, e.timeNs()) == cores.last(n, e.timeNs());
                        pendingMainWaits = waiting.contains(main);
                        if (pendingMainWaits) dropsThisWait++;
                    }
                    case TAKE -> {
                        if (pending != null) {
                            int[] c = (pendingMainWaits ? byCore : without).computeIfAbsent(pending, k -> new int[4]);
                            c[0]++;
                            c[n == requester ? 1 : n == main ? 2 : 3]++;
                            if (pendingMainWaits) {
                                seedDrops++;
                                if (n == main) seedTakes++;
                            }
                        }
                        if (n == main && mainWaitNs >= 0) {
                            waitsNs.add(e.timeNs() - mainWaitNs);
                            dropsPerWait.add(dropsThisWait);
                            mainWaitNs = -1;
                        }
                        if (holder == null || holder != n) switches++;
                        holder = n;
                        requester = null;
                        pending = null;
                        waiting.remove(n);
                    }
                    default -> { }
                }
            }
            bySeed.add(String.format("%.1f", 100.0 * seedTakes / Math.max(1, seedDrops)));
        }
        print(byCore, without, waitsNs, dropsPerWait, bySeed);
    }

    private static void print(Map<Boolean, int[]> byCore, Map<Boolean, int[]> without, List<Long> waitsNs,
                              List<Integer> dropsPerWait, List<String> bySeed) {
        waitsNs.sort(null);
        dropsPerWait.sort(null);
        System.out.printf("main's GIL waits: %d, p50 / p90 / p99 / max %.1f / %.1f / %.1f / %.1f ms; forced drops in "
                        + "one p50 / p90 / p99 / max %d / %d / %d / %d%n", waitsNs.size(), q(waitsNs, 50) / 1e6,
                q(waitsNs, 90) / 1e6, q(waitsNs, 99) / 1e6, waitsNs.get(waitsNs.size() - 1) / 1e6,
                q(dropsPerWait, 50), q(dropsPerWait, 90), q(dropsPerWait, 99), dropsPerWait.get(dropsPerWait.size() - 1));
        int[] all = table("forced drops while main waits, requester", byCore);
        table("crowded forced drops while main sleeps", without);
        System.out.printf("main's chance to take a forced drop while it waits: %.1f %% (one in %.1f); seed by seed %s %%%n",
                100.0 * all[2] / all[0], (double) all[0] / Math.max(1, all[2]), String.join(", ", bySeed));
    }

    /** The rows by the requester's core and their sum, which it returns: drops, then taken by R, main, another. */
    private static int[] table(String heading, Map<Boolean, int[]> byCore) {
        System.out.printf("%-44s %6s %10s %6s %8s%n", heading, "drops", TAKERS[0], TAKERS[1], TAKERS[2]);
        int[] all = new int[4];
        for (var entry : byCore.entrySet()) {
            row(entry.getKey() ? "on the dropper's core" : "on the other core", entry.getValue());
            for (int i = 0; i < 4; i++) all[i] += entry.getValue()[i];
        }
        row("all", all);
        return all;
    }

    private static void row(String label, int[] c) {
        System.out.printf("%-44s %6d %9.1f%% %5.1f%% %7.1f%%%n", label, c[0], 100.0 * c[1] / c[0],
                100.0 * c[2] / c[0], 100.0 * c[3] / c[0]);
    }

    private static <T extends Number> long q(List<T> sorted, int p) {
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.floor(p / 100.0 * sorted.size()))).longValue();
    }
}
