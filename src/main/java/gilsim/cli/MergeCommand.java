package gilsim.cli;

import gilsim.scenario.InputError;
import gilsim.search.Config;
import gilsim.search.ConfigResult;
import gilsim.search.Progress;
import gilsim.search.SearchRun;
import gilsim.search.ShardFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code gilsim merge PART...}: the shards of one search, combined and shrunk into the search's own report. */
@Command(name = "merge", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Combines the shard files of one `gilsim search --shard I/N --out FILE` (every shard, 1 to N, "
                + "exactly once), shrinks the smallest failure as the search would, and prints the bytes the "
                + "unsharded search prints. The scenario file and machine profile the shards name must be readable "
                + "from here."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:no configuration broke the property", "1:a counterexample was found",
                "2:bad input: a part missing, twice, of another search, or not a shard file (nothing is written)",
                "3:a run exceeded its event budget (max_events)"})
final class MergeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "PART", arity = "1..*", description = "the shard files, in any order")
    List<Path> parts = new ArrayList<>();

    @Option(names = "--csv", paramLabel = "FILE",
            description = "write one row per configuration tried, as the search would (the directory must exist)")
    Path csv;

    @Option(names = "--json", description = "print exactly one JSON object on stdout")
    boolean json;

    @Option(names = "--jobs", paramLabel = "N",
            description = "worker threads for the shrinking, 1..1024 (default: the number of cores)")
    int jobs = Runtime.getRuntime().availableProcessors();

    @Option(names = "--progress", description = "report progress on stderr even when it is not a terminal")
    boolean progress;

    @Override
    public Integer call() {
        if (csv != null) OutputPath.check("--csv", csv);
        List<ShardFile.Shard> shards = new ArrayList<>();
        for (Path p : parts) shards.add(ShardFile.read(p));
        ShardFile.Header h = shards.get(0).header();
        boolean[] seen = new boolean[h.shards() + 1];
        for (int i = 0; i < shards.size(); i++) {
            ShardFile.Header o = shards.get(i).header();
            if (!o.sameSearch(h)) {
                throw new InputError(parts.get(i) + ": a shard of another search than " + parts.get(0));
            }
            if (seen[o.shard()]) throw new InputError(parts.get(i) + ": shard " + o.shard() + "/" + o.shards()
                    + " is given twice");
            seen[o.shard()] = true;
        }
        List<String> missing = new ArrayList<>();
        for (int k = 1; k <= h.shards(); k++) if (!seen[k]) missing.add(k + "/" + h.shards());
        if (!missing.isEmpty()) throw new InputError("merge: missing shard " + String.join(", ", missing));
        Searched searched = Searched.of(h.scenario(), h.sets(), h.overs(), h.machine(), h.property(), h.examples(),
                h.exhaustive(), h.seed(), h.seedsPerConfig(), jobs);
        List<Config> configs = SearchRun.configs(searched.space(), searched.options());
        if (configs.size() != h.configs()) {
            throw new InputError(parts.get(0) + ": the search lists " + configs.size() + " configurations here, "
                    + h.configs() + " where the shards ran (another gilsim, or a changed scenario file)");
        }
        ConfigResult[] results = new ConfigResult[configs.size()];
        for (ShardFile.Shard s : shards) {
            for (ShardFile.Entry e : s.entries()) {
                if (e.index() < 0 || e.index() >= results.length || results[e.index()] != null
                        || (e.index() % h.shards()) != s.header().shard() - 1) {
                    throw new InputError("merge: configuration " + e.index() + " does not belong to shard "
                            + s.header().shard() + "/" + h.shards());
                }
                results[e.index()] = new ConfigResult(configs.get(e.index()), e.runs());
            }
        }
        for (int i = 0; i < results.length; i++) {
            if (results[i] == null) throw new InputError("merge: configuration " + i + " is in no part (shard "
                    + (i % h.shards() + 1) + "/" + h.shards() + " is incomplete)");
        }
        Progress prog = progress || Terminal.stderrIsTerminal() ? Progress.on(spec.commandLine().getErr())
                : Progress.off();
        return searched.runAndPrint(spec.commandLine().getOut(), spec.commandLine().getErr(), csv, json,
                sink -> SearchRun.merge(searched.space(), searched.options(), List.of(results), prog, sink));
    }
}
