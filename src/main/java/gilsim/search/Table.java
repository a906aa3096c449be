package gilsim.search;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The exhaustive table: the first searched key down, the second across, each cell the verdict of that
 * configuration ({@code fair}, or how many threads starve: the most of any seed, marked {@code *} when only some
 * seeds starve). With more than two keys there is one table per combination of the others.
 */
public final class Table {
    /** One table: the values of the keys beyond the first two (empty for two keys), and its cells. */
    public record Grid(Map<String, String> fixed, List<String> rows, List<String> columns, List<List<String>> cells) {}

    private Table() {}

    private static String orBlank(String cell) {
        return cell == null ? "" : cell;
    }

    public static String cell(ConfigResult c) {
        // A cell that keeps the property may still starve a thread when the property is not no-starvation.
        if (!c.fails()) return c.starvedMax() == 0 ? "fair" : "holds, " + c.starvedMax() + " starve";
        String mark = c.failingSeeds() < c.runs().size() ? "*" : "";
        return c.starvedMax() == 0 ? "fails" + mark : c.starvedMax() + " starve" + mark;
    }

    /** The grids of an exhaustive search from its cells ({@link Tally}): fixed keys, then row and column values. */
    static List<Grid> of(ConfigSpace space, Map<List<Object>, Map<List<Object>, String>> byRest) {
        List<Range> ranges = space.ranges();
        Range rowKey = ranges.get(0);
        Range colKey = ranges.size() > 1 ? ranges.get(1) : null;
        List<Grid> grids = new ArrayList<>();
        for (Map.Entry<List<Object>, Map<List<Object>, String>> e : byRest.entrySet()) {
            Map<String, String> fixed = new LinkedHashMap<>();
            for (int i = 0; i < e.getKey().size(); i++) {
                fixed.put(ranges.get(i + 2).name(), ranges.get(i + 2).format(e.getKey().get(i)));
            }
            List<String> rows = rowKey.values().stream().map(rowKey::format).toList();
            List<String> columns = colKey == null ? List.of("verdict")
                    : colKey.values().stream().map(colKey::format).toList();
            List<List<String>> cells = new ArrayList<>();
            for (Object r : rowKey.values()) {
                List<String> line = new ArrayList<>();
                if (colKey == null) {
                    line.add(orBlank(e.getValue().get(List.of(r))));
                } else {
                    for (Object col : colKey.values()) line.add(orBlank(e.getValue().get(List.of(r, col))));
                }
                cells.add(line);
            }
            grids.add(new Grid(fixed, rows, columns, cells));
        }
        return grids;
    }

    /** Renders a grid as aligned text: a header of {@code ROWKEY \ COLKEY} and the column values. */
    public static String text(ConfigSpace space, Grid g) {
        String corner = space.ranges().get(0).name() + (space.ranges().size() > 1
                ? " \\ " + space.ranges().get(1).name() : "");
        int first = corner.length();
        for (String r : g.rows()) first = Math.max(first, r.length());
        int width = 0;
        for (String c : g.columns()) width = Math.max(width, c.length());
        for (List<String> line : g.cells()) for (String c : line) width = Math.max(width, c.length());
        StringBuilder b = new StringBuilder();
        b.append(pad(corner, first));
        for (String c : g.columns()) b.append("  ").append(pad(c, width));
        b.append('\n');
        for (int i = 0; i < g.rows().size(); i++) {
            b.append(pad(g.rows().get(i), first));
            for (String c : g.cells().get(i)) b.append("  ").append(pad(c, width));
            b.append('\n');
        }
        return b.toString().replaceAll(" +\n", "\n");
    }

    private static String pad(String s, int width) {
        return s + " ".repeat(Math.max(0, width - s.length()));
    }
}
