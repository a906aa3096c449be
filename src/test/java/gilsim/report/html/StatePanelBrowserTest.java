package gilsim.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import gilsim.report.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * The report page's state panel in a real browser (headless Chromium): at instants the narration tells of, the
 * panel's GIL fields and the condition variable's waiters say what the narration says; stepping visits the narrated
 * instants in order; the address restores the chosen instant. Screenshots at 640 and 1400 pixels wide go to
 * target/state-panel-*.png. No skipping: without Chromium the test fails and says how to get it.
 */
class StatePanelBrowserTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path DRIVER = Path.of("/usr/bin/chromedriver");
    private static final Pattern RETAKE = Pattern.compile("^(\\S+) takes the GIL back at once: a re-take");
    private static final Pattern REWAIT = Pattern.compile("^(\\S+) was woken but finds the GIL taken again by (\\S+); "
            + "it waits again \\((?:alone in the queue|at the back of the queue, (\\d+) of (\\d+))\\)");
    private static final Pattern HANDOFF = Pattern.compile("^(\\S+) takes the GIL .*a hand-off from \\S+ \\(switch (\\d+)\\)");

    @TempDir
    static Path dir;
    static ChromeDriver browser;

    @BeforeAll
    static void open() {
        if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(DRIVER)) {
            fail("the browser test needs Debian's chromium and chromium-driver (" + CHROMIUM + ", " + DRIVER
                    + "); .ci/run installs them, or: apt-get install -y chromium chromium-driver");
        }
        Logger.getLogger("org.openqa.selenium.devtools").setLevel(Level.SEVERE);
        for (String scenario : List.of("short-release", "slice-rotation")) {
            Cli cli = Cli.run("report", scenario, "--set", "duration=100ms", "--window", "0..20ms", "--out",
                    dir.resolve(scenario + ".html").toString());
            assertEquals(0, cli.code(), cli.err());
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1400,1400", "--user-data-dir=" + dir.resolve("profile"));
        browser = new ChromeDriver(new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile()).build(),
                options);
    }

    @AfterAll
    static void close() {
        if (browser != null) browser.quit();
    }

    private static Object js(String script, Object... args) {
        return ((JavascriptExecutor) browser).executeScript(script, args);
    }

    private static void load(String scenario, String hash) {
        browser.get(dir.resolve(scenario + ".html").toUri() + hash);
        long until = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (browser.findElement(By.id("window")).getText().isEmpty()) {
            if (System.nanoTime() > until) fail("the page did not draw");
        }
    }

    /** The narration lines of the first 20 ms: time in ns and text. */
    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> narration() {
        js("gilsimReport.show(0, 20e6)");
        return (List<Map<String, Object>>) js("return Array.from(document.querySelectorAll('#narration li'))"
                + ".map(function (li) { return {t: Number(li.dataset.t), text: li.childNodes[1].textContent}; });");
    }

    private static String stateAt(double ns) {
        js("gilsimReport.at(arguments[0])", ns);
        return (String) js("return gilsimReport.state()");
    }

    /** The first line matching, its instant and its match; fails naming the scenario when none does. */
    private static Object[] first(List<Map<String, Object>> lines, Pattern p, String scenario) {
        for (Map<String, Object> l : lines) {
            Matcher m = p.matcher((String) l.get("text"));
            if (m.find()) return new Object[] {((Number) l.get("t")).doubleValue(), m};
        }
        return fail(scenario + ": no narration line in its first 20 ms matches " + p);
    }

    @Test
    void thePanelSaysWhatTheNarrationSaysAtThreeInstantsOfEachBuiltIn() {
        for (String scenario : List.of("short-release", "slice-rotation")) {
            load(scenario, "");
            List<Map<String, Object>> lines = narration();
            Object[] handoff = first(lines, HANDOFF, scenario);
            Matcher h = (Matcher) handoff[1];
            String state = stateAt((double) handoff[0]);
            assertTrue(state.contains("locked\t1, held by " + h.group(1)) && state.contains("switch_number\t"
                    + h.group(2)), scenario + " at " + handoff[0] + ": " + h.group() + "\n" + state);

            Object[] retake = first(lines, RETAKE, scenario);
            Matcher r = (Matcher) retake[1];
            state = stateAt((double) retake[0]);
            assertTrue(state.contains("locked\t1, held by " + r.group(1)) && state.contains("last_holder\t"
                    + r.group(1)), scenario + " at " + retake[0] + ": " + r.group() + "\n" + state);
            if (scenario.equals("short-release")) {
                // #161868 itself: the worker takes the GIL back while the main thread it woke is not yet on a core.
                assertTrue(state.contains("woken by a signal, not yet on a core: main"), state);
            }

            Object[] rewait = first(lines, REWAIT, scenario);
            Matcher w = (Matcher) rewait[1];
            state = stateAt((double) rewait[0]);
            assertTrue(state.contains("locked\t1, held by " + w.group(2)), scenario + ": " + w.group() + "\n" + state);
            List<String> waiters = waiters();
            int position = w.group(3) == null ? 1 : Integer.parseInt(w.group(3));
            int of = w.group(4) == null ? 1 : Integer.parseInt(w.group(4));
            assertEquals(of, waiters.size(), scenario + " at " + rewait[0] + ": " + w.group() + "\n" + state);
            assertEquals(w.group(1), waiters.get(position - 1), scenario + ": " + w.group() + "\n" + state);
            if (scenario.equals("slice-rotation")) {
                // The pool's turn: whose run of its slice it is, and who yields.
                Object[] slice = first(lines, Pattern.compile("^(\\S+) starts a run of its slice"), scenario);
                String at = stateAt((double) slice[0]);
                assertTrue(at.contains("pool: slice\t" + ((Matcher) slice[1]).group(1) + "'s run of its slice"), at);
                Object[] yields = first(lines, Pattern.compile("^(\\S+) yields its turn"), scenario);
                at = stateAt((double) yields[0]);
                assertTrue(at.contains("pool: yielding\t") && at.contains(((Matcher) yields[1]).group(1)), at);
                stateAt((double) rewait[0]);
            }
            // The narration line of the instant is the one highlighted.
            assertEquals(rewait[0], ((Number) ((Map<?, ?>) js("return gilsimReport.focusLine()")).get("t")).doubleValue());
        }
    }

    @SuppressWarnings("unchecked")
    private static List<String> waiters() {
        return (List<String>) js("return Array.from(document.querySelectorAll('#state-waiters li'))"
                + ".map(function (li) { return li.textContent.split(':')[0]; }).filter(function (s) { return s !== 'nobody'; });");
    }

    @Test
    void steppingVisitsTheNarratedInstantsInOrder() {
        load("slice-rotation", "");
        List<Map<String, Object>> lines = narration();
        js("gilsimReport.at(0)");
        List<Double> visited = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            assertTrue((Boolean) js("return gilsimReport.step('event', 1)"), "step " + i + " found no next event");
            visited.add(((Number) js("return gilsimReport.at()")).doubleValue());
        }
        for (int i = 1; i < visited.size(); i++) {
            assertTrue(visited.get(i) > visited.get(i - 1), "steps go forward: " + visited);
        }
        double last = visited.get(visited.size() - 1);
        for (Map<String, Object> l : lines) {
            double t = ((Number) l.get("t")).doubleValue();
            if (t > 0 && t <= last) assertTrue(visited.contains(t), "the narrated instant " + t + " (" + l.get("text")
                    + ") was stepped over: " + visited);
        }
        // And back: the previous event of the last is the one before it.
        js("gilsimReport.step('event', -1)");
        assertEquals(visited.get(visited.size() - 2), ((Number) js("return gilsimReport.at()")).doubleValue());
    }

    @Test
    void theAddressRestoresTheInstantAndTheView() throws Exception {
        load("short-release", "");
        js("gilsimReport.show(3e6, 9e6); gilsimReport.at(6006000)");
        Thread.sleep(200); // the address follows on the next frame
        String url = browser.getCurrentUrl();
        assertTrue(url.contains("&at=0.006006000"), url);
        browser.get("about:blank");
        browser.get(url);
        long until = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (((Number) js("return window.gilsimReport ? gilsimReport.at() : -1")).doubleValue() < 0) {
            if (System.nanoTime() > until) fail("the instant was not restored from " + url);
        }
        assertEquals(6006000.0, ((Number) js("return gilsimReport.at()")).doubleValue());
        assertTrue(((String) js("return gilsimReport.state()")).contains("State at 0.006006 s"), url);
        for (int width : List.of(640, 1400)) {
            browser.manage().window().setSize(new org.openqa.selenium.Dimension(width, 1400));
            js("gilsimReport.at(6006000); document.getElementById('timeline').scrollIntoView()");
            Path shot = Path.of("target", "state-panel-short-release-" + width + ".png");
            Files.write(shot, browser.getScreenshotAs(OutputType.BYTES));
        }
    }

    /** Main's long wait in short-release: every wake-up it got was lost to the worker's re-take, as run --why says. */
    @Test
    @SuppressWarnings("unchecked")
    void theWhyChainOfMainsWaitNamesTheWakeUpsItLostAndWhoTookTheGil() {
        load("short-release", "");
        Map<String, Object> why = (Map<String, Object>) js("return gilsimReport.why('main', 10e6)");
        String summary = (String) why.get("summary");
        Matcher m = Pattern.compile("It was woken (\\d+) times by a signal, and another thread took the GIL before it "
                + "ran: worker (\\d+) times").matcher(summary);
        assertTrue(m.find(), summary);
        assertTrue(Integer.parseInt(m.group(1)) >= 5, summary);
        assertEquals(m.group(1), m.group(2), "every wake-up lost to the worker: " + summary);
        List<String> lines = (List<String>) why.get("lines");
        assertTrue(lines.stream().anyMatch(l -> l.contains("the signal wakes main")), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.contains("worker takes the GIL back at once")), lines.toString());
        // Each line links to its instant.
        js("document.querySelector('#why-lines li:nth-child(2)').click()");
        String second = lines.get(1);
        assertTrue(second.startsWith(String.format(java.util.Locale.ROOT, "%.6f s",
                ((Number) js("return gilsimReport.at()")).doubleValue() / 1e9)), second);
    }

    /** --compare pinned=true: the arm's timeline under the run's on the same axis, and its state at the same instant. */
    @Test
    void theArmsTimelineIsStackedUnderTheRunsAndItsStateShownBesideIt() throws Exception {
        Path page = dir.resolve("arms.html");
        // On the model's keys alone: the instant below is that run's.
        Cli cli = Cli.run("report", "short-release", "--machine", "none", "--set", "duration=100ms", "--compare",
                "pinned=true", "--out", page.toString());
        assertEquals(0, cli.code(), cli.err());
        browser.get(page.toUri() + "#t=0.003,0.009&at=0.004034");
        long until = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (((Number) js("return document.querySelectorAll('canvas.arm').length")).intValue() == 0) {
            if (System.nanoTime() > until) fail("no arm timeline");
        }
        assertEquals("pinned=true (the same seed and moment, this arm's keys changed)",
                js("return document.querySelector('h4.arm-title').textContent"));
        // Drawn: the arm's canvas has ink of several colours, as the run's has.
        Number colours = (Number) js("var c = document.querySelector('canvas.arm'), d = c.getContext('2d')"
                + ".getImageData(0, 0, c.width, c.height).data, seen = {}; for (var i = 0; i < d.length; i += 4) "
                + "seen[d[i] + ',' + d[i+1] + ',' + d[i+2]] = 1; return Object.keys(seen).length;");
        assertTrue(colours.intValue() > 5, "the arm's canvas is blank: " + colours);
        String state = (String) js("return gilsimReport.state()");
        // Pinned, main takes the GIL at the worker's release: at 4.034 ms the arm's main holds it, where on two cores
        // the worker still does and main is in its timed wait.
        assertTrue(state.contains("pinned=true: locked 1, held by main"), state);
        assertTrue(state.contains("locked\t1, held by worker") && state.contains("main: its timed wait runs out"),
                "the run's own state: " + state);
        for (int width : List.of(640, 1400)) {
            browser.manage().window().setSize(new org.openqa.selenium.Dimension(width, 1600));
            js("document.getElementById('timeline').scrollIntoView()");
            Thread.sleep(100);
            Files.write(Path.of("target", "state-panel-arms-" + width + ".png"), browser.getScreenshotAs(OutputType.BYTES));
        }
    }
}
