package gilsim.report.chart;

import gilsim.os.RunState;
import java.awt.Color;

/** What a thread is doing, as a timeline lane shows it; the order is the legend's. */
public enum Activity {
    HOLDS_GIL("holds the GIL", Palette.BLUE),
    RUNS_WITHOUT_GIL("runs without the GIL", Palette.SKY_BLUE),
    WAITS_FOR_GIL("waits for the GIL", Palette.VERMILION),
    // Yellow, not orange: orange and vermilion look alike to deuteranopes.
    READY("ready, no free core", Palette.YELLOW),
    OFF("sleeps or blocks", Palette.LIGHT_GREY);

    final String label;
    final Color color;

    Activity(String label, Color color) {
        this.label = label;
        this.color = color;
    }

    /**
     * What a thread is doing: waiting for the GIL outranks the scheduler state, since a woken waiter that runs only
     * to wait again is still waiting.
     */
    public static Activity of(boolean holdsGil, boolean waitsForGil, RunState state) {
        if (holdsGil) return HOLDS_GIL;
        if (waitsForGil) return WAITS_FOR_GIL;
        return switch (state) {
            case RUNNING -> RUNS_WITHOUT_GIL;
            case RUNNABLE -> READY;
            default -> OFF;
        };
    }

    /** The legend's words. */
    public String label() {
        return label;
    }

    public Color color() {
        return color;
    }
}
