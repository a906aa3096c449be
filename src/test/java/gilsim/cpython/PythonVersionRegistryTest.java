package gilsim.cpython;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import gilsim.cpython.PythonVersion.DropRequestScope;
import gilsim.cpython.PythonVersion.GilKind;
import gilsim.cpython.PythonVersion.LockKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The registry of versions: one descriptor each, with the facts other models will read and its refusals. */
class PythonVersionRegistryTest {
    @Test
    void everyNameOfTheContractIsRegisteredOnceInOrder() {
        List<String> expected = new ArrayList<>(List.of("2.7", "3.1"));
        for (int minor = 2; minor <= 15; minor++) expected.add("3." + minor);
        expected.addAll(List.of("3.13t", "3.14t", "3.15t"));
        assertEquals(expected, PythonVersions.names());
        assertEquals(expected, PythonVersions.all().stream().map(PythonVersion::name).toList());
        assertEquals("3.12", PythonVersions.DEFAULT);
        assertThrows(IllegalArgumentException.class, () -> PythonVersions.of("3.16"));
    }

    @Test
    void eachVersionRunsItsGil() {
        assertEquals(List.of("2.7", "3.1"), PythonVersions.namesWith(GilKind.OLD));
        assertEquals(List.of("3.13t", "3.14t", "3.15t"), PythonVersions.namesWith(GilKind.NONE));
        assertEquals(GilKind.CEVAL, PythonVersions.of("3.14").gil());
        assertEquals(GilKind.CEVAL, PythonVersions.of("3.15").gil());
        assertEquals(14, PythonVersions.namesWith(GilKind.CEVAL).size());
    }

    @Test
    void theDropRequestMovedToTheThreadAndTheLockToPyMutexIn313() {
        for (PythonVersion v : PythonVersions.all()) {
            int minor = Integer.parseInt(v.name().replace("t", "").split("\\.")[1]);
            boolean from313 = v.name().startsWith("3.") && minor >= 13;
            DropRequestScope scope = v.gil() == GilKind.OLD ? DropRequestScope.NONE
                    : from313 ? DropRequestScope.THREAD : DropRequestScope.INTERPRETER;
            assertEquals(scope, v.dropRequest(), v.name());
            assertEquals(from313 ? LockKind.PYMUTEX : LockKind.SEMAPHORE, v.lock(), v.name());
        }
        assertEquals(DropRequestScope.INTERPRETER, PythonVersions.of("3.12").dropRequest());
        assertEquals(DropRequestScope.THREAD, PythonVersions.of("3.14").dropRequest());
        assertEquals(LockKind.PYMUTEX, PythonVersions.of("3.14t").lock());
        assertEquals(LockKind.SEMAPHORE, PythonVersions.of("2.7").lock());
    }

    @Test
    void onlyVersionsRunBesideARealInterpreterAreMarkedValidated() {
        assertEquals("3.12.1", PythonVersions.of("3.12").validatedWith());
        assertEquals("docs/validation.md", PythonVersions.of("3.12").validatedIn());
        assertEquals("2.7.18", PythonVersions.of("2.7").validatedWith());
        for (String modelled : List.of("3.1", "3.5", "3.14", "3.15", "3.13t", "3.14t", "3.15t")) {
            PythonVersion v = PythonVersions.of(modelled);
            assertFalse(v.validated(), modelled);
            assertNull(v.validatedIn(), modelled);
            assertEquals("python=" + modelled + " is modelled from its source; no " + modelled
                    + " interpreter was at hand to validate against", v.unvalidatedNote());
        }
        assertNull(PythonVersions.of("3.13").unvalidatedNote());
        for (PythonVersion v : PythonVersions.all()) {
            assertFalse(v.sources().isBlank(), v.name() + " names no source");
            if (v.validated()) assertTrue(Files.exists(Path.of(v.validatedIn())), v.validatedIn());
        }
        // A descriptor cannot claim another version's interpreter, nor a validation without its page.
        assertThrows(IllegalArgumentException.class, () -> new PythonVersion("3.14", GilKind.CEVAL,
                DropRequestScope.THREAD, LockKind.PYMUTEX, "3.13.0", "docs/validation.md", "x"));
        assertThrows(IllegalArgumentException.class, () -> new PythonVersion("3.14", GilKind.CEVAL,
                DropRequestScope.THREAD, LockKind.PYMUTEX, "3.14.0", null, "x"));
    }

    /** Where pyenv is (the project's machines), a version marked validated names an interpreter installed there. */
    @Test
    void aValidatedVersionNamesAnInterpreterInstalledHere() {
        String root = System.getenv().getOrDefault("PYENV_ROOT", System.getProperty("user.home") + "/.pyenv");
        Path versions = Path.of(root, "versions");
        assumeTrue(Files.isDirectory(versions), "no pyenv here");
        for (PythonVersion v : PythonVersions.all()) {
            if (v.validated()) assertTrue(Files.isDirectory(versions.resolve(v.validatedWith())), v.validatedWith());
        }
    }

    @Test
    void theRefusalsNameBothKeysAndTheWayOut() {
        for (String t : List.of("3.13t", "3.14t", "3.15t")) {
            String why = PythonVersions.problem(t, "fifo-ticket");
            assertTrue(why.startsWith("python=" + t + " is free-threaded"), why);
            assertTrue(why.contains("policy=fifo-ticket"), why);
            assertTrue(why.endsWith("set python=" + t.substring(0, t.length() - 1)), why);
            assertNull(PythonVersions.problem(t, "free-threaded"));
            assertNull(PythonVersions.problem(t, "cpython"));
        }
        for (String v : List.of("3.14", "3.15")) {
            for (String policy : GilPolicies.names()) assertNull(PythonVersions.problem(v, policy), v + " " + policy);
        }
        assertTrue(PythonVersions.problem("3.1", "paused-budget").contains("has the old GIL"));
    }
}
