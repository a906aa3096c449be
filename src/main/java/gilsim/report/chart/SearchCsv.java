package gilsim.report.chart;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import gilsim.scenario.InputError;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The CSV that {@code gilsim search --csv} writes: a header {@code index,seed,<searched keys...>,verdict,
 * starved_count,max_wait_ns,starved_threads,holds} and the property's own metrics, then one row per configuration
 * tried. Columns are found by name. Read by Jackson's CSV parser
 * (RFC 4180: quoted values may hold commas, doubled quotes and line breaks); blank lines are skipped. Every row must
 * have as many fields as the header. A malformed file is one {@link InputError} naming the file, the line and, where
 * the parser knows it, the column.
 *
 * @param lines the line each row starts on, for messages about its values
 */
record SearchCsv(Path file, List<String> header, List<List<String>> rows, List<Integer> lines) {
    /** A search of a million configurations (the most it lists) writes about 60 MB; a larger file is not ours. */
    static final int MAX_BYTES = 128 << 20;

    private static final ObjectReader ROWS = new CsvMapper().readerForListOf(String.class)
            .with(CsvParser.Feature.WRAP_AS_ARRAY)
            .with(CsvParser.Feature.SKIP_EMPTY_LINES);

    SearchCsv {
        header = List.copyOf(header);
        rows = List.copyOf(rows);
        lines = List.copyOf(lines);
    }

    static SearchCsv read(Path file) {
        String text = readText(file);
        List<String> header = null;
        List<List<String>> rows = new ArrayList<>();
        List<Integer> lines = new ArrayList<>();
        int line = 1;
        try (MappingIterator<List<String>> it = ROWS.readValues(text)) {
            while (true) {
                line = it.getParser().currentLocation().getLineNr();
                if (!it.hasNextValue()) break;
                List<String> row = it.nextValue();
                if (header == null) {
                    header = row;
                    checkHeader(file, line, header);
                    continue;
                }
                if (row.size() != header.size()) {
                    throw new InputError(where(file, line) + row.size() + " field" + (row.size() == 1 ? "" : "s")
                            + ", the header has " + header.size());
                }
                rows.add(row);
                lines.add(line);
            }
        } catch (JsonProcessingException e) {
            throw new InputError(message(file, line, e));
        } catch (IOException e) {
            throw new InputError("--csv " + file + ": cannot read (" + e.getMessage() + ")");
        }
        if (header == null) throw new InputError("--csv " + file + ": empty file, expected a header line");
        return new SearchCsv(file, header, rows, lines);
    }

    /** The index of {@code name}, or an error naming the option and the columns there are. */
    int column(String option, String name) {
        int i = header.indexOf(name);
        if (i < 0) {
            throw new InputError(option + " " + name + ": no such column in " + file + " (columns: "
                    + String.join(", ", header) + ")");
        }
        return i;
    }

    /** {@code --csv FILE: line L: }, the start of a message about row {@code i}. */
    String where(int row) {
        return where(file, lines.get(row));
    }

    private static String where(Path file, int line) {
        return "--csv " + file + ": line " + line + ": ";
    }

    private static void checkHeader(Path file, int line, List<String> header) {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < header.size(); i++) {
            String name = header.get(i);
            if (name.isBlank()) throw new InputError(where(file, line) + "column " + (i + 1) + " has no name");
            if (!seen.add(name)) throw new InputError(where(file, line) + "column '" + name + "' appears twice");
        }
    }

    /** Jackson's complaint in one line, at the line the row began (an unclosed quote is found only at the end). */
    private static String message(Path file, int rowLine, JsonProcessingException e) {
        String what = e.getOriginalMessage() == null ? "malformed CSV" : e.getOriginalMessage().lines().findFirst()
                .orElse("malformed CSV");
        if (what.startsWith("Missing closing quote")) {
            return where(file, rowLine) + "a quoted value (\") is never closed";
        }
        JsonLocation at = e.getLocation();
        if (at == null || at.getLineNr() < 1) return where(file, rowLine) + what;
        return "--csv " + file + ": line " + at.getLineNr() + ", column " + at.getColumnNr() + ": " + what;
    }

    /** The file as UTF-8 text, refusing anything larger than {@link #MAX_BYTES} (a device, a wrong file). */
    private static String readText(Path file) {
        if (Files.isDirectory(file)) throw new InputError("--csv " + file + ": is a directory, not a CSV file");
        // A device or a pipe would be read until memory is gone or block for ever; a search writes regular files.
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            throw new InputError("--csv " + file + ": not a regular file (a device or a pipe); not a search CSV");
        }
        byte[] bytes;
        try {
            if (Files.size(file) > MAX_BYTES) {
                throw new InputError("--csv " + file + ": larger than " + (MAX_BYTES >> 20) + " MB; not a search CSV");
            }
            try (InputStream in = Files.newInputStream(file)) {
                bytes = in.readNBytes(MAX_BYTES + 1);
            }
        } catch (IOException e) {
            throw new InputError("--csv " + file + ": cannot read (" + e.getMessage() + ")");
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new InputError("--csv " + file + ": not UTF-8 text");
        }
    }
}
