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

    /** Where the YAML parser places a problem in its message. */
    java.util.regex.Pattern PLACE = java.util.regex.Pattern.compile("^ in 'reader', line (\\d+), column \\d+:");

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
            throw new InputError(file + ":" + malformed(text, e));
        } catch (IOException e) {
            throw new InputError(file + ": cannot read: " + e.getMessage());
        }
    }

    /**
     * "LINE: what is wrong", in a user's words, for YAML the parser refused: the line is the problem's own (the
     * parser's location is where the enclosing block began), a tab or a wrong indentation is said to be one.
     */
    static String malformed(String text, JsonProcessingException e) {
        int line = e.getLocation() == null ? 1 : e.getLocation().getLineNr();
        // The parser's message: its context and where that began, then the problem and the problem's own place
        // (" in 'reader', line L, column C:"). The last place is the line to name; the line above it says what.
        List<String> parts = e.getOriginalMessage().lines().toList();
        String problem = parts.isEmpty() ? "malformed" : parts.get(0);
        for (int i = parts.size() - 1; i > 0; i--) {
            java.util.regex.Matcher m = PLACE.matcher(parts.get(i));
            if (m.find()) {
                line = Integer.parseInt(m.group(1));
                problem = parts.get(i - 1).strip();
                break;
            }
        }
        String[] lines = text.split("\n", -1);
        String source = line >= 1 && line <= lines.length ? lines[line - 1] : "";
        if (source.stripLeading().length() < source.length() && source.substring(0, source.length()
                - source.stripLeading().length()).contains("\t") || problem.contains("\\t(TAB)")) {
            return line + ": a tab in the indentation; YAML indents with spaces only";
        }
        if (problem.startsWith("expected <block end>") || problem.startsWith("mapping values are not allowed")) {
            return line + ": the indentation does not fit the lines above: a key of the same mapping or an item of the "
                    + "same list must start in the same column";
        }
        return line + ": malformed YAML: " + problem.replace("<stream end>", "the end of the file");
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
