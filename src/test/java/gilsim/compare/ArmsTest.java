package gilsim.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.Runs;
import gilsim.scenario.Builtins;
import gilsim.scenario.InputError;
import gilsim.scenario.Scenario;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The arms as a library: what the HTML report's {@code --compare} arms and the compare command both run. */
class ArmsTest {
    private static final String SHORT = "duration=200ms";

    @Test
    void theAsIsArmComesFirstAndEachArmIsTheRunOfItsKeys() {
        Scenario s = Builtins.get("short-release");
        Comparison c = Arms.run(s, List.of(SHORT), List.of(Map.of("pinned", "true"),
                Map.of("policy", "paused-budget")), 3, null);
        assertEquals(List.of("as-is", "pinned=true", "policy=paused-budget"),
                c.arms().stream().map(a -> a.arm().label()).toList());
        assertEquals(Runs.run("short-release", 3, SHORT), c.arms().get(0).summary());
        assertEquals(Runs.run("short-release", 3, SHORT, "pinned=true"), c.arms().get(1).summary());
        assertEquals(Runs.run("short-release", 3, SHORT, "policy=paused-budget"), c.arms().get(2).summary());
        assertEquals(List.of("run", "short-release", "--set", SHORT, "--set", "pinned=true", "--seed", "3"),
                c.arms().get(1).runArgs());
        assertNull(c.deltas(c.asIs()));
        // As-is, main starves for the whole run; pinned, it does not: the difference is the fix's gain.
        assertTrue(c.asIs().starves());
        Deltas pinned = c.deltas(c.arms().get(1));
        assertEquals(c.arms().get(1).maxWait().ns() - c.asIs().maxWait().ns(), pinned.maxWaitNs());
        assertTrue(pinned.maxWaitNs() < 0);
    }

    @Test
    void compareRunsEveryPolicyButTheScenariosOwnAndTheKeepRuleForAPool() {
        Scenario pool = Builtins.get("slice-rotation");
        assertEquals(List.of("policy=paused-budget", "policy=fifo-ticket", "policy=free-threaded", "keep=true"),
                labels(PolicyArms.of(pool, pool.params(), PolicyArms.registered())));
        assertEquals(List.of("policy=fifo-ticket"),
                labels(PolicyArms.of(pool, pool.params(List.of("keep=true")), List.of("fifo-ticket"))));
        Scenario sr = Builtins.get("short-release");
        assertEquals(List.of("policy=cpython", "policy=free-threaded"), labels(PolicyArms.of(sr,
                sr.params(List.of("policy=fifo-ticket")), List.of("cpython", "fifo-ticket", "free-threaded"))));
        // The registry's names: a policy registered later is a new arm of every comparison.
        assertEquals(List.of("cpython", "paused-budget", "fifo-ticket", "free-threaded"), PolicyArms.registered());
    }

    @Test
    void aBadArmIsNamedBeforeAnythingRuns() {
        Scenario sr = Builtins.get("short-release");
        InputError unknown = assertThrows(InputError.class,
                () -> Arms.of(sr, List.of(), List.of(Arm.of(Map.of("keep", "true"))), null));
        assertTrue(unknown.getMessage().startsWith("short-release, arm keep=true: unknown key 'keep'"),
                unknown.getMessage());
        InputError value = assertThrows(InputError.class,
                () -> Arms.of(sr, List.of(), List.of(Arm.of(Map.of("work", "fast"))), null));
        assertTrue(value.getMessage().startsWith("short-release, arm work=fast: work=fast: "), value.getMessage());
        InputError together = assertThrows(InputError.class, () -> Arms.of(sr, List.of("python=3.1"),
                List.of(Arm.of(Map.of("policy", "fifo-ticket"))), null));
        assertTrue(together.getMessage().contains("arm policy=fifo-ticket") && together.getMessage().contains("old GIL"),
                together.getMessage());
    }

    @Test
    void aFreeThreadedRunHasNoShareToLose() {
        Scenario sr = Builtins.get("short-release");
        Comparison c = Arms.run(sr, List.of(SHORT), List.of(Map.of("policy", "free-threaded")), 1, null);
        ArmFigures free = c.arms().get(1);
        assertTrue(c.asIs().tookGil());
        assertFalse(free.tookGil());
        Deltas d = c.deltas(free);
        for (Deltas.ThreadDelta t : d.threads()) assertNull(t.gilShare(), t.toString());
        // Its pace is still compared: main runs its rounds, which it never did as-is.
        assertTrue(free.thread("main").roundsPerSecond() > 0);
        assertNull(d.thread("main").roundsPerSecondChange(), "no change from 0 rounds");
    }

    private static List<String> labels(List<Arm> arms) {
        return arms.stream().map(Arm::label).toList();
    }
}
