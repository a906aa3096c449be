package gilsim.cli;

import static gilsim.cli.BadInputTest.assertRejected;
import static gilsim.cli.BadInputTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input for {@code python} and the old GIL's keys: one line on stderr naming the keys, exit 2. */
class PythonVersionInputTest {
    @TempDir
    Path dir;

    @Test
    void onlyTheDocumentedVersionsAreAccepted() {
        for (String bad : new String[] {"3.0", "3.16", "2.6", "3", "3.12.1", "3.13T", "py3.12", "3.13 t", "",
                "3.12t", "3.14.0", "3.15tt", "2.7t"}) {
            assertRejected(run("run", "short-release", "--set", "python=" + bad), "python", "2.7, 3.1, 3.2",
                    "3.15, 3.13t, 3.14t, 3.15t");
        }
        for (String good : new String[] {"2.7", "3.1", "3.2", "3.9", "3.12", "3.13", "3.13t", "3.14", "3.15", "3.14t",
                "3.15t"}) {
            String[] r = run("run", "short-release", "--set", "python=" + good, "--set", "duration=20ms", "--json");
            assertEquals("0", r[0], good + ": " + r[2]);
        }
    }

    @Test
    void theOldGilTakesNoHandOffPolicyAndTheFreeThreadedBuildNone() {
        assertRejected(run("run", "short-release", "--set", "python=2.7", "--set", "policy=fifo-ticket"),
                "python=2.7", "policy=fifo-ticket");
        assertRejected(run("run", "short-release", "--set", "policy=paused-budget", "--set", "python=3.1"),
                "python=3.1", "policy=paused-budget");
        assertRejected(run("run", "short-release", "--set", "python=3.13t", "--set", "policy=fifo-ticket"),
                "python=3.13t", "policy=fifo-ticket");
        assertEquals("0", run("run", "short-release", "--set", "python=3.13t", "--set", "policy=free-threaded",
                "--set", "duration=20ms")[0]);
        assertEquals("0", run("run", "short-release", "--set", "python=3.5", "--set", "policy=fifo-ticket",
                "--set", "duration=20ms")[0]);
    }

    @Test
    void theNewFreeThreadedBuildsTakeNoHandOffPolicyEitherAndTheNewGilBuildsTakeEvery() {
        String[] r = run("run", "short-release", "--set", "python=3.14t", "--set", "policy=fifo-ticket");
        assertRejected(r, "python=3.14t", "policy=fifo-ticket", "set python=3.14");
        assertEquals("gilsim: --set python=3.14t --set policy=fifo-ticket: python=3.14t is free-threaded and has no "
                + "GIL to hand off: policy=fifo-ticket varies the GIL of 3.2 and later; drop policy or set "
                + "python=3.14", r[2].strip());
        assertRejected(run("run", "short-release", "--set", "policy=paused-budget", "--set", "python=3.15t"),
                "python=3.15t", "policy=paused-budget", "set python=3.15");
        for (String python : new String[] {"3.14", "3.15"}) {
            for (String policy : new String[] {"paused-budget", "fifo-ticket", "free-threaded"}) {
                assertEquals("0", run("run", "short-release", "--set", "python=" + python, "--set",
                        "policy=" + policy, "--set", "duration=20ms")[0], python + " " + policy);
            }
        }
        assertEquals("0", run("run", "short-release", "--set", "python=3.15t", "--set", "policy=free-threaded",
                "--set", "duration=20ms")[0]);
    }

    @Test
    void aFileThatPairsTheOldGilWithAPolicyIsRefusedAtItsLine() throws IOException {
        Path f = dir.resolve("old.yaml");
        Files.writeString(f, "name: old\nparams:\n  python: 2.7\n  policy: fifo-ticket\nthreads:\n  - name: a\n"
                + "    program:\n      - compute: 1ms\n");
        assertRejected(run("run", f.toString()), f + ":3", "python=2.7", "policy=fifo-ticket");
    }

    @Test
    void theOldGilsKeysKeepTheirLimits() {
        assertRejected(run("run", "short-release", "--set", "checkinterval=-1"), "checkinterval", "at least 0");
        assertRejected(run("run", "short-release", "--set", "checkinterval=2147483648"), "checkinterval",
                "at most 2147483647");
        assertRejected(run("run", "short-release", "--set", "tick=0ns"), "tick", "at least 1ns");
        assertRejected(run("run", "short-release", "--set", "tick=2ms"), "tick", "at most 1ms");
        assertRejected(run("run", "short-release", "--set", "sem_wake=5 us"), "sem_wake");
        assertRejected(run("run", "short-release", "--set", "sem_retry=-1us"), "sem_retry");
    }
}
