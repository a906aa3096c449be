package gilsim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/scenario.schema.json, the JSON Schema editors read, against every file in scenarios/ and against files the
 * loader refuses. The checker below implements the draft-07 keywords the schema uses and fails on any other, so a
 * keyword it does not know cannot pass unchecked.
 */
class ScenarioSchemaTest {
    private static final Path SCHEMA = Path.of("docs/scenario.schema.json");

    private final JsonNode schema;

    ScenarioSchemaTest() throws IOException {
        schema = new ObjectMapper().readTree(SCHEMA.toFile());
    }

    private List<String> errors(JsonNode doc) {
        List<String> out = new ArrayList<>();
        check(schema, doc, "$", out);
        return out;
    }

    private JsonNode resolve(String ref) {
        if (!ref.startsWith("#/")) throw new IllegalArgumentException("only local refs: " + ref);
        JsonNode n = schema;
        for (String part : ref.substring(2).split("/")) n = n.get(part);
        if (n == null) throw new IllegalArgumentException("dangling ref " + ref);
        return n;
    }

    private void check(JsonNode s, JsonNode v, String at, List<String> out) {
        for (Iterator<Map.Entry<String, JsonNode>> it = s.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode k = e.getValue();
            switch (e.getKey()) {
                case "$ref" -> check(resolve(k.asText()), v, at, out);
                case "type" -> {
                    boolean ok = false;
                    for (JsonNode t : k.isArray() ? k : List.of(k)) ok |= isType(v, t.asText());
                    if (!ok) out.add(at + ": not " + k);
                }
                case "enum" -> {
                    boolean ok = false;
                    for (JsonNode x : k) ok |= x.equals(v);
                    if (!ok) out.add(at + ": not one of " + k);
                }
                case "pattern" -> {
                    if (v.isTextual() && !Pattern.compile(k.asText()).matcher(v.asText()).find()) {
                        out.add(at + ": '" + v.asText() + "' does not match " + k.asText());
                    }
                }
                case "minimum" -> {
                    if (v.isNumber() && v.asDouble() < k.asDouble()) out.add(at + ": below " + k);
                }
                case "maximum" -> {
                    if (v.isNumber() && v.asDouble() > k.asDouble()) out.add(at + ": above " + k);
                }
                case "minItems" -> {
                    if (v.isArray() && v.size() < k.asInt()) out.add(at + ": fewer than " + k + " items");
                }
                case "maxItems" -> {
                    if (v.isArray() && v.size() > k.asInt()) out.add(at + ": more than " + k + " items");
                }
                case "required" -> {
                    for (JsonNode r : k) if (v.isObject() && !v.has(r.asText())) out.add(at + ": lacks " + r.asText());
                }
                case "properties" -> {
                    if (!v.isObject()) break;
                    for (Iterator<String> f = k.fieldNames(); f.hasNext(); ) {
                        String name = f.next();
                        if (v.has(name)) check(k.get(name), v.get(name), at + "." + name, out);
                    }
                }
                case "additionalProperties" -> {
                    if (!v.isObject()) break;
                    JsonNode props = s.path("properties");
                    for (Iterator<String> f = v.fieldNames(); f.hasNext(); ) {
                        String name = f.next();
                        if (props.has(name)) continue;
                        if (k.isBoolean() && !k.asBoolean()) out.add(at + ": unknown field " + name);
                        else if (k.isObject()) check(k, v.get(name), at + "." + name, out);
                    }
                }
                case "propertyNames" -> {
                    if (!v.isObject()) break;
                    for (Iterator<String> f = v.fieldNames(); f.hasNext(); ) {
                        check(k, new ObjectMapper().getNodeFactory().textNode(f.next()), at + " (a key)", out);
                    }
                }
                case "items" -> {
                    if (!v.isArray()) break;
                    for (int i = 0; i < v.size(); i++) {
                        JsonNode item = k.isArray() ? (i < k.size() ? k.get(i) : null) : k;
                        if (item != null) check(item, v.get(i), at + "[" + i + "]", out);
                    }
                }
                case "oneOf" -> {
                    int matched = 0;
                    for (JsonNode alt : k) {
                        List<String> sub = new ArrayList<>();
                        check(alt, v, at, sub);
                        if (sub.isEmpty()) matched++;
                    }
                    if (matched != 1) out.add(at + ": matches " + matched + " of oneOf's " + k.size() + " schemas");
                }
                case "not" -> {
                    List<String> sub = new ArrayList<>();
                    check(k, v, at, sub);
                    if (sub.isEmpty()) out.add(at + ": matches what it must not");
                }
                case "definitions", "$schema", "$id", "title", "description" -> { }
                default -> throw new IllegalArgumentException("the schema uses '" + e.getKey()
                        + "', which this checker does not implement");
            }
        }
    }

    private static boolean isType(JsonNode v, String t) {
        return switch (t) {
            case "object" -> v.isObject();
            case "array" -> v.isArray();
            case "string" -> v.isTextual();
            case "integer" -> v.isIntegralNumber();
            case "number" -> v.isNumber();
            case "boolean" -> v.isBoolean();
            default -> throw new IllegalArgumentException("type " + t);
        };
    }

    private static JsonNode yaml(String text) throws IOException {
        return new YAMLMapper().readTree(text);
    }

    @Test
    void everyScenarioFileInTheRepositoryMatchesTheSchema() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(Path.of("scenarios"))) {
            files = s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
        assertFalse(files.isEmpty());
        for (Path f : files) {
            assertEquals(List.of(), errors(yaml(Files.readString(f))), f.toString());
            ScenarioFile.load(f); // and the loader reads it
        }
    }

    @Test
    void theSchemaRefusesWhatTheLoaderRefuses() throws IOException {
        String head = "name: x\nthreads:\n  - name: a\n    program:\n";
        for (String bad : List.of("      - compute: 5 ms\n", "      - compute: {normal: 1ms}\n",
                "      - compute: {uniform: [1us]}\n", "      - lock: two words\n", "      - spin: 1ms\n",
                "      - compute: {lognormal: {median: 1ms}}\n", "      - {repeat: 0, steps: [compute: 1ms]}\n",
                "      - loop: {times: 2}\n")) {
            assertFalse(errors(yaml(head + bad)).isEmpty(), bad);
        }
        assertFalse(errors(yaml("name: x\npool: m0\nthreads:\n  - name: a\n    program:\n      - compute: 1ms\n"))
                .isEmpty(), "threads and a pool");
        assertFalse(errors(yaml("threads:\n  - name: a\n    program:\n      - compute: 1ms\n")).isEmpty(), "no name");
        assertTrue(errors(yaml(head + "      - compute: {empirical: {quantiles: [[0, 1ms], [1, 2ms]]}}\n"
                + "      - {repeat: 2, steps: [hold: $x]}\n")).isEmpty());
    }
}
