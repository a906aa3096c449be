package gilsim.report;

import gilsim.metrics.Spans;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** Prints each beat as a line: simulated time in seconds (microsecond digits), then the sentence. */
public final class Narration implements Beat.Sink {
    private final PrintWriter out;
    private int lines;

    private Narration(PrintWriter out) {
        this.out = out;
    }

    /** A listener that narrates {@code window} of a run whose threads are {@code names} onto {@code out}. */
    public static GilStory listener(Spans view, List<String> names, TimeWindow window, PrintWriter out) {
        return new GilStory(view, names, window, new Narration(out));
    }

    @Override
    public void beat(Beat beat) {
        out.printf(Locale.ROOT, "%.6f s  %s%n", beat.timeNs() / 1e9, beat.sentence());
        lines++;
    }

    @Override
    public void end() {
        if (lines == 0) out.println("(nothing happened to the GIL or the threads in this window)");
        out.flush();
    }
}
