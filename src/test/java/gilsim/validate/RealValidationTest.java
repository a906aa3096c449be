package gilsim.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import gilsim.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/**
 * {@code gilsim validate} against the real {@code python3} of this machine, checking only what noise cannot flip.
 * Whether the real main thread of the #161868 reproducer starves moves with the machine's load (other processes
 * break the stall: docs/model.md), so it is not asserted; what the GIL itself guarantees is: main gets at most one
 * round per release of the CPU-bound worker, far below its nominal rate. With work=6ms every real round stays under
 * 20 ms against a 106 ms threshold. Needs python3 3.6 or later on the PATH (every machine of this kind has it).
 */
class RealValidationTest {
    private static JsonNode validate(String... sets) throws Exception {
        return validateScenario("short-release", sets);
    }

    private static JsonNode validateScenario(String scenario, String... sets) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        // --force: the check below is one noise cannot flip, and a test never passes by skipping a busy machine.
        String[] base = {"validate", scenario, "--duration", "1s", "--repeat", "1", "--json", "--force"};
        String[] args = new String[base.length + 2 * sets.length];
        System.arraycopy(base, 0, args, 0, base.length);
        for (int i = 0; i < sets.length; i++) {
            args[base.length + 2 * i] = "--set";
            args[base.length + 2 * i + 1] = sets[i];
        }
        int code = Main.execute(args, new PrintWriter(out), new PrintWriter(err));
        // 0: the verdicts agree; 1: they disagree, which a test on a loaded machine may see; 2: it could not run.
        assertTrue(code == 0 || code == 1, "gilsim " + String.join(" ", args)
                + " (python3 3.6+ must be on the PATH)\n" + err + out);
        return new ObjectMapper().readTree(out.toString());
    }

    private static String verdict(JsonNode report, String thread, String side) {
        for (JsonNode t : report.get("interpreters").get(0).get("threads")) {
            if (t.get("name").asText().equals(thread)) return t.get("verdict_" + side).asText();
        }
        throw new AssertionError("no thread " + thread + " in " + report);
    }

    private static JsonNode thread(JsonNode report, String thread) {
        for (JsonNode t : report.get("interpreters").get(0).get("threads")) {
            if (t.get("name").asText().equals(thread)) return t;
        }
        throw new AssertionError("no thread " + thread + " in " + report);
    }

    @Test
    void theReproducerHoldsMainFarBelowItsNominalRateOnRealCPythonAndStarvesItInTheModel() throws Exception {
        JsonNode r = validate();
        assertEquals("starves", verdict(r, "main", "sim"));
        assertEquals("fair", verdict(r, "worker", "real"), r.toString());
        assertEquals("fair", verdict(r, "worker", "sim"));
        // Nominal: one round per 1.002 ms (998 a second). Under the GIL main needs the worker to release it for
        // every round, once per 2 ms at most, so no load can lift it past 500 a second; a quiet machine gives 0-30.
        double realRate = thread(r, "main").get("real").get("rounds_per_s").get("mean").asDouble();
        assertTrue(realRate < 0.75 * 998, "real main rounds/s " + realRate + "\n" + r);
        assertTrue(thread(r, "worker").get("real").get("rounds_per_s").get("mean").asDouble() > 100, r.toString());
    }

    /**
     * A service's accept thread spends CPU outside its compute step in every round: its get reads the arrivals' pipe
     * after a select, its put is a queue.Queue.put, each some microseconds of Python and system call (21 to 22 us a
     * request on this project's VM, docs/validation.md). No load makes that less than a microsecond.
     */
    @Test
    void aServicesCallsSpendCpuOutsideItsComputeSteps() throws Exception {
        JsonNode r = validateScenario("scenarios/thread-pool-service.yaml", "rate=200");
        JsonNode accept = null;
        for (JsonNode t : r.get("interpreters").get(0).get("cpu_outside_steps")) {
            if (t.get("thread").asText().equals("accept")) accept = t;
        }
        assertTrue(accept != null && accept.get("rounds").asLong() > 50
                && accept.get("cpu_per_round_ns").asDouble() > 1_000, "accept: " + accept + "\n" + r);
    }

    @Test
    void workPastTheSwitchIntervalIsFairOnBothSides() throws Exception {
        JsonNode r = validate("work=6ms");
        assertEquals("fair", verdict(r, "main", "real"), r.toString());
        assertEquals("fair", verdict(r, "main", "sim"));
    }
}
