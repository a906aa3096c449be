package gilsim.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import gilsim.report.Cli;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.interactions.WheelInput;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * The report page in a real browser (Debian's headless Chromium through chromium-driver): it opens from file:// with
 * no console error, draws its timeline, zooms so that the visible window and the narration follow, shows the event
 * under the pointer, pans on a shift+drag with the address following, and looks like something. One browser for the
 * class, one short run: a pool run of 200 ms kept in detail for its first 20 ms, so that both the detail and the
 * summaries are drawn.
 *
 * <p>There is no skipping: without Chromium the test fails and says how to get it.
 */
class ReportBrowserTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path DRIVER = Path.of("/usr/bin/chromedriver");

    @TempDir
    static Path dir;

    /** Selenium warns that it has no DevTools bindings for this Chromium, which the test does not use. */
    private static final Logger DEVTOOLS = Logger.getLogger("org.openqa.selenium.devtools");

    static ChromeDriver browser;
    static Path page;

    @BeforeAll
    static void open() {
        if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(DRIVER)) {
            fail("the browser test needs Debian's chromium and chromium-driver (" + CHROMIUM + ", " + DRIVER
                    + "); .ci/run installs them, or: apt-get install -y chromium chromium-driver");
        }
        page = dir.resolve("slice-rotation.html");
        // On the model's keys alone: the lanes' events under the cursor below are that run's.
        Cli cli = Cli.run("report", "slice-rotation", "--machine", "none", "--set", "duration=200ms", "--window",
                "0..20ms", "--compare", "keep=true", "--out", page.toString());
        assertEquals(0, cli.code(), cli.err());
        assertTrue(cli.out().startsWith("wrote " + page), cli.out());

        DEVTOOLS.setLevel(Level.SEVERE);
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        // As root, without a sandbox; and without the background traffic that this closed network refuses.
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1400,1000",
                "--user-data-dir=" + dir.resolve("profile"));
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile())
                .build();
        browser = new ChromeDriver(service, options);
        browser.get(page.toUri().toString());
        waitFor(() -> !text("#window").isEmpty());
    }

    @AfterAll
    static void close() {
        if (browser != null) browser.quit();
    }

    @Test
    void opens_withoutConsoleErrors() {
        // Exercise the summaries too: the whole run is mostly outside the detailed span.
        browser.findElement(By.id("zoom-all")).click();
        waitFor(() -> text("#window").contains("0.200000 s"));
        browser.findElement(By.id("zoom-detail")).click();
        List<LogEntry> severe = browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue()).toList();
        assertTrue(severe.isEmpty(), "console errors: " + severe);
    }

    @Test
    void timeline_draws() {
        @SuppressWarnings("unchecked")
        Map<String, Object> pixels = (Map<String, Object>) js("var c = document.getElementById('tl');"
                + "var d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data, inked = 0, colours = {};"
                + "for (var i = 0; i < d.length; i += 4) { if (d[i] < 250 || d[i+1] < 250 || d[i+2] < 250) inked++;"
                + " colours[d[i] + ',' + d[i+1] + ',' + d[i+2]] = 1; }"
                + "return {inked: inked, colours: Object.keys(colours).length, total: d.length / 4};");
        long inked = ((Number) pixels.get("inked")).longValue();
        long total = ((Number) pixels.get("total")).longValue();
        System.out.println("ReportBrowserTest: canvas " + pixels);
        assertTrue(inked > total / 20, "the timeline canvas is nearly blank: " + pixels);
        assertTrue(((Number) pixels.get("colours")).intValue() >= 5, "the timeline has too few colours: " + pixels);
    }

    @Test
    void anArmPastItsDetailSaysSo() {
        // The keep=true arm keeps its first span in detail and no summaries; on the whole run its lanes past that
        // span say why they are empty instead of drawing nothing.
        js("window.drawn = []; var f = CanvasRenderingContext2D.prototype.fillText;"
                + "CanvasRenderingContext2D.prototype.fillText = function (s) { window.drawn.push(String(s));"
                + " return f.apply(this, arguments); };");
        browser.findElement(By.id("zoom-all")).click();
        waitFor(() -> text("#window").contains("0.200000 s"));
        waitFor(() -> String.valueOf(js("return window.drawn.join('|');")).contains("not recorded this late"));
        browser.findElement(By.id("zoom-detail")).click();
    }

    @Test
    void zoom_movesTheWindowAndTheNarration() {
        browser.findElement(By.id("zoom-detail")).click();
        waitFor(() -> text("#window").contains("0.020000 s"));
        String before = text("#window");
        String firstBefore = line("first-child");
        String lastBefore = line("last-child");
        long spanBefore = span();
        WebElement canvas = browser.findElement(By.id("tl"));
        // A wheel turn towards the reader, at three quarters across the plot: zoom in there.
        new Actions(browser).scrollFromOrigin(WheelInput.ScrollOrigin.fromElement(canvas,
                canvas.getSize().width / 4, 0), 0, -600).perform();
        waitFor(() -> !text("#window").equals(before));
        long spanAfter = span();
        String firstAfter = line("first-child");
        String lastAfter = line("last-child");
        System.out.println("ReportBrowserTest: zoom " + before + " -> " + text("#window") + "; narration '"
                + firstBefore + "' .. '" + lastBefore + "' -> '" + firstAfter + "' .. '" + lastAfter + "'");
        assertTrue(spanAfter < spanBefore, "the wheel did not zoom in: " + spanBefore + " -> " + spanAfter);
        assertTrue(!firstAfter.equals(firstBefore) || !lastAfter.equals(lastBefore),
                "the narration did not follow the zoom: still '" + firstAfter + "' .. '" + lastAfter + "'");
        long from = Long.parseLong(attr("#window", "data-from"));
        long to = Long.parseLong(attr("#window", "data-to"));
        for (String t : List.of(attr("#narration li:first-child", "data-t"),
                attr("#narration li:last-child", "data-t"))) {
            long ns = Long.parseLong(t);
            assertTrue(ns >= from && ns < to, "a narration line at " + ns + " is outside the window " + from + ".."
                    + to);
        }

        // A narration line is a link to its moment: clicking one zooms there.
        WebElement li = browser.findElement(By.cssSelector("#narration li:nth-child(3)"));
        long at = Long.parseLong(li.getAttribute("data-t"));
        String beforeClick = text("#window");
        li.click();
        waitFor(() -> !text("#window").equals(beforeClick));
        long f = Long.parseLong(attr("#window", "data-from"));
        long g = Long.parseLong(attr("#window", "data-to"));
        assertTrue(f <= at && at <= g && g - f < to - from, "clicking the line at " + at + " showed " + f + ".." + g);
    }

    @Test
    void shiftDrag_pans_andTheAddressFollows() {
        browser.findElement(By.id("zoom-detail")).click();
        waitFor(() -> text("#window").contains("0.020000 s"));
        browser.findElement(By.id("zoom-in")).click();
        waitFor(() -> span() < 20_000_000L);
        long from = Long.parseLong(attr("#window", "data-from"));
        long width = span();
        WebElement canvas = browser.findElement(By.id("tl"));
        new Actions(browser).keyDown(Keys.SHIFT).moveToElement(canvas).clickAndHold().moveByOffset(-200, 0).release()
                .keyUp(Keys.SHIFT).perform();
        waitFor(() -> Long.parseLong(attr("#window", "data-from")) > from);
        assertEquals(width, span(), 2, "a pan must keep the span");
        long shown = Long.parseLong(attr("#window", "data-from"));
        waitFor(() -> browser.getCurrentUrl().contains(String.format(java.util.Locale.ROOT, "#t=%.6f,",
                shown / 1e9)));
    }

    @Test
    void hover_showsTheEvent() {
        browser.findElement(By.id("zoom-detail")).click();
        waitFor(() -> text("#window").contains("0.020000 s"));
        WebElement canvas = browser.findElement(By.id("tl"));
        // The whole plot in view first: how far down the page it starts moves with the page's text above it.
        js("document.getElementById('tl').scrollIntoView({block: 'center'});");
        // The lane of thread t0, in the middle of the plot.
        int laneY = ((Number) js("return gilsimReport.laneMiddle('t0');")).intValue();
        new Actions(browser).moveToElement(canvas, 0, laneY - canvas.getSize().height / 2).perform();
        waitFor(() -> browser.findElement(By.id("tip")).isDisplayed());
        String tip = browser.findElement(By.id("tip")).getText();
        System.out.println("ReportBrowserTest: tooltip '" + tip.replace('\n', '|') + "'");
        assertTrue(tip.startsWith("t0: "), "the tooltip does not name the lane's thread: " + tip);
        assertTrue(tip.matches("(?s).*\\d\\.\\d{6} s.*"), "the tooltip gives no time: " + tip);
    }

    @Test
    void screenshot_isNotBlank() throws IOException {
        byte[] png = browser.getScreenshotAs(OutputType.BYTES);
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 2) {
            for (int x = 0; x < image.getWidth(); x += 2) colours.add(image.getRGB(x, y));
        }
        Path out = Path.of("target", "report-browser-test.png");
        Files.createDirectories(out.getParent());
        Files.write(out, png);
        System.out.println("ReportBrowserTest: screenshot " + image.getWidth() + "x" + image.getHeight() + ", "
                + colours.size() + " colours, written to " + out);
        assertNotEquals(1, colours.size(), "the screenshot is one colour");
        assertTrue(colours.size() > 20, "the screenshot has only " + colours.size() + " colours");
    }

    private static long span() {
        return Long.parseLong(attr("#window", "data-to")) - Long.parseLong(attr("#window", "data-from"));
    }

    private static String line(String which) {
        return text("#narration li:" + which);
    }

    private static String text(String css) {
        return browser.findElement(By.cssSelector(css)).getText();
    }

    private static String attr(String css, String name) {
        return browser.findElement(By.cssSelector(css)).getAttribute(name);
    }

    private static Object js(String script) {
        return ((JavascriptExecutor) browser).executeScript(script);
    }

    /** Waits up to 10 s for {@code condition}, which the page's next animation frame usually makes true. */
    private static void waitFor(BooleanSupplier condition) {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) fail("the page did not get there within 10 s");
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                fail("interrupted");
            }
        }
    }
}
