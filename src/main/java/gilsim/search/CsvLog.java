package gilsim.search;

import java.io.IOException;
import gilsim.scenario.InputError;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * One CSV row per configuration the search tried (shrinking's candidates are not rows), ready for pandas.
 *
 * <p>The header is a contract (the heat-map chart reads it): {@code index,seed}, one column per searched key with
 * its value as {@code --set} writes it ({@code 5ms}, {@code true}, {@code 4}), then
 * {@code verdict,starved_count,max_wait_ns,starved_threads}, the threads joined with {@code ;}. A row describes
 * one run, the one its seed names: the first seed that broke the property, else the first seed. The file is
 * written beside its destination and moved into place, so a reader never sees half of it.
 */
public final class CsvLog {
    private CsvLog() {}

    public static String text(SearchReport report) {
        ConfigSpace space = report.space();
        List<String> header = new ArrayList<>(List.of("index", "seed"));
        for (Range r : space.ranges()) header.add(r.name());
        header.addAll(List.of("verdict", "starved_count", "max_wait_ns", "starved_threads"));
        StringBuilder b = new StringBuilder();
        row(b, header);
        for (int i = 0; i < report.tried().size(); i++) {
            ConfigResult c = report.tried().get(i);
            RunOutcome run = c.reported();
            List<String> cells = new ArrayList<>(List.of(Integer.toString(i), Long.toString(run.seed())));
            cells.addAll(space.text(c.config()).values());
            cells.add(run.verdict());
            cells.add(Integer.toString(run.starvedThreads().size()));
            cells.add(Long.toString(run.maxWaitNs()));
            cells.add(String.join(";", run.starvedThreads()));
            row(b, cells);
        }
        return b.toString();
    }

    public static void write(Path file, SearchReport report) {
        Path target = file.toAbsolutePath();
        try {
            Path tmp = Files.createTempFile(target.getParent(), "." + target.getFileName(), ".tmp");
            try {
                Files.writeString(tmp, text(report), StandardCharsets.UTF_8);
                try {
                    Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new InputError("--csv " + file + ": cannot write: " + e.getMessage());
        }
    }

    private static void row(StringBuilder b, List<String> cells) {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) b.append(',');
            b.append(escape(cells.get(i)));
        }
        b.append('\n');
    }

    /** RFC 4180: a cell with a comma, a quote or a line break is quoted, its quotes doubled. */
    static String escape(String cell) {
        if (cell.indexOf(',') < 0 && cell.indexOf('"') < 0 && cell.indexOf('\n') < 0) return cell;
        return '"' + cell.replace("\"", "\"\"") + '"';
    }
}
