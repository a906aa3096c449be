package gilsim.search;

import gilsim.metrics.Figures;
import gilsim.metrics.Groups;
import gilsim.metrics.Metric;
import gilsim.metrics.Metrics;
import gilsim.metrics.Summary;
import gilsim.scenario.InputError;
import gilsim.scenario.Nearest;
import gilsim.scenario.Scenario;
import gilsim.scenario.Workload;
import gilsim.sim.Durations;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A property written over a run's metrics: {@code wait_max(main) < 50ms}, {@code slowdown(io) < 10 and
 * share(worker) >= 0.5}, {@code latency_p99 < 20ms}. A metric is named as in the JSON summary without its
 * {@code _ns} ({@code share} also stands for {@code gil_share}); a thread's metric names the thread in parentheses.
 * Comparisons ({@code < <= > >= == !=}) take a duration for a time and a number otherwise, and join with {@code and}
 * and {@code or} ({@code and} binds tighter) and parentheses. A metric a run leaves undefined (a thread with no
 * rounds has no slowdown) makes its comparison false. The metrics come from {@link Metrics}, so every metric
 * {@code gilsim metrics} lists can be used.
 */
public final class Expression implements Property {
    /**
     * A metric's value read off a summary, and how it is written; {@code mean}: the configuration's mean over its
     * seeds, not each seed's own value (the worst seed, the default). {@code column}: its name in the search CSV, the
     * metric's JSON name, after its thread's as in {@code gilsim compare}'s CSV ({@code main_wait_max_ns}).
     */
    private record Term(String text, String column, Metric.Unit unit, Function<Summary, Object> value, boolean mean) {
        Term averaged() {
            return new Term("mean(" + text + ")", "mean_" + column, unit, value, true);
        }
    }

    private sealed interface Node permits Compare, And, Or {}

    /** {@code term} is {@code terms.get(index)}: a run's values are kept by index, in {@link #values}. */
    private record Compare(Term term, int index, String op, double limit) implements Node {}

    private record And(Node left, Node right) implements Node {}

    private record Or(Node left, Node right) implements Node {}

    private static final Pattern TOKEN = Pattern.compile(
            "\\s*(<=|>=|==|!=|<|>|\\(|\\)|[A-Za-z_][A-Za-z0-9_.-]*|[0-9]+(?:\\.[0-9]+)?(?:ns|us|µs|ms|s)?|\\S)");

    private final String text;
    private final Node root;
    /** Every term, for the value a run showed of each. */
    private final List<Term> terms = new ArrayList<>();
    /** The terms with a search CSV column of their own, by index ({@link #csvColumns}). */
    private final List<Integer> csvTerms;

    private Expression(String text, List<String> tokens, Scenario scenario) {
        this.text = text.trim();
        Parser p = new Parser(tokens, scenario);
        this.root = p.or();
        if (p.at < tokens.size()) throw p.error("unexpected '" + tokens.get(p.at) + "'");
        this.csvTerms = termsWithOwnColumn();
    }

    /** Parses {@code text} against the scenario's metrics and threads; one line naming what is wrong otherwise. */
    public static Expression parse(String text, Scenario scenario) {
        List<String> tokens = new ArrayList<>();
        Matcher m = TOKEN.matcher(text);
        int at = 0;
        while (at < text.length() && m.find(at) && m.start() == at) {
            tokens.add(m.group(1));
            at = m.end();
            while (at < text.length() && Character.isWhitespace(text.charAt(at))) at++;
        }
        if (tokens.isEmpty()) throw new InputError("--property '" + text + "': empty; give a named property or a "
                + "comparison such as 'wait_max(main) < 50ms'");
        return new Expression(text, tokens, scenario);
    }

    @Override
    public String id() {
        return text;
    }

    @Override
    public boolean holds(Summary s) {
        return eval(root, values(s));
    }

    /** Each term's value in this run (NaN where undefined), by term index. */
    @Override
    public double[] values(Summary s) {
        double[] v = new double[terms.size()];
        for (int i = 0; i < v.length; i++) {
            Object x = terms.get(i).value().apply(s);
            v[i] = x instanceof Number n ? n.doubleValue() : Double.NaN;
        }
        return v;
    }

    /**
     * A configuration's runs judged together: a {@code mean(...)} term takes the mean over the runs (undefined ones
     * left out), every other term each run's own value, and the property must hold in every run.
     */
    @Override
    public List<RunOutcome> judge(List<RunOutcome> runs) {
        if (terms.stream().noneMatch(Term::mean)) return runs;
        double[] means = new double[terms.size()];
        for (int i = 0; i < means.length; i++) means[i] = mean(runs, i);
        List<RunOutcome> out = new ArrayList<>();
        for (RunOutcome r : runs) {
            double[] v = r.values().clone();
            for (int i = 0; i < v.length; i++) if (terms.get(i).mean()) v[i] = means[i];
            out.add(r.rejudged(eval(root, v), detail(v, runs.size())));
        }
        return out;
    }

    /**
     * One column per metric the expression names (a metric named twice, or already a run-level column, once): the
     * value the configuration's reported run showed, or for a {@code mean(...)} the mean over its seeds.
     */
    @Override
    public List<String> csvColumns() {
        return csvTerms.stream().map(i -> terms.get(i).column()).toList();
    }

    @Override
    public List<String> csvCells(ConfigResult c) {
        List<String> cells = new ArrayList<>();
        for (int i : csvTerms) {
            Term t = terms.get(i);
            double v = t.mean() ? mean(c.runs(), i) : c.reported().values()[i];
            if (Double.isNaN(v)) cells.add(""); // undefined: an empty cell, which pandas reads as NaN
            else if (t.unit() == Metric.Unit.NS || v == Math.rint(v) && Math.abs(v) < 1e15) {
                cells.add(Long.toString(Math.round(v)));
            } else {
                // Six significant digits, beyond any figure gilsim prints; a mean's last bits are arithmetic noise.
                cells.add(new BigDecimal(v).round(new MathContext(6)).stripTrailingZeros().toPlainString());
            }
        }
        return cells;
    }

    /** The index of each term with a column of its own, in the expression's order. */
    private List<Integer> termsWithOwnColumn() {
        List<String> taken = new ArrayList<>();
        for (Metric<?, ?> m : Metrics.RUN) taken.add(m.name());
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < terms.size(); i++) {
            if (!taken.contains(terms.get(i).column())) {
                taken.add(terms.get(i).column());
                out.add(i);
            }
        }
        return out;
    }

    /** A term's mean over runs, its undefined values left out; NaN when all are. */
    private static double mean(List<RunOutcome> runs, int term) {
        double sum = 0;
        int n = 0;
        for (RunOutcome r : runs) {
            double x = r.values()[term];
            if (!Double.isNaN(x)) {
                sum += x;
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    /** What a run showed of each metric the expression names: {@code wait_max(main) = 2.00 s}. */
    @Override
    public String detail(Summary s) {
        return detail(values(s), 1);
    }

    private String detail(double[] values, int runs) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < terms.size(); i++) {
            Term t = terms.get(i);
            String shown = t.text() + " = " + show(t, values[i]) + (t.mean() ? " over " + runs + " seeds" : "");
            if (!parts.contains(shown)) parts.add(shown);
        }
        return String.join(", ", parts);
    }

    private static String show(Term t, double v) {
        if (Double.isNaN(v)) return "undefined";
        if (t.unit() == Metric.Unit.NS) return Durations.human(Math.round(v));
        if (v == Math.rint(v) && Math.abs(v) < 1e15) return Long.toString((long) v);
        return String.format(Locale.ROOT, "%.4g", v);
    }

    private boolean eval(Node n, double[] values) {
        if (n instanceof And a) return eval(a.left(), values) && eval(a.right(), values);
        if (n instanceof Or o) return eval(o.left(), values) || eval(o.right(), values);
        Compare c = (Compare) n;
        double x = values[c.index()];
        if (Double.isNaN(x)) return false;
        return switch (c.op()) {
            case "<" -> x < c.limit();
            case "<=" -> x <= c.limit();
            case ">" -> x > c.limit();
            case ">=" -> x >= c.limit();
            case "==" -> x == c.limit();
            default -> x != c.limit();
        };
    }

    /**
     * How far a run is from breaking the expression, positive while it holds: a comparison's distance from its
     * limit over the limit's size (so that metrics of different units combine), the least of an {@code and}'s, the
     * greatest of an {@code or}'s; an undefined metric is as far past breaking as can be. What a search that finds
     * no counterexample ranks its configurations by, to show the closest.
     */
    public double margin(double[] values) {
        return margin(root, values);
    }

    private static double margin(Node n, double[] values) {
        if (n instanceof And a) return Math.min(margin(a.left(), values), margin(a.right(), values));
        if (n instanceof Or o) return Math.max(margin(o.left(), values), margin(o.right(), values));
        Compare c = (Compare) n;
        double x = values[c.index()];
        if (Double.isNaN(x)) return Double.NEGATIVE_INFINITY;
        double scale = c.limit() == 0 ? 1 : Math.abs(c.limit());
        return switch (c.op()) {
            case "<", "<=" -> (c.limit() - x) / scale;
            case ">", ">=" -> (x - c.limit()) / scale;
            case "==" -> -Math.abs(x - c.limit()) / scale;
            default -> Math.abs(x - c.limit()) / scale;
        };
    }

    /** Recursive descent: or := and ('or' and)*; and := atom ('and' atom)*; atom := '(' or ')' | term op value. */
    private final class Parser {
        private final List<String> tokens;
        private final Scenario scenario;
        private int at;

        Parser(List<String> tokens, Scenario scenario) {
            this.tokens = tokens;
            this.scenario = scenario;
        }

        InputError error(String what) {
            return new InputError("--property '" + text + "': " + what);
        }

        private String peek() {
            return at < tokens.size() ? tokens.get(at) : null;
        }

        private String next(String expected) {
            if (at >= tokens.size()) throw error("ends where " + expected + " should follow");
            return tokens.get(at++);
        }

        Node or() {
            Node n = and();
            while ("or".equals(peek())) {
                at++;
                n = new Or(n, and());
            }
            return n;
        }

        Node and() {
            Node n = atom();
            while ("and".equals(peek())) {
                at++;
                n = new And(n, atom());
            }
            return n;
        }

        Node atom() {
            if ("(".equals(peek())) {
                at++;
                Node n = or();
                if (!")".equals(next("')'"))) throw error("expected ')'");
                return n;
            }
            Term term = term();
            String op = next("a comparison (<, <=, >, >=, ==, !=)");
            if (!List.of("<", "<=", ">", ">=", "==", "!=").contains(op)) {
                throw error("expected a comparison (<, <=, >, >=, ==, !=) after " + term.text() + ", got '" + op
                        + "'");
            }
            String value = next("a value");
            terms.add(term);
            return new Compare(term, terms.size() - 1, op, limit(term, value));
        }

        private double limit(Term term, String value) {
            boolean time = term.unit() == Metric.Unit.NS;
            if (time) {
                long ns = Durations.parseOrMinus1(value);
                if (ns < 0) throw error(term.text() + " is a time: compare it with a duration such as 50ms, not '"
                        + value + "'");
                return ns;
            }
            try {
                return Double.parseDouble(value);
            } catch (NumberFormatException e) {
                throw error(term.text() + " is a " + term.unit().text + ": compare it with a number, not '" + value
                        + "'");
            }
        }

        private Term term() {
            String name = next("a metric");
            if ((name.equals("mean") || name.equals("worst")) && "(".equals(peek())) {
                at++;
                Term inner = term();
                if (!")".equals(next("')'"))) throw error("expected ')' after " + name + "(" + inner.text());
                return name.equals("mean") ? inner.averaged() : inner;
            }
            if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) throw error("expected a metric, got '" + name + "'");
            if ("(".equals(peek())) {
                at++;
                String thread = next("a thread's name");
                if (!")".equals(next("')'"))) throw error("expected ')' after the thread " + thread);
                return threadTerm(name, thread);
            }
            return runTerm(name);
        }

        private Term threadTerm(String name, String thread) {
            List<String> threads = threads(scenario);
            boolean poolThread = isPool(scenario) && thread.matches("t[0-9]{1,4}"); // the pool's size may be searched
            if (!threads.contains(thread) && !poolThread && threads.stream().anyMatch(t -> Groups.member(thread, t))) {
                return groupTerm(name, thread);
            }
            if (!threads.contains(thread) && !poolThread) {
                throw error("no thread '" + thread + "' in " + scenario.name() + Nearest.suggestion(thread, threads)
                        + " (threads: " + String.join(", ", threads) + ")");
            }
            Metric<?, ?> m = threadMetric(name);
            if (m != null) {
                return new Term(name + "(" + thread + ")", thread + "_" + m.name(), m.unit(), s -> {
                    Figures ts = find(s, thread);
                    return ts == null ? null : ts.get(m); // a searched thread count may lack it
                }, false);
            }
            if (findRun(name) != null) throw error(name + " is a metric of the run: write it without a thread");
            throw unknown(name);
        }

        /**
         * A metric of a group, the threads one entry's {@code count} made (worker-1 .. worker-N): a time metric's
         * longest among them, so that {@code round_p99(worker) < 10ms} holds when it holds for every worker, however
         * many a run has.
         */
        private Term groupTerm(String name, String group) {
            Metric<?, ?> m = threadMetric(name);
            if (m == null) throw unknown(name);
            if (m.unit() != Metric.Unit.NS) {
                throw error(name + "(" + group + "): a group takes a time metric (the longest of its threads); name "
                        + "one thread for " + name + ", as in " + name + "(" + group + "-1)");
            }
            return new Term(name + "(" + group + ")", group + "_" + m.name(), m.unit(), s -> {
                Long longest = null;
                for (Figures t : s.threads()) {
                    if (!member(group, t.name()) || t.get(m) == null) continue;
                    long v = ((Number) t.get(m)).longValue();
                    longest = longest == null ? v : Math.max(longest, v);
                }
                return longest;
            }, false);
        }

        private Term runTerm(String name) {
            boolean poolMetric = Metrics.POOL.stream().anyMatch(m -> matches(m, name));
            boolean requestMetric = Metrics.REQUESTS.stream().anyMatch(m -> matches(m, name));
            Workload workload = scenario.workload().apply(scenario.params());
            boolean requests = workload instanceof Workload.Threads w && !w.arrivals().isEmpty();
            if (requestMetric && requests) return requestTerm(name);
            if ((poolMetric || requestMetric) && !(workload instanceof Workload.Pool)) {
                throw error(name + " is a metric of requests, and " + scenario.name() + " has none: neither the m0 "
                        + "pool nor arrivals (docs/scenarios.md, Requests and arrivals)");
            }
            Term t = findRun(name);
            if (t != null) return t;
            if (threadMetric(name) != null) {
                throw error(name + " is a thread's metric: name the thread, as in " + name + "("
                        + threads(scenario).get(0) + ")");
            }
            throw unknown(name);
        }

        private Term requestTerm(String name) {
            for (Metric<?, ?> m : Metrics.REQUESTS) {
                if (matches(m, name)) {
                    return new Term(name, m.name(), m.unit(), s -> s.requests() == null ? null : s.requests().get(m),
                            false);
                }
            }
            throw unknown(name);
        }

        private InputError unknown(String name) {
            List<String> names = java.util.stream.Stream.of(Metrics.RUN, Metrics.THREAD_ALL, Metrics.POOL,
                            Metrics.REQUESTS)
                    .flatMap(List::stream).map(m -> m.name().replaceFirst("_ns$", "")).distinct().toList();
            return error("no metric '" + name + "'" + Nearest.suggestion(name, names)
                    + " (`gilsim metrics` lists them; write them without _ns)");
        }
    }

    /** A thread's metric by its expression name, or null. */
    private static Metric<?, ?> threadMetric(String name) {
        for (List<? extends Metric<?, ?>> list : List.of(Metrics.THREAD, Metrics.THREAD_ROUNDS)) {
            for (Metric<?, ?> m : list) if (matches(m, name)) return m;
        }
        return null;
    }

    private Term findRun(String name) {
        for (Metric<?, ?> m : Metrics.RUN) {
            if (matches(m, name) && m.unit().numeric()) {
                return new Term(name, m.name(), m.unit(), s -> s.run().get(m), false);
            }
        }
        for (Metric<?, ?> m : Metrics.GIL) {
            if (matches(m, name)) return new Term(name, m.name(), m.unit(), s -> s.gil().get(m), false);
        }
        for (Metric<?, ?> m : Metrics.POOL) {
            if (matches(m, name) && m.unit().numeric()) {
                return new Term(name, m.name(), m.unit(), s -> s.pool() == null ? null : s.pool().get(m), false);
            }
        }
        return null;
    }

    private static boolean matches(Metric<?, ?> m, String name) {
        String shortName = m.name().endsWith("_ns") ? m.name().substring(0, m.name().length() - 3) : m.name();
        return shortName.equals(name) || m.name().equals(name)
                || (m.name().equals("gil_share") && name.equals("share"));
    }

    /**
     * Whether {@code thread} is one of the copies {@code count} made of the entry named {@code group}: name-1 ..
     * name-N, or the entry's own name when a run's count is 1.
     */
    private static boolean member(String group, String thread) {
        return thread.equals(group) || Groups.member(group, thread);
    }

    private static Figures find(Summary s, String thread) {
        for (Figures t : s.threads()) if (t.name().equals(thread)) return t;
        return null;
    }

    private static boolean isPool(Scenario scenario) {
        return scenario.workload().apply(scenario.params()) instanceof Workload.Pool;
    }

    /** The scenario's threads at its defaults (a pool's are t0, t1, ...). */
    static List<String> threads(Scenario scenario) {
        Workload w = scenario.workload().apply(scenario.params());
        if (w instanceof Workload.Threads t) return t.threads().stream().map(x -> x.name()).toList();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < ((Workload.Pool) w).spec().threads(); i++) names.add("t" + i);
        return names;
    }
}
