package gilsim.cli;

import gilsim.validate.Calibration;
import java.util.Locale;
import java.util.function.DoubleSupplier;
import java.util.function.IntSupplier;

/**
 * Whether this machine is quiet enough to measure real interpreters on: {@code calibrate} and {@code validate} refuse
 * when the 1-minute load average exceeds the core count, unless {@code --force}, and then say how to read the figures.
 */
final class MachineLoad {
    /** The 1-minute load average; tests put a fixed value here. */
    static DoubleSupplier load = Calibration::loadAverage;
    /** The core count; tests put a fixed value here. */
    static IntSupplier cores = () -> Runtime.getRuntime().availableProcessors();

    private MachineLoad() {}

    /**
     * Refuses a busy machine (one line) unless forced.
     *
     * @return null on a quiet machine, else the warning to print when forced: what was busy, and {@code consequence}
     */
    static String check(boolean force, String consequence) {
        double l = load.getAsDouble();
        int n = cores.getAsInt();
        if (!Calibration.checkLoad(l, n, force)) return null;
        return "measured on a busy machine (load " + String.format(Locale.ROOT, "%.2f", l) + " on " + n
                + " cores, --force): " + consequence;
    }

    static void reset() {
        load = Calibration::loadAverage;
        cores = () -> Runtime.getRuntime().availableProcessors();
    }
}
