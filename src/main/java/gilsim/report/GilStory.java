package gilsim.report;

import gilsim.cpython.Gil;
import gilsim.cpython.GilEvent;
import gilsim.cpython.GilEvent.DropRequest;
import gilsim.cpython.GilEvent.ForcedSwitch;
import gilsim.cpython.GilEvent.GilDrop;
import gilsim.cpython.GilEvent.GilTake;
import gilsim.cpython.GilEvent.GilWant;
import gilsim.cpython.GilEvent.SemPostWake;
import gilsim.cpython.GilEvent.SemWaitRetry;
import gilsim.m0.PoolEvent;
import gilsim.m0.PoolEvent.JobAnswered;
import gilsim.m0.PoolEvent.JobTaken;
import gilsim.m0.PoolEvent.RetakePastWaiter;
import gilsim.m0.PoolEvent.SliceStart;
import gilsim.m0.PoolEvent.TurnYield;
import gilsim.metrics.Spans;
import gilsim.os.OsEvent;
import gilsim.os.OsEvent.ThreadState;
import gilsim.os.RunState;
import gilsim.report.Beat.Message;
import gilsim.sim.Durations;
import gilsim.sim.TraceEvent;
import gilsim.sim.TraceListener;
import gilsim.sync.CondEvent;
import gilsim.sync.CondEvent.CondAbsorb;
import gilsim.sync.CondEvent.CondReturn;
import gilsim.sync.CondEvent.CondSignal;
import gilsim.sync.CondEvent.CondTimeout;
import gilsim.sync.CondEvent.CondWait;
import gilsim.sync.MutexEvent;
import gilsim.sync.MutexEvent.MutexAcquire;
import gilsim.sync.MutexEvent.MutexAcquired;
import gilsim.sync.MutexEvent.MutexBlock;
import gilsim.sync.MutexEvent.MutexHandOff;
import gilsim.sync.MutexEvent.MutexReleased;
import gilsim.sync.MutexEvent.MutexTaken;
import gilsim.sync.MutexEvent.MutexWake;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns the event stream into {@link Beat}s: who dropped the GIL and whom the signal woke, where a waiter went in
 * the condition variable's queue, who got the GIL and whether it changed hands; and for a scenario's
 * {@code threading.Lock}, who waits for it, whom a release wakes or hands it to, and who takes it. It follows the whole
 * run (the queues and the holder must be right when the window opens) but hands on only the beats inside the window.
 */
public final class GilStory implements TraceListener, Spans.Sink {
    private enum Wake { NONE, SIGNAL, TIMEOUT }

    private final List<String> names;
    private final TimeWindow window;
    private final Beat.Sink sink;
    /**
     * Each condition variable's waiters, front first, as the CondWait positions place them. The story's own, not the
     * view's: only the story tells a waiter's place, and a queue in every run's view would cost every wait of every
     * run a list insert for a reader that runs only when asked for.
     */
    private final Map<String, List<Integer>> queues = new LinkedHashMap<>();
    /** Each thread's scheduler state, and who holds the GIL: the run's view, which moved before the story. */
    private final Spans view;
    private final Teller teller = new Teller();
    /** Whether the thread has already waited once in its current take_gil call. */
    private final boolean[] waitedInTake;
    private final Wake[] lastWake;
    /** Each thread's wait that ended at the take being told now. */
    private final long[] waitedNs;
    /** The last holder, whom a take's hand-off comes from (the view knows the holder now only). */
    private int lastHolder = -1;
    /** A drop held back for a moment so that it is told in one sentence with the signal that follows it. */
    private GilDrop pendingDrop;
    /**
     * Threads whose wait (on a condition variable, a lock, gil->mutex) has been told and whose going to sleep in it is
     * part of that: its BLOCKED is not told again. A wait spends `wait_entry` of CPU before it sleeps, so the sleep can
     * come a little after the wait; a wait that ends without sleeping ends the flag at the thread's next take.
     */
    private final boolean[] waitTold;
    /** The scenario's locks, known from their first acquire() ({@code gil->mutex} is told only when it blocks). */
    private final Set<String> locks = new HashSet<>();
    /** A lock's release held back so that it is told in one sentence with the wake-up or hand-off that follows it. */
    private MutexReleased pendingRelease;
    /** The hand-off just told, so that the take it implies is not told twice. */
    private MutexHandOff lastHandOff;

    /** @param view the run's view of each thread's activity, a listener before this one */
    public GilStory(Spans view, List<String> names, TimeWindow window, Beat.Sink sink) {
        this.view = view;
        this.names = List.copyOf(names);
        this.window = window;
        this.sink = sink;
        int n = names.size();
        this.waitedInTake = new boolean[n];
        this.waitTold = new boolean[n];
        this.lastWake = new Wake[n];
        this.waitedNs = new long[n];
        Arrays.fill(lastWake, Wake.NONE);
    }

    /**
     * Tells what a drop or a release held back when this event does not complete its sentence, then the event. The
     * two tests here are of the one event that may complete each sentence, not a dispatch: the teller's methods are.
     */
    @Override
    public void on(TraceEvent event) {
        if (pendingDrop != null && !(event instanceof CondSignal s && s.cond().equals(Gil.COND)
                && s.signaller() == pendingDrop.thread() && s.timeNs() == pendingDrop.timeNs())
                && !(event instanceof CondAbsorb a && a.cond().equals(Gil.COND) && a.signaller() == pendingDrop.thread())) {
            tellDrop(pendingDrop, null, "");
            pendingDrop = null;
        }
        if (pendingRelease != null && !(event instanceof MutexWake w && sameRelease(w.mutex(), w.thread(), w.timeNs()))
                && !(event instanceof MutexHandOff h && sameRelease(h.mutex(), h.thread(), h.timeNs()))) {
            tell(pendingRelease.timeNs(), name(pendingRelease.thread()) + " releases lock " + pendingRelease.mutex(),
                    Message.note(pendingRelease.thread(), "releases " + pendingRelease.mutex()));
            pendingRelease = null;
        }
        event.deliverTo(teller);
    }

    /**
     * A method for every event of the families the story tells: one added to them does not compile until the story
     * says how it is told, or why it is not.
     */
    private final class Teller implements TraceListener.OfFamilies, OsEvent.Handler, GilEvent.Handler,
            CondEvent.Handler, MutexEvent.Handler, PoolEvent.Handler {
        @Override
        public void onMutexAcquire(MutexAcquire e) {
            locks.add(e.mutex());
        }

        /** The return of acquire() is told by the take before it. */
        @Override
        public void onMutexAcquired(MutexAcquired e) {
            waitTold[e.thread()] = false;
        }

        @Override
        public void onMutexBlock(MutexBlock e) {
            if (e.mutex().equals(Gil.MUTEX)) {
                // Only a waiter woken onto the dropper's core, which preempted it between COND_SIGNAL and
                // MUTEX_UNLOCK, finds gil->mutex held (every other section of it is an instant).
                parked(e.thread());
                tell(e.timeNs(), name(e.thread()) + " finds gil->mutex still held by " + name(e.holder())
                        + ", who signalled before letting go of it, and sleeps on it");
                return;
            }
            if (!locks.contains(e.mutex())) return;
            parked(e.thread());
            tell(e.timeNs(), name(e.thread()) + " finds lock " + e.mutex() + " held by " + name(e.holder())
                    + " and waits for it, without the GIL", Message.note(e.thread(), "waits for " + e.mutex()));
        }

        @Override
        public void onMutexReleased(MutexReleased e) {
            pendingRelease = e;
        }

        @Override
        public void onMutexWake(MutexWake e) {
            pendingRelease = null;
            tell(e.timeNs(), name(e.thread()) + " releases lock " + e.mutex() + " and wakes " + name(e.woken())
                    + ", who must still take it itself",
                    Message.arrow(e.thread(), e.woken(), "wakes for " + e.mutex()));
        }

        @Override
        public void onMutexHandOff(MutexHandOff e) {
            pendingRelease = null;
            lastHandOff = e;
            tell(e.timeNs(), name(e.thread()) + " releases lock " + e.mutex() + " and hands it to " + name(e.to())
                    + ", who has waited " + Durations.human(e.waitedNs()) + ", over 1 ms (a PyMutex's fair hand-off)",
                    Message.arrow(e.thread(), e.to(), "hands " + e.mutex() + " over"));
        }

        @Override
        public void onMutexTaken(MutexTaken e) {
            MutexHandOff h = lastHandOff;
            lastHandOff = null;
            if (h == null || h.to() != e.thread() || h.timeNs() != e.timeNs() || !h.mutex().equals(e.mutex())) {
                tell(e.timeNs(), name(e.thread()) + " takes lock " + e.mutex(),
                        Message.note(e.thread(), "takes " + e.mutex()));
            }
        }

        @Override
        public void onThreadState(ThreadState e) {
            threadState(e);
        }

        @Override
        public void onGilWant(GilWant e) {
            waitedInTake[e.thread()] = false;
            lastWake[e.thread()] = Wake.NONE;
            int holder = view.holder();
            String held = holder >= 0 && holder != e.thread() ? ", held by " + name(holder) : "";
            tell(e.timeNs(), name(e.thread()) + " asks for the GIL (take_gil)" + held,
                    Message.arrow(e.thread(), Message.GIL, "asks for the GIL"));
        }

        @Override
        public void onCondWait(CondWait e) {
            condWait(e);
        }

        @Override
        public void onGilDrop(GilDrop e) {
            pendingDrop = e;
        }

        @Override
        public void onCondSignal(CondSignal e) {
            condSignal(e);
        }

        @Override
        public void onCondAbsorb(CondAbsorb e) {
            condAbsorb(e);
        }

        @Override
        public void onCondReturn(CondReturn e) {
            // The story tells a waiter's return by what it does next (it takes the GIL, or waits again).
        }

        @Override
        public void onCondTimeout(CondTimeout e) {
            queue(e.cond()).remove(Integer.valueOf(e.thread()));
            lastWake[e.thread()] = Wake.TIMEOUT;
            tell(e.timeNs(), name(e.thread()) + "'s timed wait on " + condName(e.cond())
                    + " expires: no signal reached it in time",
                    Message.note(e.thread(), "timed wait expires"));
        }

        @Override
        public void onDropRequest(DropRequest e) {
            tell(e.timeNs(), name(e.requester()) + " asks " + name(e.holder())
                    + " to drop the GIL (a drop request: its wait ran out with no switch)",
                    Message.arrow(e.requester(), e.holder(), "drop request"));
        }

        @Override
        public void onForcedSwitch(ForcedSwitch e) {
            parked(e.thread());
            tell(e.timeNs(), name(e.thread()) + " had a drop request, so it waits until another thread has taken "
                    + "the GIL (forced switch)", Message.note(e.thread(), "forced switch, waits for a taker"));
        }

        @Override
        public void onGilTake(GilTake e) {
            waitTold[e.thread()] = false;
            gilTake(e);
        }

        /** The old GIL's semaphore wake-ups are not told: its story is the takes and drops. */
        @Override
        public void onSemPostWake(SemPostWake e) {}

        /** The old GIL's wasted wake-ups are not told: its story is the takes and drops. */
        @Override
        public void onSemWaitRetry(SemWaitRetry e) {}

        @Override
        public void onJobTaken(JobTaken e) {
            String how = e.kept() ? " without dropping the GIL (kept: already queued, inside its slice)" : "";
            tell(e.timeNs(), name(e.thread()) + " takes job " + e.job() + how,
                    Message.note(e.thread(), (e.kept() ? "keeps job " : "takes job ") + e.job()));
        }

        @Override
        public void onTurnYield(TurnYield e) {
            String s = e.start() ? " yields its turn (sched_yield until another thread attaches)"
                    : e.boundHit() ? " stops yielding: its bound ran out" : " stops yielding: another thread attached";
            tell(e.timeNs(), name(e.thread()) + s,
                    Message.note(e.thread(), e.start() ? "yields its turn" : "stops yielding"));
        }

        @Override
        public void onSliceStart(SliceStart e) {
            tell(e.timeNs(), name(e.thread()) + " starts a run of its slice",
                    Message.note(e.thread(), "slice starts"));
        }

        @Override
        public void onJobAnswered(JobAnswered e) {
            tell(e.timeNs(), name(e.thread()) + " answers job " + e.job() + ", sent "
                    + Durations.human(e.timeNs() - e.sentNs()) + " before", Message.note(e.thread(),
                    "answers job " + e.job()));
        }

        @Override
        public void onRetakePastWaiter(RetakePastWaiter e) {
            tell(e.timeNs(), name(e.thread()) + " took the GIL with no wait although " + e.parked()
                    + " pool thread(s) were parked on it", Message.note(e.thread(), "re-take past "
                    + e.parked() + " parked"));
        }
    }

    @Override
    public void span(Spans.Span span) {
        if (span.kind() == Spans.Kind.WAIT) waitedNs[span.thread()] = span.lengthNs();
    }

    @Override
    public void finish(long endNs) {
        if (pendingDrop != null) tellDrop(pendingDrop, null, "");
        pendingDrop = null;
        if (pendingRelease != null) {
            tell(pendingRelease.timeNs(), name(pendingRelease.thread()) + " releases lock " + pendingRelease.mutex(),
                    Message.note(pendingRelease.thread(), "releases " + pendingRelease.mutex()));
        }
        pendingRelease = null;
        sink.end();
    }

    private void threadState(ThreadState e) {
        int t = e.thread();
        RunState before = view.stateBefore(t);
        switch (e.state()) {
            case RUNNING -> tell(e.timeNs(), name(t) + (before == RunState.BLOCKED ? " wakes and runs on core "
                    : " gets core ") + e.core() + (before == RunState.BLOCKED ? "" : " and runs"));
            case RUNNABLE -> tell(e.timeNs(), name(t) + (before == RunState.RUNNING
                    ? " is preempted and waits for a core" : " is ready but every core it may use is busy"));
            case BLOCKED -> {
                if (!waitTold[t]) tell(e.timeNs(), name(t) + " blocks without the GIL (a sleep or a blocking call)");
                waitTold[t] = false;
            }
            case EXITED -> tell(e.timeNs(), name(t) + " exits");
        }
    }

    private void condWait(CondWait e) {
        List<Integer> q = queue(e.cond());
        q.add(Math.min(e.position(), q.size()), e.thread());
        parked(e.thread());
        if (!e.cond().equals(Gil.COND)) return; // the switch_cond wait is told with its ForcedSwitch
        int t = e.thread();
        String place = place(e.position(), e.queued());
        String timer = e.deadlineNs() >= 0 ? ", a timed wait of " + Durations.human(e.deadlineNs() - e.timeNs()) : "";
        int holder = view.holder();
        String held = holder >= 0 ? "held by " + name(holder) : "not free";
        String sentence;
        String label;
        if (!waitedInTake[t]) {
            sentence = name(t) + " finds the GIL " + held + " and waits (" + place + ")" + timer;
            label = "waits, " + place;
        } else if (lastWake[t] == Wake.TIMEOUT) {
            sentence = name(t) + "'s wait ran out but the GIL is " + held + "; it waits again (" + place + ")" + timer;
            label = "waits again, " + place;
        } else {
            sentence = name(t) + " was woken but finds the GIL " + (holder >= 0 ? "taken again by " + name(holder)
                    : "not free") + "; it waits again (" + place + ")" + timer;
            label = "waits again, " + place;
        }
        waitedInTake[t] = true;
        tell(e.timeNs(), sentence, Message.arrow(t, Message.GIL, label));
    }

    private void condSignal(CondSignal e) {
        List<Integer> q = queue(e.cond());
        int index = e.woken() >= 0 ? q.indexOf(e.woken()) : -1;
        // A woken thread out of the queue is one whose timed wait ran out and which has not run: still on the futex's
        // queue, it takes the wake (glibc's groups, wake_timed_out).
        String where = index >= 0 ? " (" + whereWoken(index, q.size()) + ")"
                : e.woken() >= 0 ? ", whose timed wait has run out but who has not run yet: still on the futex's "
                        + "queue, it takes the wake, and its wait returns as signalled" : "";
        if (index >= 0) q.remove(index);
        if (e.cond().equals(Gil.COND)) {
            if (e.woken() >= 0) lastWake[e.woken()] = Wake.SIGNAL;
            if (pendingDrop != null) {
                tellDrop(pendingDrop, e, where);
                pendingDrop = null;
                return;
            }
            tell(e.timeNs(), name(e.signaller()) + " signals the GIL's condition variable; "
                    + (e.woken() >= 0 ? "it wakes " + name(e.woken()) + where : "nobody waits, so it is lost"),
                    signalMessage(e));
        } else if (e.woken() >= 0) {
            tell(e.timeNs(), name(e.signaller()) + "'s take ends " + name(e.woken()) + "'s forced-switch wait"
                    + where, Message.arrow(e.signaller(), e.woken(), "switch done"));
        }
    }

    private void condAbsorb(CondAbsorb e) {
        String absorber = name(e.absorber());
        String sentence = "the signal goes to " + absorber + ", whose timed wait on " + condName(e.cond())
                + " has run out but who still counts in its group: it wakes nobody, and " + absorber
                + " passes it on when it leaves the group";
        Message note = Message.note(e.signaller(), "signal absorbed by " + absorber);
        if (pendingDrop != null) {
            tell(pendingDrop.timeNs(), name(pendingDrop.thread()) + " drops the GIL; " + sentence,
                    Message.arrow(pendingDrop.thread(), Message.GIL, "drops"), note);
            pendingDrop = null;
        } else {
            tell(e.timeNs(), name(e.signaller()) + " signals " + condName(e.cond()) + "; " + sentence, note);
        }
    }

    private void tellDrop(GilDrop drop, CondSignal signal, String where) {
        String who = name(drop.thread());
        List<Message> messages = new ArrayList<>();
        messages.add(Message.arrow(drop.thread(), Message.GIL, "drops"));
        StringBuilder s = new StringBuilder(who).append(" drops the GIL");
        if (signal != null) {
            if (signal.woken() >= 0) {
                s.append("; the signal wakes ").append(name(signal.woken())).append(where);
            } else {
                s.append("; nobody waits, so the signal is lost");
            }
            messages.add(signalMessage(signal));
        }
        tell(drop.timeNs(), s.toString(), messages.toArray(Message[]::new));
    }

    private void gilTake(GilTake e) {
        int t = e.thread();
        int previous = lastHolder;
        lastHolder = t;
        waitedInTake[t] = false;
        String sentence;
        String label;
        if (!e.switched()) {
            sentence = name(t) + " takes the GIL back" + (waitedNs[t] == 0 ? " at once" : " after "
                    + Durations.human(waitedNs[t])) + ": a re-take, no switch";
            label = "re-taken by " + name(t);
        } else if (previous < 0) {
            sentence = name(t) + " takes the GIL" + (waitedNs[t] == 0 ? "" : " after waiting "
                    + Durations.human(waitedNs[t]));
            label = "taken by " + name(t);
        } else {
            sentence = name(t) + " takes the GIL " + (waitedNs[t] == 0 ? "at once" : "after waiting "
                    + Durations.human(waitedNs[t])) + ": a hand-off from " + name(previous) + " (switch "
                    + e.switchNumber() + ")";
            label = "hand-off to " + name(t) + " after " + Durations.human(waitedNs[t]);
        }
        List<Integer> waiting = queue(Gil.COND);
        if (!waiting.isEmpty()) {
            List<String> who = new ArrayList<>();
            for (int w : waiting) who.add(name(w));
            sentence += ", while " + String.join(", ", who) + (who.size() == 1 ? " waits" : " wait") + " in the queue";
        }
        tell(e.timeNs(), sentence, Message.arrow(Message.GIL, t, label));
    }

    private Message signalMessage(CondSignal s) {
        return s.woken() >= 0 ? Message.arrow(s.signaller(), s.woken(), "signal wakes " + name(s.woken()))
                : Message.note(s.signaller(), "signal lost, nobody waits");
    }

    private boolean sameRelease(String mutex, int thread, long timeNs) {
        return pendingRelease.mutex().equals(mutex) && pendingRelease.thread() == thread
                && pendingRelease.timeNs() == timeNs;
    }

    private void parked(int thread) {
        waitTold[thread] = true;
    }

    private List<Integer> queue(String cond) {
        return queues.computeIfAbsent(cond, c -> new ArrayList<>());
    }

    private String name(int thread) {
        return names.get(thread);
    }

    private void tell(long timeNs, String sentence, Message... messages) {
        if (window.contains(timeNs)) sink.beat(new Beat(timeNs, sentence, List.of(messages)));
    }

    /** Where a new waiter stands: position 0 is the front, the next signal's choice under glibc's order. */
    static String place(int position, int queued) {
        if (queued == 1) return "alone in the queue";
        if (position == 0) return "at the front of the queue, 1 of " + queued;
        if (position == queued - 1) return "at the back of the queue, " + queued + " of " + queued;
        return "in the queue at " + (position + 1) + " of " + queued;
    }

    private static String condName(String cond) {
        return cond.equals(Gil.COND) ? "the GIL's condition variable" : cond + "_cond";
    }

    private static String whereWoken(int index, int queued) {
        if (queued == 1) return "the only waiter";
        if (index == 0) return "front of the queue";
        if (index == queued - 1) return "back of the queue";
        return (index + 1) + " of " + queued + " in the queue";
    }
}
