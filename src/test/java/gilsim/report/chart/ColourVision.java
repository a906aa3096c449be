package gilsim.report.chart;

import java.awt.Color;

/**
 * Colour-blindness simulation and colour difference, for {@link PaletteTest}.
 *
 * <ul>
 *   <li>Simulation: G. M. Machado, M. M. Oliveira and L. A. F. Fernandes, "A Physiologically-based Model for
 *       Simulation of Color Vision Deficiency", IEEE TVCG 15(6), 2009, doi:10.1109/TVCG.2009.113; the matrices for
 *       severity 1.0 (dichromacy) from the authors' page
 *       (https://www.inf.ufrgs.br/~oliveira/pubs_files/CVD_Simulation/CVD_Simulation.html), applied to linear sRGB.
 *   <li>sRGB to CIELAB: IEC 61966-2-1 (sRGB) and CIE 15:2004, D65 white.
 *   <li>Difference: CIEDE2000, as G. Sharma, W. Wu and E. N. Dalal give it ("The CIEDE2000 color-difference
 *       formula: implementation notes, supplementary test data, and mathematical observations", Color Research
 *       and Application 30(1), 2005); {@code PaletteTest} checks it against their test data.
 * </ul>
 */
final class ColourVision {
    enum Vision {
        NORMAL(new double[][] {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}),
        PROTANOPIA(new double[][] {{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216},
                {-0.003882, -0.048116, 1.051998}}),
        DEUTERANOPIA(new double[][] {{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413},
                {-0.011820, 0.042940, 0.968881}}),
        TRITANOPIA(new double[][] {{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602},
                {0.004733, 0.691367, 0.303900}});

        private final double[][] matrix;

        Vision(double[][] matrix) {
            this.matrix = matrix;
        }

        /** {@code c} as this vision sees it, in CIELAB. */
        double[] lab(Color c) {
            double[] rgb = {Palette.linear(c.getRed()), Palette.linear(c.getGreen()), Palette.linear(c.getBlue())};
            double[] seen = new double[3];
            for (int i = 0; i < 3; i++) {
                double v = 0;
                for (int j = 0; j < 3; j++) v += matrix[i][j] * rgb[j];
                seen[i] = Math.min(1, Math.max(0, v));
            }
            return ColourVision.lab(seen);
        }
    }

    private ColourVision() {}

    /** Linear sRGB to CIELAB (D65). */
    static double[] lab(double[] rgb) {
        double x = 0.4124564 * rgb[0] + 0.3575761 * rgb[1] + 0.1804375 * rgb[2];
        double y = 0.2126729 * rgb[0] + 0.7151522 * rgb[1] + 0.0721750 * rgb[2];
        double z = 0.0193339 * rgb[0] + 0.1191920 * rgb[1] + 0.9503041 * rgb[2];
        double fx = f(x / 0.95047);
        double fy = f(y / 1.0);
        double fz = f(z / 1.08883);
        return new double[] {116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)};
    }

    private static double f(double t) {
        double d = 6.0 / 29;
        return t > d * d * d ? Math.cbrt(t) : t / (3 * d * d) + 4.0 / 29;
    }

    /** CIEDE2000 between two CIELAB colours (kL = kC = kH = 1). */
    static double deltaE2000(double[] lab1, double[] lab2) {
        double l1 = lab1[0];
        double a1 = lab1[1];
        double b1 = lab1[2];
        double l2 = lab2[0];
        double a2 = lab2[1];
        double b2 = lab2[2];
        double cBar = (Math.hypot(a1, b1) + Math.hypot(a2, b2)) / 2;
        double g = 0.5 * (1 - Math.sqrt(Math.pow(cBar, 7) / (Math.pow(cBar, 7) + Math.pow(25, 7))));
        double a1p = (1 + g) * a1;
        double a2p = (1 + g) * a2;
        double c1p = Math.hypot(a1p, b1);
        double c2p = Math.hypot(a2p, b2);
        double h1p = hue(b1, a1p);
        double h2p = hue(b2, a2p);
        double dLp = l2 - l1;
        double dCp = c2p - c1p;
        double dhp;
        if (c1p * c2p == 0) dhp = 0;
        else if (Math.abs(h2p - h1p) <= 180) dhp = h2p - h1p;
        else if (h2p - h1p > 180) dhp = h2p - h1p - 360;
        else dhp = h2p - h1p + 360;
        double dHp = 2 * Math.sqrt(c1p * c2p) * Math.sin(Math.toRadians(dhp / 2));
        double lBarP = (l1 + l2) / 2;
        double cBarP = (c1p + c2p) / 2;
        double hBarP;
        if (c1p * c2p == 0) hBarP = h1p + h2p;
        else if (Math.abs(h1p - h2p) <= 180) hBarP = (h1p + h2p) / 2;
        else if (h1p + h2p < 360) hBarP = (h1p + h2p + 360) / 2;
        else hBarP = (h1p + h2p - 360) / 2;
        double t = 1 - 0.17 * cos(hBarP - 30) + 0.24 * cos(2 * hBarP) + 0.32 * cos(3 * hBarP + 6)
                - 0.20 * cos(4 * hBarP - 63);
        double dTheta = 30 * Math.exp(-Math.pow((hBarP - 275) / 25, 2));
        double rc = 2 * Math.sqrt(Math.pow(cBarP, 7) / (Math.pow(cBarP, 7) + Math.pow(25, 7)));
        double sl = 1 + 0.015 * Math.pow(lBarP - 50, 2) / Math.sqrt(20 + Math.pow(lBarP - 50, 2));
        double sc = 1 + 0.045 * cBarP;
        double sh = 1 + 0.015 * cBarP * t;
        double rt = -Math.sin(Math.toRadians(2 * dTheta)) * rc;
        return Math.sqrt(Math.pow(dLp / sl, 2) + Math.pow(dCp / sc, 2) + Math.pow(dHp / sh, 2)
                + rt * (dCp / sc) * (dHp / sh));
    }

    private static double hue(double b, double a) {
        if (a == 0 && b == 0) return 0;
        double h = Math.toDegrees(Math.atan2(b, a));
        return h < 0 ? h + 360 : h;
    }

    private static double cos(double degrees) {
        return Math.cos(Math.toRadians(degrees));
    }

    /** The CIEDE2000 difference between {@code a} and {@code b} as {@code vision} sees them. */
    static double difference(Color a, Color b, Vision vision) {
        return deltaE2000(vision.lab(a), vision.lab(b));
    }

    /** WCAG 2 contrast ratio. */
    static double contrast(Color a, Color b) {
        double la = Palette.luminance(a);
        double lb = Palette.luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }
}
