package gilsim.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import gilsim.program.Step.Compute;
import gilsim.program.Step.Loop;
import gilsim.program.Step.Sleep;
import gilsim.program.ThreadSpec;
import gilsim.scenario.InputError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Running on a real interpreter: each way it can fail is one line, and a short real run reads right. */
class RealRunTest {
    private static final long MS = 1_000_000L;

    @TempDir
    Path tmp;

    /** The machine's python3; every machine of this kind has one, so its absence fails the test, saying so. */
    static Path python3() {
        try {
            return Interpreters.find("python3");
        } catch (InputError e) {
            return fail("these tests need python3 on the PATH (every gilsim machine has one): " + e.getMessage());
        }
    }

    private static InputError refused(Path python, String script, long timeoutMs) {
        InputError e = assertThrows(InputError.class, () -> RealRun.run(python, script, timeoutMs));
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        assertTrue(e.getMessage().startsWith("--python " + python), e.getMessage());
        return e;
    }

    private Path executable(String name, String text) throws IOException {
        Path p = tmp.resolve(name);
        Files.writeString(p, text);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        return p;
    }

    @Test
    void aMissingInterpreter() {
        InputError e = refused(tmp.resolve("no-such-python"), "pass", 5_000);
        assertTrue(e.getMessage().endsWith(": no such file"), e.getMessage());
    }

    @Test
    void aFileThatIsNotExecutable() throws IOException {
        Path p = tmp.resolve("python");
        Files.writeString(p, "#!/bin/sh\n");
        assertTrue(refused(p, "pass", 5_000).getMessage().endsWith(": not executable"));
        assertTrue(refused(tmp, "pass", 5_000).getMessage().contains("a directory"));
    }

    @Test
    void binLsIsNotPython() {
        Path ls = Path.of("/bin/ls");
        InputError e = refused(ls, "pass", 5_000);
        assertTrue(e.getMessage().startsWith("--python /bin/ls: not a Python interpreter"), e.getMessage());
    }

    @Test
    void tooOldIsRefusedBeforeTheScriptRuns() throws IOException {
        Path old = executable("python2.7", "#!/bin/sh\necho '[2, 7, 18]'\n");
        InputError e = refused(old, "pass", 5_000);
        assertTrue(e.getMessage().contains("Python 2.7.18 is too old for a real run: it needs Python 3.6 or newer"),
                e.getMessage());
    }

    @Test
    void aRunPastItsTimeLimitIsKilledWithItsChildren() throws IOException {
        Path pidFile = tmp.resolve("child.pid");
        String script = "import subprocess, time\n"
                + "p = subprocess.Popen(['sleep', '60'])\n"
                + "open(" + PythonScript.literal(pidFile.toString()) + ", 'w').write(str(p.pid))\n"
                + "time.sleep(60)\n";
        long t0 = System.nanoTime();
        InputError e = refused(python3(), script, 1_500);
        long tookMs = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(e.getMessage().contains("did not finish within 1.5 s; killed"), e.getMessage());
        assertTrue(tookMs < 5_000, "took " + tookMs + " ms");
        long child = Long.parseLong(Files.readString(pidFile).strip());
        boolean alive = ProcessHandle.of(child).map(RealRun::running).orElse(false);
        assertFalse(alive, "the interpreter's child " + child + " outlived the time limit");
    }

    @Test
    void malformedOutput() {
        InputError e = refused(python3(), "print('hello')", 10_000);
        assertTrue(e.getMessage().endsWith("the real run printed no result gilsim can read: 'hello'"),
                e.getMessage());
        e = refused(python3(), "print('{\"gilsim_real_run\": 1, \"threads\": [{}], \"wall_ns\": 5}')", 10_000);
        assertTrue(e.getMessage().endsWith("no field 'round_ns'"), e.getMessage());
        e = refused(python3(), "pass", 10_000);
        assertTrue(e.getMessage().endsWith("printed no result gilsim can read: nothing"), e.getMessage());
    }

    @Test
    void failuresAndRefusalsOfTheScript() {
        InputError e = refused(python3(), "import sys\nsys.stderr.write('boom\\n')\nsys.exit(5)", 10_000);
        assertTrue(e.getMessage().endsWith("the real run exited with status 5: boom"), e.getMessage());
        e = refused(python3(), "import sys\nsys.stderr.write('gilsim: core 7 is not yours\\n')\nsys.exit(3)",
                10_000);
        assertTrue(e.getMessage().endsWith(": core 7 is not yours"), e.getMessage());
        String unpinnable = PythonScript.compile(List.of(new ThreadSpec("main", 4096, List.of(new Sleep(MS)))), 5 * MS,
                100 * MS, 10 * MS);
        e = refused(python3(), unpinnable, 10_000);
        assertTrue(e.getMessage().contains("thread \"main\" is pinned to core 4096, which this process may not use"),
                e.getMessage());
    }

    /**
     * Two threads, 600 ms: a sleeper {@code loop: [compute: 2ms, sleep: 1ms]} beside a CPU-bound
     * {@code loop: [compute: 5ms]}. Only what load cannot flip is checked: rounds happen, their medians are within
     * 0.5x-20x of the nominal, compute's own CPU time is close to its nominal, a sleep is never short, and the two
     * threads' CPU shares add up to at most one CPU (the GIL).
     */
    @Test
    void aShortRealRunOfTwoThreads() {
        List<ThreadSpec> threads = List.of(
                new ThreadSpec("sleeper", -1, List.of(new Loop(-1, List.of(new Compute(2 * MS), new Sleep(MS))))),
                new ThreadSpec("spinner", -1, List.of(new Loop(-1, List.of(new Compute(5 * MS))))));
        Path python = python3();
        Observation o = RealRun.run(python, PythonScript.compile(threads, 5 * MS, 600 * MS, 100 * MS), 30_000);
        assertEquals("real", o.side());
        assertTrue(o.label().matches("\\w+ 3\\.\\d+\\.\\d+ \\(/.+\\)"), o.label());
        assertTrue(o.wallNs() >= 600 * MS && o.wallNs() < 10_000 * MS, "wall " + o.wallNs());
        assertEquals(List.of("sleeper", "spinner"), o.threads().stream().map(Observation.ThreadRounds::name).toList());
        long[] nominal = {3 * MS, 5 * MS};
        double shares = 0;
        for (int i = 0; i < 2; i++) {
            Observation.ThreadRounds t = o.threads().get(i);
            assertTrue(t.roundNs().size() >= 3, t.name() + ": " + t.roundNs());
            List<Long> sorted = new ArrayList<>(t.roundNs());
            Collections.sort(sorted);
            long median = sorted.get(sorted.size() / 2);
            assertTrue(median >= nominal[i] / 2 && median <= 20 * nominal[i],
                    t.name() + ": median round " + median + " ns against " + nominal[i]);
            assertTrue(t.cpuShare() > 0 && t.cpuShare() <= 1, t.name() + ": " + t.cpuShare());
            shares += t.cpuShare();
        }
        assertTrue(shares <= 1.1, "two threads under one GIL used " + shares + " CPUs");
        Observation.StepAccuracy compute = step(o, "spinner compute");
        assertTrue(compute.count() >= 6, compute.toString());
        assertTrue(compute.meanNs() >= compute.nominalNs() && compute.meanNs() <= 2 * compute.nominalNs(),
                "compute is spun on the thread's CPU clock: " + compute);
        Observation.StepAccuracy sleep = step(o, "sleeper sleep");
        assertEquals(MS, sleep.nominalNs());
        assertTrue(sleep.meanNs() >= MS && sleep.meanNs() <= 1_000 * MS, sleep.toString());
        // The machine around the run, as the script read it (Linux: /proc/loadavg and /proc/stat).
        Observation.Machine m = o.machine();
        assertTrue(m.loadBefore() >= 0 && m.loadAfter() >= 0, m.toString());
        assertTrue(m.hostSteal() >= 0 && m.hostSteal() <= 1, m.toString());
        // ... and the CPU it ran on, as /proc/cpuinfo names it
        assertTrue(m.cpu() != null && !m.cpu().isBlank(), m.toString());
    }

    private static Observation.StepAccuracy step(Observation o, String kind) {
        return o.steps().stream().filter(s -> s.step().equals(kind)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind + " in " + o.steps()));
    }

    @Test
    void pyenvVersionsResolveToTheNewestPatch() throws IOException {
        for (String v : List.of("3.9.18", "3.10.2", "3.10.13", "3.13.0", "3.13.0t", "2.7.18")) {
            Path bin = tmp.resolve("pyenv/versions/" + v + "/bin");
            Files.createDirectories(bin);
            executable("pyenv/versions/" + v + "/bin/python", "#!/bin/sh\n");
        }
        Files.createDirectories(tmp.resolve("pyenv/versions/3.14.0/bin")); // no interpreter in it
        Path pathDir = Files.createDirectories(tmp.resolve("bin"));
        executable("bin/mypython", "#!/bin/sh\n");
        Interpreters in = new Interpreters(Map.of("PYENV_ROOT", tmp.resolve("pyenv").toString(),
                "PATH", "/nonexistent:" + pathDir), tmp.resolve("home"));
        Path versions = tmp.resolve("pyenv/versions");
        assertEquals(List.of("2.7.18", "3.9.18", "3.10.2", "3.10.13", "3.13.0", "3.13.0t"), in.installed());
        assertEquals(versions.resolve("3.10.13/bin/python"), in.resolve("3.10"));
        assertEquals(versions.resolve("3.10.2/bin/python"), in.resolve("3.10.2"));
        assertEquals(versions.resolve("3.13.0/bin/python"), in.resolve("3.13"), "not the free-threaded build");
        assertEquals(versions.resolve("3.13.0t/bin/python"), in.resolve("3.13.0t"));
        assertEquals(versions.resolve("3.13.0/bin/python"), in.resolve("3"));
        assertEquals(pathDir.resolve("mypython"), in.resolve("mypython"));
        Path direct = versions.resolve("3.9.18/bin/python");
        assertEquals(direct, in.resolve(direct.toString()));
        InputError e = assertThrows(InputError.class, () -> in.resolve("3.11"));
        assertEquals("--python 3.11: no such command on the PATH and no pyenv version matches (pyenv versions "
                + "installed: 2.7.18, 3.9.18, 3.10.2, 3.10.13, 3.13.0, 3.13.0t)", e.getMessage());
        e = assertThrows(InputError.class, () -> in.resolve("~/nothing/python"));
        assertEquals("--python ~/nothing/python: no such file", e.getMessage());
    }

    @Test
    void theDefaultIsPython3OnThePath() {
        Path p = python3();
        assertEquals(List.of(p), Interpreters.defaults());
        int[] v = RealRun.version(p);
        assertTrue(v[0] == 3 && v[1] >= 6, "python3 is " + v[0] + "." + v[1]);
    }

    /** The scenario's switch interval is the interpreter's: the script sets it and reports what CPython kept. */
    @Test
    void theScriptRunsWithTheScenariosSwitchInterval() throws IOException {
        List<ThreadSpec> threads = List.of(new ThreadSpec("t", -1, List.of(new Compute(MS))));
        Path script = Files.createTempFile("gilsim-interval-", ".py");
        try {
            Files.writeString(script, PythonScript.compile(threads, 1_234_000, 20 * MS, 10 * MS));
            RealRun.Result r = RealRun.exec(List.of(python3().toString(), script.toString()), 30_000);
            assertEquals(0, r.exit(), r.stderr());
            assertTrue(r.stdout().contains("\"switch_interval_ns\": 1234000,"), r.stdout());
        } finally {
            Files.deleteIfExists(script);
        }
    }

    /**
     * A producer and a consumer over a queue, and a lock around the consumer's work, for real: items flow (the
     * consumer completes rounds), and a thread blocked on the empty queue at the deadline stops instead of hanging.
     */
    @Test
    void aQueueAndALockRunForRealAndABlockedGetterStopsAtTheDeadline() {
        List<ThreadSpec> threads = List.of(
                new ThreadSpec("producer", -1, List.of(new Loop(5, List.of(new Sleep(MS), new gilsim.program.Step.Put("q"))))),
                new ThreadSpec("consumer", -1, List.of(new Loop(-1, List.of(new gilsim.program.Step.Get("q"),
                        new gilsim.program.Step.Lock("l"), new Compute(MS / 2), new gilsim.program.Step.Unlock("l"))))));
        Observation o = RealRun.run(python3(), PythonScript.compile(threads, 5 * MS, 400 * MS, 50 * MS), 30_000);
        Observation.ThreadRounds consumer = o.threads().get(1);
        // Five items: the consumer's sixth pass waits on the empty queue until the deadline stops it.
        assertEquals(5, consumer.roundNs().size(), consumer.toString());
        assertTrue(o.wallNs() < 5_000 * MS, "wall " + o.wallNs());
        // The consumer alone takes the lock, five times, never from another thread and never for long.
        assertEquals(1, o.locks().size(), o.locks().toString());
        Observation.LockUse l = o.locks().get(0);
        assertEquals(List.of("consumer", "l", 5L, 0L), List.of(l.thread(), l.lock(), l.acquisitions(), l.tookFromOther()),
                l.toString());
        assertTrue(l.waitMaxNs() > 0 && l.waitMaxNs() < 50 * MS && l.waitTotalNs() >= l.waitMaxNs(), l.toString());
    }

    /**
     * Requests sent at their times by the script's sender child reach the thread that reads their queue, through a
     * stage, and are answered: every one of five, each after at least its 2 ms of Python; a server blocked on the
     * empty pipe at the deadline stops.
     */
    @Test
    void arrivalsReachTheServerThroughAStageAndEachAnswerIsTimed() {
        List<ThreadSpec> threads = List.of(
                new ThreadSpec("accept", -1, List.of(new Loop(-1, List.of(new gilsim.program.Step.Get("net"),
                        new Compute(MS / 10), new gilsim.program.Step.Put("work"))))),
                new ThreadSpec("worker", -1, List.of(new Loop(-1, List.of(new gilsim.program.Step.Get("work"),
                        new Compute(2 * MS), new gilsim.program.Step.Answer())))));
        List<PythonScript.Arrival> arrivals = new ArrayList<>();
        for (long at : List.of(10L, 40L, 70L, 100L, 130L)) arrivals.add(new PythonScript.Arrival(at * MS, "net"));
        long durationNs = 400 * MS;
        Observation o = RealRun.withSchedule(RealRun.run(python3(), PythonScript.compile(threads, arrivals, 5 * MS,
                durationNs, 50 * MS), 30_000), arrivals.stream().map(PythonScript.Arrival::timeNs).toList(), durationNs);
        Observation.Requests r = o.requests();
        assertEquals(5, r.arrived(), r.toString());
        assertEquals(5, r.answered(), r.toString());
        for (long ns : r.latencyNs()) assertTrue(ns >= 2 * MS && ns < durationNs, r.toString());
        assertTrue(o.wallNs() < 5_000 * MS, "wall " + o.wallNs());
    }
}
