package gilsim.run;

import gilsim.metrics.Figures;
import gilsim.metrics.Metrics;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.Runs;
import gilsim.metrics.Summary;
import org.junit.jupiter.api.Test;

/** The shipped example file: the I/O thread pays about one switch interval per packet. */
class ConvoyTest {
    @Test
    void eachPacketCostsAboutOneSwitchInterval() {
        Summary s = Runs.run("scenarios/convoy.yaml", 1);
        Figures io = s.thread("io");
        // Alone it would handle about 2 s / (100 us + 20 us) = 16,000 packets; the convoy allows ~2 s / 5 ms.
        assertTrue(io.get(Metrics.GIL_ACQUISITIONS) < 500 && io.get(Metrics.GIL_ACQUISITIONS) > 300, "io took "
                + io.get(Metrics.GIL_ACQUISITIONS));
        assertTrue(io.get(Metrics.WAIT_P50_NS) >= 5_000_000L, "io's median wait " + io.get(Metrics.WAIT_P50_NS));
        Summary faster = Runs.run("scenarios/convoy.yaml", 1, "interval=1ms");
        assertTrue(faster.thread("io").get(Metrics.GIL_ACQUISITIONS) > 3 * io.get(Metrics.GIL_ACQUISITIONS),
                "a shorter interval should shorten the convoy");
    }
}
