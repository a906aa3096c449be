package gilsim.validate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import gilsim.handoff.HandoffEvent;
import gilsim.handoff.HandoffLog;
import gilsim.handoff.HandoffStats;
import gilsim.handoff.ShimLog;
import gilsim.handoff.SimHandoffs;
import gilsim.run.Simulation;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
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
 * drops while main sleeps; main's chance to take a forced drop while it waits, pooled and seed by seed, how many
 * drops its waits held and the longest wait of each seed; and how main's chance moves, by the forced drop of its wait,
 * window by window within a run, by where main last ran and by its wait's phase, as sleeper.py reads it from real
 * runs.
 * <pre>
 *   java [-Dseeds=N] -cp target/gilsim.jar:/tmp/probes gilsim.validate.SleeperProbe PROFILE|- SCENARIO [key=value ...]
 *   java -cp target/gilsim.jar:/tmp/probes gilsim.validate.SleeperProbe --real PREFIX [PREFIX ...]
 * </pre>
 * With {@code --real} it reads runs recorded through the shim ({@code PREFIX.calls.txt} and {@code PREFIX.json}, as
 * {@code tools/handoffs/sched-record.sh} keeps them) with the same code, where no core is known.
 */
public final class SleeperProbe {
    /** Eight seeds of 10 s unless {@code -Dseeds=N} asks for more: a run's speed draws make its chance move. */
    private static final int SEEDS = Integer.getInteger("seeds", 8);
    private static final String[] TAKERS = {"requester", "main", "another"};
    private static final String OTHER_CORE = "on the other core";
    private static final String SAME_CORE = "on the dropper's core";
    private static final String NO_CORE = "core not recorded";

    public static void main(String[] args) throws IOException {
        Tally tally = new Tally();
        if (args.length > 0 && args[0].equals("--real")) {
            for (String prefix : Arrays.asList(args).subList(1, args.length)) {
                HandoffLog log = real(prefix);
                tally.run(log.events(), log.threads().indexOf("main"), null);
            }
        } else {
            ProbeArgs probe = ProbeArgs.of(args);
            for (int seed = 1; seed <= SEEDS; seed++) {
                Simulation sim = new Simulation(probe.scenario(), probe.params(), seed);
                SimHandoffs recorder = new SimHandoffs("sim seed " + seed, sim.threadNames());
                CoreProbe.Cores cores = new CoreProbe.Cores();
                sim.addListener(recorder);
                sim.addListener(cores);
                sim.run();
                tally.run(recorder.log().events(), sim.threadNames().indexOf("main"),
                        (r, d, t) -> cores.last(r, t) == cores.last(d, t));
            }
        }
        tally.print();
    }

    /** A run recorded through the shim: PREFIX.calls.txt and PREFIX.json as tools/handoffs/sched-record.sh keeps them. */
    private static HandoffLog real(String prefix) throws IOException {
        JsonNode meta = new ObjectMapper().readTree(Path.of(prefix + ".json").toFile());
        Map<Integer, String> names = new HashMap<>();
        List<String> order = new ArrayList<>();
        meta.get("threads").fields().forEachRemaining(f -> {
            names.put(f.getValue().asInt(), f.getKey());
            order.add(f.getKey());
        });
        return ShimLog.read(Path.of(prefix + ".calls.txt"), prefix, names, order, meta.get("start_ns").asLong(),
                meta.get("end_ns").asLong());
    }

    /** Whether the requester last ran on the dropper's core at a time. */
    private interface SameCore {
        boolean test(int requester, int dropper, long timeNs);
    }

    /** What the probe gathers over runs. */
    private static final class Tally {
        final Map<String, int[]> byCore = new TreeMap<>(); // where R ran -> drops, taken by R, main, another
        final Map<String, int[]> without = new TreeMap<>(); // the same for crowded forced drops while main sleeps
        final List<Long> waitsNs = new ArrayList<>();
        final List<String> byRun = new ArrayList<>(); // main's chance per forced drop in each run
        final List<String> longest = new ArrayList<>(); // main's longest wait in each run, ms
        final List<List<long[]>> waitLists = new ArrayList<>(); // per run: each wait's start and its forced drops
        final Map<Integer, long[]> phase = new TreeMap<>(); // band of the phase -> waits, their forced drops
        /** Counted drops while main waits, and main's takes there: main last ran on R's core, elsewhere. */
        final long[][] whereMainRan = new long[2][2];
        /** Counted drops while main waits, and main's takes there: R's timer woke it on time, late, no timer. */
        final long[][] byLateness = new long[3][2];
        /** [late, all] timed-out wake-ups of the threads other than main, for each 1 s window of each run. */
        final List<long[]> lateWindows = new ArrayList<>();

        /** One run's events; sameCore null when the run does not say where threads ran. */
        void run(List<HandoffEvent> events, int main, SameCore sameCore) {
            if (main < 0) throw new IllegalArgumentException("the run has no thread named main");
            // take_gil's rule, replayed: a timeout asks for a drop when no switch came during its wait
            Map<Integer, Integer> switchAtWait = new HashMap<>();
            Map<Integer, Long> waitAtNs = new HashMap<>();
            List<long[]> timeouts = new ArrayList<>(); // [time, lateness] of each other thread's 5 ms wait that ran out
            List<long[]> dropLateness = new ArrayList<>(); // [R's lateness or -1, main took it] for each counted drop
            long requesterLateNs = -1, pendingLateNs = -1;
            Set<Integer> waiting = new HashSet<>();
            int switches = 0, dropsThisWait = 0;
            long mainWaitNs = -1;
            long firstDropNs = -1; // from the start of main's wait to its first counted drop; -1 before it
            Integer holder = null, requester = null;
            int runDrops = 0, runTakes = 0;
            long runMaxNs = 0;
            List<long[]> runWaits = new ArrayList<>();
            String pending = null; // a crowded forced drop: where R last ran
            boolean mainOnRequesters = false; // at it, whether main last ran on R's core
            boolean pendingMainWaits = false;
            for (HandoffEvent e : events) {
                int n = e.thread();
                switch (e.kind()) {
                    case WAIT -> {
                        switchAtWait.put(n, switches);
                        waitAtNs.put(n, e.timeNs());
                        if (waiting.add(n) && n == main) {
                            mainWaitNs = e.timeNs();
                            dropsThisWait = 0;
                        }
                    }
                    case TIMED_OUT -> {
                        long lateNs = waitAtNs.containsKey(n) ? e.timeNs() - waitAtNs.get(n) - TIMED_WAIT_NS : -1;
                        boolean timed = n != main && lateNs >= TIMEOUT_MIN_LATE_NS && lateNs <= TIMEOUT_MAX_LATE_NS;
                        if (timed) timeouts.add(new long[] {e.timeNs(), lateNs});
                        if (Objects.equals(switchAtWait.get(n), switches) && requester == null && holder != null
                                && holder != n) {
                            requester = n;
                            requesterLateNs = timed ? lateNs : -1;
                        }
                    }
                    case DROP -> {
                        if (requester == null || requester == main || n == main) break;
                        boolean crowded = false;
                        for (int o : waiting) if (o != requester && o != n) crowded = true;
                        if (!crowded) break;
                        pending = sameCore == null ? NO_CORE
                                : sameCore.test(requester, n, e.timeNs()) ? SAME_CORE : OTHER_CORE;
                        pendingMainWaits = waiting.contains(main);
                        pendingLateNs = requesterLateNs;
                        mainOnRequesters = sameCore != null && sameCore.test(requester, main, e.timeNs());
                        if (pendingMainWaits) {
                            if (dropsThisWait == 0) firstDropNs = e.timeNs() - mainWaitNs;
                            dropsThisWait++;
                        }
                    }
                    case TAKE -> {
                        boolean atCounted = pending != null && pendingMainWaits;
                        if (pending != null) {
                            int[] c = (pendingMainWaits ? byCore : without).computeIfAbsent(pending, k -> new int[4]);
                            c[0]++;
                            c[n == requester ? 1 : n == main ? 2 : 3]++;
                            if (pendingMainWaits) {
                                runDrops++;
                                if (n == main) runTakes++;
                                dropLateness.add(new long[] {pendingLateNs, n == main ? 1 : 0});
                                if (sameCore != null) {
                                    long[] w = whereMainRan[mainOnRequesters ? 0 : 1];
                                    w[0]++;
                                    if (n == main) w[1]++;
                                }
                            }
                        }
                        if (n == main && mainWaitNs >= 0) {
                            waitsNs.add(e.timeNs() - mainWaitNs);
                            // as sleeper.py counts it: a take at no counted drop (main asked for the drop
                            // itself, or took a free GIL) ends the wait at one drop more
                            int drops = atCounted ? dropsThisWait : dropsThisWait + 1;
                            runWaits.add(new long[] {mainWaitNs, drops});
                            long[] band = phase.computeIfAbsent(firstDropNs < 0 ? PHASE_BANDS
                                    : (int) Math.min(PHASE_BANDS, firstDropNs / PHASE_STEP_NS), k -> new long[2]);
                            band[0]++;
                            band[1] += drops;
                            firstDropNs = -1;
                            runMaxNs = Math.max(runMaxNs, e.timeNs() - mainWaitNs);
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
            byRun.add(String.format("%.1f", 100.0 * runTakes / Math.max(1, runDrops)));
            lateness(timeouts, dropLateness, events.isEmpty() ? 0 : events.get(0).timeNs());
            longest.add(String.format("%.0f", runMaxNs / 1e6));
            waitLists.add(runWaits);
        }

        /** One run's timed-out wake-ups and counted drops by lateness, as sleeper.py reads them. */
        private void lateness(List<long[]> timeouts, List<long[]> dropLateness, long startNs) {
            if (timeouts.isEmpty()) return;
            long lateFromNs = HandoffStats.TimerWakes.lateFromNs(timeouts.stream().mapToLong(t -> t[1]));
            for (long[] d : dropLateness) {
                long[] c = byLateness[d[0] < 0 ? 2 : d[0] >= lateFromNs ? 1 : 0];
                c[0]++;
                c[1] += d[1];
            }
            Map<Long, long[]> windows = new TreeMap<>();
            for (long[] t : timeouts) {
                long[] w = windows.computeIfAbsent((t[0] - startNs) / 1_000_000_000L, k -> new long[2]);
                if (t[1] >= lateFromNs) w[0]++;
                w[1]++;
            }
            lateWindows.addAll(windows.values());
        }

        void print() {
            List<Long> waits = new ArrayList<>(waitsNs);
            List<Long> drops = waitLists.stream().flatMap(List::stream).map(w -> w[1]).sorted().toList();
            waits.sort(null);
            System.out.printf("main's GIL waits: %d, p50 / p90 / p99 / max %.1f / %.1f / %.1f / %.1f ms; forced drops "
                            + "in one p50 / p90 / p99 / max %d / %d / %d / %d%n", waits.size(), q(waits, 50) / 1e6,
                    q(waits, 90) / 1e6, q(waits, 99) / 1e6, waits.get(waits.size() - 1) / 1e6, q(drops, 50),
                    q(drops, 90), q(drops, 99), drops.get(drops.size() - 1));
            int[] all = table("forced drops while main waits, requester", byCore);
            table("crowded forced drops while main sleeps", without);
            System.out.printf("main's chance to take a forced drop while it waits: %.1f %% (one in %.1f); run by run "
                    + "%s %%%n", 100.0 * all[2] / all[0], (double) all[0] / Math.max(1, all[2]), String.join(", ", byRun));
            System.out.println("main's longest wait run by run: " + String.join(", ", longest) + " ms");
            moves(drops, waitLists);
            if (whereMainRan[0][0] + whereMainRan[1][0] > 0) {
                System.out.printf("main's chance at the drops seen by where it last ran: on the requester's CPU %.1f "
                                + "%% of %d; on the other %.1f %% of %d%n", 100.0 * whereMainRan[0][1] / whereMainRan[0][0],
                        whereMainRan[0][0], 100.0 * whereMainRan[1][1] / whereMainRan[1][0], whereMainRan[1][0]);
            }
            List<String> bands = new ArrayList<>();
            phase.forEach((b, c) -> {
                if (c[0] >= MIN_PHASE_WAITS) bands.add(String.format("%s ms %.1f %% of %d waits", b == PHASE_BANDS
                        ? PHASE_BANDS * PHASE_STEP_NS / 1e6 + "+ (or none seen)"
                        : b * PHASE_STEP_NS / 1e6 + "-" + (b + 1) * PHASE_STEP_NS / 1e6, 100.0 * c[0] / c[1], c[0]));
            });
            System.out.println("main's chance by its phase, the time from the start of its wait to the wait's first "
                    + "forced drop: " + String.join("; ", bands));
            List<Double> shares = lateWindows.stream().filter(w -> w[1] >= MIN_WINDOW_TIMEOUTS)
                    .map(w -> (double) w[0] / w[1]).sorted().toList();
            long lateWakes = lateWindows.stream().mapToLong(w -> w[0]).sum();
            long timedWakes = Math.max(1, lateWindows.stream().mapToLong(w -> w[1]).sum());
            String windowShares = shares.isEmpty() ? "-" : String.format("%.0f / %.0f / %.0f %%",
                    100 * shares.get(shares.size() / 10), 100 * shares.get(shares.size() / 2),
                    100 * shares.get(shares.size() * 9 / 10));
            System.out.printf("main's chance by the requester's timer: woken on time %s; late (%d us past the run's "
                    + "p20 or more) %s; no timed wait ran out just before %s. Late wake-ups: %.0f %% of all; of a 1 s "
                    + "window's, p10 / p50 / p90 %s%n", chance(byLateness[0]), HandoffStats.TimerWakes.LATE_PAST_P20_NS / 1000,
                    chance(byLateness[1]), chance(byLateness[2]), 100.0 * lateWakes / timedWakes, windowShares);
        }
    }

    /** sleeper.py's bands of k, the forced drop of a wait; the last is open. */
    private static final int[][] BANDS = {{1, 2}, {3, 4}, {5, 8}, {9, 16}, {17, 24}, {25, Integer.MAX_VALUE}};
    private static final double[] WINDOWS_S = {1, 2.5};
    private static final int MIN_WINDOW_DROPS = 5;
    /** sleeper.py's phase bands: 0.5 ms wide up to 5 ms, then one for a later first drop or none. */
    private static final long PHASE_STEP_NS = 500_000;
    private static final int PHASE_BANDS = 10;
    private static final int MIN_PHASE_WAITS = 20;
    /**
     * sleeper.py's reading of a timed-out wake-up: its lateness is the wait's length past the 5 ms interval (within
     * sleeper.py's 4.5 to 8 ms), late as {@link HandoffStats.TimerWakes#lateFromNs} says.
     */
    private static final long TIMED_WAIT_NS = 5_000_000;
    private static final long TIMEOUT_MIN_LATE_NS = -500_000, TIMEOUT_MAX_LATE_NS = 3_000_000;
    private static final int MIN_WINDOW_TIMEOUTS = 50;

    private static String chance(long[] c) {
        return c[0] == 0 ? "-" : String.format("%.1f %% of %d", 100.0 * c[1] / c[0], c[0]);
    }

    /** sleeper.py's two lines: main's chance by the forced drop of its wait, and window by window within a run. */
    static void moves(List<Long> dropsPerWait, List<List<long[]>> runs) {
        List<String> bands = new ArrayList<>();
        for (int[] b : BANDS) {
            long reached = 0, taken = 0;
            for (long n : dropsPerWait) {
                reached += Math.max(0, Math.min(n, b[1]) - b[0] + 1);
                if (n >= b[0] && n <= b[1]) taken++;
            }
            bands.add(String.format("%s %.1f %% of %d", b[1] == Integer.MAX_VALUE ? b[0] + "+" : b[0] + "-" + b[1],
                    100.0 * taken / Math.max(1, reached), reached));
        }
        System.out.println("main's chance at the k-th forced drop of its wait: " + String.join("; ", bands));
        List<String> spreads = new ArrayList<>();
        for (double w : WINDOWS_S) spreads.add(String.format("%.2f (%s s)", spread(runs, (long) (w * 1e9)),
                w == Math.rint(w) ? String.valueOf((long) w) : String.valueOf(w)));
        double[] lv = levels(runs, 1_000_000_000L);
        System.out.printf("main's chance window by window within a run: spread %s times chance alone; two levels: "
                + "%.1f %% in %d %% of the 1 s windows, %.1f %% in the rest%n", String.join(" and ", spreads),
                lv[0], Math.round(lv[1]), lv[2]);
    }

    /** Each run's windows of MIN_WINDOW_DROPS drops or more: drops, waits ended; a wait counts where it began. */
    private static List<List<long[]>> windows(List<List<long[]>> runs, long windowNs) {
        List<List<long[]>> out = new ArrayList<>();
        for (List<long[]> waits : runs) {
            Map<Long, long[]> bins = new TreeMap<>();
            for (long[] w : waits) {
                long[] c = bins.computeIfAbsent(w[0] / windowNs, k -> new long[2]);
                c[0] += w[1];
                c[1]++;
            }
            out.add(bins.values().stream().filter(c -> c[0] >= MIN_WINDOW_DROPS).toList());
        }
        return out;
    }

    /** Pearson's chi-squared of the windows against each run's own chance, over its degrees of freedom. */
    private static double spread(List<List<long[]>> runs, long windowNs) {
        double chi = 0;
        int dof = 0;
        for (List<long[]> bins : windows(runs, windowNs)) {
            if (bins.size() < 2) continue;
            double d = 0, t = 0;
            for (long[] c : bins) {
                d += c[0];
                t += c[1];
            }
            double p = t / d;
            for (long[] c : bins) chi += (c[1] - c[0] * p) * (c[1] - c[0] * p) / (c[0] * p * (1 - p));
            dof += bins.size() - 1;
        }
        return chi / Math.max(1, dof);
    }

    /** Two binomial levels fitted to the windows by expectation-maximisation: low %, % of windows at it, high %. */
    private static double[] levels(List<List<long[]>> runs, long windowNs) {
        List<long[]> bins = windows(runs, windowNs).stream().flatMap(List::stream).toList();
        double lo = 0.05, hi = 0.3, w = 0.5;
        double[] r = new double[bins.size()];
        for (int it = 0; it < 500; it++) {
            for (int i = 0; i < r.length; i++) {
                long d = bins.get(i)[0], t = bins.get(i)[1];
                double a = w * Math.pow(lo, t) * Math.pow(1 - lo, d - t);
                double b = (1 - w) * Math.pow(hi, t) * Math.pow(1 - hi, d - t);
                r[i] = a / (a + b);
            }
            double sw = 0, loT = 0, loD = 0, hiT = 0, hiD = 0;
            for (int i = 0; i < r.length; i++) {
                long d = bins.get(i)[0], t = bins.get(i)[1];
                sw += r[i];
                loT += r[i] * t;
                loD += r[i] * d;
                hiT += (1 - r[i]) * t;
                hiD += (1 - r[i]) * d;
            }
            w = sw / r.length;
            lo = loT / loD;
            hi = hiT / hiD;
        }
        return new double[] {100 * lo, 100 * w, 100 * hi};
    }

    /** The rows by the requester's core and their sum, which it returns: drops, then taken by R, main, another. */
    private static int[] table(String heading, Map<String, int[]> byCore) {
        System.out.printf("%-44s %6s %10s %6s %8s%n", heading, "drops", TAKERS[0], TAKERS[1], TAKERS[2]);
        int[] all = new int[4];
        for (var entry : byCore.entrySet()) {
            row(entry.getKey(), entry.getValue());
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
