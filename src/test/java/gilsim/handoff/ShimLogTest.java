package gilsim.handoff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import gilsim.sync.CondVar;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real recording, checked in: one second of the latency scenario (main sleeping 100 ms between 20 us of Python,
 * two threads spinning in Python) on CPython 3.12.1 under the shim, 2026-12-01. The expected figures were computed
 * from the same file by a separate reading written in Python (docs/notes/handoff-indep.py), not by this code.
 */
class ShimLogTest {
    private static final Path DIR = Path.of("src/test/resources/gilsim/handoff");

    static HandoffLog recorded() throws IOException {
        return read(DIR.resolve("lat-3.12.1.txt"));
    }

    /** A shim log of the checked-in run (its threads and window from {@code lat-3.12.1.json}). */
    private static HandoffLog read(Path log) throws IOException {
        JsonNode meta = new ObjectMapper().readTree(DIR.resolve("lat-3.12.1.json").toFile());
        Map<Integer, String> names = new HashMap<>();
        meta.get("threads").fields().forEachRemaining(e -> names.put(e.getValue().asInt(), e.getKey()));
        return ShimLog.read(log, "CPython 3.12.1", names, List.of("main", "bg0", "bg1"),
                meta.get("start_ns").asLong(), meta.get("end_ns").asLong());
    }

    @Test
    void theStatisticsOfARealRecordingAreThoseASeparateReadingFinds() throws IOException {
        HandoffLog log = recorded();
        assertEquals(List.of("main", "bg0", "bg1"), log.threads().subList(0, 3));
        assertEquals(1_000_000_000L, log.durationNs());
        HandoffStats s = HandoffStats.of(List.of(log));
        assertEquals(134, s.takes());
        assertEquals(134, s.switches());
        assertEquals(134, s.drops());
        assertEquals(268, s.timedWaits());
        assertEquals(135, s.timeouts());
        assertEquals(134, s.wakeups());
        assertEquals(0, s.wastedWakeups());
        assertEquals(124, s.requests());
        assertEquals(124, s.forcedDrops());
        assertEquals(116, s.forcedToRequester());
        assertEquals(8, s.forcedToOther());
        assertEquals(47, s.forcedWaits());
        assertEquals(10, s.crowdedForcedDrops());
        assertEquals(2, s.crowdedToRequester());
        assertEquals(8, s.crowdedToOther());
        assertEquals(40, s.mutexBlocks());
        assertEquals(9, s.waitsNs("main").length);
        assertEquals(13_778_761L, s.waitsNs("main")[8]);
        assertEquals(62, s.waitsNs("bg0").length);
        assertEquals(14_705_323L, s.waitsNs("bg0")[61]);
        assertEquals(0, s.crowdedToOtherTimedOut());
        assertEquals(8, s.crowdedToOtherOldestCall());
        long[] back = s.dropperRewaitNs();
        assertEquals(123, back.length);
        assertEquals(List.of(13_329L, 2_862_370L, 6_521_526L), List.of(HandoffStats.percentile(back, 10),
                HandoffStats.percentile(back, 50), HandoffStats.percentile(back, 90)));
        long[] hold = s.forcedHoldNs();
        assertEquals(124, hold.length);
        assertEquals(List.of(7_985_139L, 11_991_305L, 13_947_803L), List.of(HandoffStats.percentile(hold, 50),
                HandoffStats.percentile(hold, 90), HandoffStats.percentile(hold, 99)));
        long[] late = HandoffStats.timedOutLatenessNs(List.of(log), 5_000_000L);
        assertEquals(135, late.length);
        assertEquals(List.of(65_646L, 79_897L, 7_347_116L), List.of(late[0], HandoffStats.percentile(late, 50),
                late[late.length - 1]));
    }

    @Test
    void theGilsObjectsAreFoundByTheirUseNotTheirAddresses() throws IOException {
        // The recording's gil->cond, switch_cond and gil->mutex are at ...1d8, ...230 and ...208 in libpython's
        // _PyRuntime; moved elsewhere (as another build would place them), the log reads the same.
        HandoffLog log = recorded();
        Path moved = Files.createTempFile("gilsim-shim", ".txt");
        try {
            String text = Files.readString(DIR.resolve("lat-3.12.1.txt")).replace("7f5f89e561d8", "55aa00001000")
                    .replace("7f5f89e56208", "55aa00001030").replace("7f5f89e56230", "55aa00001058");
            Files.writeString(moved, text);
            assertEquals(log.events(), read(moved).events());
        } finally {
            Files.delete(moved);
        }
    }

    @Test
    void aVersion2RecordingSaysItDidNotRecordTheMutexAndReadsTheRestTheSame(@TempDir Path dir) throws IOException {
        // The shim of version 2 no longer wraps pthread_mutex_lock: the same calls without the mutex lines, under a
        // version 2 header, give every other figure unchanged and no mutex figure at all (not a zero).
        HandoffLog v1 = recorded();
        Path v2 = dir.resolve("v2.txt");
        StringBuilder b = new StringBuilder();
        for (String line : Files.readAllLines(DIR.resolve("lat-3.12.1.txt"))) {
            if (line.startsWith("gilsim-handoffs 1 ")) line = line.replace("gilsim-handoffs 1 ", "gilsim-handoffs 2 ");
            String[] f = line.split(" ");
            if (f.length == 5 && (f[2].equals("7") || f[2].equals("8"))) continue;
            b.append(line).append('\n');
        }
        Files.writeString(v2, b);
        HandoffLog log = read(v2);
        assertEquals(v1.events().stream().filter(e -> e.kind() != HandoffEvent.Kind.MUTEX_BLOCK).toList(),
                log.events());
        assertTrue(v1.mutexBlocksRecorded());
        assertEquals(false, log.mutexBlocksRecorded());
        HandoffStats one = HandoffStats.of(List.of(v1));
        HandoffStats two = HandoffStats.of(List.of(log));
        assertEquals(40, one.mutexBlocks());
        assertEquals(0, two.mutexBlocks());
        assertEquals(false, two.mutexBlocksRecorded());
        Map<String, Object> a = new LinkedHashMap<>(one.json());
        Map<String, Object> c = new LinkedHashMap<>(two.json());
        assertEquals(40L, a.remove("gil_mutex_blocks"));
        assertTrue(c.containsKey("gil_mutex_blocks"));
        assertEquals(null, c.remove("gil_mutex_blocks"));
        assertEquals(a, c);
        String text = HandoffText.of(List.of(new HandoffText.Side("v1", one), new HandoffText.Side("v2", two)),
                List.of("main"));
        assertTrue(text.lines().anyMatch(l -> l.startsWith("gil->mutex blocks per take") && l.contains("0.299")
                && l.endsWith("not recorded")), text);
    }

    /**
     * A recording of version 3 (the shim with {@code GILSIM_HANDOFF_CPU}): two seconds of the same scenario on
     * 3.12.1, 2026-12-04 23:39, each call to wait stamped with its CPU. The crowded drops' same-core quiet time, as
     * {@code wait_entry_same_core} reads it, against a separate reading in Python over the shim's lines (the same as
     * {@code tools/handoffs/othercpu.py}'s, with the newest call of the other sleepers on the requester's CPU): 29
     * drops after a re-wait, the requester took 10; in 11 (the requester took 5) no other sleeper had called from
     * the requester's CPU; the other 18's quiet times sum to 39,180,934 ns.
     */
    @Test
    void aVersion3RecordingGivesEachCallToWaitItsCpuAndTheSameCoreQuietTime() throws IOException {
        JsonNode meta = new ObjectMapper().readTree(DIR.resolve("lat2-cpu-3.12.1.json").toFile());
        Map<Integer, String> names = new HashMap<>();
        meta.get("threads").fields().forEachRemaining(e -> names.put(e.getValue().asInt(), e.getKey()));
        HandoffLog log = ShimLog.read(DIR.resolve("lat2-cpu-3.12.1.txt"), "CPython 3.12.1", names,
                List.of("main", "bg0", "bg1"), meta.get("start_ns").asLong(), meta.get("end_ns").asLong());
        for (HandoffEvent e : log.events()) {
            boolean wait = e.kind() == HandoffEvent.Kind.WAIT;
            assertTrue(wait ? e.cpu() == 0 || e.cpu() == 1 : e.cpu() == -1, e.toString());
        }
        List<HandoffStats.CrowdedDrop> drops = HandoffStats.of(List.of(log)).crowdedDrops();
        assertEquals(29, drops.size());
        assertEquals(10, drops.stream().filter(HandoffStats.CrowdedDrop::toRequester).count());
        List<HandoffStats.CrowdedDrop> elsewhere = drops.stream()
                .filter(d -> d.sameCoreQuietNs() == CondVar.WaitEntry.QUIET_FOREVER_NS).toList();
        assertEquals(11, elsewhere.size());
        assertEquals(5, elsewhere.stream().filter(HandoffStats.CrowdedDrop::toRequester).count());
        assertEquals(39_180_934L, drops.stream().mapToLong(HandoffStats.CrowdedDrop::sameCoreQuietNs)
                .filter(q -> q != CondVar.WaitEntry.QUIET_FOREVER_NS).sum());
        // Every drop has both quiet times; a version 2 recording of the same calls has no CPUs.
        assertTrue(drops.stream().allMatch(d -> d.sameCoreQuietNs() >= 0 && d.quietNs() >= 0));
        HandoffStats v2 = HandoffStats.of(List.of(recorded()));
        assertTrue(v2.crowdedDrops().stream().allMatch(d -> d.sameCoreQuietNs() == -1));
        // validate's band by band: the last band is the 11 drops with no sleeper on the requester's CPU
        HandoffStats stats = HandoffStats.of(List.of(log));
        List<HandoffStats.QuietBand> bands = stats.byQuiet(true);
        assertEquals(new HandoffStats.QuietBand(0, Long.MAX_VALUE, true, 11, 5),
                bands.get(bands.size() - 1));
        assertEquals(29, bands.stream().mapToLong(HandoffStats.QuietBand::drops).sum());
        assertTrue(HandoffText.byQuiet(stats, true).endsWith(", none on its CPU 45 % of 11"),
                HandoffText.byQuiet(stats, true));
        assertEquals("no CPUs recorded", HandoffText.byQuiet(v2, true));
    }

    @Test
    void aFileThatIsNotARecordingIsRefusedNamingTheLine(@TempDir Path dir) throws IOException {
        Path bad = dir.resolve("bad.txt");
        Files.writeString(bad, "hello\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ShimLog.read(bad, "x", Map.of(), List.of(), 0, 1));
        assertTrue(e.getMessage().startsWith(bad + ":1: not a gilsim hand-off recording"), e.getMessage());
        Files.writeString(bad, "gilsim-handoffs 1 pid 7 records 1 lost 0\n12 7 1\n");
        e = assertThrows(IllegalArgumentException.class, () -> ShimLog.read(bad, "x", Map.of(), List.of(), 0, 1));
        assertTrue(e.getMessage().startsWith(bad + ":2: expected 5 fields"), e.getMessage());
        Files.writeString(bad, "gilsim-handoffs 4 pid 7 records 0 lost 0\n");
        e = assertThrows(IllegalArgumentException.class, () -> ShimLog.read(bad, "x", Map.of(), List.of(), 0, 1));
        assertTrue(e.getMessage().startsWith(bad + ":1: not a gilsim hand-off recording"), e.getMessage());
    }
}
