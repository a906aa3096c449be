package gilsim.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --set KEY=VALUE}, on the commands that run one scenario as given. ({@code search}, {@code compare} and
 * {@code chart} declare their own: there a key is fixed for every run, every arm, or some kinds only.)
 */
final class SetOption {
    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "override a scenario key; repeatable")
    List<String> sets = new ArrayList<>();
}
