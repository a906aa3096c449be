package gilsim.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code gilsim search}: being built on its own branch; this placeholder is replaced when it lands. */
@Command(name = "search", hidden = true, description = "not built yet")
final class SearchCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.err.println("gilsim: 'search' is not built yet");
        return 1;
    }
}
