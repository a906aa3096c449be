package gilsim.validate;

import gilsim.handoff.HandoffEvent;
import gilsim.handoff.HandoffLog;
import gilsim.handoff.HandoffStats;
import gilsim.scenario.Params;
import gilsim.scenario.Scenario;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The model's crowded hand-offs over seeds 1 to 4 of 10 s, in the figures docs/model.md compares with real traces:
 * the requester's share of the crowded forced drops, the share whose other waiters last called wait under 200 us
 * before the drop (and over 3.2 ms), the drop requests made by a thread other than the holder's predecessor, the
 * timed waits' lateness past their 5 ms, and the longest round of any thread.
 * <pre>
 *   javac -cp target/gilsim.jar -d /tmp/probes tools/probes/*.java
 *   java -cp target/gilsim.jar:/tmp/probes gilsim.validate.HandoffProbe PROFILE|- SCENARIO [key=value ...]
 * </pre>
 */
public final class HandoffProbe {
    public static void main(String[] args) {
        ProbeArgs probe = ProbeArgs.of(args);
        Scenario scenario = probe.scenario();
        Params params = probe.params();
        long intervalNs = params.ns("interval");
        List<HandoffLog> logs = new ArrayList<>();
        List<Long> latenessNs = new ArrayList<>();
        long longestNs = 0, requests = 0, byOther = 0;
        for (int seed = 1; seed <= 4; seed++) {
            SimSide.Run run = SimSide.run(scenario, params, seed, true);
            logs.add(run.handoffs());
            for (var t : run.observation().threads()) {
                for (long r : t.roundNs()) longestNs = Math.max(longestNs, r);
            }
            // A timeout asks for a drop when no switch came since its wait began; who asks, against the holders.
            List<Integer> holders = new ArrayList<>();
            Map<Integer, Long> lastTimeoutNs = new HashMap<>();
            Map<Integer, Integer> switchAtWait = new HashMap<>();
            int switches = 0;
            Integer holder = null;
            for (HandoffEvent e : run.handoffs().events()) {
                switch (e.kind()) {
                    case WAIT -> switchAtWait.put(e.thread(), switches);
                    case TIMED_OUT -> {
                        Long previous = lastTimeoutNs.put(e.thread(), e.timeNs());
                        if (previous != null) latenessNs.add(e.timeNs() - previous - intervalNs);
                        if (holder != null && holder != e.thread()
                                && Objects.equals(switchAtWait.get(e.thread()), switches)) {
                            requests++;
                            boolean predecessor = holders.size() > 1 && holders.get(holders.size() - 2) == e.thread();
                            if (!predecessor) byOther++;
                        }
                    }
                    case TAKE -> {
                        holders.add(e.thread());
                        holder = e.thread();
                        switches++;
                        lastTimeoutNs.remove(e.thread());
                    }
                    case DROP -> holder = null;
                    default -> { }
                }
            }
        }
        long drops = 0, won = 0, quiet = 0, long_ = 0;
        for (HandoffStats.CrowdedRun run : HandoffStats.crowdedByRun(logs)) {
            drops += run.drops();
            won += run.toRequester();
            for (HandoffStats.CrowdedDrop d : run.each()) {
                if (d.quietNs() >= 0 && d.quietNs() < 200_000) quiet++;
                if (d.quietNs() > 3_200_000) long_++;
            }
        }
        long[] late = latenessNs.stream().mapToLong(Long::longValue).sorted().toArray();
        System.out.printf("%s: requester %.0f %% of %d crowded drops; other waiters' last wait under 200 us before the "
                        + "drop %.0f %%, over 3.2 ms %.0f %%; drop requests by a non-predecessor %d of %d; timed waits "
                        + "late p10 / p50 / p90 %.0f / %.0f / %.0f us; longest round %.0f ms%n",
                scenario.name(), 100.0 * won / drops, drops, 100.0 * quiet / drops, 100.0 * long_ / drops, byOther,
                requests, late[late.length / 10] / 1e3, late[late.length / 2] / 1e3, late[9 * late.length / 10] / 1e3,
                longestNs / 1e6);
    }
}
