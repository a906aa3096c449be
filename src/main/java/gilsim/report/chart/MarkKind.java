package gilsim.report.chart;

import java.awt.Color;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** The instants a timeline marks above a lane; the order is the legend's. */
enum MarkKind {
    SIGNAL("woken by a GIL signal", SeriesMarkers.TRIANGLE_DOWN, new Color(0x222222), true),
    DROP_REQUEST("asked to drop (drop request)", SeriesMarkers.CROSS, new Color(0xC00000), true),
    JOB_KEPT("job kept inside the slice", SeriesMarkers.CIRCLE, new Color(0x009E73), true),
    TIMEOUT("timed wait expired", SeriesMarkers.DIAMOND, new Color(0x009E73), false),
    FORCED_SWITCH("forced switch", SeriesMarkers.SQUARE, new Color(0x7B3294), false),
    YIELD("yields its turn", SeriesMarkers.TRIANGLE_UP, new Color(0x666666), false);

    final String label;
    final Marker marker;
    final Color color;
    /** Things done to a thread sit above its lane; things it does or suffers on its own, below. */
    final boolean above;

    MarkKind(String label, Marker marker, Color color, boolean above) {
        this.label = label;
        this.marker = marker;
        this.color = color;
        this.above = above;
    }
}
