package gilsim.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The narration tells the #161868 story: the worker's drop wakes main, which finds the GIL re-taken and waits again. */
class NarrationTest {
    private static final String WINDOW = "10ms..16ms";

    private static List<String> narrate(String... sets) {
        String[] args = new String[5 + 2 * sets.length];
        args[0] = "run";
        args[1] = "short-release";
        args[2] = "--set";
        args[3] = "duration=20ms";
        args[4] = "--narrate=" + WINDOW;
        for (int i = 0; i < sets.length; i++) {
            args[5 + 2 * i] = "--set";
            args[6 + 2 * i] = sets[i];
        }
        Cli r = Cli.run(args);
        assertEquals(0, r.code(), r.err());
        return r.out().lines().toList();
    }

    @Test
    void mainIsWokenThenFindsTheGilRetakenAndWaitsAgain() {
        List<String> lines = narrate();
        int wake = indexOf(lines, "worker drops the GIL; the signal wakes main (the only waiter)");
        int retake = indexOf(lines, "worker takes the GIL back at once: a re-take, no switch");
        int again = indexOf(lines, "main was woken but finds the GIL taken again by worker; it waits again "
                + "(alone in the queue), a timed wait of 5.0 ms");
        assertTrue(wake < retake && retake < again, String.join("\n", lines));
        assertTrue(lines.stream().noneMatch(l -> l.contains("hand-off")), "no hand-off to main in this window");
    }

    @Test
    void linesCarryTimesInsideTheWindowOnly() {
        for (String line : narrate()) {
            if (line.isEmpty()) break; // the summary follows a blank line
            double s = Double.parseDouble(line.substring(0, line.indexOf(" s  ")));
            assertTrue(s >= 0.010 && s < 0.016, line);
        }
    }

    @Test
    void pausedBudgetTellsTheTimeoutTheDropRequestAndTheForcedSwitch() {
        String text = String.join("\n", narrate("policy=paused-budget", "duration=40ms")).replace(WINDOW, "");
        assertTrue(text.contains("main asks worker to drop the GIL"), text);
        assertTrue(text.contains("forced switch"), text);
        assertTrue(text.contains("main takes the GIL after waiting"), text);
        assertTrue(text.contains("a hand-off from worker"), text);
    }

    /** A scenario lock's story: who waits for it, whom a release wakes or hands it to, and who takes it. */
    @Test
    void aLockIsHandedToItsParkedWaiterOn313AndTakenBackByItsReleaserOn312() {
        Cli r = Cli.run("run", "scenarios/lock-contention.yaml", "--set", "duration=20ms", "--set", "python=3.13",
                "--narrate=4ms..16ms");
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        int parks = indexOf(lines, "t-2 finds lock L held by t-1 and waits for it, without the GIL");
        // Each thread holds the lock for 1 ms of Python, so a parked waiter has waited about that long when the lock
        // is released: the release hands it over (TIME_TO_BE_FAIR_NS, Python/lock.c) rather than waking it to race.
        int handed = -1;
        for (int i = 0; i < lines.size() && handed < 0; i++) {
            if (lines.get(i).matches(".* t-1 releases lock L and hands it to t-2, who has waited 1\\.\\d ms, over 1 ms "
                    + "\\(a PyMutex's fair hand-off\\)")) handed = i;
        }
        assertTrue(parks >= 0 && parks < handed, String.join("\n", lines));
        assertTrue(lines.stream().noneMatch(l -> l.contains("t-2 takes lock L")), "a hand-off is told once");

        r = Cli.run("run", "scenarios/lock-contention.yaml", "--set", "duration=20ms", "--set", "python=3.12",
                "--narrate=4ms..8ms");
        assertEquals(0, r.code(), r.err());
        String text = r.out();
        assertTrue(text.contains("t-1 releases lock L and wakes t-2, who must still take it itself"), text);
        assertTrue(!text.contains("hands it to"), "a semaphore hands nothing over: " + text);
    }

    @Test
    void aBadWindowIsOneLineAndExitTwo() {
        for (String bad : List.of("5ms", "x..2ms", "3ms..1ms", "3s..4s")) {
            Cli r = Cli.run("run", "short-release", "--set", "duration=1s", "--narrate", bad);
            assertEquals(2, r.code(), bad + ": " + r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(r.err().contains("--narrate " + bad), r.err());
            assertFalse(r.err().contains("Exception"), r.err());
        }
    }

    private static int indexOf(List<String> lines, String text) {
        for (int i = 0; i < lines.size(); i++) if (lines.get(i).contains(text)) return i;
        throw new AssertionError("no line with '" + text + "' in:\n" + String.join("\n", lines));
    }
}
