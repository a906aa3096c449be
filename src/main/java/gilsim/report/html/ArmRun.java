package gilsim.report.html;

import gilsim.compare.ArmFigures;
import java.util.List;
import org.HdrHistogram.AbstractHistogram;

/**
 * One arm of the report as it ran: its figures (as {@code gilsim compare} reads them off the run's summary), each
 * thread's GIL waits over the whole run, for its CDF, with the length of a wait still open at the end (else -1), and
 * for a {@code --compare} arm its timeline, stacked under the run's on the page (null for the run as asked, whose
 * recording is the page's own).
 */
record ArmRun(ArmFigures figures, List<AbstractHistogram> waits, long[] openWaitNs, Recording timeline) {
    ArmRun {
        waits = List.copyOf(waits);
        openWaitNs = openWaitNs.clone();
    }
}
