package gilsim.search;

import gilsim.metrics.Metric;
import gilsim.metrics.Metrics;
import gilsim.metrics.Summary;
import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import gilsim.report.AtomicFile;
import gilsim.scenario.InputError;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One CSV row per configuration the search tried (shrinking's candidates are not rows), ready for pandas.
 *
 * <p>The header is a contract (the heat-map chart reads it): {@code index,seed}, one column per searched key with
 * its value as {@code --set} writes it ({@code 5ms}, {@code true}, {@code 4}), then the run-level metrics as
 * {@link Metrics#RUN} declares them ({@code verdict,starved_count,max_wait_ns,starved_threads}), a list's items
 * joined with {@code ;}. A row describes
 * one run, the one its seed names: the first seed that broke the property, else the first seed. Written by
 * Jackson's CSV generator (RFC 4180: a cell is quoted only when it holds a comma, a quote or a line break), to a
 * temporary file beside its destination and moved into place, so a reader never sees half of it.
 */
public final class CsvLog {
    private CsvLog() {}

    /** Quotes a cell only when it must be; lines end in {@code \n}. */
    static final CsvMapper CSV = CsvMapper.builder().enable(CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING).build();

    public static String text(SearchReport report) {
        ConfigSpace space = report.space();
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("index", "seed"));
        for (Range r : space.ranges()) header.add(r.name());
        for (Metric<Summary> m : Metrics.RUN) header.add(m.name());
        rows.add(header);
        for (int i = 0; i < report.tried().size(); i++) {
            ConfigResult c = report.tried().get(i);
            RunOutcome run = c.reported();
            List<String> cells = new ArrayList<>(List.of(Integer.toString(i), Long.toString(run.seed())));
            cells.addAll(space.text(c.config()).values());
            for (Object v : run.metrics().values()) {
                cells.add(v instanceof List<?> list ? String.join(";", list.stream().map(String::valueOf).toList())
                        : String.valueOf(v));
            }
            rows.add(cells);
        }
        return text(rows);
    }

    /** Rows of cells as CSV text, the header first. */
    public static String text(List<List<String>> rows) {
        StringWriter w = new StringWriter();
        try (SequenceWriter out = CSV.writer(CsvSchema.emptySchema().withLineSeparator("\n")).writeValues(w)) {
            for (List<String> row : rows) out.write(row);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return w.toString();
    }

    /**
     * Writes the CSV to {@code file}; the command has checked the path before the search ran.
     *
     * @throws InputError naming {@code --csv} and the file when it cannot be written after all
     */
    public static void write(Path file, SearchReport report) {
        String text = text(report);
        try {
            Path tmp = AtomicFile.temp(file);
            try {
                Files.writeString(tmp, text, StandardCharsets.UTF_8);
                AtomicFile.commit(tmp, file);
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new InputError("--csv " + file + ": cannot write (" + e.getMessage() + ")");
        }
    }
}
