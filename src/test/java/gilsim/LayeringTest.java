package gilsim;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Data flows one way: each package may use only the packages listed for it (and itself). A sub-package (report.chart)
 * is a layer of its own. A use is an import or a fully qualified name in the code (comments and strings aside). The
 * engine knows no model and no command line; the GIL has no branch on its policy.
 */
class LayeringTest {
    private static final Path ROOT = Path.of("src/main/java/gilsim");
    private static final Set<String> MODELS = Set.of("sim", "os", "sync", "cpython", "m0");

    private static final Map<String, Set<String>> ALLOWED = Map.ofEntries(
            Map.entry("sim", Set.of()),
            // Child processes and temporary files registered, so that an interrupt can undo them.
            Map.entry("cleanup", Set.of()),
            Map.entry("os", Set.of("sim")),
            Map.entry("sync", Set.of("sim", "os")),
            Map.entry("cpython", Set.of("sim", "os", "sync")),
            Map.entry("program", Set.of("sim", "os", "sync", "cpython")),
            Map.entry("m0", Set.of("sim", "os", "sync", "cpython", "program")),
            // The scenario layer reads the policy, wake-order and wake-core registries instead of re-typing their names.
            Map.entry("scenario", Set.of("sim", "os", "sync", "cpython", "program", "m0")),
            // Listeners match on the event families the model packages own, and the programs' rounds.
            Map.entry("metrics", union(MODELS, Set.of("program"))),
            Map.entry("run", Set.of("sim", "os", "sync", "cpython", "program", "m0", "scenario", "metrics")),
            // The text reports of one run: summary, narration, story, Mermaid.
            Map.entry("report", union(MODELS, Set.of("scenario", "metrics", "cleanup"))),
            Map.entry("report.trace", union(MODELS, Set.of("scenario", "metrics", "report"))),
            // Charts run what they draw.
            Map.entry("report.chart", union(MODELS, Set.of("scenario", "metrics", "run", "report"))),
            // The HTML page shows a comparison's arms and draws with the charts' palette.
            Map.entry("report.html", union(MODELS, Set.of("scenario", "metrics", "run", "compare", "report",
                    "report.chart"))),
            Map.entry("search", Set.of("sim", "scenario", "metrics", "run", "report")),
            // The fixes compared: arms run and their figures read; no report, so that the HTML report can use it.
            Map.entry("compare", Set.of("sim", "cpython", "scenario", "metrics", "run")),
            // Hand-off traces: a real recording's calls or a simulated run's events, as one stream with its statistics.
            Map.entry("handoff", Set.of("sim", "os", "sync", "cpython")),
            // Holding the model against real interpreters: compiles scenarios, runs them both ways, compares.
            Map.entry("validate", Set.of("sim", "os", "cpython", "program", "scenario", "metrics", "run", "report",
                    "report.chart", "handoff", "cleanup")),
            Map.entry("cli", Set.of("sim", "scenario", "metrics", "run", "report", "report.chart", "report.html",
                    "report.trace", "search", "validate", "compare", "cleanup")));

    /** A use of another package: {@code gilsim.}, its lower-case segments, then a class name. */
    private static final Pattern USE = Pattern.compile("\\bgilsim((?:\\.[a-z]\\w*)+)\\.[A-Z]");

    @Test
    void packagesOnlyUseTheLayersBelowThem() throws IOException {
        List<String> violations = new ArrayList<>();
        for (Path f : sources(ROOT)) {
            String pkg = layer(f);
            Set<String> allowed = ALLOWED.get(pkg);
            if (allowed == null) {
                violations.add(f + ": package " + pkg + " has no layer");
                continue;
            }
            Matcher m = USE.matcher(withoutStrings(code(Files.readString(f))));
            while (m.find()) {
                String used = m.group(1).substring(1);
                if (!used.equals(pkg) && !allowed.contains(used)) violations.add(f + " uses gilsim." + used);
            }
        }
        assertTrue(violations.isEmpty(), String.join("\n", violations));
    }

    /** The layering's scan sees fully qualified names, not just imports, and tells report.chart from report. */
    @Test
    void theScanSeesQualifiedNamesAndSubPackages() {
        Matcher m = USE.matcher(withoutStrings(code("""
                import gilsim.report.chart.Palette;
                class X { Object o = new gilsim.compare.Arms(); String s = "gilsim.search.Config"; } // gilsim.cli.Main
                """)));
        List<String> found = new ArrayList<>();
        while (m.find()) found.add(m.group(1).substring(1));
        assertTrue(found.equals(List.of("report.chart", "compare")), found.toString());
    }

    /** The package of a source file below {@link #ROOT}, dotted: {@code report.chart}. */
    private static String layer(Path file) {
        Path dir = ROOT.relativize(file).getParent();
        return dir == null ? "" : dir.toString().replace(java.io.File.separatorChar, '.');
    }

    private static String withoutStrings(String code) {
        return code.replaceAll("\"\"\"(?s:.*?)\"\"\"", "\"\"").replaceAll("\"(?:[^\"\\\\\n]|\\\\.)*\"", "\"\"");
    }

    /** The engine's code (comments aside) names no model and no command-line option. */
    @Test
    void theEngineNamesNoModelAndNoOption() throws IOException {
        Pattern model = Pattern.compile("(?i)\\b(gil|cond|pool|thread|core|policy|python)|\"[^\"]*--");
        List<String> violations = new ArrayList<>();
        for (Path f : sources(ROOT.resolve("sim"))) {
            Matcher m = model.matcher(code(Files.readString(f)));
            while (m.find()) violations.add(f + ": '" + m.group() + "'");
        }
        assertTrue(violations.isEmpty(), String.join("\n", violations));
    }

    /** Gil reads against ceval_gil.c: what a policy changes is asked of the policy, never branched on. */
    @Test
    void theGilHasNoPolicyBranches() throws IOException {
        String gil = code(Files.readString(ROOT.resolve("cpython/Gil.java")));
        Pattern branch = Pattern.compile("policy\\s*(==|!=)|instanceof|switch\\s*\\(|\\.equals\\(|"
                + "ResetBudget|PausedBudget|FifoTicket|NoGil|GilPolicies");
        Matcher m = branch.matcher(gil);
        List<String> found = new ArrayList<>();
        while (m.find()) found.add(m.group());
        assertTrue(found.isEmpty(), "cpython/Gil.java branches on its policy: " + found);
    }

    private static List<Path> sources(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(p -> p.toString().endsWith(".java") && !p.endsWith("package-info.java")).toList();
        }
    }

    /** The source without comments and without its package line. */
    private static String code(String source) {
        return source.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\n]*", "").replaceAll("package [\\w.]+;", "");
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new java.util.HashSet<>(a);
        all.addAll(b);
        return all;
    }
}
