package gilsim.report;

import gilsim.scenario.InputError;
import gilsim.sim.Durations;

/** A span of simulated time, {@code [fromNs, toNs)}, written {@code FROM..TO} on the command line (1s..1.01s). */
public record TimeWindow(long fromNs, long toNs) {
    public TimeWindow {
        if (fromNs < 0 || toNs <= fromNs) throw new IllegalArgumentException("empty window " + fromNs + ".." + toNs);
    }

    /**
     * Parses {@code FROM..TO} for option {@code option}, checking it against the run's {@code durationNs}.
     *
     * @throws InputError one line naming the option when the text is malformed or the window is empty or past the end
     */
    public static TimeWindow parse(String option, String text, long durationNs) {
        int dots = text.indexOf("..");
        if (dots < 0) throw new InputError(option + " " + text + ": expected FROM..TO, e.g. 1s..1.01s");
        long from = instant(text.substring(0, dots));
        long to = instant(text.substring(dots + 2));
        if (from < 0 || to < 0) {
            throw new InputError(option + " " + text + ": FROM and TO must be durations (write 5ms, 300us, 2s or 1500ns)");
        }
        if (to <= from) throw new InputError(option + " " + text + ": TO must be after FROM");
        if (from >= durationNs) {
            throw new InputError(option + " " + text + ": the window starts after the run ends (duration "
                    + Durations.format(durationNs) + ")");
        }
        return new TimeWindow(from, Math.min(to, durationNs));
    }

    /** A duration, or a bare 0 for the start of the run. */
    private static long instant(String text) {
        return text.trim().equals("0") ? 0 : Durations.parseOrMinus1(text);
    }

    public boolean contains(long timeNs) {
        return timeNs >= fromNs && timeNs < toNs;
    }

    public boolean overlaps(long startNs, long endNs) {
        return startNs < toNs && endNs > fromNs;
    }

    public long lengthNs() {
        return toNs - fromNs;
    }
}
