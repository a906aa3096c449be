package gilsim.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Three shard processes and a merge print the bytes one search prints: text, JSON and CSV. */
class ShardMergeTest {
    @TempDir
    Path dir;

    private static String[] with(String[] base, String... more) {
        String[] a = Arrays.copyOf(base, base.length + more.length);
        System.arraycopy(more, 0, a, base.length, more.length);
        return a;
    }

    private void sameBytes(String[] search, int shards) throws IOException {
        for (String format : List.of("text", "json")) {
            String[] extra = format.equals("json") ? new String[] {"--json"} : new String[] {};
            Path oneCsv = dir.resolve("one-" + format + ".csv");
            Cli one = Cli.run(with(with(search, extra), "--csv", oneCsv.toString()));
            List<String> parts = new ArrayList<>(List.of("merge"));
            for (int i = shards; i >= 1; i--) { // in any order
                Path part = dir.resolve("part-" + format + "-" + i + ".jsonl");
                Cli s = Cli.run(with(search, "--shard", i + "/" + shards, "--out", part.toString()));
                assertEquals(0, s.code(), s.err());
                parts.add(part.toString());
            }
            Path mergedCsv = dir.resolve("merged-" + format + ".csv");
            parts.addAll(List.of(extra));
            parts.addAll(List.of("--csv", mergedCsv.toString()));
            Cli merged = Cli.run(parts.toArray(new String[0]));
            assertEquals(one.code(), merged.code(), merged.err());
            assertEquals(one.out(), merged.out(), String.join(" ", search));
            assertEquals(Files.readString(oneCsv), Files.readString(mergedCsv));
        }
    }

    @Test
    void aRandomSearchInThreeShards() throws IOException {
        sameBytes(new String[] {"search", "short-release", "--over", "work=500us..10ms", "--over", "interval=1ms..20ms",
                "--examples", "30", "--set", "duration=200ms", "--jobs", "2"}, 3);
    }

    @Test
    void anExhaustiveSearchWithAnExpressionInThreeShards() throws IOException {
        sameBytes(new String[] {"search", "slice-rotation", "--over", "threads=2..5", "--over", "jobs=1..4",
                "--exhaustive", "--set", "duration=300ms", "--property", "mean(latency_p99) < 9ms", "--jobs", "2"}, 3);
    }

    /** A search with no counterexample: the merge finds the same closest run (ties go to the first in the list). */
    @Test
    void aPassingExpressionSearchInThreeShards() throws IOException {
        sameBytes(new String[] {"search", "short-release", "--over", "work=6ms..10ms", "--over", "pinned=*",
                "--examples", "12", "--set", "duration=300ms", "--property", "wait_max(main) < 1s", "--jobs", "2"}, 3);
    }

    /** A search over waiters (threads - 1): the merge re-reads the ranges as given and names the axis the same. */
    @Test
    void anExhaustiveSearchOverWaitersInTwoShards() throws IOException {
        sameBytes(new String[] {"search", "slice-rotation", "--over", "waiters=1..3", "--over", "jobs=1..3",
                "--exhaustive", "--set", "duration=200ms", "--seeds-per-config", "1", "--jobs", "2"}, 2);
    }

    @Test
    void partsMissingTwiceOrOfAnotherSearchAreOneLine() throws IOException {
        String[] base = {"search", "short-release", "--over", "work=500us..3ms", "--examples", "6", "--set",
                "duration=100ms"};
        Path p1 = dir.resolve("a1.jsonl");
        Path p2 = dir.resolve("a2.jsonl");
        Path other = dir.resolve("b1.jsonl");
        Cli.run(with(base, "--shard", "1/2", "--out", p1.toString()));
        Cli.run(with(base, "--shard", "2/2", "--out", p2.toString()));
        Cli.run(with(with(base, "--seed", "7"), "--shard", "1/2", "--out", other.toString()));
        Path junk = dir.resolve("junk.jsonl");
        Files.writeString(junk, "{\"x\": 1}\n");
        Path notJson = dir.resolve("notes.csv");
        Files.writeString(notJson, "a,b\n1,2\n");
        String[][] cases = {
                {"merge: missing shard 2/2", p1.toString()},
                {"shard 1/2 is given twice", p1.toString(), p2.toString(), p1.toString()},
                {": a shard of another search than", p1.toString(), other.toString()},
                {"junk.jsonl:1: not a shard file (`gilsim search --shard I/N --out FILE` writes one", junk.toString()},
                {"notes.csv:1: not a shard file (", notJson.toString()},
        };
        for (String[] c : cases) {
            List<String> args = new ArrayList<>(List.of("merge"));
            args.addAll(Arrays.asList(c).subList(1, c.length));
            Cli r = Cli.run(args.toArray(new String[0]));
            assertEquals(2, r.code(), r.out() + r.err());
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.err().contains(c[0]), r.err());
        }
        Cli noOut = Cli.run(with(base, "--shard", "1/2"));
        assertEquals(2, noOut.code());
        assertTrue(noOut.err().contains("--shard 1/2: give --out FILE"), noOut.err());
        Cli badShard = Cli.run(with(base, "--shard", "3/2", "--out", p1.toString()));
        assertTrue(badShard.err().contains("--shard 3/2: give I/N with 1 <= I <= N <= 100000"), badShard.err());
    }
}
