package gilsim.badinput;

import gilsim.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Runs one {@link BadCase} and checks what every piece of bad input must get:
 *
 * <ol>
 *   <li>an answer within the time limit (the case runs on its own thread, or in a child JVM with a 256 MB heap
 *       when it is {@link BadCase#isolated()}, and is stopped when the limit passes);
 *   <li>exit code 2, or 3 where the case allows a run stopped by its event budget, and then stderr says so;
 *   <li>exactly one line on stderr, starting {@code gilsim: }, with no stack trace ({@code \tat }) and no
 *       exception class name;
 *   <li>nothing on stdout (no summary, no partial narration);
 *   <li>nothing written or created: the case's directory is compared file by file before and after, each output
 *       path must not exist afterwards (unless it existed before, and then it is unchanged), the nearest existing
 *       directory above each output is compared by its listing (so a created {@code /missing/} shows), and the
 *       JVM's temporary directory must hold no new entry named after an output.
 * </ol>
 *
 * Whatever a case creates outside its directory is removed afterwards when its name carries
 * {@link #MARK} (the missing directories this suite names), so that one failing run does not change the next.
 */
final class Harness {
    /** Every directory this suite names that must not exist carries this in its name. */
    static final String MARK = "gilsim-badinput-missing";

    private static final Pattern EXCEPTION_NAME = Pattern.compile("\\b[A-Za-z_$][\\w$]*(Exception|Error|Throwable)\\b");
    private static final Pattern QUALIFIED_CLASS = Pattern.compile("\\b(java|javax|jdk|sun|com|org|gilsim|picocli)"
            + "\\.[a-z][\\w]*(\\.[\\w$]+)*\\.[A-Z][\\w$]*");

    /**
     * Words of Java, picocli, Jackson or SnakeYAML that reach a user only when a message is passed on as the library
     * wrote it: every message is in the tool's own words.
     */
    static final Pattern LIBRARY_WORDING = Pattern.compile("is not an? (int|long|double|float|boolean)\\b"
            + "|Unmatched argument|Missing required|Invalid value for option|Unknown options?:|Cannot invoke"
            + "|For input string|Unrecognized token|while scanning|while parsing|<block end>|<stream end>"
            + "|JSON String, Number|Unexpected character|out of START_|expected one of \\[");

    private final Path root;
    private final long limitMs;
    private int serial;

    Harness(Path root, long limitMs) {
        this.root = root;
        this.limitMs = limitMs;
    }

    /** What happened, and what is wrong with it (empty: the case passed). */
    record Result(BadCase badCase, int index, long millis, Integer exit, String stdout, String stderr,
                  List<String> problems, String cause) {
        boolean failed() {
            return !problems.isEmpty();
        }

        boolean timedOut() {
            return cause.startsWith("time limit");
        }
    }

    Result run(BadCase c, int index) {
        Path dir = root.resolve("case-" + (++serial));
        List<String> problems = new ArrayList<>();
        try {
            Files.createDirectories(dir);
            materialise(c, dir);
        } catch (IOException e) {
            throw new IllegalStateException("cannot set up " + dir + ": " + e, e);
        }
        String d = dir.toString();
        String[] args = c.args().stream().map(a -> a.replace(BadCase.DIR, d)).toArray(String[]::new);
        List<Path> outputs = c.outputs().stream().map(o -> Path.of(o.replace(BadCase.DIR, d))).toList();

        // Before: the case's directory in full, each output, and the listing of the nearest directory above it.
        Map<String, String> dirBefore = tree(dir);
        Map<Path, Boolean> existed = new java.util.LinkedHashMap<>();
        Map<Path, Set<String>> watchedBefore = new java.util.LinkedHashMap<>();
        List<Path> createdCandidates = new ArrayList<>();
        for (Path o : outputs) {
            existed.put(o, Files.exists(o, LinkOption.NOFOLLOW_LINKS));
            Path above = nearestExisting(o);
            if (above != null && !above.startsWith(dir) && !dynamic(above)) {
                watchedBefore.putIfAbsent(above, listing(above));
            }
            if (Files.isDirectory(o) && !o.startsWith(dir) && !dynamic(o)) watchedBefore.putIfAbsent(o, listing(o));
            Path missingTop = topMissing(o);
            if (missingTop != null) createdCandidates.add(missingTop);
        }
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        Set<String> tmpBefore = tmpNamesLike(tmp, outputs);

        long limit = c.limitMs() > 0 ? Math.min(c.limitMs(), limitMs) : limitMs;
        long t0 = System.nanoTime();
        Outcome o = c.isolated() ? runChild(args, limit) : runInProcess(args, limit);
        long millis = (System.nanoTime() - t0) / 1_000_000;

        String cause = null;
        if (o.timedOut) {
            problems.add("no answer within the time limit of " + limit + " ms (stopped)");
            cause = c.limitMs() > 0 ? "the work ran before the input was checked: no answer in " + limit / 1000 + " s"
                    : "time limit: no answer in " + limit / 1000 + " s";
        }
        if (o.thrown != null) {
            problems.add("Main.execute threw " + o.thrown);
            cause = cause != null ? cause : "uncaught " + o.thrown.getClass().getName();
        }
        if (!o.timedOut && o.thrown == null) {
            String err = o.stderr;
            List<String> lines = err.lines().toList();
            boolean trace = err.contains("\tat ") || EXCEPTION_NAME.matcher(err).find()
                    || QUALIFIED_CLASS.matcher(err).find();
            if (!c.allowedExits().contains(o.exit)) {
                problems.add("exit code " + o.exit + ", expected " + (c.budgetOk() ? "2 or 3" : "2"));
                if (cause == null) cause = "exit " + o.exit + (trace ? " with a stack trace: " + firstException(err)
                        : o.exit == 0 ? " (accepted and ran)" : "");
            }
            if (o.exit == 3 && !err.contains("event budget")) {
                problems.add("exit 3 without naming the event budget");
                if (cause == null) cause = "exit 3 not for the event budget";
            }
            if (trace) {
                problems.add("a stack trace or exception class name on stderr");
                if (cause == null) cause = "stack trace: " + firstException(err);
            }
            Matcher wording = LIBRARY_WORDING.matcher(err);
            if (wording.find()) {
                problems.add("a library's wording on stderr: '" + wording.group() + "'");
                if (cause == null) cause = "library wording: " + wording.group();
            }
            if (lines.size() != 1 || !lines.get(0).startsWith("gilsim: ")) {
                problems.add("stderr is " + lines.size() + " lines, expected one line starting 'gilsim: '");
                boolean breakInInput = c.args().stream().anyMatch(x -> x.indexOf('\n') >= 0 || x.indexOf('\r') >= 0);
                if (cause == null) {
                    cause = lines.isEmpty() ? "nothing on stderr"
                            : lines.size() > 1 && breakInInput && lines.get(0).startsWith("gilsim: ")
                            ? "a line break in the input is echoed raw: stderr is not one line"
                            : "stderr not one 'gilsim: ' line";
                }
            }
            if (!c.mention().isEmpty() && !err.contains(c.mention())) {
                problems.add("stderr does not mention '" + c.mention() + "'");
                if (cause == null) cause = "message does not name " + c.mention();
            }
            if (!o.stdout.isEmpty()) {
                problems.add("stdout is not empty (" + o.stdout.length() + " chars)");
                if (cause == null) cause = "output on stdout";
            }
        }

        // After: nothing written, nothing created.
        for (Path out : outputs) {
            boolean now = Files.exists(out, LinkOption.NOFOLLOW_LINKS);
            if (now && !existed.get(out)) {
                problems.add("output " + shown(out, dir) + " was created");
                if (cause == null) cause = "an output file was written";
            }
        }
        Map<String, String> dirAfter = tree(dir);
        if (!dirAfter.equals(dirBefore)) {
            problems.add("$DIR changed: " + diff(dirBefore, dirAfter));
            if (cause == null) cause = "files written or created in the case's directory";
        }
        for (Map.Entry<Path, Set<String>> w : watchedBefore.entrySet()) {
            // Outside the case's directory other processes come and go: only names this case could make count.
            Set<String> after = relevant(listing(w.getKey()), outputs);
            Set<String> before = relevant(w.getValue(), outputs);
            if (!after.equals(before)) {
                Set<String> added = new TreeSet<>(after);
                added.removeAll(before);
                Set<String> removed = new TreeSet<>(before);
                removed.removeAll(after);
                problems.add(w.getKey() + " changed: added " + added + " removed " + removed);
                if (cause == null) cause = "a missing directory was created";
            }
        }
        Set<String> tmpAfter = tmpNamesLike(tmp, outputs);
        tmpAfter.removeAll(tmpBefore);
        if (!tmpAfter.isEmpty()) {
            problems.add("temporary files left in " + tmp + ": " + tmpAfter);
            if (cause == null) cause = "temporary file left behind";
        }
        for (Path p : createdCandidates) {
            if (Files.exists(p, LinkOption.NOFOLLOW_LINKS) && p.getFileName().toString().contains(MARK)) {
                problems.add("created the missing directory " + p);
                if (cause == null) cause = "a missing directory was created";
                deleteTree(p);
            }
        }
        return new Result(c, index, millis, o.timedOut || o.thrown != null ? null : o.exit, o.stdout, o.stderr,
                List.copyOf(problems), cause == null ? "" : cause);
    }

    private static String shown(Path p, Path dir) {
        return p.startsWith(dir) ? "$DIR/" + dir.relativize(p) : p.toString();
    }

    private static String firstException(String err) {
        Matcher m = QUALIFIED_CLASS.matcher(err);
        if (m.find()) return m.group();
        m = EXCEPTION_NAME.matcher(err);
        return m.find() ? m.group() : err.lines().findFirst().orElse("");
    }

    // ---------------------------------------------------------------- running

    private static final class Outcome {
        int exit = -1;
        String stdout = "";
        String stderr = "";
        Throwable thrown;
        boolean timedOut;
    }

    @SuppressWarnings({"removal", "deprecation"})
    private Outcome runInProcess(String[] args, long limitMs) {
        Outcome o = new Outcome();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        ByteArrayOutputStream strayOut = new ByteArrayOutputStream();
        ByteArrayOutputStream strayErr = new ByteArrayOutputStream();
        PrintStream sysOut = System.out;
        PrintStream sysErr = System.err;
        int[] code = {-1};
        Throwable[] thrown = {null};
        Thread t = new Thread(() -> {
            try {
                code[0] = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
            } catch (Throwable e) {
                thrown[0] = e;
            }
        }, "gilsim-badinput-case");
        t.setDaemon(true);
        System.setOut(new PrintStream(strayOut, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(strayErr, true, StandardCharsets.UTF_8));
        try {
            t.start();
            t.join(limitMs);
            if (t.isAlive()) {
                o.timedOut = true;
                t.stop(); // the simulation has no cancellation point; Java 17 still stops a thread at a safepoint
                t.join(5_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            System.setOut(sysOut);
            System.setErr(sysErr);
        }
        o.exit = code[0];
        o.thrown = o.timedOut ? null : thrown[0];
        synchronized (out.getBuffer()) {
            o.stdout = out.toString() + strayOut.toString(StandardCharsets.UTF_8);
        }
        synchronized (err.getBuffer()) {
            o.stderr = err.toString() + strayErr.toString(StandardCharsets.UTF_8);
        }
        return o;
    }

    private Outcome runChild(String[] args, long limitMs) {
        Outcome o = new Outcome();
        Path io;
        try {
            io = Files.createTempDirectory(root, "io-");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-Xss1m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Djava.awt.headless=true",
                "-cp", System.getProperty("java.class.path"), "gilsim.cli.Main"));
        cmd.addAll(Arrays.asList(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().remove("_JAVA_OPTIONS");
        pb.environment().remove("JDK_JAVA_OPTIONS");
        pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.redirectOutput(io.resolve("stdout").toFile());
        pb.redirectError(io.resolve("stderr").toFile());
        try {
            Process p = pb.start();
            if (!p.waitFor(limitMs, TimeUnit.MILLISECONDS)) {
                o.timedOut = true;
                p.destroyForcibly();
                p.waitFor(10, TimeUnit.SECONDS);
            } else {
                o.exit = p.exitValue();
            }
            o.stdout = Files.readString(io.resolve("stdout"), StandardCharsets.UTF_8);
            o.stderr = Files.readString(io.resolve("stderr"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot run a child JVM: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            deleteTree(io);
        }
        return o;
    }

    // ---------------------------------------------------------------- files

    private static void materialise(BadCase c, Path dir) throws IOException {
        for (Map.Entry<String, byte[]> f : c.files().entrySet()) {
            Path p = dir.resolve(f.getKey());
            Files.createDirectories(p.getParent());
            byte[] v = f.getValue();
            if (Arrays.equals(v, BadCase.FIFO)) {
                try {
                    Process mk = new ProcessBuilder("mkfifo", p.toString()).inheritIO().start();
                    if (mk.waitFor() != 0) throw new IOException("mkfifo failed");
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException(e);
                }
            } else if (Arrays.equals(v, BadCase.SUBDIR)) {
                Files.createDirectories(p);
            } else if (Arrays.equals(v, BadCase.SUBDIR_WITH_FILE)) {
                Files.createDirectories(p);
                Files.writeString(p.resolve("keep.txt"), "keep\n");
            } else {
                Files.write(p, v);
            }
        }
    }

    /** Relative path to kind, size and modification time, for every entry under {@code dir}. */
    static Map<String, String> tree(Path dir) {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            s.forEach(p -> {
                try {
                    BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class,
                            LinkOption.NOFOLLOW_LINKS);
                    // A directory's own time changes when a temporary file comes and goes; what it holds is compared.
                    String kind = a.isDirectory() ? "dir"
                            : (a.isRegularFile() ? "file " + a.size() : "other") + " "
                                    + a.lastModifiedTime().toMillis();
                    out.put(dir.relativize(p).toString(), kind);
                } catch (IOException e) {
                    out.put(dir.relativize(p).toString(), "unreadable");
                }
            });
        } catch (IOException | java.io.UncheckedIOException e) {
            out.put("", "walk failed: " + e);
        }
        return out;
    }

    private static String diff(Map<String, String> before, Map<String, String> after) {
        List<String> d = new ArrayList<>();
        for (String k : after.keySet()) {
            if (!before.containsKey(k)) d.add("+" + k);
            else if (!before.get(k).equals(after.get(k))) d.add("~" + k);
        }
        for (String k : before.keySet()) if (!after.containsKey(k)) d.add("-" + k);
        return String.join(" ", d);
    }

    static Set<String> listing(Path dir) {
        Set<String> names = new TreeSet<>();
        try (Stream<Path> s = Files.list(dir)) {
            s.forEach(p -> names.add(p.getFileName().toString()));
        } catch (IOException | java.io.UncheckedIOException e) {
            names.add("(unlistable: " + e.getClass().getSimpleName() + ")");
        }
        return names;
    }

    private static Path nearestExisting(Path p) {
        Path q = p.toAbsolutePath().getParent();
        while (q != null && !Files.isDirectory(q)) q = q.getParent();
        return q;
    }

    /** The highest ancestor of {@code p} (or {@code p}) that does not exist, or null when its parent exists. */
    private static Path topMissing(Path p) {
        Path q = p.toAbsolutePath().getParent();
        Path top = null;
        while (q != null && !Files.exists(q, LinkOption.NOFOLLOW_LINKS)) {
            top = q;
            q = q.getParent();
        }
        return top;
    }

    private static boolean dynamic(Path p) {
        Path a = p.toAbsolutePath();
        return a.startsWith("/proc") || a.startsWith("/sys") || a.startsWith("/dev");
    }

    /** The names that carry {@link #MARK} or an output's file name. */
    private static Set<String> relevant(Set<String> names, List<Path> outputs) {
        Set<String> out = new TreeSet<>();
        for (String n : names) {
            if (n.contains(MARK)) out.add(n);
            for (Path o : outputs) {
                Path f = o.getFileName();
                if (f != null && f.toString().length() >= 4 && n.contains(f.toString())) out.add(n);
            }
        }
        return out;
    }

    private static Set<String> tmpNamesLike(Path tmp, List<Path> outputs) {
        Set<String> names = new TreeSet<>();
        List<String> stems = new ArrayList<>();
        for (Path o : outputs) {
            Path f = o.getFileName();
            if (f != null && f.toString().length() >= 4) stems.add(f.toString());
        }
        if (stems.isEmpty()) return names;
        for (String n : listing(tmp)) {
            for (String s : stems) if (n.contains(s)) names.add(n);
        }
        return names;
    }

    static void deleteTree(Path p) {
        if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) return;
        try (Stream<Path> s = Files.walk(p)) {
            s.sorted(Comparator.reverseOrder()).forEach(q -> {
                try {
                    Files.deleteIfExists(q);
                } catch (IOException e) {
                    // left for the temp directory's own clean-up
                }
            });
        } catch (IOException | java.io.UncheckedIOException e) {
            // as above
        }
    }
}
