package gilsim.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import gilsim.scenario.InputError;
import gilsim.scenario.Scenario;
import gilsim.scenario.Scenarios;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The drift test: every {@code gilsim ...} or {@code java -jar target/gilsim.jar ...} command written in the README
 * and the user docs (in code blocks and inline code) still parses with today's options, names a scenario that
 * exists and keys it has; and each {@code run}, {@code scenarios} and {@code metrics} among them, the cheap ones,
 * runs to exit 0. A synopsis with placeholders ({@code NAME|FILE}, {@code KEY=VALUE}, {@code [...]}) is not a
 * command and is passed over.
 */
class DocCommandsTest {
    private static final Pattern START = Pattern.compile("(?:^|\\s|`)(gilsim|java -jar target/gilsim\\.jar)\\s+");
    private static final Pattern INLINE = Pattern.compile("`([^`\n]+)`");
    /** An upper-case placeholder word of a synopsis: FILE, KEY=VALUE, FROM..TO, NAME|FILE. */
    private static final Pattern PLACEHOLDER = Pattern.compile("(?:^|=)[A-Z][A-Z_]*(?:[=|.][A-Z_.|]*)?$");
    /** Commands whose documented uses are cheap enough to run here. */
    private static final List<String> RUNNABLE = List.of("run", "scenarios", "metrics");

    private static final java.util.Set<String> SUBCOMMANDS = new CommandLine(new Main()).getSubcommands().keySet();

    /** A command from a code block, or a mention in inline code (which may leave out what it requires). */
    record DocCommand(String where, List<String> args, boolean inline) {}

    /** Whether a command reads a profile from a file, which the docs' examples do not ship; none and vm-2core run. */
    private static boolean namesAProfileFile(List<String> args) {
        int i = args.indexOf("--machine");
        return i >= 0 && (i + 1 >= args.size() || !List.of("none", "vm-2core").contains(args.get(i + 1)));
    }

    @Test
    void everyDocumentedCommandStillParsesAndTheCheapOnesRun() throws IOException {
        List<DocCommand> commands = commands();
        assertTrue(commands.size() >= 50, "found only " + commands.size() + " documented commands: is the scan broken?");
        List<String> failures = new ArrayList<>();
        int ran = 0;
        for (DocCommand c : commands) {
            String problem = check(c);
            if (problem == MENTION) continue;
            if (problem != null) failures.add(c.where() + ": gilsim " + String.join(" ", c.args()) + "\n    " + problem);
            else if (RUNNABLE.contains(c.args().get(0)) && !namesAProfileFile(c.args()) && !c.args().contains("--trace")) {
                StringWriter out = new StringWriter();
                StringWriter err = new StringWriter();
                int code = Main.execute(c.args().toArray(String[]::new), new PrintWriter(out), new PrintWriter(err));
                ran++;
                if (code != 0) {
                    failures.add(c.where() + ": gilsim " + String.join(" ", c.args()) + "\n    exit " + code + ": "
                            + err.toString().strip());
                }
            }
        }
        assertTrue(failures.isEmpty(), failures.size() + " of " + commands.size() + " documented commands no longer "
                + "work (" + ran + " were run):\n" + String.join("\n", failures));
    }

    /** What {@link #check} says of a mention in prose: nothing wrong, and nothing to run. */
    private static final String MENTION = "";

    /** Null when the command parses and names a real scenario and keys; else what is wrong. */
    private static String check(DocCommand c) {
        CommandLine cl = new CommandLine(new Main());
        CommandLine.ParseResult parsed;
        try {
            parsed = cl.parseArgs(c.args().toArray(String[]::new));
        } catch (CommandLine.MissingParameterException e) {
            // Inline code names a command and an option or two in prose ("`gilsim search --csv`").
            return c.inline() ? MENTION : e.getMessage();
        } catch (CommandLine.ParameterException e) {
            return e.getMessage();
        }
        CommandLine.ParseResult sub = parsed.subcommand();
        if (sub == null || List.of("merge", "help").contains(sub.commandSpec().name())) return null;
        List<String> sets = sub.hasMatchedOption("--set") ? sub.matchedOption("--set").getValue() : List.of();
        try {
            for (CommandLine.Model.PositionalParamSpec p : sub.matchedPositionals()) {
                List<String> names = p.getValue() instanceof List<?> l ? l.stream().map(Object::toString).toList()
                        : List.of(p.getValue().toString());
                for (String name : names) {
                    Scenario s = Scenarios.resolve(name);
                    // chart's --set applies to some kinds only; compare's to every arm: the keys are the scenario's.
                    s.params(sets, null);
                }
            }
        } catch (InputError e) {
            return e.getMessage();
        }
        return null;
    }

    static List<DocCommand> commands() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(Path.of("README.md")));
        try (Stream<Path> docs = Files.list(Path.of("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        List<DocCommand> out = new ArrayList<>();
        for (Path page : pages) {
            List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
            boolean fenced = false;
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (line.strip().startsWith("```")) {
                    fenced = !fenced;
                    continue;
                }
                String where = page + ":" + (i + 1);
                if (fenced) {
                    StringBuilder joined = new StringBuilder(line);
                    while (joined.toString().endsWith("\\") && i + 1 < lines.size()) {
                        joined.setLength(joined.length() - 1);
                        joined.append(' ').append(lines.get(++i).strip());
                    }
                    // A listing's second column ("gilsim scenarios    the built-in scenarios ...") is prose.
                    add(out, where, joined.toString().replaceFirst("(\\S)  +[^-\\s].*$", "$1"), false);
                } else {
                    Matcher m = INLINE.matcher(line);
                    while (m.find()) add(out, where, m.group(1), true);
                }
            }
        }
        return out;
    }

    private static void add(List<DocCommand> out, String where, String text, boolean inline) {
        Matcher m = START.matcher(text.replaceFirst("^\\s*\\$\\s+", ""));
        if (!m.find() || m.start(1) > 0 && !text.replaceFirst("^\\s*\\$\\s+", "").substring(0, m.start(1)).isBlank()) {
            return;
        }
        String rest = text.replaceFirst("^\\s*\\$\\s+", "").substring(m.end());
        List<String> words = shellWords(rest);
        // Prose that starts with the tool's name ("gilsim replays its built-in scenarios") is not a command.
        if (words == null || words.isEmpty()
                || !words.get(0).startsWith("-") && !SUBCOMMANDS.contains(words.get(0))) {
            return;
        }
        for (String w : words) {
            if (w.contains("...") || w.startsWith("[") || w.matches(".*<[A-Za-z_-]+>.*") || w.contains("$")
                    || PLACEHOLDER.matcher(w).find()) {
                return;
            }
        }
        out.add(new DocCommand(where, words, inline));
    }

    /** Shell words up to the first pipe, redirection, comment or command separator; null when unbalanced. */
    static List<String> shellWords(String s) {
        List<String> words = new ArrayList<>();
        StringBuilder w = null;
        char quote = 0;
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (quote != 0) {
                if (ch == quote) quote = 0;
                else w.append(ch);
            } else if (ch == '\'' || ch == '"') {
                quote = ch;
                if (w == null) w = new StringBuilder();
            } else if (Character.isWhitespace(ch)) {
                if (w != null) words.add(w.toString());
                w = null;
            } else if ((ch == '|' || ch == '>' || ch == ';' || ch == '&' || ch == '#') && w == null) {
                break;
            } else if (ch == '>' && w.toString().matches("\\d")) {
                w = null;
                break;
            } else {
                if (w == null) w = new StringBuilder();
                w.append(ch);
            }
        }
        if (quote != 0) return null;
        if (w != null) words.add(w.toString());
        return words;
    }
}
