package gilsim.badinput;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One generated piece of bad input: a command line, the files it reads (written into a fresh directory
 * {@code $DIR} before it runs), the outputs it names, and what may come back.
 *
 * <p>Arguments and outputs may contain {@link #DIR}; it stands for the case's own fresh directory and is replaced
 * when the case runs (and printed as {@code $DIR} in messages). A file whose content is {@link #FIFO} is made a
 * named pipe with no writer; {@link #SUBDIR} a directory; {@link #SUBDIR_WITH_FILE} a directory holding a file.
 *
 * @param category  the test it belongs to (keys, options, outputs, files, csv, budget, heavy)
 * @param feature   what it exercises, for the coverage check ({@code run --set cores}, {@code file threads[].core})
 * @param args      the command line after {@code gilsim}
 * @param files     files to create in {@code $DIR}, by relative name, before the run
 * @param outputs   output paths the command names; none may exist afterwards (unless it did before)
 * @param budgetOk  exit 3 (the event budget) is an acceptable answer as well as 2
 * @param isolated  run in a child JVM with a small heap (the case may eat memory or block in a system call)
 * @param mention   text the one line on stderr must contain (empty: no requirement)
 * @param limitMs   a tighter time limit than the suite's (0: the suite's): the answer must come before the work
 */
public record BadCase(String category, String feature, List<String> args, Map<String, byte[]> files,
                      List<String> outputs, boolean budgetOk, boolean isolated, String mention, long limitMs) {
    public static final String DIR = "@DIR@";
    public static final byte[] FIFO = "@FIFO@".getBytes(StandardCharsets.UTF_8);
    public static final byte[] SUBDIR = "@SUBDIR@".getBytes(StandardCharsets.UTF_8);
    public static final byte[] SUBDIR_WITH_FILE = "@SUBDIR+FILE@".getBytes(StandardCharsets.UTF_8);

    public BadCase {
        args = List.copyOf(args);
        files = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(files));
        outputs = List.copyOf(outputs);
    }

    public static BadCase of(String category, String feature, List<String> args) {
        return new BadCase(category, feature, args, Map.of(), List.of(), false, false, "", 0);
    }

    public BadCase withFile(String name, String text) {
        return withFile(name, text.getBytes(StandardCharsets.UTF_8));
    }

    public BadCase withFile(String name, byte[] bytes) {
        Map<String, byte[]> f = new LinkedHashMap<>(files);
        f.put(name, bytes);
        return new BadCase(category, feature, args, f, outputs, budgetOk, isolated, mention, limitMs);
    }

    public BadCase withOutput(String path) {
        List<String> o = new ArrayList<>(outputs);
        o.add(path);
        return new BadCase(category, feature, args, files, o, budgetOk, isolated, mention, limitMs);
    }

    public BadCase withArgs(List<String> newArgs) {
        return new BadCase(category, feature, newArgs, files, outputs, budgetOk, isolated, mention, limitMs);
    }

    public BadCase allowBudget() {
        return new BadCase(category, feature, args, files, outputs, true, isolated, mention, limitMs);
    }

    public BadCase inChildJvm() {
        return new BadCase(category, feature, args, files, outputs, budgetOk, true, mention, limitMs);
    }

    public BadCase mentioning(String text) {
        return new BadCase(category, feature, args, files, outputs, budgetOk, isolated, text, limitMs);
    }

    /** The answer must come within {@code ms}: less than the work would take if it were done first. */
    public BadCase within(long ms) {
        return new BadCase(category, feature, args, files, outputs, budgetOk, isolated, mention, ms);
    }

    public Set<Integer> allowedExits() {
        return budgetOk ? Set.of(2, 3) : Set.of(2);
    }

    /** The command line as a shell would take it, {@code $DIR} for the case's directory. */
    public String commandLine() {
        StringBuilder b = new StringBuilder("gilsim");
        for (String a : args) b.append(' ').append(shellQuote(a.replace(DIR, "$DIR")));
        return b.toString();
    }

    /** The command line, then each input file's text (escaped where it is not printable). */
    public String describe() {
        StringBuilder b = new StringBuilder(commandLine());
        for (Map.Entry<String, byte[]> f : files.entrySet()) {
            b.append("\n    file $DIR/").append(f.getKey()).append(": ");
            byte[] v = f.getValue();
            if (java.util.Arrays.equals(v, FIFO)) b.append("(a named pipe with no writer)");
            else if (java.util.Arrays.equals(v, SUBDIR)) b.append("(an empty directory)");
            else if (java.util.Arrays.equals(v, SUBDIR_WITH_FILE)) b.append("(a directory holding a file)");
            else b.append(visible(v));
        }
        return b.toString();
    }

    /** Bytes as text a reader can paste back: UTF-8 where it decodes, escapes for control bytes and the rest. */
    static String visible(byte[] bytes) {
        StringBuilder b = new StringBuilder("\"");
        var decoder = StandardCharsets.UTF_8.newDecoder();
        String text;
        try {
            text = decoder.decode(java.nio.ByteBuffer.wrap(bytes)).toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            for (byte x : bytes) {
                int u = x & 0xff;
                if (u >= 0x20 && u < 0x7f && u != '"' && u != '\\') b.append((char) u);
                else b.append(String.format("\\x%02x", u));
            }
            return b.append("\" (not UTF-8)").toString();
        }
        for (char c : text.toCharArray()) {
            switch (c) {
                case '\n' -> b.append("\\n");
                case '\t' -> b.append("\\t");
                case '\r' -> b.append("\\r");
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                default -> {
                    if (c < 0x20 || c == 0x7f) b.append(String.format("\\u%04x", (int) c));
                    else b.append(c);
                }
            }
        }
        return b.append('"').toString();
    }

    static String shellQuote(String s) {
        if (!s.isEmpty() && s.matches("[A-Za-z0-9_./=:,+@%$*-]+") && !s.contains("*")) return s;
        StringBuilder b = new StringBuilder("'");
        for (char c : s.toCharArray()) {
            if (c == '\'') b.append("'\\''");
            else if (c < 0x20 || c == 0x7f) b.append(String.format("'$'\\x%02x''", (int) c));
            else b.append(c);
        }
        return b.append('\'').toString();
    }

    @Override
    public String toString() {
        return describe();
    }
}
