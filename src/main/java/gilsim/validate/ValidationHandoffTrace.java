package gilsim.validate;

import gilsim.handoff.HandoffLog;
import gilsim.handoff.HandoffTrace;
import gilsim.report.AtomicFile;
import gilsim.scenario.InputError;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code validate --handoff-trace}: each interpreter's first recorded run above simulated seed 1, in one Perfetto
 * file.
 */
public final class ValidationHandoffTrace {
    private ValidationHandoffTrace() {}

    public static void write(Validation.Report r, Path out) {
        List<HandoffLog> logs = new ArrayList<>();
        for (Validation.Interpreter i : r.interpreters()) {
            if (!i.handoffs().isEmpty()) logs.add(i.handoffs().get(0));
        }
        logs.add(r.simHandoffs().get(0));
        try {
            Path temp = AtomicFile.temp(out);
            try (OutputStream o = Files.newOutputStream(temp)) {
                HandoffTrace.write(logs, o);
            }
            AtomicFile.commit(temp, out);
        } catch (IOException e) {
            throw new InputError("--handoff-trace " + out + ": " + e.getMessage());
        }
    }
}
