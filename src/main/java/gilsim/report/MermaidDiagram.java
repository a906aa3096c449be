package gilsim.report;

import gilsim.metrics.Spans;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * Writes beats as a Mermaid {@code sequenceDiagram} that GitHub renders inside a {@code ```mermaid} fence.
 * Participants are the threads and the GIL, declared up front; thread names are aliased to safe ids ({@code T0},
 * {@code T1}, ...) because Mermaid ids cannot hold every character a scenario file allows in a name.
 */
public final class MermaidDiagram implements Beat.Sink {
    /** GitHub refuses very large diagrams; past this many messages the rest is summarised in one note. */
    static final int MAX_MESSAGES = 400;

    private final List<String> names;
    private final PrintWriter out;
    private int written;
    private int dropped;

    private MermaidDiagram(List<String> names, PrintWriter out) {
        this.names = List.copyOf(names);
        this.out = out;
    }

    /** A listener that writes {@code window} of a run whose threads are {@code names} as a diagram onto {@code out}. */
    public static GilStory listener(Spans view, List<String> names, TimeWindow window, PrintWriter out) {
        MermaidDiagram d = new MermaidDiagram(names, out);
        d.header();
        return new GilStory(view, names, window, d);
    }

    private void header() {
        out.println("sequenceDiagram");
        for (int i = 0; i < names.size(); i++) out.println("    participant T" + i + " as " + clean(names.get(i)));
        out.println("    participant GIL");
    }

    @Override
    public void beat(Beat beat) {
        String time = String.format(Locale.ROOT, "%.3f ms", beat.timeNs() / 1e6);
        for (Beat.Message m : beat.messages()) {
            if (written >= MAX_MESSAGES) {
                dropped++;
                continue;
            }
            String text = clean(m.text()) + " at " + time;
            if (m.isNote()) {
                out.println("    Note over " + id(m.from()) + ": " + text);
            } else {
                out.println("    " + id(m.from()) + "->>" + id(m.to()) + ": " + text);
            }
            written++;
        }
    }

    @Override
    public void end() {
        if (dropped > 0) {
            out.println("    Note over GIL: " + dropped + " more messages left out, narrow the window");
        }
        out.flush();
    }

    private static String id(int participant) {
        return participant == Beat.Message.GIL ? "GIL" : "T" + participant;
    }

    /**
     * Mermaid reads ; and # specially, a colon ends the message and a line break ends the statement; none of them
     * is needed in our texts (a thread's name may hold any of them).
     */
    private static String clean(String text) {
        return text.replaceAll("[;#:\\p{Cntrl}]", " ");
    }
}
