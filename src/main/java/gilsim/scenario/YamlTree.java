package gilsim.scenario;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A YAML document read into maps, lists and scalars that remember their line, for error messages. */
sealed interface YamlTree {
    int line();

    record Scalar(int line, String text) implements YamlTree {}

    record Seq(int line, List<YamlTree> items) implements YamlTree {}

    record Mapping(int line, Map<String, YamlTree> entries) implements YamlTree {}

    /** Parses {@code text}; malformed YAML becomes an {@link InputError} naming {@code file} and the line. */
    static YamlTree parse(String file, String text) {
        try (JsonParser p = new YAMLFactory().createParser(text)) {
            JsonToken t = p.nextToken();
            if (t == null) throw new InputError(file + ":1: the file is empty");
            YamlTree tree = read(file, p);
            if (p.nextToken() != null) {
                throw new InputError(file + ":" + p.currentLocation().getLineNr() + ": more than one YAML document");
            }
            return tree;
        } catch (JsonProcessingException e) {
            String message = e.getOriginalMessage().lines().findFirst().orElse("malformed");
            int line = e.getLocation() == null ? 1 : e.getLocation().getLineNr();
            throw new InputError(file + ":" + line + ": malformed YAML: " + message);
        } catch (IOException e) {
            throw new InputError(file + ": cannot read: " + e.getMessage());
        }
    }

    private static YamlTree read(String file, JsonParser p) throws IOException {
        int line = p.currentLocation().getLineNr();
        JsonToken t = p.currentToken();
        if (t == JsonToken.START_OBJECT) {
            Map<String, YamlTree> entries = new LinkedHashMap<>();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                int keyLine = p.currentLocation().getLineNr();
                p.nextToken();
                if (entries.containsKey(name)) throw new InputError(file + ":" + keyLine + ": " + name + ": given twice");
                entries.put(name, read(file, p));
            }
            return new Mapping(line, entries);
        }
        if (t == JsonToken.START_ARRAY) {
            List<YamlTree> items = new ArrayList<>();
            while (p.nextToken() != JsonToken.END_ARRAY) items.add(read(file, p));
            return new Seq(line, items);
        }
        return new Scalar(line, t == JsonToken.VALUE_NULL ? "" : p.getText());
    }
}
