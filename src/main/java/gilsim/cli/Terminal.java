package gilsim.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Whether progress may be drawn on stderr. */
final class Terminal {
    private Terminal() {}

    /**
     * Java 17 cannot ask whether stderr alone is a terminal (System.console() needs stdin and stdout too, and
     * stdout is often piped to a file here). On Linux, fd 2 links to a /dev/pts or /dev/tty device when it is one.
     */
    static boolean stderrIsTerminal() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }
}
