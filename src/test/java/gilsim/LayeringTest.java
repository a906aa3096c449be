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

/** Data flows one way: each package may use only the packages listed for it (and itself). */
class LayeringTest {
    private static final Map<String, Set<String>> ALLOWED = Map.ofEntries(
            Map.entry("sim", Set.of()),
            Map.entry("os", Set.of("sim")),
            Map.entry("sync", Set.of("sim", "os")),
            Map.entry("cpython", Set.of("sim", "os", "sync")),
            Map.entry("program", Set.of("sim", "os", "sync", "cpython")),
            Map.entry("m0", Set.of("sim", "os", "sync", "cpython", "program")),
            Map.entry("scenario", Set.of("sim", "program", "m0")),
            Map.entry("metrics", Set.of("sim")),
            Map.entry("run", Set.of("sim", "os", "sync", "cpython", "program", "m0", "scenario", "metrics")),
            Map.entry("report", Set.of("sim", "scenario", "metrics", "run")),
            Map.entry("search", Set.of("sim", "scenario", "metrics", "run", "report")),
            Map.entry("cli", Set.of("sim", "scenario", "metrics", "run", "report", "search")));

    private static final Pattern IMPORT = Pattern.compile("^import (?:static )?gilsim\\.(\\w+)\\.", Pattern.MULTILINE);

    @Test
    void packagesOnlyUseTheLayersBelowThem() throws IOException {
        Path root = Path.of("src/main/java/gilsim");
        List<String> violations = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String pkg = root.relativize(f).getName(0).toString();
                Set<String> allowed = ALLOWED.get(pkg);
                if (allowed == null) {
                    violations.add(f + ": package " + pkg + " has no layer");
                    continue;
                }
                String text = Files.readString(f);
                Matcher m = IMPORT.matcher(text);
                while (m.find()) {
                    String used = m.group(1);
                    if (!used.equals(pkg) && !allowed.contains(used)) violations.add(f + " uses gilsim." + used);
                }
            }
        }
        assertTrue(violations.isEmpty(), String.join("\n", violations));
    }
}
