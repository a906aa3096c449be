package gilsim.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import gilsim.program.Step;
import gilsim.program.Step.Compute;
import gilsim.program.Step.Loop;
import gilsim.program.Step.Release;
import gilsim.program.Step.Sleep;
import gilsim.program.ThreadSpec;
import gilsim.scenario.InputError;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The compiler from thread programs to Python: its text, and one short run of it on the machine's python3. */
class PythonScriptTest {
    private static final long US = 1_000L;
    private static final long MS = 1_000_000L;

    /** The generated function of thread {@code i}: its lines, without the shared runtime around them. */
    private static List<String> body(String script, int i) {
        List<String> lines = Arrays.asList(script.split("\n"));
        int start = lines.indexOf("def thread_" + i + "(mark, end_rounds, compute, release, sleep):");
        assertTrue(start >= 0, "no function for thread " + i + " in:\n" + script);
        List<String> out = new ArrayList<>();
        for (int k = start + 1; k < lines.size() && !lines.get(k).isEmpty(); k++) out.add(lines.get(k));
        return out;
    }

    private static ThreadSpec thread(String name, Step... program) {
        return new ThreadSpec(name, -1, List.of(program));
    }

    @Test
    void eachStepKindBecomesItsCall() {
        String s = PythonScript.compile(List.of(thread("t", new Compute(2 * MS), new Release(3 * US),
                new Sleep(MS))), 5 * MS, 500 * MS);
        assertEquals(List.of("    # thread 't'", "    compute(2000000)", "    release(3000)", "    sleep(1000000)"),
                body(s, 0));
        assertTrue(s.contains("\nDURATION_NS = 500000000\n"), s);
        assertTrue(s.contains("SWITCH_INTERVAL_NS = 5000000  # sys.setswitchinterval\n"), s);
        assertTrue(s.contains("\nRELEASES = [3000]"), "one crc32 buffer per release duration");
        // compute spins in Python on the thread's CPU clock; release is zlib.crc32; sleep is time.sleep
        assertTrue(s.contains("        while c < end:\n            c = cpu()\n"), "the compute spin");
        assertTrue(s.contains("cpu = time.thread_time_ns"), "the thread CPU clock");
        assertTrue(s.contains("CLOCK_THREAD_CPUTIME_ID"), "the 3.6 fallback");
        assertTrue(s.contains("crc = zlib.crc32") && s.contains("        crc(buf)\n"), "the release");
        assertTrue(s.contains("GIL_RELEASE_MIN_BYTES = 5 * 1024 + 1"), "the least buffer crc32 releases the GIL for");
        assertTrue(s.contains("sleep_s(ns / 1e9)"), "the sleep");
        assertFalse(s.contains("@@"), "every placeholder filled");
    }

    @Test
    void theRoundMarkIsInTheOuterLoopOnly() {
        ThreadSpec t = thread("w", new Compute(US),
                new Loop(-1, List.of(new Compute(5 * MS), new Loop(3, List.of(new Release(2 * US),
                        new Loop(-1, List.of(new Sleep(MS))))))),
                new Loop(2, List.of(new Sleep(MS))));
        List<String> b = body(PythonScript.compile(List.of(t), 5 * MS, 100 * MS), 0);
        assertEquals(List.of(
                "    # thread 'w'",
                "    compute(1000)",
                "    while True:  # the round",
                "        mark()",
                "        compute(5000000)",
                "        for _ in range(3):",
                "            release(2000)",
                "            while True:",
                "                sleep(1000000)",
                "    for _ in range(2):",
                "        sleep(1000000)"), b);
    }

    @Test
    void aRoundOfTimesEndsWithAFinalMark() {
        List<String> b = body(PythonScript.compile(List.of(thread("t", new Loop(4, List.of(new Compute(MS))),
                new Sleep(MS))), 5 * MS, 100 * MS), 0);
        assertEquals(List.of("    # thread 't'", "    for _ in range(4):  # the round", "        mark()",
                "        compute(1000000)", "    end_rounds()", "    sleep(1000000)"), b);
    }

    @Test
    void aThreadWithoutLoopHasNoRoundsAndEmptyBodiesPass() {
        String s = PythonScript.compile(List.of(thread("a", new Sleep(MS)), thread("b"),
                thread("c", new Loop(2, List.of()))), 5 * MS, 100 * MS);
        assertFalse(String.join("\n", body(s, 0)).contains("mark()"));
        assertEquals(List.of("    # thread 'b'", "    pass"), body(s, 1));
        assertEquals(List.of("    # thread 'c'", "    for _ in range(2):  # the round", "        mark()",
                "        pass", "    end_rounds()"), body(s, 2));
    }

    @Test
    void pinnedThreadsCarryTheirCore() {
        String s = PythonScript.compile(List.of(new ThreadSpec("main", 0, List.of(new Sleep(MS))),
                new ThreadSpec("worker", 1, List.of(new Compute(MS))), thread("free", new Compute(MS))), 5 * MS, 100 * MS);
        assertTrue(s.contains("THREADS = [\n    ('main', 0, thread_0),\n    ('worker', 1, thread_1),\n"
                + "    ('free', -1, thread_2)\n]"), s);
        assertTrue(s.contains("os.sched_setaffinity(0, {self.core})"), "pinned in the thread itself");
        assertTrue(body(s, 0).get(0).endsWith("pinned to core 0"));
    }

    @Test
    void namesAreEscapedSafely() {
        String name = "it's a \"name\"\\\n# ''' \u00e9\ud83d\ude00";
        String lit = PythonScript.literal(name);
        assertEquals("'it\\x27s a \"name\"\\x5c\\x0a# \\x27\\x27\\x27 \\xe9\\U0001f600'", lit);
        String s = PythonScript.compile(List.of(thread(name, new Compute(MS))), 5 * MS, 100 * MS);
        assertTrue(s.contains("    # thread " + lit + "\n"), "the comment is one line");
        assertFalse(s.contains("\u00e9"), "the script is ASCII");
    }

    @Test
    void loopsNestedDeeperThanPythonTakesAreRefused() {
        Step deep = new Compute(MS);
        for (int i = 0; i < PythonScript.MAX_LOOP_DEPTH; i++) deep = new Loop(2, List.of(deep));
        PythonScript.compile(List.of(thread("ok", deep)), 5 * MS, 100 * MS);
        Step deeper = new Loop(2, List.of(deep));
        InputError e = assertThrows(InputError.class,
                () -> PythonScript.compile(List.of(thread("deep", deeper)), 5 * MS, 100 * MS));
        assertTrue(e.getMessage().startsWith("thread deep: its loops nest 19 deep"), e.getMessage());
    }

    /** Runs the script for 300 ms on python3: its JSON has the threads, their rounds and the calibration. */
    @Test
    void theScriptRunsOnPython3AndPrintsOneJsonObject() throws Exception {
        Path python = RealRunTest.python3();
        String odd = "wo'rk\"er\u00e9";
        // Every thread sleeps in each round, so none holds the GIL for long and none starves (a thread that
        // computes 2 ms between releases of 1 us, without sleeping, would starve the sleepers: CPython #161868).
        List<ThreadSpec> threads = List.of(
                thread("main", new Loop(-1, List.of(new Sleep(MS), new Compute(200 * US)))),
                thread(odd, new Loop(-1, List.of(new Compute(2 * MS), new Sleep(MS)))),
                thread("once", new Loop(3, List.of(new Loop(2, List.of(new Sleep(MS)))))),
                thread("releaser", new Loop(-1, List.of(new Release(100), new Sleep(MS)))));
        String script = PythonScript.compile(threads, 5 * MS, 300 * MS, 100 * MS);
        RealRun.Result r = RealRun.exec(List.of(python.toString(), "-I", "-c", script), 20_000);
        assertEquals(0, r.exit(), "python3 at " + python + " failed: " + r.stderr());
        assertEquals(1, r.stdout().strip().split("\n").length, "one line of JSON: " + r.stdout());
        JsonNode root = new ObjectMapper().readTree(r.stdout());
        assertEquals(4, root.get("threads").size());
        assertEquals("main", root.get("threads").get(0).get("name").asText());
        assertEquals(odd, root.get("threads").get(1).get("name").asText(), "the name survives the round trip");
        for (int i : new int[] {0, 1, 3}) {
            JsonNode t = root.get("threads").get(i);
            assertTrue(t.get("round_ns").size() >= 2, "rounds of " + t.get("name") + ": " + t);
            assertTrue(t.get("cpu_ns").asLong() > 0, t.toString());
        }
        // the loop of 3 passes ends long before the deadline: exactly three rounds of two sleeps each
        JsonNode once = root.get("threads").get(2).get("round_ns");
        assertEquals(3, once.size(), once.toString());
        for (JsonNode n : once) assertTrue(n.asLong() >= 2 * MS, once.toString());
        assertTrue(root.get("threads").get(2).get("open_round_ns").isNull(), "its round loop ended, none is open");
        JsonNode cal = root.get("calibration");
        assertTrue(cal.get("crc32_bytes_per_ns").asDouble() > 0, cal.toString());
        JsonNode buffer = cal.get("buffers").get(0);
        assertEquals(100, buffer.get("nominal_ns").asLong());
        assertTrue(buffer.get("raised").asBoolean(), "100ns of crc32 is under 5 KiB, so it is raised: " + cal);
        assertEquals(5121, buffer.get("bytes").asLong());
        assertTrue(root.get("wall_ns").asLong() >= 300 * MS, root.get("wall_ns").toString());
        assertEquals("MainThread", root.get("barrier_last").asText(),
                "the process's main thread arrives last at the barrier, so it never waits for the GIL in the run");
        assertTrue(root.get("steps").has("compute") && root.get("steps").has("release")
                && root.get("steps").has("sleep"), root.get("steps").toString());
    }

    /**
     * A run ends with its last thread: here a sleeper that wakes 200 ms past the deadline, long after the spinner
     * stopped at its first step boundary past it. The spinner's rounds cover its run to its own stop, so it does not
     * starve; read to the run's end, as until 2026-12-06, the sleeper's last sleep would have counted as its round.
     */
    @Test
    void aThreadThatStoppedOnTimeDoesNotStarveWhileASleeperFinishesItsSleep() throws Exception {
        Path python = RealRunTest.python3();
        List<ThreadSpec> threads = List.of(
                thread("sleeper", new Loop(-1, List.of(new Sleep(250 * MS), new Compute(20 * US)))),
                thread("spinner", new Loop(-1, List.of(new Compute(MS)))));
        Observation o = RealRun.run(python, PythonScript.compile(threads, 5 * MS, 300 * MS), 20_000);
        Observation.ThreadRounds spinner = o.threads().get(1);
        assertTrue(spinner.stoppedNs() >= 300 * MS && spinner.stoppedNs() < o.wallNs() - 150 * MS,
                "the spinner stopped on time, the sleeper some 200 ms later: stopped " + spinner.stoppedNs()
                        + " of a run of " + o.wallNs());
        long threshold = 101 * MS; // starve_after 100ms plus the spinner's nominal round
        assertEquals(0, Comparison.side(List.of(o), 1, threshold, true).starvedRuns(), "read to its own stop");
        Observation toTheEnd = new Observation("real", "old", o.wallNs(), List.of(o.threads().get(0),
                new Observation.ThreadRounds("spinner", spinner.roundNs(), spinner.cpuShare())), o.steps());
        assertEquals(1, Comparison.side(List.of(toTheEnd), 1, threshold, true).starvedRuns(), "read to the run's end");
    }

    @Test
    void locksAndQueuesBecomeThreadingLocksAndQueuesAndHoldsAndDistributionsAreRefused() {
        String s = PythonScript.compile(List.of(
                thread("producer", new Loop(-1, List.of(new Sleep(MS), new Step.Put("jobs")))),
                thread("consumer", new Loop(-1, List.of(new Step.Get("jobs"), new Step.Lock("cache"),
                        new Compute(MS), new Step.Unlock("cache"))))), 5 * MS, 100 * MS);
        assertEquals(List.of("    # thread 'consumer'", "    while True:  # the round", "        mark()",
                "        get('jobs')", "        acquire('cache')", "        compute(1000000)",
                "        release_lock('cache')"), body(s, 1));
        assertTrue(s.contains("\nLOCKS = ['cache']  # threading.Lock objects, by name\n"), s);
        assertTrue(s.contains("\nQUEUES = ['jobs']  # queue.Queue objects, by name\n"), s);
        InputError hold = assertThrows(InputError.class, () -> PythonScript.compile(List.of(
                thread("c", new Step.Hold(MS))), 5 * MS, 100 * MS));
        assertTrue(hold.getMessage().startsWith("thread c: a hold step cannot run as plain Python"), hold.getMessage());
        InputError dist = assertThrows(InputError.class, () -> PythonScript.compile(List.of(
                thread("c", new Release(new gilsim.program.Dist.Uniform(2 * US, 4 * US)))), 5 * MS, 100 * MS));
        assertTrue(dist.getMessage().startsWith("a release drawn from a distribution cannot run as plain Python")
                && dist.getMessage().contains("3000ns"), dist.getMessage());
    }

    @Test
    void drawnComputesAndSleepsDrawFromTheThreadsOwnStream() {
        String s = PythonScript.compile(List.of(thread("t", new Compute(MS)), thread("d", new Loop(-1, List.of(
                new Compute(new gilsim.program.Dist.Exponential(2 * MS)),
                new Sleep(new gilsim.program.Dist.Uniform(US, 20 * US)),
                new Compute(new gilsim.program.Dist.Samples(List.of(MS, 3 * MS))),
                new Sleep(new gilsim.program.Dist.Quantiles(List.of(0.0, 1.0), List.of(MS, 2 * MS))))))),
                5 * MS, 100 * MS);
        assertEquals(List.of("    # thread 't'", "    compute(1000000)"), body(s, 0), "a fixed thread draws nothing");
        assertEquals(List.of("    # thread 'd'", "    rng = random.Random(2)", "    while True:  # the round",
                "        mark()", "        compute(int(round(rng.expovariate(1.0 / 2000000))))",
                "        sleep(rng.randint(1000, 20000))", "        compute(rng.choice((1000000, 3000000,)))",
                "        sleep(quantile_draw(rng, (0.0, 1.0), (1000000, 2000000)))"), body(s, 1));
    }

    @Test
    void aQueueThatArrivalsFillIsReadFromTheSendersPipeAndAnswersAreCompiled() {
        String s = PythonScript.compile(List.of(
                thread("accept", new Loop(-1, List.of(new gilsim.program.Step.Get("net"), new Compute(MS),
                        new gilsim.program.Step.Put("work")))),
                thread("worker", new Loop(-1, List.of(new gilsim.program.Step.Get("work"), new Compute(MS),
                        new gilsim.program.Step.Answer())))),
                List.of(new PythonScript.Arrival(3 * MS, "net"), new PythonScript.Arrival(5 * MS, "net")),
                5 * MS, 100 * MS, 10 * MS);
        assertTrue(s.contains("get_request('net')"), s);
        assertTrue(s.contains("get('work')") && s.contains("put('work')") && s.contains("answer()"), s);
        assertTrue(s.contains("ARRIVAL_QUEUES = ['net']"), s);
        assertTrue(s.contains("ARRIVALS = [(3000000, 0), (5000000, 0)]"), s);
        assertTrue(s.contains("QUEUES = ['work']"), "the arrivals' queue is a pipe, not a queue.Queue: " + s);
    }
}
