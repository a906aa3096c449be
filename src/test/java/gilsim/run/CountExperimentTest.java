package gilsim.run;

import gilsim.metrics.Metrics;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.Runs;
import gilsim.metrics.Summary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Beazley's count experiment as the two shipped files run it: each file's header says what it shows and the
 * command that shows it; these tests hold the files to their headers. The counts are shortened with
 * {@code --set count=...} where a test only needs the ratio (the old GIL runs an event per check interval).
 */
class CountExperimentTest {
    private static final long MS = 1_000_000L;
    private static final String SEQUENTIAL = "scenarios/count-sequential.yaml";
    private static final String THREADS = "scenarios/count-threads.yaml";

    private static long simulatedNs(String file, String... sets) {
        Summary s = Runs.run(file, 1, sets);
        return s.simulatedNs();
    }

    @Test
    void theHeadersNameTheCommandsThatShowTheirClaims() throws IOException {
        String seq = Files.readString(Path.of(SEQUENTIAL));
        String thr = Files.readString(Path.of(THREADS));
        assertTrue(seq.contains("#   java -jar target/gilsim.jar run scenarios/count-sequential.yaml --set python=2.7\n"));
        assertTrue(thr.contains("#   java -jar target/gilsim.jar run scenarios/count-threads.yaml --set python=2.7\n"));
        assertTrue(thr.contains("#   java -jar target/gilsim.jar run scenarios/count-threads.yaml\n"));
    }

    @Test
    void sequentialTakesItsTwoSecondsOfPythonUnderEveryGil() {
        // One thread never waits: the old GIL's releases find no waiter and cost nothing.
        for (String python : new String[] {"2.7", "3.1", "3.12", "3.13", "3.13t"}) {
            assertEquals(2_000 * MS, simulatedNs(SEQUENTIAL, "python=" + python), "python=" + python);
        }
    }

    @Test
    void theOldGilsThreadedRunTakesMarkedlyLongerThanSequentialOnTwoCores() {
        // The header's first command, in full (1 s of Python per thread).
        long sequential = simulatedNs(SEQUENTIAL, "python=2.7");
        long threaded = simulatedNs(THREADS, "python=2.7");
        assertTrue(threaded > 1.2 * sequential, "threaded " + threaded + " ns vs sequential " + sequential + " ns; "
                + Runs.replay(THREADS, 1, "python=2.7"));
        // 3.1 had the same GIL.
        assertEquals(threaded, simulatedNs(THREADS, "python=3.1"));
    }

    @Test
    void theNewGilsThreadedRunIsWithinAFewPercentOfSequential() {
        for (String python : new String[] {"3.2", "3.12", "3.13"}) {
            long sequential = simulatedNs(SEQUENTIAL, "python=" + python);
            long threaded = simulatedNs(THREADS, "python=" + python);
            assertTrue(Math.abs(threaded - sequential) < 0.03 * sequential,
                    "python=" + python + ": threaded " + threaded + " ns vs sequential " + sequential + " ns");
        }
    }

    @Test
    void pinnedToOneCoreTheOldGilsWokenWaiterPreemptsTheHolderAndTakesTheGil() {
        Summary s = Runs.run(THREADS, 1, "python=2.7", "pinned=true", "count=100ms");
        // One core: the waiter is woken onto the holder's core, preempts it inside its sem_post and takes the free
        // token; the battle's wasted wake-ups on another core do not happen, so the cost is small.
        assertTrue(s.simulatedNs() < 1.05 * 200 * MS, "pinned: " + s.simulatedNs());
        assertTrue(s.gil().get(Metrics.SWITCHES) > 10, "switches " + s.gil().get(Metrics.SWITCHES));
    }

    @Test
    void freeThreadedRunsBothCountsAtOnce() {
        assertEquals(1_000 * MS, simulatedNs(THREADS, "python=3.13t"));
    }
}
