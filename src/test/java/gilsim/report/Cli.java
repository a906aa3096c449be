package gilsim.report;

import gilsim.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;

/** Test helper: runs the command line in-process and keeps what it printed. */
public record Cli(int code, String out, String err) {
    public static Cli run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out), new PrintWriter(err));
        return new Cli(code, out.toString(), err.toString());
    }
}
