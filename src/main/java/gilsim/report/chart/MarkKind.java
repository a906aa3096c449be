package gilsim.report.chart;

import java.awt.Color;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The instants a timeline marks in a lane, each with its own shape; the order is the legend's. Which event makes
 * which mark, in whose lane, is {@link ActivityLanes}'s.
 */
public enum MarkKind {
    SIGNAL("woken by a GIL signal", SeriesMarkers.TRIANGLE_DOWN, Palette.DARK_GREY, true),
    DROP_REQUEST("asked to drop (drop request)", SeriesMarkers.CROSS, Palette.BLUE, true),
    JOB_KEPT("job kept inside the slice", SeriesMarkers.CIRCLE, Palette.SKY_BLUE, true),
    TIMEOUT("timed wait expired", SeriesMarkers.DIAMOND, Palette.ORANGE, false),
    FORCED_SWITCH("forced switch", SeriesMarkers.SQUARE, Palette.BLACK, false),
    YIELD("yields its turn", SeriesMarkers.TRIANGLE_UP, Palette.GREY, false);

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

    /** The legend's words. */
    public String label() {
        return label;
    }

    public Color color() {
        return color;
    }

    /** XChart's name of the marker's shape ({@code TriangleDown}, {@code Cross}, ...), which the HTML page draws too. */
    public String shape() {
        return marker.getClass().getSimpleName();
    }

    /** Whether the mark sits above its lane (done to the thread) or below (done by it). */
    public boolean above() {
        return above;
    }
}
