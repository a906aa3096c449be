package gilsim.report.chart;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.report.Cli;
import gilsim.search.CsvLog;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every chart kind draws a picture of the size asked that is not blank, and the same one every time. */
class ChartCommandTest {
    @TempDir
    Path dir;

    private Path chart(String name, String... args) {
        Path out = dir.resolve(name);
        List<String> all = new ArrayList<>(List.of("chart"));
        all.addAll(List.of(args));
        all.addAll(List.of("--out", out.toString()));
        Cli r = Cli.run(all.toArray(String[]::new));
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.exists(out), out.toString());
        return out;
    }

    private static void assertPicture(Path png, int width, int height) throws IOException {
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(width, image.getWidth(), png + " width");
        assertEquals(height, image.getHeight(), png + " height");
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 2) {
            for (int x = 0; x < image.getWidth(); x += 2) colours.add(image.getRGB(x, y));
        }
        assertTrue(colours.size() > 4, png + ": only " + colours.size() + " colours");
    }

    @Test
    void timeline() throws IOException {
        assertPicture(chart("t.png", "short-release", "--set", "duration=30ms", "--kind", "timeline", "--window",
                "10ms..20ms", "--width", "800", "--height", "450"), 800, 450);
    }

    @Test
    void cdf() throws IOException {
        assertPicture(chart("c.png", "short-release", "--set", "duration=30ms", "--set", "policy=paused-budget",
                "--kind", "cdf"), 1600, 900);
    }

    @Test
    void compareTimelinesAndCdfsFillTheSizeAsked() throws IOException {
        assertPicture(chart("ct.png", "short-release", "--set", "duration=30ms", "--kind", "compare", "--compare",
                "pinned=true", "--third", "policy=paused-budget", "--width", "1000", "--height", "901"), 1000, 901);
        assertPicture(chart("cc.png", "short-release", "--set", "duration=30ms", "--kind", "compare", "--of", "cdf",
                "--compare", "policy=fifo-ticket", "--width", "1001", "--height", "600"), 1001, 600);
    }

    @Test
    void heatmapFromASearchCsv() throws IOException {
        Path csv = dir.resolve("search.csv");
        Files.writeString(csv, String.join("\n",
                "index,seed,work,interval,verdict,starved_count,max_wait_ns,starved_threads",
                "0,1,1ms,5ms,starves,1,498892874,main",
                "1,2,1ms,5ms,fair,0,2000000,",
                "2,1,8ms,5ms,fair,0,7127505,",
                "3,1,1ms,10ms,starves,1,300000000,\"main,worker\"",
                "4,1,8ms,10ms,fair,0,900000,", ""));
        assertPicture(chart("h.png", "--kind", "heatmap", "--csv", csv.toString(), "--x", "work", "--y", "interval",
                "--width", "900", "--height", "600"), 900, 600);
        Cli r = Cli.run("chart", "--kind", "heatmap", "--csv", csv.toString(), "--x", "work", "--y", "nope",
                "--out", dir.resolve("x.png").toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--y nope") && r.err().contains("columns:"), r.err());
    }

    /** A search for a latency bound: a fair cell that broke the bound is red and says both, not green. */
    @Test
    void aHeatmapOfAPropertyOtherThanTheVerdictIsColouredByTheProperty() throws IOException {
        Path csv = dir.resolve("latency.csv");
        Files.writeString(csv, String.join("\n",
                "index,seed,threads,keep,verdict,starved_count,max_wait_ns,starved_threads,holds",
                "0,1,2,false,fair,0,2000000,,true",
                "1,1,3,false,fair,0,9000000,,false",
                "2,1,2,true,starves,1,300000000,t1,false",
                "3,1,3,true,fair,0,1000000,,true", ""));
        Path svg = dir.resolve("latency.svg");
        Cli r = Cli.run("chart", "--kind", "heatmap", "--csv", csv.toString(), "--x", "threads", "--y", "keep", "--out",
                svg.toString(), "--width", "900", "--height", "600");
        assertEquals(0, r.code(), r.err());
        String text = Files.readString(svg);
        for (String said : List.of("holds, fair", "breaks, fair", "breaks, starves", "property breaks:")) {
            assertTrue(text.contains(said), "'" + said + "' missing from the map");
        }
        // Where the property is the verdict, the map is the verdict's, as before.
        Files.writeString(csv, Files.readString(csv).replace("9000000,,false", "9000000,,true"));
        Cli same = Cli.run("chart", "--kind", "heatmap", "--csv", csv.toString(), "--x", "threads", "--y", "keep",
                "--out", svg.toString(), "--width", "900", "--height", "600");
        assertEquals(0, same.code(), same.err());
        assertTrue(Files.readString(svg).contains("starves:") && !Files.readString(svg).contains("property"));
    }

    @Test
    void theSameChartGivesTheSameBytesInPngAndSvg() throws IOException {
        String[] args = {"short-release", "--set", "duration=20ms", "--kind", "timeline", "--width", "640",
                "--height", "360"};
        for (String ext : List.of("png", "svg")) {
            byte[] first = Files.readAllBytes(chart("a." + ext, args));
            byte[] second = Files.readAllBytes(chart("b." + ext, args));
            assertArrayEquals(first, second, ext + " differs between two runs");
        }
        String svg = Files.readString(dir.resolve("a.svg"), StandardCharsets.UTF_8);
        assertTrue(svg.contains("<svg") && svg.contains("width=\"640"), svg.substring(0, Math.min(300, svg.length())));
    }

    @Test
    void badRequestsAreOneLine() {
        for (String[] args : List.of(new String[] {"chart", "short-release", "--kind", "pie", "--out", "x.png"},
                new String[] {"chart", "short-release", "--kind", "timeline", "--out", "x.gif"},
                new String[] {"chart", "short-release", "--kind", "compare", "--out", "x.png"},
                new String[] {"chart", "short-release", "--kind", "timeline", "--window", "9s..10s", "--out", "x.png"})) {
            Cli r = Cli.run(args);
            assertEquals(2, r.code(), String.join(" ", args) + ": " + r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertFalse(Files.exists(Path.of("x.png")));
        }
    }

    private static final String HEADER = "index,seed,work,interval,verdict,starved_count,max_wait_ns,starved_threads";

    /** Exit 2, one line naming the file and each of {@code mustContain}, no stack trace, no picture. */
    private void assertBadCsv(String text, String... mustContain) throws IOException {
        Path csv = Files.writeString(dir.resolve("bad.csv"), text);
        Path out = dir.resolve("bad.png");
        Cli r = Cli.run("chart", "--kind", "heatmap", "--csv", csv.toString(), "--x", "work", "--y", "interval",
                "--out", out.toString());
        assertEquals(2, r.code(), text + " -> " + r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), r.err());
        assertTrue(r.err().contains("--csv " + csv), r.err());
        for (String m : mustContain) assertTrue(r.err().contains(m), "'" + m + "' missing: " + r.err());
        assertFalse(Files.exists(out));
    }

    @Test
    void aMalformedCsvIsOneLineWithTheLine() throws IOException {
        assertBadCsv(HEADER + "\n0,1,1ms,5ms,fair,0,900,\n\"\n", "line 3", "never closed");
        assertBadCsv(HEADER + "\n0,1,1ms,5ms,fair,0,900,\n1,1,2ms\n", "line 3", "3 fields, the header has 8");
        assertBadCsv(HEADER + "\n0,1,1ms,5ms,fair,0,NaN,\n", "line 2", "'NaN', not a finite number");
        assertBadCsv(HEADER + "\n0,1,1ms,5ms,fair,0,Infinity,\n", "line 2", "not a finite number");
        assertBadCsv(HEADER + "\n0,1,1ms,5ms,fair,0,fast,\n", "line 2", "'fast'");
        assertBadCsv(HEADER + "\n0,1,1ms,5ms,fair,0,9,\"ma\"in\n", "line 2, column");
        assertBadCsv("", "empty file");
        assertBadCsv("a,b,a\n1,2,3\n", "line 1", "'a' appears twice");
        assertBadCsv(HEADER + "\n", "no rows");
        Path folder = Files.createDirectory(dir.resolve("folder.csv"));
        Cli r = Cli.run("chart", "--kind", "heatmap", "--csv", folder.toString(), "--x", "work", "--y", "interval",
                "--out", dir.resolve("f.png").toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("is a directory"), r.err());
    }

    /** Line numbers count physical lines: a quoted line break inside a row moves the rows after it down. */
    @Test
    void quotedLineBreaksAndQuotesAreRead() throws IOException {
        Path csv = Files.writeString(dir.resolve("q.csv"), HEADER + "\n0,1,1ms,5ms,starves,2,400000000,\"main\nio,\"\"x\"\"\"\n"
                + "\n1,1,2ms,5ms,fair,0,NaN,\n");
        Cli r = Cli.run("chart", "--kind", "heatmap", "--csv", csv.toString(), "--x", "work", "--y", "interval",
                "--out", dir.resolve("q.png").toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("line 5:"), r.err());
        Files.writeString(csv, HEADER + "\n0,1,1ms,5ms,starves,2,400000000,\"main\nio,\"\"x\"\"\"\n");
        assertPicture(chart("q.png", "--kind", "heatmap", "--csv", csv.toString(), "--x", "work", "--y", "interval",
                "--width", "600", "--height", "400"), 600, 400);
    }

    /** What the search writes, the heat map reads back cell for cell, whatever the cells hold. */
    @Test
    void theSearchCsvWriterAndTheReaderAgree() {
        List<List<String>> rows = List.of(List.of("index", "seed", "policy", "verdict", "starved_threads"),
                List.of("0", "1", "paused-budget", "starves", "main;worker"),
                List.of("1", "-1", "a,b", "q\"q", "multi\nline"),
                List.of("2", "1", " lead", "trail ", ""));
        String text = CsvLog.text(rows);
        assertTrue(text.startsWith("index,seed,policy,verdict,starved_threads\n0,1,paused-budget,starves,main;worker\n"
                + "1,-1,\"a,b\",\"q\"\"q\",\"multi\nline\"\n2,1, lead,trail ,\n"), text);
        Path csv = dir.resolve("round.csv");
        try {
            Files.writeString(csv, text);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        SearchCsv read = SearchCsv.read(csv);
        assertEquals(rows.get(0), read.header());
        assertEquals(rows.subList(1, rows.size()), read.rows());
        assertEquals(List.of(2, 3, 5), read.lines());
    }
}
