package gilsim.search;

import java.io.PrintWriter;

/**
 * A progress bar on stderr: {@code [#######.............]  340/600 runs}. Redrawn in place with a carriage
 * return, at most once per percent, and only when switched on (stderr is a terminal, or {@code --progress}); it
 * never writes to stdout, so it cannot spoil a table or a JSON object.
 */
public final class Progress {
    private static final int WIDTH = 30;
    private final PrintWriter err;
    private final boolean on;
    private long total;
    private long done;
    private int lastPercent = -1;

    private Progress(PrintWriter err, boolean on) {
        this.err = err;
        this.on = on;
    }

    public static Progress on(PrintWriter err) {
        return new Progress(err, true);
    }

    public static Progress off() {
        return new Progress(null, false);
    }

    /** Adds {@code runs} to the work to do: the search's list first, then each configuration the shrinker tries. */
    void expect(long runs) {
        total += runs;
        lastPercent = -1;
    }

    void tick() {
        done++;
        if (!on || total == 0) return;
        int percent = (int) (100 * Math.min(done, total) / total);
        if (percent == lastPercent) return;
        lastPercent = percent;
        int filled = WIDTH * percent / 100;
        err.print("\r[" + "#".repeat(filled) + ".".repeat(WIDTH - filled) + "] " + done + "/" + total + " runs");
        err.flush();
    }

    /** Clears the bar's line. */
    public void finish() {
        if (!on || lastPercent < 0) return;
        err.print("\r" + " ".repeat(WIDTH + 40) + "\r");
        err.flush();
    }
}
