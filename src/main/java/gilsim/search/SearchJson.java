package gilsim.search;

import gilsim.report.SummaryJson;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The search as one JSON object: the question, the statistics, the tables and the counterexample. */
public final class SearchJson {
    private SearchJson() {}

    public static String of(SearchReport r) {
        return SummaryJson.indented(tree(r));
    }

    static Map<String, Object> tree(SearchReport r) {
        ConfigSpace space = r.space();
        SearchOptions o = r.options();
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("scenario", space.scenario().name());
        t.put("property", o.property().id());
        t.put("mode", o.exhaustive() ? "exhaustive" : "random");
        t.put("seed", o.seed());
        t.put("seeds_per_config", o.seedsPerConfig());
        t.put("over", space.ranges().stream().map(Range::toString).toList());
        t.put("sets", space.sets());
        t.put("tried", r.tried());
        t.put("failing", r.failing());
        t.put("runs", r.runs());
        Map<String, Object> byKey = new LinkedHashMap<>();
        for (int i = 0; i < space.ranges().size(); i++) {
            List<Object> bins = new ArrayList<>();
            for (KeyStats.Bin bin : r.bins().get(i)) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("value", bin.label());
                m.put("tried", bin.tried());
                m.put("failing", bin.failing());
                bins.add(m);
            }
            byKey.put(space.ranges().get(i).name(), bins);
        }
        t.put("failing_by_key", byKey);
        if (o.exhaustive()) {
            List<Object> tables = new ArrayList<>();
            for (Table.Grid g : r.grids()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("fixed", g.fixed());
                m.put("rows", g.rows());
                m.put("columns", g.columns());
                m.put("cells", g.cells());
                tables.add(m);
            }
            t.put("tables", tables);
        }
        if (r.shrunk() != null) {
            Shrinker.Result s = r.shrunk();
            RunOutcome run = s.smallest().reported();
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("shrunk_from", r.shrunkFrom());
            c.put("config", space.text(s.smallest().config()));
            c.put("seed", run.seed());
            c.putAll(run.metrics());
            if (run.detail() != null) c.put("property_detail", run.detail());
            Map<String, Object> means = new LinkedHashMap<>();
            s.smallest().stats().forEach((name, st) -> means.put(name, st.json(name.endsWith("_ns"))));
            c.put("over_seeds", means);
            List<Object> flips = new ArrayList<>();
            for (Shrinker.Flip f : s.flips()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("key", f.key());
                m.put("passes", f.passes());
                m.put("fails", f.fails());
                flips.add(m);
            }
            c.put("flips", flips);
            c.put("shrink_steps", s.candidates());
            c.put("replay", r.replay());
            t.put("counterexample", c);
        } else {
            t.put("counterexample", null);
        }
        if (r.closest() == null) {
            t.put("closest", null);
        } else {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("index", r.closest().index());
            c.put("config", space.text(r.closest().result().config()));
            c.put("seed", r.closest().run().seed());
            c.putAll(r.closest().run().metrics());
            c.put("property_detail", r.closest().run().detail());
            c.put("replay", r.closestReplay());
            t.put("closest", c);
        }
        return t;
    }
}
