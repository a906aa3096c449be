package gilsim.handoff;

import gilsim.handoff.HandoffEvent.Kind;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads what the recording shim ({@code handoff_shim.c}) wrote: one line per pthread call, {@code T TID KIND
 * ADDRESS RC}, after a header line. It finds the GIL's objects among the process's condition variables and mutexes
 * by how CPython uses them:
 * <ul>
 *   <li>{@code gil->cond} is the condition variable with the most timed waits (take_gil's {@code COND_TIMED_WAIT});
 *       with none, the lower of the two most signalled;</li>
 *   <li>{@code gil->switch_cond} is the most signalled other condition variable above it in memory: take_gil signals
 *       it once per take, and {@code struct _gil_runtime_state} declares {@code cond}, {@code mutex},
 *       {@code switch_cond}, {@code switch_mutex} in that order (3.2 to 3.15);</li>
 *   <li>{@code gil->mutex} is the mutex between the two.</li>
 * </ul>
 * A signal on {@code gil->cond} is a drop, one on {@code switch_cond} a take, an untimed wait on {@code switch_cond}
 * a forced dropper's wait. Version 3 of the format (the shim with {@code GILSIM_HANDOFF_CPU} set) has a call to
 * wait's CPU in its RC field. Calls on other objects (none in a compiled scenario: its locks and queues are semaphores)
 * are left out.
 */
public final class ShimLog {
    static final int SIGNAL = 1;
    static final int TWAIT = 3;
    static final int TWAIT_END = 4;
    static final int WAIT = 5;
    static final int MUTEX_BLOCK = 7;
    /** errno's ETIMEDOUT on Linux. */
    static final int ETIMEDOUT = 110;

    private ShimLog() {}

    /** A raw line: a pthread call on an object. */
    record Call(long tNs, int tid, int kind, long object, int rc) {}

    /**
     * @param names   kernel thread id to the scenario's thread name; other threads are named by their id, the
     *                process's first thread "MainThread"
     * @param order   the scenario's thread names, which come first in the log's thread list
     * @param startNs the run's start on CLOCK_MONOTONIC; calls before it are left out
     * @param endNs   its end; calls after it are left out
     * @throws IOException when the file cannot be read
     * @throws IllegalArgumentException when it is not the shim's output (the message says what is wrong)
     */
    public static HandoffLog read(Path file, String source, Map<Integer, String> names, List<String> order,
                                  long startNs, long endNs) throws IOException {
        List<Call> calls = new ArrayList<>();
        int version;
        int pid;
        long lost;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.US_ASCII)) {
            String header = in.readLine();
            String[] h = header == null ? new String[0] : header.split(" ");
            if (h.length != 8 || !h[0].equals("gilsim-handoffs") || !h[1].matches("[123]")) {
                throw new IllegalArgumentException(file + ":1: not a gilsim hand-off recording (header "
                        + (header == null ? "missing" : "'" + header + "'") + ")");
            }
            version = Integer.parseInt(h[1]);
            pid = Integer.parseInt(h[3]);
            lost = Long.parseLong(h[7]);
            String line;
            int n = 1;
            while ((line = in.readLine()) != null) {
                n++;
                String[] f = line.split(" ");
                if (f.length != 5) throw new IllegalArgumentException(file + ":" + n + ": expected 5 fields");
                long t = Long.parseUnsignedLong(f[0]);
                if (t == 0) continue; // a slot reserved but never written (the process ended inside the call)
                calls.add(new Call(t, Integer.parseInt(f[1]), Integer.parseInt(f[2]),
                        Long.parseUnsignedLong(f[3], 16), Integer.parseInt(f[4])));
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(file + ": a field is not a number: " + e.getMessage());
        }
        // Version 1 of the shim wrapped pthread_mutex_lock and recorded its blocks; version 2 does not; version 3 is
        // version 2 with each call to wait's CPU.
        return of(calls, source, pid, lost, version == 1, version == 3, names, order, startNs, endNs);
    }

    static HandoffLog of(List<Call> calls, String source, int pid, long lost, boolean mutexBlocksRecorded,
                         boolean waitCpus, Map<Integer, String> names, List<String> order, long startNs, long endNs) {
        Map<Long, Integer> timedWaits = new TreeMap<>();
        Map<Long, Integer> signals = new TreeMap<>();
        for (Call c : calls) {
            if (c.kind == TWAIT) timedWaits.merge(c.object, 1, Integer::sum);
            if (c.kind == SIGNAL) signals.merge(c.object, 1, Integer::sum);
        }
        long cond = mostUsed(timedWaits, Long.MIN_VALUE);
        if (cond < 0) {
            long a = mostUsed(signals, Long.MIN_VALUE);
            long b = a < 0 ? -1 : mostUsed(without(signals, a), Long.MIN_VALUE);
            cond = b < 0 ? a : Math.min(a, b);
        }
        long switchCond = cond < 0 ? -1 : mostUsed(without(signals, cond), cond);

        List<String> threads = new ArrayList<>(order);
        Map<Integer, Integer> index = new HashMap<>();
        List<HandoffEvent> events = new ArrayList<>();
        List<Call> sorted = new ArrayList<>(calls);
        sorted.sort(Comparator.comparingLong(Call::tNs)); // stable: the shim's order breaks ties
        for (Call c : sorted) {
            if (c.tNs < startNs || c.tNs > endNs) continue;
            Kind kind = kind(c, cond, switchCond);
            if (kind == null) continue;
            int t = index.computeIfAbsent(c.tid, tid -> {
                String name = names.getOrDefault(tid, tid == pid ? "MainThread" : "tid " + tid);
                int i = threads.indexOf(name);
                if (i >= 0) return i;
                threads.add(name);
                return threads.size() - 1;
            });
            events.add(new HandoffEvent(c.tNs - startNs, t, kind, waitCpus && kind == Kind.WAIT ? c.rc : -1));
        }
        return new HandoffLog(source, threads, endNs - startNs, events, lost, mutexBlocksRecorded, waitCpus);
    }

    private static Kind kind(Call c, long cond, long switchCond) {
        if (c.object == cond) {
            return switch (c.kind) {
                case SIGNAL -> Kind.DROP;
                case TWAIT -> Kind.WAIT;
                case TWAIT_END -> c.rc == ETIMEDOUT ? Kind.TIMED_OUT : Kind.WOKEN;
                default -> null;
            };
        }
        if (c.object == switchCond) {
            return switch (c.kind) {
                case SIGNAL -> Kind.TAKE;
                case WAIT -> Kind.FORCED_WAIT;
                default -> null;
            };
        }
        if (c.kind == MUTEX_BLOCK && cond >= 0 && c.object > cond && c.object < switchCond) return Kind.MUTEX_BLOCK;
        return null;
    }

    /** The object with the highest count above {@code above} (the lowest address on a tie), or -1. */
    private static long mostUsed(Map<Long, Integer> counts, long above) {
        long best = -1;
        int most = 0;
        for (Map.Entry<Long, Integer> e : counts.entrySet()) {
            if (e.getKey() > above && e.getValue() > most) { // user-space addresses are below 2^63
                best = e.getKey();
                most = e.getValue();
            }
        }
        return best;
    }

    private static Map<Long, Integer> without(Map<Long, Integer> counts, long object) {
        Map<Long, Integer> rest = new LinkedHashMap<>(counts);
        rest.remove(object);
        return rest;
    }
}
