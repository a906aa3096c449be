package gilsim.report.chart;

import gilsim.cpython.GilEvent.DropRequest;
import gilsim.cpython.GilEvent.ForcedSwitch;
import gilsim.m0.PoolEvent.JobTaken;
import gilsim.m0.PoolEvent.TurnYield;
import gilsim.sim.TraceEvent;
import gilsim.sync.CondEvent.CondSignal;
import gilsim.sync.CondEvent.CondTimeout;
import java.awt.Color;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** The instants a timeline marks in a lane, each with its own shape; the order is the legend's. */
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

    /** A mark in a thread's lane. */
    public record Placed(int thread, MarkKind kind) {}

    /**
     * The mark {@code event} makes and the thread whose lane it goes in, or null when it makes none: the one
     * mapping the PNG timelines and the HTML page both draw from.
     */
    public static Placed placed(TraceEvent event) {
        if (event instanceof CondSignal e && e.cond().equals("gil") && e.woken() >= 0) {
            return new Placed(e.woken(), SIGNAL);
        } else if (event instanceof CondTimeout e && e.cond().equals("gil")) {
            return new Placed(e.thread(), TIMEOUT);
        } else if (event instanceof DropRequest e) {
            return new Placed(e.holder(), DROP_REQUEST);
        } else if (event instanceof ForcedSwitch e) {
            return new Placed(e.thread(), FORCED_SWITCH);
        } else if (event instanceof JobTaken e && e.kept()) {
            return new Placed(e.thread(), JOB_KEPT);
        } else if (event instanceof TurnYield e && e.start()) {
            return new Placed(e.thread(), YIELD);
        }
        return null;
    }
}
