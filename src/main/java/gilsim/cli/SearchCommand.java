package gilsim.cli;

import gilsim.scenario.InputError;
import gilsim.search.Progress;
import gilsim.search.SearchRun;
import gilsim.search.ShardFile;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code gilsim search NAME|FILE --over key=LOW..HIGH ...}: property search for starving configurations. */
@Command(name = "search", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Searches a scenario's keys for configurations that break a property (by default: no thread "
                + "starves), shrinks the smallest failure it finds and prints the one `gilsim run` line that "
                + "replays it.",
                "Ranges: threads=2..8, work=500us..10ms, view=100us..400us:100us, pinned=*, policy=*, a,b,c; "
                        + "a pool's waiters=1..7 searches threads - 1 under that name. "
                        + "A stepped range or a list has at most 100,000 values; --exhaustive lists at most "
                        + "1,000,000 configurations."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:no configuration broke the property", "1:a counterexample was found",
                "2:bad input (nothing is run or written)", "3:a run exceeded its event budget (max_events)"})
final class SearchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "NAME|FILE",
            description = "a built-in scenario (see `gilsim scenarios`) or a scenario YAML file")
    String scenario;

    @Option(names = "--over", required = true, paramLabel = "KEY=RANGE",
            description = "a key to search and its range; repeatable. The first two make the --exhaustive table")
    List<String> overs = new ArrayList<>();

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "fix a key for every run; repeatable")
    List<String> sets = new ArrayList<>();

    @Mixin
    MachineOption machine = new MachineOption();

    @Option(names = "--property", defaultValue = "no-starvation", paramLabel = "PROPERTY",
            description = "what every run must satisfy: no-starvation, in-order for a pool, or an expression over "
                    + "the metrics such as 'wait_max(main) < 50ms and share(worker) >= 0.5' (docs/search.md; "
                    + "default: ${DEFAULT-VALUE})")
    String property;

    @Option(names = "--examples", defaultValue = "100", paramLabel = "N",
            description = "random configurations to try, 1..1,000,000 (default: ${DEFAULT-VALUE})")
    int examples;

    @Option(names = "--exhaustive", description = "try every configuration of a discrete space and print the table")
    boolean exhaustive;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "S",
            description = "draws the configurations; the first run seed of each (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--seeds-per-config", defaultValue = "3", paramLabel = "K",
            description = "runs per configuration, seeds S..S+K-1, 1..1000; it fails if any fails "
                    + "(default: ${DEFAULT-VALUE})")
    int seedsPerConfig;

    @Option(names = "--csv", paramLabel = "FILE",
            description = "write one row per configuration tried (the file's directory must exist)")
    Path csv;

    @Option(names = "--json", description = "print exactly one JSON object on stdout")
    boolean json;

    @Option(names = "--shard", paramLabel = "I/N",
            description = "run only shard I of N (every N-th configuration of the same list, from the I-th) and write "
                    + "its results to --out; `gilsim merge` combines the N files into this search's report")
    String shard;

    @Option(names = "--out", paramLabel = "FILE", description = "with --shard: the shard file to write")
    Path out;

    @Option(names = "--progress", description = "draw a progress bar on stderr even when it is not a terminal")
    boolean progress;

    @Option(names = "--jobs", paramLabel = "N",
            description = "worker threads, 1..1024 (default: the number of cores); the output is the same")
    int jobs = Runtime.getRuntime().availableProcessors();

    @Override
    public Integer call() {
        if (exhaustive && spec.commandLine().getParseResult().hasMatchedOption("--examples")) {
            throw new InputError("--examples " + examples + ": not used with --exhaustive, which tries every "
                    + "configuration; give one of the two");
        }
        int[] part = shard == null ? null : parseShard(shard);
        if ((part == null) != (out == null)) {
            throw new InputError(part == null ? "--out " + out + ": only with --shard I/N"
                    : "--shard " + shard + ": give --out FILE for the shard's results");
        }
        if (part != null && (csv != null || json)) {
            throw new InputError("--shard writes its results to --out; --csv and --json go to `gilsim merge`");
        }
        if (csv != null) OutputPath.check("--csv", csv);
        if (out != null) OutputPath.check("--out", out);
        String machinePath = machine.file == null ? null : machine.file.toString();
        Searched searched = Searched.of(scenario, sets, overs, machinePath, property, examples, exhaustive, seed,
                seedsPerConfig, jobs);
        PrintWriter err = spec.commandLine().getErr();
        Progress prog = progress || Terminal.stderrIsTerminal() ? Progress.on(err) : Progress.off();
        if (part != null) {
            int total = SearchRun.configs(searched.space(), searched.options()).size();
            ShardFile.Header h = new ShardFile.Header(scenario, sets, overs, machinePath, property, examples,
                    exhaustive, seed, seedsPerConfig, total, part[0], part[1]);
            long ran;
            try (ShardFile.Stream file = new ShardFile.Stream(out, h)) {
                SearchRun.shard(searched.space(), searched.options(), part[0], part[1], prog, file::entry);
                ran = file.entries();
                file.commit();
            }
            spec.commandLine().getOut().printf("shard %d/%d of %d configurations: %d run, %d runs, written to %s%n",
                    part[0], part[1], total, ran, ran * seedsPerConfig, out);
            return 0;
        }
        return searched.runAndPrint(spec.commandLine().getOut(), spec.commandLine().getErr(), csv, json,
                sink -> SearchRun.run(searched.space(), searched.options(), prog, sink));
    }

    /** {@code I/N} with 1 <= I <= N <= 100,000. */
    static int[] parseShard(String text) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d{1,6})/(\\d{1,6})").matcher(text.trim());
        if (m.matches()) {
            int i = Integer.parseInt(m.group(1));
            int n = Integer.parseInt(m.group(2));
            if (i >= 1 && i <= n && n <= 100_000) return new int[] {i, n};
        }
        throw new InputError("--shard " + text + ": give I/N with 1 <= I <= N <= 100000, e.g. 2/8");
    }
}
