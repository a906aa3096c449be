package gilsim.report.chart;

import java.awt.Color;

/** What a thread is doing, as a timeline lane shows it; the order is the legend's. */
enum Activity {
    HOLDS_GIL("holds the GIL", new Color(0x0072B2)),
    RUNS_WITHOUT_GIL("runs without the GIL", new Color(0x56B4E9)),
    WAITS_FOR_GIL("waits for the GIL", new Color(0xD55E00)),
    READY("ready, no free core", new Color(0xE69F00)),
    OFF("sleeps or blocks", new Color(0xD0D0D0));

    final String label;
    final Color color;

    Activity(String label, Color color) {
        this.label = label;
        this.color = color;
    }
}
