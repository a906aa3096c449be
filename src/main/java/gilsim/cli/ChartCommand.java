package gilsim.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code gilsim chart}: being built on its own branch; this placeholder is replaced when it lands. */
@Command(name = "chart", hidden = true, description = "not built yet")
final class ChartCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.err.println("gilsim: 'chart' is not built yet");
        return 1;
    }
}
