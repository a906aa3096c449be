package gilsim.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/distributed.md's recipes, run as written: the Slurm job array and its merge on a real (one-node) cluster, and
 * the {@code xargs -P} recipe, each checked against the same search run in one process, byte for byte. The scripts
 * are read from the page, so a change there is what runs here. Runs after {@code package} (it needs the jar);
 * {@code tools/slurm/one-node.sh} starts the cluster, and {@code .ci/run} runs it first. Without a cluster it fails
 * and says so: it never skips.
 */
class SlurmRecipeIT {
    private static final Path DOC = Path.of("docs/distributed.md");
    private static final Path JAR = Path.of("target/gilsim.jar").toAbsolutePath();
    /** Small enough to run in seconds on two cores, large enough that every shard finds failures and passes. */
    private static final int SHARDS = 3;
    private static final int EXAMPLES = 240;
    private static final long JOB_TIMEOUT_MS = 300_000;
    /** The shard and output options of a recipe's search line; without them it is the one-process search. */
    private static final Pattern SHARD_OPTIONS = Pattern.compile("\\s+--shard\\s+\\S+\\s+--out\\s+\\S+");

    @TempDir
    Path dir;

    @Test
    void theSlurmJobArrayAndItsMergePrintTheOneProcessSearch() throws Exception {
        Result ping = exec(dir, Map.of(), 30_000, "sinfo", "-h", "-o", "%a %t");
        if (ping.code() != 0 || !ping.out().contains("up")) {
            fail("no Slurm cluster on this machine (sinfo: exit " + ping.code() + ", " + ping.all().strip()
                    + "); start one with `sudo bash tools/slurm/one-node.sh` (.ci/run does)");
        }
        List<String> blocks = blocks("## Slurm");
        assertEquals(2, blocks.size(), "docs/distributed.md's Slurm section should hold search.sbatch and merge.sbatch");
        Files.writeString(dir.resolve("search.sbatch"), blocks.get(0));
        Files.writeString(dir.resolve("merge.sbatch"), blocks.get(1));
        Files.createDirectories(dir.resolve("parts"));
        Map<String, String> env = Map.of("EXAMPLES", Integer.toString(EXAMPLES), "GILSIM_JAR", JAR.toString());
        // The node has the machine's cores; the recipe asks 4 a task, so ask for 1 as a user would on a small node.
        String array = jobId(exec(dir, env, 30_000, "sbatch", "--parsable", "--array=1-" + SHARDS,
                "--cpus-per-task=1", "search.sbatch"));
        String merge = jobId(exec(dir, env, 30_000, "sbatch", "--parsable", "--dependency=afterok:" + array,
                "--cpus-per-task=1", "merge.sbatch"));
        long deadline = System.currentTimeMillis() + JOB_TIMEOUT_MS;
        while (!exec(dir, Map.of(), 30_000, "squeue", "-h", "-j", array + "," + merge).out().isBlank()) {
            if (System.currentTimeMillis() > deadline) {
                fail("jobs " + array + " and " + merge + " still queued after " + JOB_TIMEOUT_MS / 1000 + " s:\n"
                        + exec(dir, Map.of(), 30_000, "squeue").all() + jobLogs());
            }
            Thread.sleep(500);
        }
        Path merged = dir.resolve("search.txt");
        assertTrue(Files.isRegularFile(merged), "the merge job wrote no search.txt" + jobLogs());
        String oneProcess = oneProcess(blocks.get(0), Map.of("SLURM_ARRAY_TASK_COUNT", "1", "SLURM_ARRAY_TASK_ID", "1",
                "SLURM_CPUS_PER_TASK", "1", "EXAMPLES", Integer.toString(EXAMPLES), "GILSIM_JAR", JAR.toString())).out();
        String got = Files.readString(merged);
        assertEquals(oneProcess, got, "array job " + array + " merged by job " + merge + jobLogs());
        System.out.println("slurm: array job " + array + " (tasks 1-" + SHARDS + ", " + EXAMPLES
                + " configurations), merge job " + merge + " (afterok): search.txt equals the one-process search, "
                + got.length() + " bytes");
    }

    @Test
    void theXargsRecipePrintsTheOneProcessSearch() throws Exception {
        List<String> blocks = blocks("## One machine");
        assertEquals(1, blocks.size(), "docs/distributed.md's xargs section should hold one script");
        String script = set(set(blocks.get(0), "N", SHARDS), "EXAMPLES", EXAMPLES);
        Path target = dir.resolve("target");
        Files.createDirectories(target);
        Files.createSymbolicLink(target.resolve("gilsim.jar"), JAR);
        // The shards, then the merge on its own: the shards print a line each, the merge the search's report.
        String joined = script.replace("\\\n", " ");
        StringBuilder shards = new StringBuilder();
        StringBuilder mergeLine = new StringBuilder();
        StringBuilder single = new StringBuilder();
        for (String line : joined.split("\n")) {
            boolean merge = line.contains(" merge ");
            (merge ? mergeLine : shards).append(line).append('\n');
            // The one-process search: the same search line without xargs and the shard options, and no merge.
            if (!merge) single.append(line.replaceFirst("^seq 1 \\$N \\| xargs -P \\d+ -I\\{\\} ", "")).append('\n');
        }
        assertTrue(mergeLine.length() > 0, "the xargs recipe has no merge line:\n" + script);
        Result ran = exec(dir, Map.of(), JOB_TIMEOUT_MS, "bash", "-euo", "pipefail", "-c", shards.toString());
        assertEquals(0, ran.code(), ran.all());
        Result sharded = exec(dir, Map.of(), JOB_TIMEOUT_MS, "bash", "-euo", "pipefail", "-c", mergeLine.toString());
        assertTrue(sharded.code() == 0 || sharded.code() == 1, "exit " + sharded.code() + ": " + sharded.all());
        Result oneProcess = oneProcess(single.toString(), Map.of());
        assertEquals(oneProcess.code(), sharded.code(), "exit codes of the one-process search and the recipe");
        assertEquals(oneProcess.out(), sharded.out(), "the xargs recipe's merge against the one-process search");
        System.out.println("xargs: " + SHARDS + " shards merged equal the one-process search, " + sharded.out().length()
                + " bytes, exit " + sharded.code());
    }

    /**
     * Runs a recipe's search without its shard options, from a fresh directory: exit 0, or 1 when it found a
     * counterexample, as search says.
     */
    private Result oneProcess(String script, Map<String, String> env) throws Exception {
        String joined = script.replace("\\\n", " ");
        Matcher m = SHARD_OPTIONS.matcher(joined);
        assertTrue(m.find(), "the recipe's search line has no --shard ... --out ...:\n" + script);
        Path alone = dir.resolve("one-process");
        Files.createDirectories(alone.resolve("target"));
        Files.createSymbolicLink(alone.resolve("target").resolve("gilsim.jar"), JAR);
        Result r = exec(alone, env, JOB_TIMEOUT_MS, "bash", "-euo", "pipefail", "-c", m.replaceAll(""));
        assertTrue(r.code() == 0 || r.code() == 1, "exit " + r.code() + ": " + r.all());
        return r;
    }

    /** A script with its line {@code NAME=...} set to {@code value}. */
    private static String set(String script, String name, int value) {
        String out = script.replaceFirst("(?m)^" + name + "=\\d+", name + "=" + value);
        assertTrue(!out.equals(script), "the recipe sets no " + name + "=...:\n" + script);
        return out;
    }

    /** The {@code ```sh} blocks of the section that starts with {@code heading}, up to the next section. */
    private static List<String> blocks(String heading) throws IOException {
        String page = Files.readString(DOC, StandardCharsets.UTF_8);
        int from = page.indexOf("\n" + heading);
        assertTrue(from >= 0, DOC + " has no section '" + heading + "'");
        int to = page.indexOf("\n## ", from + 1);
        String section = page.substring(from, to < 0 ? page.length() : to);
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("```sh\n(.*?)```", Pattern.DOTALL).matcher(section);
        while (m.find()) out.add(m.group(1));
        return out;
    }

    private static String jobId(Result r) {
        assertEquals(0, r.code(), "sbatch: " + r.all());
        return r.out().strip().split(";")[0];
    }

    /** Every job output file in the directory, for a failure message. */
    private String jobLogs() throws IOException {
        StringBuilder b = new StringBuilder();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.getFileName().toString().startsWith("slurm-")).sorted().toList()) {
                b.append("\n--- ").append(f.getFileName()).append('\n').append(Files.readString(f));
            }
        }
        return b.toString();
    }

    record Result(int code, String out, String err) {
        String all() {
            return out + err;
        }
    }

    private static Result exec(Path cwd, Map<String, String> env, long timeoutMs, String... command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile());
        Map<String, String> e = new HashMap<>(env);
        pb.environment().putAll(e);
        Path out = Files.createTempFile("gilsim-it-", ".out");
        Path err = Files.createTempFile("gilsim-it-", ".err");
        try {
            pb.redirectOutput(out.toFile()).redirectError(err.toFile());
            Process p;
            try {
                p = pb.start();
            } catch (IOException ex) {
                return new Result(127, "", command[0] + ": " + ex.getMessage());
            }
            if (!p.waitFor(timeoutMs, TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                fail(String.join(" ", command) + ": still running after " + timeoutMs / 1000 + " s");
            }
            return new Result(p.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
