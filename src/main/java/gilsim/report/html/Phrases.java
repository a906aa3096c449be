package gilsim.report.html;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Narration lines stored small: a line is a template (its numbers taken out) and the numbers. A run tells the same few
 * dozen sentences thousands of times with other job numbers and waits, so the templates are stored once and each
 * line costs an index and its numbers.
 */
final class Phrases {
    /** Where a number stood in a template. */
    static final char HOLE = '\u0001';
    /** A number not glued to a name (t0, t1 stay whole). */
    private static final Pattern NUMBER = Pattern.compile("(?<![A-Za-z_\\d.])\\d+(?:\\.\\d+)?");

    private final List<String> templates = new ArrayList<>();
    private final Map<String, Integer> index = new HashMap<>();
    /** Every line's numbers, in order, for {@link #args}. */
    private final StringBuilder args = new StringBuilder();

    /** Adds the line to {@code beats} as (time, template index). */
    void add(Recording.Column beats, long timeNs, String sentence) {
        Matcher m = NUMBER.matcher(sentence);
        StringBuilder template = new StringBuilder();
        int last = 0;
        while (m.find()) {
            template.append(sentence, last, m.start()).append(HOLE);
            if (args.length() > 0) args.append(',');
            args.append(m.group());
            last = m.end();
        }
        template.append(sentence.substring(last));
        Integer i = index.computeIfAbsent(template.toString(), t -> {
            templates.add(t);
            return templates.size() - 1;
        });
        beats.add(timeNs, i, 0);
    }

    List<String> templates() {
        return templates;
    }

    /** Every line's numbers, comma-separated, in the order of the lines and of the holes in their templates. */
    String args() {
        return args.toString();
    }
}
