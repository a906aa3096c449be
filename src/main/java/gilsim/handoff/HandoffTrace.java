package gilsim.handoff;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Hand-off logs as one Chrome trace-event JSON file that Perfetto (ui.perfetto.dev) opens: each log is a process
 * (the real run above, the simulated one below, on one time axis from each run's start), each thread a track with
 * its GIL holds ("holds GIL") and waits ("waits for GIL") as slices, and its wake-ups, timeouts, drop requests and
 * forced waits as instants. Both sides are drawn by the same code from the same kind of events, so what differs
 * between them is the runs, not the drawing.
 */
public final class HandoffTrace {
    private HandoffTrace() {}

    public static void write(List<HandoffLog> logs, OutputStream out) throws IOException {
        try (JsonGenerator json = new JsonFactory().createGenerator(out, JsonEncoding.UTF8)) {
            json.writeStartObject();
            json.writeStringField("displayTimeUnit", "ns");
            json.writeArrayFieldStart("traceEvents");
            for (int p = 0; p < logs.size(); p++) process(json, p + 1, logs.get(p));
            json.writeEndArray();
            json.writeEndObject();
        }
    }

    private static void process(JsonGenerator json, int pid, HandoffLog log) throws IOException {
        meta(json, pid, 0, "process_name", log.source());
        meta(json, pid, 0, "process_sort_index", Integer.toString(pid));
        for (int t = 0; t < log.threads().size(); t++) meta(json, pid, t + 1, "thread_name", log.threads().get(t));
        int n = log.threads().size();
        long[] holdSince = filled(n);
        GilReplay gil = new GilReplay(n);
        long[] waitSince = gil.waitStartNs;
        for (HandoffEvent e : log.events()) {
            int t = e.thread();
            long waitedSince = waitSince[t];
            boolean request = gil.apply(e);
            switch (e.kind()) {
                case WOKEN -> instant(json, pid, t, e.timeNs(), "woken");
                case TIMED_OUT -> instant(json, pid, t, e.timeNs(), request ? "timed out: drop request" : "timed out");
                case TAKE -> {
                    if (waitedSince >= 0) slice(json, pid, t, waitedSince, e.timeNs(), "waits for GIL");
                    holdSince[t] = e.timeNs();
                }
                case DROP -> {
                    if (holdSince[t] >= 0) slice(json, pid, t, holdSince[t], e.timeNs(), "holds GIL");
                    holdSince[t] = -1;
                }
                case FORCED_WAIT -> instant(json, pid, t, e.timeNs(), "forced switch: waits for a taker");
                case MUTEX_BLOCK -> instant(json, pid, t, e.timeNs(), "blocks on gil->mutex");
            }
        }
        for (int t = 0; t < n; t++) {
            if (holdSince[t] >= 0) slice(json, pid, t, holdSince[t], log.durationNs(), "holds GIL");
            if (waitSince[t] >= 0) slice(json, pid, t, waitSince[t], log.durationNs(), "waits for GIL");
        }
    }

    private static long[] filled(int n) {
        long[] a = new long[n];
        Arrays.fill(a, -1);
        return a;
    }

    private static void meta(JsonGenerator json, int pid, int tid, String name, String value) throws IOException {
        json.writeStartObject();
        json.writeStringField("ph", "M");
        json.writeNumberField("pid", pid);
        json.writeNumberField("tid", tid);
        json.writeStringField("name", name);
        json.writeObjectFieldStart("args");
        if (name.endsWith("sort_index")) json.writeNumberField("sort_index", Integer.parseInt(value));
        else json.writeStringField("name", value);
        json.writeEndObject();
        json.writeEndObject();
    }

    private static void slice(JsonGenerator json, int pid, int t, long fromNs, long toNs, String name)
            throws IOException {
        event(json, "X", pid, t, fromNs, name);
        json.writeFieldName("dur");
        json.writeRawValue(micros(toNs - fromNs));
        json.writeEndObject();
    }

    private static void instant(JsonGenerator json, int pid, int t, long atNs, String name) throws IOException {
        event(json, "i", pid, t, atNs, name);
        json.writeStringField("s", "t"); // scoped to its thread's track
        json.writeEndObject();
    }

    /** Opens a trace event and writes the fields every one has; the caller adds its own and closes it. */
    private static void event(JsonGenerator json, String phase, int pid, int t, long atNs, String name)
            throws IOException {
        json.writeStartObject();
        json.writeStringField("ph", phase);
        json.writeNumberField("pid", pid);
        json.writeNumberField("tid", t + 1);
        json.writeStringField("name", name);
        json.writeFieldName("ts");
        json.writeRawValue(micros(atNs));
    }

    /** Microseconds, the trace format's unit, with the nanoseconds kept as three decimals. */
    private static String micros(long ns) {
        return String.format(Locale.ROOT, "%d.%03d", ns / 1000, ns % 1000);
    }
}
