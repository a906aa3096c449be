package gilsim.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.random.Well19937c;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import org.junit.jupiter.api.Test;

/** {@code run --seeds N}: means with 95 % confidence intervals, held against Commons Math on the runs themselves. */
class RunSeedsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] SETS = {"--set", "pinned=true", "--set", "preempt_percent=88", "--set",
            "duration=500ms"};

    private static JsonNode run(String... extra) throws IOException {
        String[] args = new String[3 + SETS.length + extra.length];
        args[0] = "run";
        args[1] = "short-release";
        args[2] = "--json";
        System.arraycopy(SETS, 0, args, 3, SETS.length);
        System.arraycopy(extra, 0, args, 3 + SETS.length, extra.length);
        Cli r = Cli.run(args);
        assertEquals(0, r.code(), r.err());
        return JSON.readTree(r.out());
    }

    @Test
    void tenSeedsGiveTheMeanAndTheStudentTIntervalOfTheTenRuns() throws IOException {
        JsonNode all = run("--seeds", "10", "--seed", "3");
        assertEquals(10, all.get("runs").asInt());
        assertEquals(3, all.get("seeds").get(0).asLong());
        assertEquals(12, all.get("seeds").get(1).asLong());
        // The same ten runs one at a time, and their statistics by Commons Math.
        for (String[] field : new String[][] {{"threads", "wakeups_lost"}, {"run", "switches"},
                {"threads", "wait_max_ns"}}) {
            SummaryStatistics st = new SummaryStatistics();
            for (int seed = 3; seed <= 12; seed++) {
                JsonNode one = run("--seed", Integer.toString(seed));
                JsonNode v = field[0].equals("run") ? one.get("gil").get(field[1])
                        : one.get("threads").get(0).get(field[1]);
                st.addValue(v.asDouble());
            }
            JsonNode stat = field[0].equals("run") ? all.get("run").get(field[1])
                    : all.get("threads").get(0).get(field[1]);
            double half = new TDistribution(new Well19937c(1), 9).inverseCumulativeProbability(0.975)
                    * st.getStandardDeviation() / Math.sqrt(10);
            String what = field[1] + " " + stat;
            assertEquals(10, stat.get("n").asInt(), what);
            assertEquals(st.getMean(), stat.get("mean").asDouble(), 1.0, what);
            assertEquals(Math.max(0, st.getMean() - half), stat.get("ci95_low").asDouble(), 1.0, what);
            assertEquals(st.getMean() + half, stat.get("ci95_high").asDouble(), 1.0, what);
            assertEquals(st.getMin(), stat.get("min").asDouble(), 1e-9, what);
            assertEquals(st.getMax(), stat.get("max").asDouble(), 1e-9, what);
        }
        assertTrue(all.get("threads").get(0).get("wakeups_lost").get("max").asDouble()
                > all.get("threads").get(0).get("wakeups_lost").get("min").asDouble(), "the seeds differ");
    }

    @Test
    void manySeedsRefuseWhatTellsOfOneRun() {
        Cli r = Cli.run("run", "short-release", "--seeds", "3", "--narrate", "0s..1ms");
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("gilsim: --seeds 3 summarises many runs"), r.err());
        assertEquals(2, Cli.run("run", "short-release", "--seeds", "0").code());
    }
}
