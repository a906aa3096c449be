package gilsim.search;

import gilsim.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;

/** Test helper: one command line through {@link Main#execute}, its exit code and both streams. */
record Cli(int code, String out, String err) {
    static Cli run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out), new PrintWriter(err));
        return new Cli(code, out.toString(), err.toString());
    }
}
