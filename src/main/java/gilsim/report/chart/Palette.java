package gilsim.report.chart;

import java.awt.Color;
import java.util.List;

/**
 * Every colour the charts fill or draw with. Most are Okabe and Ito's eight colours for colour-blind readers
 * (M. Okabe and K. Ito, "Color Universal Design (CUD): How to make figures and presentations that are friendly to
 * colorblind people", 2008, https://jfly.uni-koeln.de/color/); the heat map's two ramps are tints and shades of two
 * of them. {@code PaletteTest} checks that the colours each kind of picture shows together stay apart under
 * simulated protanopia, deuteranopia and tritanopia; docs/reading-charts.md lists them.
 */
public final class Palette {
    static final Color BLACK = new Color(0x000000);
    static final Color ORANGE = new Color(0xE69F00);
    static final Color SKY_BLUE = new Color(0x56B4E9);
    static final Color BLUISH_GREEN = new Color(0x009E73);
    static final Color YELLOW = new Color(0xF0E442);
    static final Color BLUE = new Color(0x0072B2);
    static final Color VERMILION = new Color(0xD55E00);
    /** Greys are not Okabe-Ito's, but every colour vision sees a grey as the same grey. */
    static final Color DARK_GREY = new Color(0x666666);
    static final Color GREY = new Color(0x999999);
    static final Color LIGHT_GREY = new Color(0xAAAAAA);
    static final Color WHITE = Color.WHITE;
    /** Every other timeline lane is shaded this faintly, so that a mark is seen inside its thread's lane. */
    static final Color LANE_BAND = new Color(0xF0F0F0);
    static final Color LANE_RULE = new Color(0xC8C8C8);

    /** A CDF's thread curves; past four threads the colours repeat with another dash pattern. */
    public static final List<Color> THREADS = List.of(VERMILION, BLUE, SKY_BLUE, GREY);
    /** The CDF's switch-interval line, drawn dashed. */
    static final Color INTERVAL = BLACK;

    /**
     * Heat-map cells of fair runs, shortest wait band first: tints of bluish green, all light. Cells of starving
     * runs are all dark, so the two stay apart by lightness alone, which every colour vision keeps.
     */
    static final List<Color> FAIR = List.of(tint(BLUISH_GREEN, 0.15), tint(BLUISH_GREEN, 0.30),
            tint(BLUISH_GREEN, 0.45), tint(BLUISH_GREEN, 0.60), tint(BLUISH_GREEN, 0.75));
    /** Heat-map cells of starving runs, shortest wait band first: from a vermilion-red to a dark red. */
    static final List<Color> STARVES = List.of(new Color(0xD6452B), new Color(0xB8341F), new Color(0x992614),
            new Color(0x7A1A0C), new Color(0x5C1005));

    private Palette() {}

    /** {@code c} mixed with white: {@code share} of the colour, the rest white. */
    static Color tint(Color c, double share) {
        return new Color(mix(c.getRed(), share), mix(c.getGreen(), share), mix(c.getBlue(), share));
    }

    private static int mix(int channel, double share) {
        return (int) Math.round(channel * share + 255 * (1 - share));
    }

    /** Black or white, whichever reads better on {@code fill} (the larger WCAG 2 contrast ratio). */
    static Color textOn(Color fill) {
        double l = luminance(fill);
        return (1.05) / (l + 0.05) > (l + 0.05) / 0.05 ? WHITE : BLACK;
    }

    /** WCAG 2 relative luminance. */
    static double luminance(Color c) {
        return 0.2126 * linear(c.getRed()) + 0.7152 * linear(c.getGreen()) + 0.0722 * linear(c.getBlue());
    }

    static double linear(int channel) {
        double v = channel / 255.0;
        return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    }
}
