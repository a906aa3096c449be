package gilsim.search;

import gilsim.metrics.Metric;
import gilsim.metrics.Metrics;
import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import gilsim.report.AtomicFile;
import gilsim.scenario.InputError;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One CSV row per configuration the search tried (shrinking's candidates are not rows), ready for pandas.
 *
 * <p>The header is a contract (the heat-map chart reads it): {@code index,seed}, one column per searched key with
 * its value as {@code --set} writes it ({@code 5ms}, {@code true}, {@code 4}), a duration's followed by
 * {@code KEY_ns}, the same in nanoseconds (a number pandas sorts and plots), then the run-level metrics as
 * {@link Metrics#RUN} declares them ({@code verdict,starved_count,max_wait_ns,starved_threads}), a list's items
 * joined with {@code ;}; then {@code holds} ({@code true} when every seed of the configuration kept the property) and,
 * for an expression, one column per metric it names ({@link Property#csvColumns}). A row describes
 * one run, the one its seed names: the first seed that broke the property, else the first seed. Written by
 * Jackson's CSV generator (RFC 4180: a cell is quoted only when it holds a comma, a quote or a line break), to a
 * temporary file beside its destination and moved into place, so a reader never sees half of it.
 */
public final class CsvLog {
    private CsvLog() {}

    /** Quotes a cell only when it must be; lines end in {@code \n}. */
    static final CsvMapper CSV = CsvMapper.builder().enable(CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING).build();

    /**
     * The CSV's header: index, seed, the searched keys, the run-level metrics, whether the property held, and the
     * property's own metrics.
     */
    static List<String> header(ConfigSpace space, Property property) {
        List<String> header = new ArrayList<>(List.of("index", "seed"));
        for (Range r : space.ranges()) {
            header.add(r.name());
            if (duration(r)) header.add(r.name() + "_ns");
        }
        for (Metric<?, ?> m : Metrics.RUN) header.add(m.name());
        header.add("holds");
        header.addAll(property.csvColumns());
        return header;
    }

    private static boolean duration(Range r) {
        return r.key().kind() == gilsim.scenario.Key.Kind.DURATION;
    }

    /** One configuration's row: the run its seed names (the first that broke the property, else the first). */
    static List<String> row(ConfigSpace space, Property property, int index, ConfigResult c) {
        RunOutcome run = c.reported();
        List<String> cells = new ArrayList<>(List.of(Integer.toString(index), Long.toString(run.seed())));
        for (int i = 0; i < space.ranges().size(); i++) {
            Range r = space.ranges().get(i);
            cells.add(r.format(c.config().get(i)));
            if (duration(r)) cells.add(String.valueOf(c.config().get(i)));
        }
        for (Object v : run.metrics().values()) {
            cells.add(v instanceof List<?> list ? String.join(";", list.stream().map(String::valueOf).toList())
                    : String.valueOf(v));
        }
        cells.add(Boolean.toString(!c.fails()));
        cells.addAll(property.csvCells(c));
        return cells;
    }

    /**
     * A CSV written while the search runs, a row as each result comes (in list order), to a temporary file beside
     * its destination that {@link #commit} moves into place: the search keeps no row.
     */
    public static final class Stream implements AutoCloseable {
        private final Path file;
        private final AtomicFile.Stream out;
        private final SequenceWriter rows;
        private final ConfigSpace space;
        private final Property property;

        /** @throws InputError naming {@code --csv} and the file when it cannot be written */
        public Stream(Path file, ConfigSpace space, Property property) {
            this.file = file;
            this.space = space;
            this.property = property;
            try {
                this.out = new AtomicFile.Stream(file);
                this.rows = CSV.writer(CsvSchema.emptySchema().withLineSeparator("\n")).writeValues(out.writer());
                rows.write(header(space, property));
            } catch (IOException e) {
                throw failed(e);
            }
        }

        public void row(Tally.IndexedResult r) {
            try {
                rows.write(CsvLog.row(space, property, r.index(), r.result()));
            } catch (IOException e) {
                throw failed(e);
            }
        }

        public void commit() {
            try {
                rows.flush();
                out.commit();
            } catch (IOException e) {
                throw failed(e);
            }
        }

        private InputError failed(IOException e) {
            return new InputError("--csv " + file + ": cannot write (" + e.getMessage() + ")");
        }

        /** Drops the temporary file unless committed. */
        @Override
        public void close() {
            out.close();
        }
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
}
