package gilsim.validate;

import gilsim.handoff.HandoffLog;
import gilsim.handoff.HandoffStats;
import gilsim.scenario.Params;
import gilsim.scenario.Scenario;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The model's crowded gaps, from the requester's call to wait again to the holder's drop, over seeds 1 to 3: their
 * count, p10, p50 and p90, the figures {@code calibrate} reads from a recorded race (docs/calibration.md, section 5),
 * then the drops band by band of the gap with the requester's share of each, the bands of
 * {@code tools/handoffs/crowd.py} (docs/model.md, "A preempted thread stays where its cache is warm"). Beside the real
 * races' per-run medians it shows whether a race is quicker than another beyond the two speeds.
 * <pre>
 *   java -cp target/gilsim.jar:/tmp/probes gilsim.validate.GapProbe PROFILE|- SCENARIO [key=value ...]
 * </pre>
 */
public final class GapProbe {
    /** The bands' lower bounds, ns; the last runs on without end. */
    private static final long[] BANDS_NS = {0, 250, 500, 750, 1_000, 1_500, 2_000, 3_000, 5_000, 10_000, 20_000};

    public static void main(String[] args) {
        ProbeArgs probe = ProbeArgs.of(args);
        Scenario scenario = probe.scenario();
        Params params = probe.params();
        List<HandoffLog> logs = new ArrayList<>();
        for (int seed = 1; seed <= 3; seed++) logs.add(SimSide.run(scenario, params, seed, true).handoffs());
        long[] g = Arrays.stream(HandoffStats.of(logs).crowdedRewaitToDropNs()).filter(x -> x >= 0).sorted().toArray();
        System.out.printf("%s gaps %d p10 %d p50 %d p90 %d ns%n", args[1], g.length, HandoffStats.percentile(g, 10),
                HandoffStats.percentile(g, 50), HandoffStats.percentile(g, 90));
        List<HandoffStats.CrowdedDrop> drops = new ArrayList<>();
        for (HandoffStats.CrowdedRun run : HandoffStats.crowdedByRun(logs)) drops.addAll(run.each());
        for (int b = 0; b < BANDS_NS.length; b++) {
            long from = BANDS_NS[b], to = b + 1 < BANDS_NS.length ? BANDS_NS[b + 1] : Long.MAX_VALUE;
            List<HandoffStats.CrowdedDrop> in = drops.stream().filter(d -> d.gapNs() >= from && d.gapNs() < to).toList();
            if (in.isEmpty()) continue;
            long won = in.stream().filter(HandoffStats.CrowdedDrop::toRequester).count();
            System.out.printf("  gap %6.2f-%-6s us: %5d drops (%4.1f %%), the requester took it in %3.0f %%%n", from / 1e3,
                    to == Long.MAX_VALUE ? "" : String.format("%.2f", to / 1e3), in.size(),
                    100.0 * in.size() / drops.size(), 100.0 * won / in.size());
        }
    }
}
