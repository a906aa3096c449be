package gilsim.report.chart;

import gilsim.scenario.InputError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The CSV that {@code gilsim search --csv} writes: a header {@code index,seed,<searched keys...>,verdict,
 * starved_count,max_wait_ns,starved_threads}, then one row per configuration tried. Values hold no commas
 * (durations, numbers, booleans, names), except the last column, a list of thread names, which may be quoted.
 */
record SearchCsv(Path file, List<String> header, List<List<String>> rows) {
    static SearchCsv read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InputError("--csv " + file + ": cannot read (" + e.getMessage() + ")");
        }
        if (lines.isEmpty()) throw new InputError("--csv " + file + ": empty file, expected a header line");
        List<String> header = split(lines.get(0));
        List<List<String>> rows = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) continue;
            List<String> row = split(lines.get(i));
            if (row.size() < header.size() - 1 || row.size() > header.size()) {
                throw new InputError("--csv " + file + ": line " + (i + 1) + ": " + row.size() + " fields, the header has "
                        + header.size());
            }
            rows.add(row);
        }
        return new SearchCsv(file, List.copyOf(header), List.copyOf(rows));
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

    /** Splits on commas; a trailing field in double quotes keeps its commas. */
    private static List<String> split(String line) {
        int quote = line.indexOf('"');
        if (quote < 0) return Arrays.asList(line.split(",", -1));
        List<String> fields = new ArrayList<>(Arrays.asList(line.substring(0, quote).split(",", -1)));
        fields.remove(fields.size() - 1); // the empty piece after the comma before the quote
        fields.add(line.substring(quote + 1, line.lastIndexOf('"')).replace("\"\"", "\""));
        return fields;
    }
}
