package gilsim.run;

import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.Runs;
import gilsim.metrics.Summary;
import org.junit.jupiter.api.Test;

/** The shipped example file: the I/O thread pays about one switch interval per packet. */
class ConvoyTest {
    @Test
    void eachPacketCostsAboutOneSwitchInterval() {
        Summary s = Runs.run("scenarios/convoy.yaml", 1);
        Summary.ThreadSummary io = s.thread("io");
        // Alone it would handle about 2 s / (100 us + 20 us) = 16,000 packets; the convoy allows ~2 s / 5 ms.
        assertTrue(io.gilAcquisitions() < 500 && io.gilAcquisitions() > 300, "io took " + io.gilAcquisitions());
        assertTrue(io.waitP50Ns() >= 5_000_000L, "io's median wait " + io.waitP50Ns());
        Summary faster = Runs.run("scenarios/convoy.yaml", 1, "interval=1ms");
        assertTrue(faster.thread("io").gilAcquisitions() > 3 * io.gilAcquisitions(),
                "a shorter interval should shorten the convoy");
    }
}
