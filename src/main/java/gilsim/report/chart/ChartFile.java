package gilsim.report.chart;

import de.erichseifert.vectorgraphics2d.Document;
import de.erichseifert.vectorgraphics2d.VectorGraphics2D;
import de.erichseifert.vectorgraphics2d.svg.SVGProcessor;
import de.erichseifert.vectorgraphics2d.util.PageSize;
import gilsim.report.AtomicFile;
import gilsim.scenario.InputError;
import java.awt.Color;
import java.awt.Dimension;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * Writes one chart, or several stacked in a column or set side by side in a row, as PNG or SVG (chosen by the
 * file's extension), through {@link AtomicFile} so that a failure leaves no half-written picture.
 * Neither encoder writes a time stamp or a random id, so the same charts give the same bytes.
 */
public final class ChartFile {
    /** How several charts share one picture. */
    public enum Layout { COLUMN, ROW }

    private ChartFile() {}

    /** Checks the extension before any simulation runs. */
    public static void checkExtension(Path out) {
        checkExtension("--out", out);
    }

    /** @param option the option that named the file, for messages */
    public static void checkExtension(String option, Path out) {
        Path name = out.getFileName();
        String n = name == null ? "" : name.toString().toLowerCase(java.util.Locale.ROOT);
        if (!n.endsWith(".png") && !n.endsWith(".svg")) {
            throw new InputError(option + " " + out + ": write a .png or an .svg file");
        }
    }

    /** Writes panels laid out by the charts themselves ({@link Panel}): titles and legends that are never cut. */
    static void writePanels(Path out, Layout layout, List<Panel> panels) {
        writeWith("--out", out, svg -> {
            Dimension size = panelsSize(layout, panels);
            if (svg) {
                VectorGraphics2D g = new VectorGraphics2D();
                paintPanels(g, layout, panels);
                return svgBytes(g, size);
            }
            return pngBytes(render(layout, panels));
        });
    }

    /** The picture as pixels, as {@link #writePanels} writes it to a PNG. */
    static BufferedImage render(Layout layout, List<Panel> panels) {
        Dimension size = panelsSize(layout, panels);
        BufferedImage image = new BufferedImage(size.width, size.height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, size.width, size.height);
        paintPanels(g, layout, panels);
        g.dispose();
        return image;
    }

    private static void paintPanels(Graphics2D g, Layout layout, List<Panel> panels) {
        int x = 0;
        int y = 0;
        for (Panel p : panels) {
            Graphics2D panel = (Graphics2D) g.create();
            panel.translate(x, y);
            panel.clipRect(0, 0, p.width(), p.height());
            p.paint(panel);
            panel.dispose();
            if (layout == Layout.ROW) x += p.width();
            else y += p.height();
        }
    }

    private static Dimension panelsSize(Layout layout, List<Panel> panels) {
        int w = 0;
        int h = 0;
        for (Panel p : panels) {
            w = layout == Layout.ROW ? w + p.width() : Math.max(w, p.width());
            h = layout == Layout.COLUMN ? h + p.height() : Math.max(h, p.height());
        }
        return new Dimension(w, h);
    }

    private static byte[] pngBytes(BufferedImage image) throws IOException {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        ImageIO.write(image, "png", bytes);
        return bytes.toByteArray();
    }

    private static byte[] svgBytes(VectorGraphics2D g, Dimension size) throws IOException {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        Document doc = new SVGProcessor().getDocument(g.getCommands(), new PageSize(0, 0, size.width, size.height));
        doc.writeTo(bytes);
        return bytes.toByteArray();
    }

    /** Draws a picture's bytes, PNG or SVG. */
    private interface Drawing {
        byte[] bytes(boolean svg) throws IOException;
    }

    private static void writeWith(String option, Path out, Drawing drawing) {
        checkExtension(option, out);
        boolean svg = out.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".svg");
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

    /** @param option the option that named the file, for messages */
    public static void write(String option, Path out, Layout layout, List<? extends Chart<?, ?>> charts) {
        writeWith(option, out, svg -> {
            java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
            if (svg) svg(bytes, layout, charts);
            else png(bytes, layout, charts);
            return bytes.toByteArray();
        });
    }

    private static void png(OutputStream os, Layout layout, List<? extends Chart<?, ?>> charts) throws IOException {
        if (charts.size() == 1) {
            BitmapEncoder.saveBitmap(charts.get(0), os, BitmapEncoder.BitmapFormat.PNG);
            return;
        }
        // BitmapEncoder's grid needs panels of one size; panels here may differ by a pixel to fill the width.
        Dimension size = size(layout, charts);
        BufferedImage image = new BufferedImage(size.width, size.height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, size.width, size.height);
        paint(g, layout, charts);
        g.dispose();
        ImageIO.write(image, "png", os);
    }

    private static void svg(OutputStream os, Layout layout, List<? extends Chart<?, ?>> charts) throws IOException {
        if (charts.size() == 1) {
            VectorGraphicsEncoder.saveVectorGraphic(charts.get(0), os,
                    VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
            return;
        }
        // VectorGraphicsEncoder draws one chart; several are painted into one vector canvas, each moved into place.
        VectorGraphics2D g = new VectorGraphics2D();
        paint(g, layout, charts);
        Dimension size = size(layout, charts);
        Document doc = new SVGProcessor().getDocument(g.getCommands(), new PageSize(0, 0, size.width, size.height));
        doc.writeTo(os);
    }

    private static void paint(Graphics2D g, Layout layout, List<? extends Chart<?, ?>> charts) {
        int x = 0;
        int y = 0;
        for (Chart<?, ?> c : charts) {
            Graphics2D panel = (Graphics2D) g.create();
            panel.translate(x, y);
            c.paint(panel, c.getWidth(), c.getHeight());
            panel.dispose();
            if (layout == Layout.ROW) x += c.getWidth();
            else y += c.getHeight();
        }
    }

    private static Dimension size(Layout layout, List<? extends Chart<?, ?>> charts) {
        int w = 0;
        int h = 0;
        for (Chart<?, ?> c : charts) {
            w = layout == Layout.ROW ? w + c.getWidth() : Math.max(w, c.getWidth());
            h = layout == Layout.COLUMN ? h + c.getHeight() : Math.max(h, c.getHeight());
        }
        return new Dimension(w, h);
    }
}
