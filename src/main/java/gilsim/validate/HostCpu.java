package gilsim.validate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The name of the CPU this machine runs on, as {@code /proc/cpuinfo}'s first {@code model name} gives it, for the
 * real figures of {@code calibrate} and {@code validate}: one VM image of this project ran on AMD EPYC and on Intel
 * Xeon hosts, and the crowded GIL race differed between them (docs/validation.md).
 */
public final class HostCpu {
    private HostCpu() {}

    /** The model name, or the JVM's architecture ({@code os.arch}) where {@code /proc/cpuinfo} says none. */
    public static String model() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    int colon = line.indexOf(':');
                    if (colon >= 0 && !line.substring(colon + 1).isBlank()) return line.substring(colon + 1).strip();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or not readable: fall through
        }
        return System.getProperty("os.arch", "an unknown CPU");
    }
}
