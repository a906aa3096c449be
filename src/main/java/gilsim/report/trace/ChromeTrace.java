package gilsim.report.trace;

import gilsim.cpython.Gil;
import gilsim.cpython.GilEvent;
import gilsim.cpython.GilEvent.DropRequest;
import gilsim.cpython.GilEvent.ForcedSwitch;
import gilsim.cpython.GilEvent.GilTake;
import gilsim.m0.PoolEvent;
import gilsim.m0.PoolEvent.JobTaken;
import gilsim.m0.PoolEvent.RetakePastWaiter;
import gilsim.m0.PoolEvent.SliceStart;
import gilsim.m0.PoolEvent.TurnYield;
import gilsim.metrics.Spans;
import gilsim.os.OsEvent;
import gilsim.os.OsEvent.ThreadState;
import gilsim.report.AtomicFile;
import gilsim.scenario.InputError;
import gilsim.sim.TraceEvent;
import gilsim.sim.TraceListener;
import gilsim.sync.CondEvent;
import gilsim.sync.CondEvent.CondSignal;
import gilsim.sync.CondEvent.CondTimeout;
import gilsim.sync.CondEvent.CondWait;
import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Writes a run as Chrome trace-event JSON, which Perfetto (ui.perfetto.dev) and chrome://tracing open.
 *
 * <p>Tracks (one process): a GIL track whose slices name the holder; per thread, a track of its GIL holds and a
 * second track (another tid) of its waits, because a wait and a hold of one thread can touch and Perfetto wants the
 * slices of one track to nest. A wait slice holds the thread's parked spells on the condition variable as children.
 * Counters: threads queued on the GIL, threads running and runnable. Instants: signals, timeouts, drop requests,
 * forced switches and pool steps. Flow arrows join each drop to the next take. Timestamps are microseconds with the
 * nanoseconds kept as decimals.
 *
 * <p>The file is streamed (memory stays flat however long the run) into a temporary file beside the target and moved
 * into place by {@link #finish}; {@link #close} deletes it if the run never finished, so no half-written trace is left.
 */
public final class ChromeTrace implements TraceListener, Spans.Sink, AutoCloseable {
    private static final int PID = 1;
    private static final int GIL_TID = 1;

    private final Path target;
    private final Path temp;
    private final JsonGenerator json;
    private final List<String> names;
    /** Each thread's wait that ended at the take being handled now, written with the take's details. */
    private final Spans.Span[] endedWait;
    /** Each thread's scheduler state, parked spells and forced switches: the run's view, which moved before this. */
    private final Spans view;
    private final Writer writer = new Writer();
    /** Where each thread's parked spell began in the queue, for the slice's name. */
    private final String[] parkedPlace;
    /**
     * The GIL's condition variable's waiters as the counter shows them: its own count at each wait, less each
     * waiter since woken or timed out.
     */
    private int gilQueued;
    private long nextFlowId = 1;
    /** Where the arrow from the last drop leaves (written with its end at the next take, so none dangles); -1: none. */
    private long flowFromNs = -1;
    private int flowFromTid;
    private boolean committed;

    private ChromeTrace(Path target, Path temp, JsonGenerator json, Spans view, List<String> names) {
        this.view = view;
        this.target = target;
        this.temp = temp;
        this.json = json;
        this.names = List.copyOf(names);
        int n = names.size();
        endedWait = new Spans.Span[n];
        parkedPlace = new String[n];
    }

    /**
     * Opens a trace of a run whose threads are {@code names}, to be written to {@code target}.
     *
     * @param view  the run's view of each thread's activity, a listener before this one
     * @param title names the process in the viewer, e.g. the scenario, its settings and the seed
     * @throws InputError when the target's directory cannot be written
     */
    public static ChromeTrace open(Path target, String title, Spans view, List<String> names) {
        Path temp;
        JsonGenerator json;
        try {
            temp = AtomicFile.temp(target);
            json = new JsonFactory().createGenerator(temp.toFile(), JsonEncoding.UTF8);
        } catch (IOException e) {
            throw new InputError("--trace " + target + ": cannot write there (" + e.getMessage() + ")");
        }
        ChromeTrace t = new ChromeTrace(target, temp, json, view, names);
        t.header(title);
        return t;
    }

    /** Where thread {@code i}'s GIL holds go. */
    static int holdTid(int thread) {
        return 100 + 2 * thread;
    }

    /** Where thread {@code i}'s GIL waits go. */
    static int waitTid(int thread) {
        return 101 + 2 * thread;
    }

    @Override
    public void on(TraceEvent event) {
        event.deliverTo(writer);
    }

    /** The events the trace shows, each written by its method; a write that fails stops the run. */
    private final class Writer implements OsEvent.Listener, GilEvent.Listener, CondEvent.Listener,
            PoolEvent.Listener {
        @Override
        public void onCondWait(CondWait e) {
            if (!e.cond().equals(Gil.COND)) return;
            parkedPlace[e.thread()] = e.position() == 0 ? "front" : (e.position() + 1) + " of " + e.queued();
            gilQueued = e.queued();
            io(() -> counter(e.timeNs(), "GIL waiters", "queued", gilQueued));
        }

        @Override
        public void onCondSignal(CondSignal e) {
            io(() -> signal(e));
        }

        @Override
        public void onCondTimeout(CondTimeout e) {
            io(() -> {
                if (e.cond().equals(Gil.COND)) {
                    endParked(e.timeNs(), e.thread(), "timed out");
                    gilQueued--;
                    counter(e.timeNs(), "GIL waiters", "queued", gilQueued);
                }
                instant(e.timeNs(), waitTid(e.thread()), "timeout", "cond", e.cond());
            });
        }

        @Override
        public void onDropRequest(DropRequest e) {
            io(() -> instant(e.timeNs(), waitTid(e.requester()), "drop request", "holder", names.get(e.holder())));
        }

        @Override
        public void onForcedSwitch(ForcedSwitch e) {
            io(() -> instant(e.timeNs(), holdTid(e.thread()), "forced switch", "thread", names.get(e.thread())));
        }

        @Override
        public void onGilTake(GilTake e) {
            io(() -> take(e));
        }

        @Override
        public void onThreadState(ThreadState e) {
            io(() -> threadState(e));
        }

        @Override
        public void onJobTaken(JobTaken e) {
            io(() -> instant(e.timeNs(), holdTid(e.thread()), e.kept() ? "job kept" : "job taken", "job", e.job()));
        }

        @Override
        public void onTurnYield(TurnYield e) {
            io(() -> instant(e.timeNs(), waitTid(e.thread()), e.start() ? "yield starts" : "yield ends",
                    "bound_hit", e.boundHit()));
        }

        @Override
        public void onSliceStart(SliceStart e) {
            io(() -> instant(e.timeNs(), holdTid(e.thread()), "slice starts", "thread", names.get(e.thread())));
        }

        @Override
        public void onRetakePastWaiter(RetakePastWaiter e) {
            io(() -> instant(e.timeNs(), holdTid(e.thread()), "re-take past a parked waiter", "parked",
                    e.parked()));
        }
    }

    /** A write to the trace file. */
    private interface Write {
        void run() throws IOException;
    }

    private static void io(Write w) {
        try {
            w.run();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void signal(CondSignal e) throws IOException {
        String woken = e.woken() >= 0 ? names.get(e.woken()) : "nobody (lost)";
        instant(e.timeNs(), holdTid(e.signaller()), "signal " + e.cond(), "woken", woken);
        if (e.woken() < 0) return;
        if (e.cond().equals(Gil.COND)) {
            endParked(e.timeNs(), e.woken(), "signalled by " + names.get(e.signaller()));
            gilQueued--;
            counter(e.timeNs(), "GIL waiters", "queued", gilQueued);
        } else if (view.forcedSinceNs(e.woken()) >= 0) {
            slice(view.forcedSinceNs(e.woken()), e.timeNs(), waitTid(e.woken()), "forced switch: waits for a taker",
                    "released_by", names.get(e.signaller()));
        }
    }

    /** Waits are written with their take, below; holds as they end, with the arrow to the next holder. */
    @Override
    public void span(Spans.Span span) {
        try {
            if (span.kind() == Spans.Kind.WAIT) {
                if (span.open()) {
                    waitSlice(span, "ended", "run ended");
                } else {
                    endedWait[span.thread()] = span;
                }
            } else {
                hold(span);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void take(GilTake e) throws IOException {
        int t = e.thread();
        Spans.Span wait = endedWait[t];
        endedWait[t] = null;
        if (wait != null) waitSlice(wait, "switched", e.switched());
        if (flowFromNs >= 0) {
            long id = nextFlowId++;
            flow("s", id, flowFromNs, flowFromTid);
            flow("f", id, e.timeNs(), holdTid(t));
            flowFromNs = -1;
        }
    }

    /** An uncontended take waits 0 ns; a zero-length slice would only clutter the track. */
    private void waitSlice(Spans.Span wait, String argKey, Object argValue) throws IOException {
        if (wait.lengthNs() > 0) {
            slice(wait.startNs(), wait.endNs(), waitTid(wait.thread()), "waits for the GIL", argKey, argValue);
        }
    }

    private void hold(Spans.Span hold) throws IOException {
        int t = hold.thread();
        slice(hold.startNs(), hold.endNs(), holdTid(t), "holds the GIL", "thread", names.get(t));
        slice(hold.startNs(), hold.endNs(), GIL_TID, names.get(t), "thread", names.get(t));
        if (hold.open()) return;
        // The arrow leaves from inside the hold that just ended: a flow start binds to the slice enclosing it.
        flowFromNs = hold.lengthNs() >= 2 ? hold.endNs() - 1 : hold.startNs();
        flowFromTid = holdTid(t);
    }

    private void threadState(ThreadState e) throws IOException {
        begin("threads", null, "C", -1);
        ts("ts", e.timeNs());
        json.writeObjectFieldStart("args");
        json.writeNumberField("running", view.running());
        json.writeNumberField("runnable", view.runnable());
        json.writeEndObject();
        json.writeEndObject();
    }

    /** The parked spell that {@code thread} ended now, or that the run's end cuts. */
    private void endParked(long nowNs, int thread, String how) throws IOException {
        long since = view.parkedSinceNs(thread);
        if (since < 0) return;
        slice(since, nowNs, waitTid(thread), "parked (" + parkedPlace[thread] + ")", "ended", how);
    }

    /** Closes what is still open at the end, finishes the JSON and moves the file into place. */
    @Override
    public void finish(long endNs) {
        try {
            for (int t = 0; t < names.size(); t++) {
                if (view.parked(t)) endParked(endNs, t, "run ended");
                if (view.forced(t)) {
                    slice(view.forcedSinceNs(t), endNs, waitTid(t), "forced switch: waits for a taker", "ended",
                            "run ended");
                }
            }
            json.writeEndArray();
            json.writeEndObject();
            json.close();
            AtomicFile.commit(temp, target);
            committed = true;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Deletes the partial file when the run did not finish. */
    @Override
    public void close() {
        if (committed) return;
        try {
            json.close();
            Files.deleteIfExists(temp);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void header(String title) {
        try {
            json.writeStartObject();
            json.writeStringField("displayTimeUnit", "ns");
            json.writeArrayFieldStart("traceEvents");
            metadata("process_name", 0, "name", title);
            metadata("thread_name", GIL_TID, "name", "GIL (holder)");
            metadata("thread_sort_index", GIL_TID, "sort_index", 0);
            for (int t = 0; t < names.size(); t++) {
                metadata("thread_name", holdTid(t), "name", names.get(t) + ": holds GIL");
                metadata("thread_sort_index", holdTid(t), "sort_index", 1 + 2 * t);
                metadata("thread_name", waitTid(t), "name", names.get(t) + ": waits for GIL");
                metadata("thread_sort_index", waitTid(t), "sort_index", 2 + 2 * t);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void metadata(String kind, int tid, String key, Object value) throws IOException {
        begin(kind, null, "M", tid);
        endWithArg(key, value);
    }

    private void slice(long startNs, long endNs, int tid, String name, String argKey, Object argValue)
            throws IOException {
        begin(name, "gil", "X", tid);
        ts("ts", startNs);
        ts("dur", endNs - startNs);
        endWithArg(argKey, argValue);
    }

    private void instant(long timeNs, int tid, String name, String argKey, Object argValue) throws IOException {
        begin(name, "gil", "i", tid);
        json.writeStringField("s", "t");
        ts("ts", timeNs);
        endWithArg(argKey, argValue);
    }

    /** A counter belongs to the process, not a thread track. */
    private void counter(long timeNs, String name, String series, long value) throws IOException {
        begin(name, null, "C", -1);
        ts("ts", timeNs);
        endWithArg(series, value);
    }

    /** A flow step: "s" leaves the enclosing slice; "f" with binding point "e" lands in the slice enclosing it. */
    private void flow(String phase, long id, long timeNs, int tid) throws IOException {
        begin("GIL to next holder", "handoff", phase, tid);
        json.writeNumberField("id", id);
        if (phase.equals("f")) json.writeStringField("bp", "e");
        ts("ts", timeNs);
        json.writeEndObject();
    }

    /** Opens one trace event: name, category (or none), phase, process and, unless -1, thread. */
    private void begin(String name, String cat, String phase, int tid) throws IOException {
        json.writeStartObject();
        json.writeStringField("name", name);
        if (cat != null) json.writeStringField("cat", cat);
        json.writeStringField("ph", phase);
        json.writeNumberField("pid", PID);
        if (tid >= 0) json.writeNumberField("tid", tid);
    }

    private void endWithArg(String key, Object value) throws IOException {
        json.writeObjectFieldStart("args");
        json.writeObjectField(key, value);
        json.writeEndObject();
        json.writeEndObject();
    }

    /** Microseconds, with nanoseconds as up to three decimals written exactly (no binary rounding). */
    private void ts(String field, long ns) throws IOException {
        json.writeFieldName(field);
        long us = ns / 1000;
        long rest = ns % 1000;
        if (rest == 0) {
            json.writeNumber(us);
            return;
        }
        String frac = String.format(Locale.ROOT, "%03d", rest).replaceAll("0+$", "");
        json.writeNumber(us + "." + frac);
    }
}
