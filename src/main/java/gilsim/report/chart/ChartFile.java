package gilsim.report.chart;

import de.erichseifert.vectorgraphics2d.VectorGraphics2D;
import de.erichseifert.vectorgraphics2d.svg.SVGProcessor;
import de.erichseifert.vectorgraphics2d.util.PageSize;
import gilsim.report.AtomicFile;
import gilsim.scenario.InputError;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * Writes one picture, of panels stacked in a column or set side by side in a row, as PNG or SVG (chosen by the
 * file's extension), through {@link AtomicFile} so that a failure leaves no half-written picture.
 * Neither encoder writes a time stamp or a random id, so the same charts give the same bytes.
 */
public final class ChartFile {
    /** How several charts share one picture. */
    public enum Layout { COLUMN, ROW }

    /** A rectangle of the picture that paints itself from its top left corner. */
    private interface Piece {
        int width();

        int height();

        void paint(Graphics2D g);
    }

    private ChartFile() {}

    /** Checks the extension before any simulation runs. */
    public static void checkExtension(Path out) {
        checkExtension("--out", out);
    }

    /** @param option the option that named the file, for messages */
    public static void checkExtension(String option, Path out) {
        Path name = out.getFileName();
        String n = name == null ? "" : name.toString().toLowerCase(Locale.ROOT);
        if (!n.endsWith(".png") && !n.endsWith(".svg")) {
            throw new InputError(option + " " + out + ": write a .png or an .svg file");
        }
    }

    /** Writes panels laid out by the charts themselves ({@link Panel}): titles and legends that are never cut. */
    static void writePanels(Path out, Layout layout, List<Panel> panels) {
        List<Piece> pieces = new ArrayList<>();
        for (Panel p : panels) pieces.add(piece(p.width(), p.height(), p::paint));
        write("--out", out, svg -> bytes(svg, layout, pieces));
    }

    /**
     * Writes XChart charts that draw their own titles and legends. One chart goes through XChart's encoders as it
     * always has; several are painted into one picture.
     *
     * @param option the option that named the file, for messages
     */
    public static void write(String option, Path out, Layout layout, List<? extends Chart<?, ?>> charts) {
        List<Piece> pieces = new ArrayList<>();
        for (Chart<?, ?> c : charts) pieces.add(piece(c.getWidth(), c.getHeight(), g -> c.paint(g, c.getWidth(),
                c.getHeight())));
        write(option, out, svg -> {
            if (charts.size() > 1) return bytes(svg, layout, pieces);
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            if (svg) VectorGraphicsEncoder.saveVectorGraphic(charts.get(0), bytes,
                    VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
            else BitmapEncoder.saveBitmap(charts.get(0), bytes, BitmapEncoder.BitmapFormat.PNG);
            return bytes.toByteArray();
        });
    }

    private static Piece piece(int width, int height, java.util.function.Consumer<Graphics2D> paint) {
        return new Piece() {
            public int width() {
                return width;
            }

            public int height() {
                return height;
            }

            public void paint(Graphics2D g) {
                paint.accept(g);
            }
        };
    }

    /** Draws a picture's bytes, PNG or SVG. */
    private interface Drawing {
        byte[] bytes(boolean svg) throws IOException;
    }

    private static void write(String option, Path out, Drawing drawing) {
        checkExtension(option, out);
        boolean svg = out.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".svg");
        try {
            byte[] bytes = drawing.bytes(svg);
            Path temp = AtomicFile.temp(out);
            try {
                Files.write(temp, bytes);
                AtomicFile.commit(temp, out);
            } finally {
                Files.deleteIfExists(temp);
            }
        } catch (IOException e) {
            throw new InputError(option + " " + out + ": cannot write (" + e.getMessage() + ")");
        }
    }

    private static byte[] bytes(boolean svg, Layout layout, List<Piece> pieces) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        if (svg) {
            VectorGraphics2D g = new VectorGraphics2D();
            paint(g, layout, pieces);
            int[] size = size(layout, pieces);
            new SVGProcessor().getDocument(g.getCommands(), new PageSize(0, 0, size[0], size[1])).writeTo(bytes);
        } else {
            ImageIO.write(image(layout, pieces), "png", bytes);
        }
        return bytes.toByteArray();
    }

    private static BufferedImage image(Layout layout, List<Piece> pieces) {
        int[] size = size(layout, pieces);
        BufferedImage image = new BufferedImage(size[0], size[1], BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, size[0], size[1]);
        paint(g, layout, pieces);
        g.dispose();
        return image;
    }

    private static void paint(Graphics2D g, Layout layout, List<Piece> pieces) {
        int x = 0;
        int y = 0;
        for (Piece p : pieces) {
            Graphics2D panel = (Graphics2D) g.create();
            panel.translate(x, y);
            panel.clipRect(0, 0, p.width(), p.height());
            p.paint(panel);
            panel.dispose();
            if (layout == Layout.ROW) x += p.width();
            else y += p.height();
        }
    }

    /** Width and height of the whole picture. */
    private static int[] size(Layout layout, List<Piece> pieces) {
        int w = 0;
        int h = 0;
        for (Piece p : pieces) {
            w = layout == Layout.ROW ? w + p.width() : Math.max(w, p.width());
            h = layout == Layout.COLUMN ? h + p.height() : Math.max(h, p.height());
        }
        return new int[] {w, h};
    }
}
