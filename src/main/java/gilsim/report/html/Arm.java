package gilsim.report.html;

import gilsim.metrics.Summary;
import java.util.List;
import org.HdrHistogram.AbstractHistogram;

/**
 * One run of the report: the run as asked (the first arm) or the same with one {@code --compare} group of overrides
 * applied on top.
 *
 * @param label     what the arm changes ({@code as asked}, {@code pinned=true})
 * @param overrides the {@code KEY=VALUE}s on top of the run as asked; none for the first arm
 * @param waits     each thread's GIL waits over the whole run
 */
record Arm(String label, List<String> overrides, Summary summary, List<AbstractHistogram> waits) {
    Arm {
        overrides = List.copyOf(overrides);
        waits = List.copyOf(waits);
    }
}
