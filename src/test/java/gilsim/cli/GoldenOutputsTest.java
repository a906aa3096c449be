package gilsim.cli;

import static org.junit.jupiter.api.Assertions.fail;

import gilsim.validate.RecordedRealSide;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Golden outputs: every case of {@code golden/cases.txt} runs the command line in-process and its stdout, stderr,
 * exit code and every file it writes must equal, byte for byte, what is recorded under {@code golden/CASE/}.
 *
 * <p>A change that moves an output on purpose re-records them all with one command (and the commit says what moved
 * and why):
 *
 * <pre>mvn -B -ntp test -Dtest=GoldenOutputsTest -Dgolden.record=true</pre>
 *
 * <p>{@code validate} cases read a real run kept as a fixture ({@code golden/real/NAME/}, see
 * {@link RecordedRealSide}); with {@code -Dgolden.real=record}, a recording that is missing (delete it to replace it)
 * is made on this machine's interpreters first.
 */
class GoldenOutputsTest {
    static final Path DIR = Path.of("src/test/resources/gilsim/golden");
    static final String RECORD_COMMAND = "mvn -B -ntp test -Dtest=GoldenOutputsTest -Dgolden.record=true";
    /** Where a case's output files go: replaced by this in the case's arguments and in what it prints. */
    static final String OUT = "$OUT";
    /** Lines of context shown around the first difference. */
    static final int CONTEXT_LINES = 3;

    /** One line of cases.txt: its name, an optional real-run fixture, and the arguments. */
    record Case(String name, String real, List<String> args) {}

    @TestFactory
    Stream<DynamicTest> goldenOutputs() throws IOException {
        boolean record = Boolean.getBoolean("golden.record");
        return cases().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> {
            Map<String, byte[]> actual = run(c);
            Path dir = DIR.resolve(c.name());
            if (record) write(dir, actual);
            else compare(dir, actual);
        }));
    }

    static List<Case> cases() throws IOException {
        List<Case> out = new ArrayList<>();
        List<String> lines = Files.readAllLines(DIR.resolve("cases.txt"), StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) continue;
            List<String> words = words(line, i + 1);
            String name = words.remove(0);
            String real = null;
            if (!words.isEmpty() && words.get(0).startsWith("@real=")) real = words.remove(0).substring(6);
            out.add(new Case(name, real, words));
        }
        return out;
    }

    /** Splits on blanks; a word in single quotes keeps its blanks. */
    static List<String> words(String line, int lineNo) {
        List<String> out = new ArrayList<>();
        StringBuilder w = null;
        boolean quoted = false;
        for (char ch : line.toCharArray()) {
            if (ch == '\'') {
                quoted = !quoted;
                if (w == null) w = new StringBuilder();
            } else if (Character.isWhitespace(ch) && !quoted) {
                if (w != null) out.add(w.toString());
                w = null;
            } else {
                if (w == null) w = new StringBuilder();
                w.append(ch);
            }
        }
        if (quoted) throw new IllegalArgumentException("cases.txt:" + lineNo + ": unclosed quote");
        if (w != null) out.add(w.toString());
        return out;
    }

    /** Runs one case and returns what it produced, by the name of its golden file. */
    static Map<String, byte[]> run(Case c) throws IOException {
        Path out = Files.createTempDirectory("gilsim-golden-");
        String outDir = out.toAbsolutePath().toString();
        String[] args = c.args().stream().map(a -> a.replace(OUT, outDir)).toArray(String[]::new);
        StringWriter stdout = new StringWriter();
        StringWriter stderr = new StringWriter();
        int code;
        try {
            if (c.real() != null) {
                Path real = DIR.resolve("real").resolve(c.real());
                boolean recordReal = "record".equals(System.getProperty("golden.real")) && !Files.isDirectory(real);
                ValidateCommand.realSide = RecordedRealSide.of(real, recordReal);
                MachineLoad.load = () -> 0.5;
                MachineLoad.cores = () -> 2;
            }
            code = Main.execute(args, new PrintWriter(stdout), new PrintWriter(stderr));
        } finally {
            ValidateCommand.realSide = gilsim.validate.RealSides.cpython();
            MachineLoad.reset();
        }
        Map<String, byte[]> files = new TreeMap<>();
        files.put("stdout.txt", bytes(stdout.toString().replace(outDir, OUT)));
        if (!stderr.toString().isEmpty()) files.put("stderr.txt", bytes(stderr.toString().replace(outDir, OUT)));
        if (code != 0) files.put("exit.txt", bytes(code + "\n"));
        try (Stream<Path> written = Files.list(out)) {
            for (Path f : written.sorted().toList()) {
                byte[] b = Files.readAllBytes(f);
                // A page or trace may quote its own path (a replay line); held as $OUT like the printed text.
                if (!f.toString().endsWith(".png")) b = bytes(new String(b, StandardCharsets.UTF_8).replace(outDir, OUT));
                files.put("out-" + f.getFileName(), b);
                Files.delete(f);
            }
        }
        Files.delete(out);
        return files;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static void write(Path dir, Map<String, byte[]> actual) throws IOException {
        if (Files.isDirectory(dir)) {
            try (Stream<Path> old = Files.list(dir)) {
                old.forEach(f -> {
                    try {
                        Files.delete(f);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            }
        }
        Files.createDirectories(dir);
        for (Map.Entry<String, byte[]> e : actual.entrySet()) Files.write(dir.resolve(e.getKey()), e.getValue());
    }

    static void compare(Path dir, Map<String, byte[]> actual) throws IOException {
        Map<String, byte[]> expected = new TreeMap<>();
        if (Files.isDirectory(dir)) {
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.sorted().toList()) expected.put(f.getFileName().toString(), Files.readAllBytes(f));
            }
        }
        List<String> problems = new ArrayList<>();
        for (String name : expected.keySet()) {
            if (!actual.containsKey(name)) problems.add(dir.resolve(name) + ": expected, but the command did not produce it");
        }
        for (Map.Entry<String, byte[]> e : actual.entrySet()) {
            Path file = dir.resolve(e.getKey());
            byte[] want = expected.get(e.getKey());
            if (want == null) problems.add(file + ": produced, but there is no golden file");
            else if (!java.util.Arrays.equals(want, e.getValue())) problems.add(difference(file, want, e.getValue()));
        }
        if (!problems.isEmpty()) {
            fail(String.join("\n", problems) + "\nIf the change is on purpose, re-record with: " + RECORD_COMMAND
                    + " (and say in the commit what moved and why)");
        }
    }

    /** Names the file and shows the first differing line with a little context, or the first differing byte. */
    static String difference(Path file, byte[] want, byte[] got) {
        if (file.getFileName().toString().endsWith(".png")) {
            int i = 0;
            while (i < Math.min(want.length, got.length) && want[i] == got[i]) i++;
            return file + ": bytes differ from offset " + i + " (golden " + want.length + " bytes, now "
                    + got.length + ")";
        }
        String[] a = new String(want, StandardCharsets.UTF_8).split("\n", -1);
        String[] b = new String(got, StandardCharsets.UTF_8).split("\n", -1);
        int i = 0;
        while (i < a.length && i < b.length && a[i].equals(b[i])) i++;
        StringBuilder m = new StringBuilder(file + ": differs from line " + (i + 1) + " (golden " + a.length
                + " lines, now " + b.length + ")\n");
        for (int k = Math.max(0, i - CONTEXT_LINES); k < i; k++) m.append("    ").append(clip(a[k], 0)).append('\n');
        int column = i < a.length && i < b.length ? firstDifference(a[i], b[i]) : 0;
        for (int k = i; k < Math.min(a.length, i + CONTEXT_LINES); k++) {
            m.append("  - ").append(clip(a[k], k == i ? column : 0)).append('\n');
        }
        for (int k = i; k < Math.min(b.length, i + CONTEXT_LINES); k++) {
            m.append("  + ").append(clip(b[k], k == i ? column : 0)).append('\n');
        }
        return m.toString().stripTrailing();
    }

    private static int firstDifference(String a, String b) {
        int j = 0;
        while (j < a.length() && j < b.length() && a.charAt(j) == b.charAt(j)) j++;
        return j;
    }

    /** A long line (JSON, SVG, HTML) is shown as the stretch around {@code column}, where the difference is. */
    private static String clip(String line, int column) {
        int from = Math.max(0, column - 80);
        int to = Math.min(line.length(), from + 200);
        return (from > 0 ? "... " : "") + line.substring(from, to) + (to < line.length() ? " ..." : "");
    }
}
