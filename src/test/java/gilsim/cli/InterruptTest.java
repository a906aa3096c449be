package gilsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM or SIGINT to a working command, in a JVM of its own as a user runs it: a real {@code validate} loses its
 * Python child at once and leaves no temporary file; a {@code search} writing its CSV leaves no half file. Each exits
 * 143 or 130 with one line. The real side needs python3 on the PATH (every machine of this kind has it).
 */
class InterruptTest {
    @TempDir
    Path tmp;

    @TempDir
    Path work;

    @Test
    void sigtermStopsARealValidateAndItsPythonChildAndLeavesNoTemporaryFile() throws Exception {
        Process jvm = gilsim("validate", "short-release", "--python", "python3", "--duration", "60s", "--repeat", "1",
                "--force");
        ProcessHandle python = awaitChild(jvm, "gilsim-real-");
        assertTrue(listing(tmp).stream().anyMatch(f -> f.startsWith("gilsim-real-")), "the run's files: " + listing(tmp));
        jvm.destroy(); // SIGTERM
        assertTrue(jvm.waitFor(30, TimeUnit.SECONDS), "the JVM did not end within 30 s of SIGTERM");
        String err = Files.readString(work.resolve("err"));
        assertEquals(143, jvm.exitValue(), err);
        assertOneInterruptLine(err, "stopped 1 child process");
        assertTrue(python.onExit().toCompletableFuture().isDone() || !alive(python),
                "the Python child " + python.pid() + " outlived the interrupt");
        assertEquals(List.of(), listing(tmp), "temporary files left behind");
    }

    @Test
    void sigintStopsASearchAndLeavesNoHalfWrittenCsv() throws Exception {
        Process jvm = gilsim("search", "slice-rotation", "--over", "threads=2..8", "--over", "view=100us..900us",
                "--examples", "100000", "--jobs", "1", "--csv", work.resolve("search.csv").toString());
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        // The CSV is streamed to a temporary file beside it from the first configuration on.
        while (listing(work).stream().noneMatch(f -> f.endsWith(".part"))) {
            if (System.nanoTime() > until || !jvm.isAlive()) fail("the search never began its CSV: " + listing(work));
            Thread.sleep(50);
        }
        new ProcessBuilder("kill", "-INT", Long.toString(jvm.pid())).start().waitFor();
        assertTrue(jvm.waitFor(30, TimeUnit.SECONDS), "the JVM did not end within 30 s of SIGINT");
        String err = Files.readString(work.resolve("err"));
        assertEquals(130, jvm.exitValue(), err);
        assertOneInterruptLine(err, "stopped 0 child processes");
        assertEquals(List.of("err", "out"), listing(work), "a half-written CSV or its temporary file was left");
    }

    private Process gilsim(String... args) throws IOException {
        // A shell without job control starts its background commands with SIGINT ignored, and a JVM that inherits an
        // ignored SIGINT never installs its handler: the test would then wait out the signal it sent. env puts both
        // signals back to their default, as a user's terminal has them, whoever started this test.
        List<String> cmd = new ArrayList<>(List.of("env", "--default-signal=INT,TERM",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + tmp, "-Djava.awt.headless=true", "-cp", System.getProperty("java.class.path"),
                "gilsim.cli.Main"));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).directory(work.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(work.resolve("out").toFile()).redirectError(work.resolve("err").toFile()).start();
    }

    /** The first process below {@code jvm} whose command line names {@code marker}: the real run's interpreter. */
    private static ProcessHandle awaitChild(Process jvm, String marker) throws Exception {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < until && jvm.isAlive()) {
            Optional<ProcessHandle> child = jvm.descendants()
                    .filter(h -> h.info().commandLine().orElse("").contains(marker)).findFirst();
            if (child.isPresent()) return child.get();
            Thread.sleep(50);
        }
        fail("no child process running " + marker + " appeared (is python3 on the PATH?)");
        return null;
    }

    private static void assertOneInterruptLine(String err, String detail) {
        List<String> lines = err.lines().filter(l -> !l.startsWith("gilsim validate: warning:")).toList();
        assertEquals(1, lines.size(), "one line on stderr: " + err);
        assertTrue(lines.get(0).startsWith("gilsim: interrupted; ") && lines.get(0).contains(detail), err);
        assertTrue(!err.contains("Exception") && !err.contains("\tat "), err);
    }

    /** Alive and not a zombie waiting for init to reap it. */
    private static boolean alive(ProcessHandle h) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (System.nanoTime() < until) {
            if (!h.isAlive()) return false;
            try {
                String stat = Files.readString(Path.of("/proc/" + h.pid() + "/stat"));
                if (stat.charAt(stat.lastIndexOf(')') + 2) == 'Z') return false;
            } catch (IOException e) {
                return false;
            }
            Thread.sleep(50);
        }
        return true;
    }

    private static List<String> listing(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
