package gilsim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.cpython.GilPolicies;
import gilsim.cpython.PythonVersion;
import gilsim.cpython.PythonVersion.GilKind;
import gilsim.cpython.PythonVersions;
import gilsim.cpython.RunFigures;
import gilsim.m0.PoolRule;
import gilsim.m0.PoolSpec;
import gilsim.os.Machine;
import gilsim.os.RunQueue;
import gilsim.os.TimerExpiry;
import gilsim.os.WakeCore;
import gilsim.os.WakeLatency;
import gilsim.scenario.Builtins;
import gilsim.scenario.Key;
import gilsim.scenario.Scenario;
import gilsim.sim.Engine;
import gilsim.sim.RandomStreams;
import gilsim.sim.Trace;
import gilsim.sync.CondVar;
import gilsim.sync.WakeOrder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The seven registries of variants (versions, GIL policies, wake orders, wake cores, timer expiries, run queues, pool
 * rules): each variant carries its own factory, refusal, explanation and docs line, and docs/model.md lists every one
 * of them as registered.
 */
class VariantRegistriesTest {
    private static final RunFigures FIGURES = new RunFigures("3.12", "5ms", "100", false, 11, 7, 5);

    @Test
    void docsListEveryVariantAsRegisteredInOrder() throws IOException {
        List<String> doc = Files.readAllLines(Path.of("docs/model.md")).stream().map(String::strip).toList();
        assertListed(doc, "policies", GilPolicies.all(), GilPolicies.Policy::name, GilPolicies.Policy::docsLine);
        assertListed(doc, "wake orders", Arrays.asList(WakeOrder.values()), o -> o.id, o -> o.docsLine);
        assertListed(doc, "pool rules", Arrays.asList(PoolRule.values()), r -> r.key, r -> r.docsLine);
        assertListed(doc, "wake cores", Arrays.asList(WakeCore.values()), w -> w.id, w -> w.docsLine);
        assertListed(doc, "timer expiries", Arrays.asList(TimerExpiry.values()), e -> e.id, e -> e.docsLine);
        assertListed(doc, "run queues", Arrays.asList(RunQueue.values()), q -> q.id, q -> q.docsLine);
    }

    /** {@code - `NAME`: LINE} for each, on consecutive lines, in registry order. */
    private static <V> void assertListed(List<String> doc, String what, List<V> variants, Function<V, String> name,
                                         Function<V, String> line) {
        List<String> expected = new ArrayList<>();
        for (V v : variants) expected.add("- `" + name.apply(v) + "`: " + line.apply(v));
        int at = doc.indexOf(expected.get(0));
        assertTrue(at >= 0, "docs/model.md does not list the " + what + " from " + expected.get(0));
        assertEquals(expected, doc.subList(at, Math.min(doc.size(), at + expected.size())),
                "docs/model.md's list of " + what + " is not the registry's");
        String after = at + expected.size() < doc.size() ? doc.get(at + expected.size()) : "";
        assertFalse(after.startsWith("- `"), "docs/model.md lists a " + what + " the registry does not have: " + after);
    }

    @Test
    void everyPolicyExplainsARunInOneSentenceOfItsFigures() {
        for (GilPolicies.Policy p : GilPolicies.all()) {
            String s = p.explanation().apply(FIGURES);
            assertTrue(s.endsWith(".") && !s.contains("null") && s.indexOf(". ") < 0, p.name() + ": " + s);
        }
        for (GilKind gil : GilKind.values()) {
            PythonVersion v = PythonVersions.of(PythonVersions.namesWith(gil).get(0));
            String s = v.explanation(GilPolicies.byDefault(), FIGURES);
            assertTrue(s.endsWith(".") && !s.contains("null"), gil + ": " + s);
        }
        // Under ceval_gil the policy explains the run, unless every thread was on one core.
        PythonVersion v312 = PythonVersions.of("3.12");
        GilPolicies.Policy fifo = GilPolicies.of("fifo-ticket");
        assertEquals(fifo.explanation().apply(FIGURES), v312.explanation(fifo, FIGURES));
        RunFigures pinned = new RunFigures("3.12", "5ms", "100", true, 11, 7, 5);
        assertTrue(v312.explanation(fifo, pinned).startsWith("With every thread on one core"));
        // The old GIL and a free-threaded build explain themselves whatever the policy says.
        assertTrue(PythonVersions.of("2.7").explanation(fifo, pinned).startsWith("Under the old GIL"));
        assertEquals(GilPolicies.of("free-threaded").explanation().apply(FIGURES),
                PythonVersions.of("3.13t").explanation(GilPolicies.byDefault(), FIGURES));
    }

    @Test
    void aVersionRefusesExactlyThePoliciesThatDoNotGoWithItsGilAndNamesBoth() {
        for (PythonVersion v : PythonVersions.all()) {
            for (GilPolicies.Policy p : GilPolicies.all()) {
                String why = v.refusal(p);
                if (p.goesWith(v.gil())) {
                    assertNull(why, v.name() + " " + p.name());
                } else {
                    assertTrue(why.contains("python=" + v.name()) && why.contains("policy=" + p.name()), why);
                }
            }
        }
        assertEquals(GilPolicies.names().get(0), GilPolicies.byDefault().name());
        for (GilKind gil : GilKind.values()) assertTrue(GilPolicies.byDefault().goesWith(gil), gil.name());
    }

    @Test
    void aWakeOrderMakesItsOwnConditionVariable() {
        Trace trace = new Trace();
        Machine machine = new Machine(new Engine(1_000), trace, new RandomStreams(1), 2,
                new WakeLatency.Uniform(1_000, 0), 0, 1_000_000);
        for (WakeOrder o : WakeOrder.values()) {
            CondVar cv = CondVar.create("c", machine, trace, o, new RandomStreams(1).stream("o"),
                    new CondVar.WaitEntry(750, 0, new RandomStreams(1).stream("e")));
            assertEquals(o == WakeOrder.GLIBC_GROUPS ? "GroupCondVar" : "QueueCondVar", cv.getClass().getSimpleName());
            assertEquals(o, WakeOrder.byId(o.id));
        }
        assertEquals(WakeOrder.DEFAULT.id, key(Builtins.get("short-release"), "wake_order").defaultValue());
    }

    @Test
    void aPoolRuleIsAKeyOfThePoolAndInertWhereThePoolLacksWhatItActsOn() {
        Scenario pool = Builtins.get("slice-rotation");
        for (PoolRule r : PoolRule.values()) {
            Key k = key(pool, r.key);
            assertEquals(String.valueOf(r.onByDefault), k.defaultValue());
            assertEquals(r.variable + ": " + r.help, k.help());
        }
        PoolSpec four = spec(4, Set.of(PoolRule.TURN, PoolRule.KEEP));
        assertTrue(four.inForce(PoolRule.TURN) && four.inForce(PoolRule.KEEP));
        assertFalse(spec(4, Set.of(PoolRule.KEEP)).inForce(PoolRule.KEEP), "keep acts inside the turn's slice");
        PoolSpec one = spec(1, Set.of(PoolRule.TURN, PoolRule.KEEP));
        assertFalse(one.inForce(PoolRule.TURN) || one.inForce(PoolRule.KEEP), "a pool of one has no turn block");
    }

    private static PoolSpec spec(int threads, Set<PoolRule> rules) {
        return new PoolSpec(threads, 16, 300_000, 75_000, 100_000, 1_000_000, 50_000, 1_000_000, rules);
    }

    private static Key key(Scenario s, String name) {
        return s.key(name);
    }
}
