package gilsim.search;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import gilsim.scenario.InputError;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One shard's results, as JSON lines: a header naming the search (its scenario, sets, ranges, machine, property and
 * options, and which shard of how many) so that {@code gilsim merge} can rebuild it, then one line per configuration
 * the shard ran: its index in the search's list and its runs.
 */
public final class ShardFile {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** What a shard was asked: everything but {@code shard} is the same in every shard of one search. */
    public record Header(String scenario, List<String> sets, List<String> overs, String machine, String property,
                         int examples, boolean exhaustive, long seed, int seedsPerConfig, int configs, int shard,
                         int shards) {
        public Header {
            sets = List.copyOf(sets);
            overs = List.copyOf(overs);
        }

        /** The same search, whatever the shard. */
        public boolean sameSearch(Header o) {
            return scenario.equals(o.scenario) && sets.equals(o.sets) && overs.equals(o.overs)
                    && java.util.Objects.equals(machine, o.machine) && property.equals(o.property)
                    && examples == o.examples && exhaustive == o.exhaustive && seed == o.seed
                    && seedsPerConfig == o.seedsPerConfig && configs == o.configs && shards == o.shards;
        }
    }

    /** A configuration by its index in the search's list, and its runs. */
    public record Entry(int index, List<RunOutcome> runs) {}

    /** A shard as read back. */
    public record Shard(Header header, List<Entry> entries) {}

    private ShardFile() {}

    /**
     * A shard file written as the results come, to a temporary file beside its destination that {@link #commit}
     * moves into place: the shard keeps no result.
     */
    public static final class Stream implements AutoCloseable {
        private final Path file;
        private final gilsim.report.AtomicFile.Stream out;
        private long entries;

        /** @throws InputError naming {@code --out} and the file when it cannot be written */
        public Stream(Path file, Header h) {
            this.file = file;
            try {
                this.out = new gilsim.report.AtomicFile.Stream(file);
                out.writer().write(JSON.writeValueAsString(header(h)));
                out.writer().write('\n');
            } catch (IOException e) {
                throw failed(e);
            }
        }

        public void entry(Tally.IndexedResult r) {
            try {
                writeEntry(out.writer(), new Entry(r.index(), r.result().runs()));
                entries++;
            } catch (IOException e) {
                throw failed(e);
            }
        }

        public long entries() {
            return entries;
        }

        public void commit() {
            try {
                out.commit();
            } catch (IOException e) {
                throw failed(e);
            }
        }

        private InputError failed(IOException e) {
            return new InputError("--out " + file + ": cannot write (" + e.getMessage() + ")");
        }

        @Override
        public void close() {
            out.close();
        }
    }

    private static void writeEntry(Writer out, Entry e) throws IOException {
        ObjectNode o = JSON.createObjectNode();
        o.put("index", e.index());
        ArrayNode runs = o.putArray("runs");
        for (RunOutcome r : e.runs()) {
            ObjectNode n = runs.addObject();
            n.put("seed", r.seed());
            n.put("holds", r.holds());
            n.set("metrics", JSON.valueToTree(r.metrics()));
            n.put("order", r.order());
            n.put("detail", r.detail());
            if (r.values() != null) {
                ArrayNode v = n.putArray("values");
                for (double x : r.values()) {
                    if (Double.isNaN(x)) v.addNull();
                    else v.add(x);
                }
            }
        }
        out.write(JSON.writeValueAsString(o));
        out.write('\n');
    }

    private static ObjectNode header(Header h) {
        ObjectNode o = JSON.createObjectNode();
        o.put("gilsim_shard", 1);
        o.put("scenario", h.scenario());
        o.set("sets", JSON.valueToTree(h.sets()));
        o.set("overs", JSON.valueToTree(h.overs()));
        o.put("machine", h.machine());
        o.put("property", h.property());
        o.put("examples", h.examples());
        o.put("exhaustive", h.exhaustive());
        o.put("seed", h.seed());
        o.put("seeds_per_config", h.seedsPerConfig());
        o.put("configs", h.configs());
        o.put("shard", h.shard());
        o.put("shards", h.shards());
        return o;
    }

    private static final String NOT_A_SHARD = "not a shard file (`gilsim search --shard I/N --out FILE` writes one; "
            + "its first line names the search)";

    /** Reads a shard file; anything else is one line naming the file and the line. */
    public static Shard read(Path file) {
        List<Entry> entries = new ArrayList<>();
        Header h = null;
        int line = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String text = in.readLine(); text != null; text = in.readLine()) {
                line++;
                JsonNode n;
                try {
                    n = JSON.readTree(text);
                } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                    throw new InputError(file + ":" + line + ": " + (line == 1 ? NOT_A_SHARD
                            : "not a line of a shard file: not JSON"));
                }
                if (line == 1) {
                    if (n == null || !n.path("gilsim_shard").isInt()) throw new InputError(file + ":1: " + NOT_A_SHARD);
                    h = new Header(n.get("scenario").asText(), strings(n.get("sets")), strings(n.get("overs")),
                            n.get("machine").isNull() ? null : n.get("machine").asText(), n.get("property").asText(),
                            n.get("examples").asInt(), n.get("exhaustive").asBoolean(), n.get("seed").asLong(),
                            n.get("seeds_per_config").asInt(), n.get("configs").asInt(), n.get("shard").asInt(),
                            n.get("shards").asInt());
                    continue;
                }
                List<RunOutcome> runs = new ArrayList<>();
                for (JsonNode r : n.get("runs")) {
                    double[] values = null;
                    if (r.has("values")) {
                        values = new double[r.get("values").size()];
                        for (int i = 0; i < values.length; i++) {
                            JsonNode v = r.get("values").get(i);
                            values[i] = v.isNull() ? Double.NaN : v.asDouble();
                        }
                    }
                    runs.add(new RunOutcome(r.get("seed").asLong(), r.get("holds").asBoolean(), metrics(r.get("metrics")),
                            text(r.get("order")), text(r.get("detail")), values));
                }
                entries.add(new Entry(n.get("index").asInt(), runs));
            }
        } catch (IOException e) {
            throw new InputError(file + ": cannot read: " + e.getMessage().lines().findFirst().orElse(""));
        } catch (InputError e) {
            throw e;
        } catch (RuntimeException e) {
            // A field missing or of another kind (Jackson answers null or throws): say where, not how it failed.
            throw new InputError(file + ":" + line + ": not a line of a shard file: a field is missing or not of "
                    + "its kind (" + (line == 1 ? "the header" : "a configuration's results") + ")");
        }
        if (h == null) throw new InputError(file + ":1: empty; a shard file starts with its header");
        return new Shard(h, entries);
    }

    private static String text(JsonNode n) {
        return n == null || n.isNull() ? null : n.asText();
    }

    private static List<String> strings(JsonNode n) {
        List<String> out = new ArrayList<>();
        for (JsonNode x : n) out.add(x.asText());
        return out;
    }

    /** The run-level metrics with the types a search made them: integers as Long, lists of text as lists. */
    private static Map<String, Object> metrics(JsonNode n) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode v = e.getValue();
            Object x;
            if (v.isIntegralNumber()) x = v.asLong();
            else if (v.isNumber()) x = v.asDouble();
            else if (v.isArray()) x = strings(v);
            else if (v.isNull()) x = null;
            else x = v.asText();
            m.put(e.getKey(), x);
        }
        return m;
    }
}
