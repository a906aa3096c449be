package gilsim.report;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/** Output written to a temporary file beside its target and moved into place whole, so a failure leaves no half file. */
public final class AtomicFile {
    private AtomicFile() {}

    /** A temporary file in the target's directory (created if missing). */
    public static Path temp(Path target) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        return Files.createTempFile(dir, target.getFileName().toString(), ".part");
    }

    /** Moves the finished temporary file onto the target, readable by all as an ordinary output file is. */
    public static void commit(Path temp, Path target) throws IOException {
        try {
            Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rw-r--r--"));
        } catch (UnsupportedOperationException e) {
            // Not a POSIX file system: the default permissions stand.
        }
        try {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
