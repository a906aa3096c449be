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
 * count, p10, p50 and p90, the figures {@code calibrate} reads from a recorded race (docs/calibration.md, section 5).
 * Beside the real races' per-run medians it shows whether a race is quicker than another beyond the two speeds.
 * <pre>
 *   java -cp target/gilsim.jar:/tmp/probes gilsim.validate.GapProbe PROFILE|- SCENARIO [key=value ...]
 * </pre>
 */
public final class GapProbe {
    public static void main(String[] args) {
        ProbeArgs probe = ProbeArgs.of(args);
        Scenario scenario = probe.scenario();
        Params params = probe.params();
        List<HandoffLog> logs = new ArrayList<>();
        for (int seed = 1; seed <= 3; seed++) logs.add(SimSide.run(scenario, params, seed, true).handoffs());
        long[] g = Arrays.stream(HandoffStats.of(logs).crowdedRewaitToDropNs()).filter(x -> x >= 0).sorted().toArray();
        System.out.printf("%s gaps %d p10 %d p50 %d p90 %d ns%n", args[1], g.length, HandoffStats.percentile(g, 10),
                HandoffStats.percentile(g, 50), HandoffStats.percentile(g, 90));
    }
}
