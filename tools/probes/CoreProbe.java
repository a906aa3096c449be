package gilsim.validate;

import gilsim.handoff.HandoffEvent;
import gilsim.handoff.SimHandoffs;
import gilsim.os.OsEvent;
import gilsim.os.RunState;
import gilsim.run.Simulation;
import gilsim.scenario.Params;
import gilsim.scenario.Scenario;
import gilsim.sim.TraceEvent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * tools/handoffs/placement.py's table for the model, over seeds 1 to 4 of 10 s: at each switch whether the taker ran
 * on the core the dropper last ran on, then the crowded forced drops after the requester's re-wait by the other
 * waiters' quiet time, by whether the requester's timed-out wait was called on the holder's core and the newest other
 * waiter's was, with the requester's share, the share with a gap of 2 us or more from its re-wait to the drop, and
 * the share whose holder was off its core at that re-wait; then those drops by who took the GIL, the core it last
 * ran on before the drop and the core it took it on, each against the dropper's; last, placement.py's table (4): the
 * switches by whether the taker ran on the dropper's core and whether the dropper's next call to wait then ran on the
 * taker's (the holder's) core.
 * <pre>
 *   java -cp target/gilsim.jar:/tmp/probes gilsim.validate.CoreProbe PROFILE|- SCENARIO [key=value ...]
 * </pre>
 */
public final class CoreProbe {
    private static final long[] BANDS_US = {0, 200, 800};

    /** A switch: at {@code timeNs} {@code taker} took the GIL that {@code dropper} had held. */
    private record Switch(long timeNs, int taker, int dropper) { }

    /** Each thread's cores over time: the core it was put on, or -1 off every core (SleeperProbe reads it too). */
    static final class Cores implements OsEvent.Listener {
        final Map<Integer, TreeMap<Long, Integer>> byThread = new HashMap<>();

        @Override
        public void onThreadState(OsEvent.ThreadState e) {
            byThread.computeIfAbsent(e.thread(), k -> new TreeMap<>())
                    .put(e.timeNs(), e.state() == RunState.RUNNING ? e.core() : -1);
        }

        @Override
        public void onOther(TraceEvent e) { }

        /** The core the thread runs on at t, or -1. */
        int at(int thread, long t) {
            var f = byThread.get(thread).floorEntry(t);
            return f == null ? -1 : f.getValue();
        }

        /** The core the thread last ran on by t, or -1. */
        int last(int thread, long t) {
            TreeMap<Long, Integer> m = byThread.get(thread);
            for (var f = m.floorEntry(t); f != null; f = m.lowerEntry(f.getKey())) if (f.getValue() >= 0) return f.getValue();
            return -1;
        }
    }

    public static void main(String[] args) {
        ProbeArgs probe = ProbeArgs.of(args);
        Scenario scenario = probe.scenario();
        Params params = probe.params();
        Map<String, int[]> cells = new TreeMap<>();  // drops, requester, gap >= 2 us, holder off
        int sameCore = 0, otherCore = 0, drops = 0;
        // the crowded drops by who took and where, as placement.py's third table
        Map<String, Integer> landings = new TreeMap<>();
        // placement.py's table (4): taker on the dropper's core, the dropper's next wait on the taker's core
        int[][] chain = new int[2][2];
        for (int seed = 1; seed <= 4; seed++) {
            Simulation sim = new Simulation(scenario, params, seed);
            SimHandoffs recorder = new SimHandoffs("sim seed " + seed, sim.threadNames());
            Cores cores = new Cores();
            sim.addListener(recorder);
            sim.addListener(cores);
            sim.run();
            Map<Integer, Integer> switchAtWait = new HashMap<>();
            Map<Integer, Long> inWaitNs = new HashMap<>(), expiredNs = new HashMap<>();
            Map<Integer, Integer> waitCore = new HashMap<>(), expiredCore = new HashMap<>();
            Set<Integer> waiting = new LinkedHashSet<>();
            int switches = 0;
            Integer holder = null, requester = null;
            String cell = null;
            boolean gapLong = false, holderOff = false;
            int dropper = -1;
            long dropNs = 0;
            List<Switch> takes = new ArrayList<>();
            Map<Integer, List<Long>> waitsNs = new HashMap<>();
            for (HandoffEvent e : recorder.log().events()) {
                int n = e.thread();
                switch (e.kind()) {
                    case WAIT -> {
                        waitsNs.computeIfAbsent(n, k -> new ArrayList<>()).add(e.timeNs());
                        switchAtWait.put(n, switches);
                        inWaitNs.put(n, e.timeNs());
                        waitCore.put(n, e.cpu());
                        waiting.add(n);
                    }
                    case TIMED_OUT, WOKEN -> {
                        Long began = inWaitNs.remove(n);
                        if (e.kind() == HandoffEvent.Kind.TIMED_OUT) {
                            expiredNs.put(n, began);
                            expiredCore.put(n, waitCore.get(n));
                            if (Objects.equals(switchAtWait.get(n), switches) && requester == null && holder != null
                                    && holder != n) requester = n;
                        }
                    }
                    case DROP -> {
                        if (requester == null || cell != null || !waiting.contains(requester)
                                || !inWaitNs.containsKey(requester)) break;
                        Integer newest = null;
                        boolean others = false;
                        for (int o : waiting) {
                            if (o != requester && o != n) others = true;
                            if (o != requester && o != n && inWaitNs.containsKey(o)
                                    && (newest == null || inWaitNs.get(o) > inWaitNs.get(newest))) newest = o;
                        }
                        if (!others) break;
                        long rewaitNs = inWaitNs.get(requester);
                        int holderCore = cores.last(n, rewaitNs);
                        long quietUs = newest == null ? 0 : (e.timeNs() - inWaitNs.get(newest)) / 1000;
                        int band = 0;
                        while (band + 1 < BANDS_US.length && quietUs >= BANDS_US[band + 1]) band++;
                        String r = expiredCore.get(requester) == holderCore ? "on the holder's" : "on the other";
                        String o = newest == null ? "-" : waitCore.get(newest) == holderCore ? "on the holder's"
                                : "on the other";
                        cell = String.format("%-12s %-16s %-16s", BANDS_US[band] + "-"
                                + (band + 1 < BANDS_US.length ? BANDS_US[band + 1] : "") + " us", r, o);
                        gapLong = e.timeNs() - rewaitNs >= 2000;
                        dropper = n;
                        dropNs = e.timeNs();
                        holderOff = cores.at(n, rewaitNs) < 0;
                    }
                    case TAKE -> {
                        if (holder != null && holder != n) {
                            if (cores.last(holder, e.timeNs()) == cores.last(n, e.timeNs())) sameCore++;
                            else otherCore++;
                        }
                        if (holder != null && holder != n) takes.add(new Switch(e.timeNs(), n, holder));
                        if (holder == null || holder != n) {
                            if (cell != null) {
                                int[] c = cells.computeIfAbsent(cell, k -> new int[4]);
                                c[0]++;
                                if (n == requester) c[1]++;
                                if (gapLong) c[2]++;
                                if (holderOff) c[3]++;
                                drops++;
                                int dropperCore = cores.last(dropper, dropNs);
                                landings.merge(String.format("%-10s %-22s %-22s", n == requester ? "requester" : "another",
                                        cores.last(n, dropNs) == dropperCore ? "on the dropper's" : "on the other",
                                        cores.last(n, e.timeNs()) == dropperCore ? "on the dropper's" : "on the other"),
                                        1, Integer::sum);
                            }
                            switches++;
                        }
                        holder = n;
                        requester = null;
                        cell = null;
                        waiting.remove(n);
                    }
                    default -> { }
                }
            }
            for (Switch t : takes) {
                List<Long> w = waitsNs.getOrDefault(t.dropper(), List.of());
                int i = Collections.binarySearch(w, t.timeNs());
                if (i < 0) i = -i - 1;
                if (i >= w.size()) continue;
                long nextWaitNs = w.get(i);
                chain[cores.last(t.dropper(), t.timeNs()) == cores.last(t.taker(), t.timeNs()) ? 1 : 0]
                        [cores.last(t.dropper(), nextWaitNs) == cores.last(t.taker(), nextWaitNs) ? 1 : 0]++;
            }
        }
        System.out.printf("switches: the taker on the dropper's core %d, on the other %d (%.0f %%)%n", sameCore,
                otherCore, 100.0 * sameCore / Math.max(1, sameCore + otherCore));
        System.out.printf("%d crowded forced drops after the requester's re-wait, by the other waiters' quiet time, the "
                + "core of the requester's timed-out wait and of the newest other waiter's wait%n", drops);
        System.out.printf("%-12s %-16s %-16s %6s %6s %10s %10s %12s%n", "quiet", "requester wait", "other wait",
                "drops", "share", "requester", "gap>=2us", "holder off");
        for (var entry : cells.entrySet()) {
            int[] c = entry.getValue();
            System.out.printf("%s %6d %5.0f%% %9.0f%% %9.0f%% %11.0f%%%n", entry.getKey(), c[0], 100.0 * c[0] / drops,
                    100.0 * c[1] / c[0], 100.0 * c[2] / c[0], 100.0 * c[3] / c[0]);
        }
        System.out.printf("the same drops by who took the GIL, the core it last ran on before the drop and the core it "
                + "took it on%n%-10s %-22s %-22s %6s %6s%n", "taker", "last ran", "took it", "drops", "share");
        for (var entry : landings.entrySet()) {
            System.out.printf("%s %6d %5.0f%%%n", entry.getKey(), entry.getValue(), 100.0 * entry.getValue() / drops);
        }
        int chained = chain[0][0] + chain[0][1] + chain[1][0] + chain[1][1];
        System.out.println("switches by whether the taker ran on the dropper's core, and the dropper's next call to "
                + "wait on the holder's");
        for (int onDroppers = 1; onDroppers >= 0; onDroppers--) {
            for (int nextOnHolders = 1; nextOnHolders >= 0; nextOnHolders--) {
                System.out.printf("  taker on the dropper's core %-5s next wait on the holder's core %-5s %5d (%4.1f %%)%n",
                        onDroppers == 1 ? "True" : "False", nextOnHolders == 1 ? "True" : "False",
                        chain[onDroppers][nextOnHolders], 100.0 * chain[onDroppers][nextOnHolders] / chained);
            }
        }
    }
}
