package gilsim.report;

import gilsim.scenario.InputError;
import gilsim.scenario.Scenario;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The load a latency-against-load picture runs a scenario at: a key of whole numbers (a rate, a client count, a
 * thread count) and the values from A to B, evenly spaced and rounded, without repeats. Read from {@code KEY=A..B}
 * by {@code chart --kind load --over} and {@code report --load}.
 */
public record LoadRange(String key, long[] values) {
    private static final Pattern RANGE = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)=(\\d{1,18})\\.\\.(\\d{1,18})");

    /**
     * @param option the option that gave it, for messages
     * @throws InputError one line for a malformed range, A not below B, or a value the scenario's key refuses
     */
    public static LoadRange parse(String option, String text, int points, Scenario scenario) {
        Matcher m = RANGE.matcher(text.trim());
        if (!m.matches()) throw new InputError(option + " " + text + ": expected KEY=A..B with whole numbers, A < B");
        long from = Long.parseLong(m.group(2));
        long to = Long.parseLong(m.group(3));
        if (from >= to) throw new InputError(option + " " + text + ": expected A < B");
        String key = m.group(1);
        for (long v : new long[] {from, to}) {
            try {
                scenario.params(List.of(key + "=" + v));
            } catch (InputError e) {
                String msg = e.getMessage();
                throw new InputError(msg.startsWith("--set ") ? option + msg.substring("--set".length())
                        : option + " " + text + ": " + msg);
            }
        }
        return new LoadRange(key, values(from, to, points));
    }

    /** {@code points} whole values from {@code from} to {@code to}, evenly spaced, without repeats. */
    public static long[] values(long from, long to, int points) {
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < points; i++) {
            long v = points == 1 ? from : Math.round(from + (double) (to - from) * i / (points - 1));
            if (out.isEmpty() || out.get(out.size() - 1) != v) out.add(v);
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    /** The {@code --set} that runs the scenario at the {@code i}th value. */
    public String set(int i) {
        return key + "=" + values[i];
    }
}
