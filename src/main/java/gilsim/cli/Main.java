package gilsim.cli;

import gilsim.cleanup.Leftovers;
import gilsim.scenario.InputError;
import gilsim.scenario.Nearest;
import gilsim.sim.EventBudgetExceeded;
import java.io.PrintWriter;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code gilsim} command. With no subcommand it replays the built-in scenarios, one row each. */
@Command(name = "gilsim", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "A deterministic discrete-event simulator of CPython GIL scheduling.%n"
                + "With no command, replays the built-in scenarios and prints one row each.",
        subcommands = {RunCommand.class, ScenariosCommand.class, MetricsCommand.class, SearchCommand.class,
                MergeCommand.class, CompareCommand.class,
                ChartCommand.class, ReportCommand.class, BenchCommand.class, ValidateCommand.class,
                CalibrateCommand.class,
                CommandLine.HelpCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:ok", "1:search: a counterexample was found; validate: the verdicts disagree", "2:bad input (one line on stderr)",
                "3:a run exceeded its event budget (max_events)"})
public final class Main implements Runnable {
    /** Exit code for bad input: unknown key, malformed value or file. */
    public static final int EXIT_INPUT = 2;
    /** Exit code for a run stopped by its event budget. */
    public static final int EXIT_BUDGET = 3;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        Overview.print(spec.commandLine().getOut());
    }

    public static void main(String[] args) {
        Thread undo = new Thread(Main::interrupted, "gilsim-interrupt");
        Runtime.getRuntime().addShutdownHook(undo);
        int code = execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true));
        if (Leftovers.undoing()) {
            // The JVM is exiting with the signal's code (130 or 143) once the hook has undone the command.
            while (true) {
                try {
                    Thread.sleep(Long.MAX_VALUE);
                } catch (InterruptedException e) {
                    // keep waiting for the exit
                }
            }
        }
        Runtime.getRuntime().removeShutdownHook(undo);
        System.exit(code);
    }

    /**
     * The JVM runs this on SIGINT or SIGTERM (and exits 130 or 143) while a command is still working: it stops the
     * command's child processes, removes its temporary and half-written files, and says so in one line.
     */
    private static void interrupted() {
        int children = Leftovers.undo();
        System.err.println("gilsim: interrupted; stopped " + children + " child process" + (children == 1 ? "" : "es")
                + ", removed the temporary files, left no output half written");
        System.err.flush();
    }

    /** Runs the command line with the given streams; returns the exit code. Tests call this. */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = new CommandLine(new Main());
        cl.setOut(out);
        cl.setErr(err);
        // A bad option is one line and a pointer to --help, like every other bad input; not the whole usage.
        cl.setParameterExceptionHandler((ex, args1) -> {
            CommandLine where = ex.getCommandLine();
            where.getErr().println(oneLine("gilsim: " + inPlainWords(ex) + " (see: "
                    + where.getCommandSpec().qualifiedName() + " --help)"));
            return EXIT_INPUT;
        });
        // picocli prints the version (or the help) and ignores what else was given: refuse that as any bad input.
        cl.setExecutionStrategy(parsed -> {
            for (CommandLine.ParseResult r = parsed; r != null; r = r.subcommand()) {
                if ((r.isVersionHelpRequested() || r.isUsageHelpRequested()) && !r.unmatched().isEmpty()) {
                    String option = r.isVersionHelpRequested() ? "--version" : "--help";
                    r.commandSpec().commandLine().getErr().println(oneLine("gilsim: " + option
                            + " takes nothing else; unexpected '" + r.unmatched().get(0) + "'"));
                    return EXIT_INPUT;
                }
            }
            return new CommandLine.RunLast().execute(parsed);
        });
        cl.setExecutionExceptionHandler((ex, line, parsed) -> {
            // A child killed by an interrupt fails its run: the interrupt's own line says what happened.
            if (Leftovers.undoing()) return EXIT_INPUT;
            if (ex instanceof InputError) {
                line.getErr().println(oneLine("gilsim: " + ex.getMessage()));
                return EXIT_INPUT;
            }
            if (ex instanceof EventBudgetExceeded) {
                line.getErr().println("gilsim: " + ex.getMessage()
                        + " Shorten 'duration' or raise 'max_events' (--set max_events=N).");
                return EXIT_BUDGET;
            }
            throw ex;
        });
        int code = cl.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    // DOTALL: the value quoted may hold a carriage return or another line break a user typed
    private static final Pattern NOT_A_NUMBER = Pattern.compile(
            "^Invalid value for option '([^']+)': '(.*)' is not an? (int|long|double|float)$", Pattern.DOTALL);
    private static final Pattern INVALID = Pattern.compile("^Invalid value for option '([^']+)': (.*)$",
            Pattern.DOTALL);
    private static final Pattern NEEDS_VALUE = Pattern.compile("^Missing required parameter for option '([^']+)' (.*)$");
    private static final Pattern MISSING = Pattern.compile("^Missing required (?:parameters?|options?): (.*)$");

    /** A command-line error in the tool's own words, with the nearest name for a slip; no parser wording. */
    static String inPlainWords(CommandLine.ParameterException ex) {
        CommandLine.Model.CommandSpec spec = ex.getCommandLine().getCommandSpec();
        if (ex instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
            String first = u.getUnmatched().get(0);
            if (first.startsWith("-")) {
                return "unknown option '" + first + "'" + Nearest.suggestion(first, spec.optionsMap().keySet());
            }
            if (spec.parent() == null) {
                return "no command '" + first + "'" + Nearest.suggestion(first, spec.subcommands().keySet())
                        + " (commands: " + String.join(", ", spec.subcommands().keySet()) + ")";
            }
            return "unexpected argument '" + first + "'";
        }
        String m = ex.getMessage();
        Matcher n = NOT_A_NUMBER.matcher(m);
        if (n.matches()) {
            boolean whole = n.group(3).equals("int") || n.group(3).equals("long");
            return n.group(1) + " " + n.group(2) + ": not a " + (whole ? "whole number" : "number");
        }
        Matcher v = NEEDS_VALUE.matcher(m);
        if (v.matches()) return v.group(1) + " needs a value " + v.group(2);
        Matcher missing = MISSING.matcher(m);
        if (missing.matches()) return "missing " + missing.group(1).replace("'", "");
        Matcher invalid = INVALID.matcher(m);
        if (invalid.matches()) return invalid.group(1) + ": " + invalid.group(2);
        return m;
    }

    /**
     * A message is one line whatever the input it quotes: a line break or other control character a user typed
     * (or a file name holds) is shown escaped, as {@code \n} or {@code \u0007}.
     */
    static String oneLine(String message) {
        StringBuilder b = new StringBuilder(message.length());
        for (char c : message.toCharArray()) {
            if (c == '\n') b.append("\\n");
            else if (c == '\r') b.append("\\r");
            else if (c == '\t') b.append("\\t");
            else if (Character.isISOControl(c)) b.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
            else b.append(c);
        }
        return b.toString();
    }
}
