package gilsim.report;

import gilsim.cpython.Gil;
import gilsim.cpython.GilEvent;
import gilsim.metrics.RunListener;
import gilsim.metrics.Spans;
import gilsim.sim.Durations;
import gilsim.sim.TraceEvent;
import gilsim.sim.TraceListener;
import gilsim.sync.CondEvent;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Why one GIL wait lasted ({@code run --why THREAD[@TIME]}): the story of that wait alone, the beats that concern
 * its thread or hand the GIL to another, and what it adds up to: how often the waiter was woken, who took the GIL
 * before it ran, how often its timer restarted or ran out, the drop requests it made, and how the wait ended.
 *
 * <p>A run is replayed from its seed, so the wait is found in a first run ({@link Finder}) and told in a second.
 */
public final class WaitChain {
    /** Beats shown from each end of a long wait; the middle repeats what they show. */
    static final int SHOWN = 12;

    private WaitChain() {}

    /** Finds, among {@code thread}'s waits, the one open at {@code atNs}, or its longest when {@code atNs < 0}. */
    public static final class Finder implements Spans.Sink {
        private final int thread;
        private final long atNs;
        private Spans.Span found;

        public Finder(int thread, long atNs) {
            this.thread = thread;
            this.atNs = atNs;
        }

        @Override
        public void span(Spans.Span s) {
            if (s.kind() != Spans.Kind.WAIT || s.thread() != thread) return;
            if (atNs >= 0) {
                if (s.startNs() <= atNs && atNs <= s.endNs() && found == null) found = s;
            } else if (found == null || s.lengthNs() > found.lengthNs()) {
                found = s;
            }
        }

        /** The wait, or null when the thread had none there. */
        public Spans.Span found() {
            return found;
        }
    }

    /** The listener of the second run: tells {@code wait} onto {@code out} when the run ends. */
    public static TraceListener listener(Spans view, List<String> names, Spans.Span wait, PrintWriter out) {
        Teller teller = new Teller(names, wait, out);
        return new Listening(new GilStory(view, names, new TimeWindow(wait.startNs(), wait.endNs()), teller), teller);
    }

    /** The story's beats over the wait, kept if they concern the waiter or hand the GIL on. */
    private static final class Teller implements Beat.Sink {
        private final List<String> names;
        private final Spans.Span wait;
        private final PrintWriter out;
        private final String who;
        private final java.util.regex.Pattern mentions;
        private final List<Beat> kept = new ArrayList<>();
        int wakeUps;
        int takenByOthers;
        int timedWaits;
        int timeouts;
        int dropRequests;
        final int[] takesBy;

        Teller(List<String> names, Spans.Span wait, PrintWriter out) {
            this.names = names;
            this.wait = wait;
            this.out = out;
            this.who = names.get(wait.thread());
            // The thread's name as a word: t1 is not in "t10 takes the GIL".
            this.mentions = java.util.regex.Pattern.compile("(?<![\\w-])" + java.util.regex.Pattern.quote(who)
                    + "(?![\\w-])");
            this.takesBy = new int[names.size()];
        }

        @Override
        public void beat(Beat b) {
            if (mentions.matcher(b.sentence()).find() || b.sentence().contains("takes the GIL")) kept.add(b);
        }

        @Override
        public void end() {
            out.printf(Locale.ROOT, "why %s waited %s for the GIL, from %.6f s to %.6f s%s:%n", who,
                    Durations.human(wait.lengthNs()), wait.startNs() / 1e9, wait.endNs() / 1e9,
                    wait.open() ? " (still waiting when the run ended)" : "");
            for (int i = 0; i < kept.size(); i++) {
                if (kept.size() > 2 * SHOWN && i == SHOWN) {
                    out.printf(Locale.ROOT, "  ... %d more lines, the same pattern ...%n", kept.size() - 2 * SHOWN);
                    i = kept.size() - SHOWN;
                }
                Beat b = kept.get(i);
                out.printf(Locale.ROOT, "  %.6f s  %s%n", b.timeNs() / 1e9, b.sentence());
            }
            out.println("in short: " + summary());
            out.flush();
        }

        private String summary() {
            StringBuilder b = new StringBuilder(who).append(" was woken ").append(times(wakeUps));
            if (takenByOthers > 0) {
                List<String> takers = new ArrayList<>();
                for (int t = 0; t < takesBy.length; t++) {
                    if (takesBy[t] > 0) takers.add(names.get(t) + " " + times(takesBy[t]));
                }
                b.append("; another thread took the GIL first ").append(times(takenByOthers)).append(" (")
                        .append(String.join(", ", takers)).append(")");
            }
            b.append("; its timed wait began ").append(times(timedWaits)).append(" and ran out ")
                    .append(times(timeouts)).append(", and it asked for ").append(dropRequests)
                    .append(dropRequests == 1 ? " drop" : " drops");
            if (timedWaits > 1 && timeouts == 0) {
                b.append(": each wake-up restarted its timer, so it never ran out and no drop was asked for");
            }
            b.append(wait.open() ? ". The run ended with " + who + " still waiting." : ". " + who
                    + " took the GIL at " + String.format(Locale.ROOT, "%.6f s", wait.endNs() / 1e9) + ".");
            return b.toString();
        }

        private static String times(int n) {
            return n == 1 ? "once" : n + " times";
        }
    }

    /** Counts the waiter's own events over the wait, beside the story that tells them. */
    private record Listening(GilStory story, Teller teller) implements RunListener {
        @Override
        public void onOther(TraceEvent e) {
            story.on(e);
        }

        @Override
        public void onGilTake(GilEvent.GilTake e) {
            if (inside(e.timeNs()) && e.thread() != teller.wait.thread() && e.timeNs() < teller.wait.endNs()) {
                teller.takenByOthers++;
                teller.takesBy[e.thread()]++;
            }
            story.on(e);
        }

        @Override
        public void onDropRequest(GilEvent.DropRequest e) {
            if (inside(e.timeNs()) && e.requester() == teller.wait.thread()) teller.dropRequests++;
            story.on(e);
        }

        @Override
        public void onCondWait(CondEvent.CondWait e) {
            if (inside(e.timeNs()) && e.thread() == teller.wait.thread() && e.cond().equals(Gil.COND)) {
                teller.timedWaits++;
            }
            story.on(e);
        }

        @Override
        public void onCondSignal(CondEvent.CondSignal e) {
            if (inside(e.timeNs()) && e.woken() == teller.wait.thread() && e.cond().equals(Gil.COND)) teller.wakeUps++;
            story.on(e);
        }

        @Override
        public void onCondTimeout(CondEvent.CondTimeout e) {
            if (inside(e.timeNs()) && e.thread() == teller.wait.thread() && e.cond().equals(Gil.COND)) teller.timeouts++;
            story.on(e);
        }

        @Override
        public void finish(long endNs) {
            story.finish(endNs);
        }

        private boolean inside(long ns) {
            return ns >= teller.wait.startNs() && ns <= teller.wait.endNs();
        }
    }
}
