package gilsim.cpython;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which threading.Lock each python value names, decided in one place. */
class LockVersionsTest {
    @Test
    void aSemaphoreThrough312AndAPyMutexFrom313WithTheFreeThreadedBuildsSpinning() {
        for (String v : List.of("2.7", "3.1", "3.2", "3.9", "3.10", "3.11", "3.12")) {
            assertFalse(LockVersions.pyMutex(v), v);
            assertEquals("semaphore", LockVersions.model(v), v);
            assertEquals(0, LockVersions.maxSpins(v), v);
        }
        for (String v : List.of("3.13", "3.14", "3.15")) {
            assertTrue(LockVersions.pyMutex(v), v);
            assertEquals("pymutex", LockVersions.model(v), v);
            assertEquals(0, LockVersions.maxSpins(v), v + ": MAX_SPIN_COUNT is 0 with the GIL");
        }
        for (String v : List.of("3.13t", "3.14t", "3.15t")) {
            assertTrue(LockVersions.pyMutex(v), v);
            assertEquals(40, LockVersions.maxSpins(v), v);
        }
        for (String v : List.of("3.12t", "3.20", "4.0", "3", "3.13x", "")) assertFalse(LockVersions.pyMutex(v), v);
    }

    @Test
    void everyAcceptedVersionHasALockModel() {
        for (String v : PythonVersions.names()) {
            boolean from313 = v.startsWith("3.") && Integer.parseInt(v.substring(2).replace("t", "")) >= 13;
            assertEquals(from313, LockVersions.pyMutex(v), v);
        }
    }
}
