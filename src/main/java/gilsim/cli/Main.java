package gilsim.cli;

import gilsim.scenario.InputError;
import gilsim.sim.EventBudgetExceeded;
import java.io.PrintWriter;
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
        System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs the command line with the given streams; returns the exit code. Tests call this. */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = new CommandLine(new Main());
        cl.setOut(out);
        cl.setErr(err);
        // A bad option is one line and a pointer to --help, like every other bad input; not the whole usage.
        cl.setParameterExceptionHandler((ex, args1) -> {
            CommandLine where = ex.getCommandLine();
            where.getErr().println(oneLine("gilsim: " + ex.getMessage() + " (see: "
                    + where.getCommandSpec().qualifiedName() + " --help)"));
            return EXIT_INPUT;
        });
        cl.setExecutionExceptionHandler((ex, line, parsed) -> {
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
