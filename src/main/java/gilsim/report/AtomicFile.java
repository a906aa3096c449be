package gilsim.report;

import gilsim.cleanup.Leftovers;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/** Output written to a temporary file beside its target and moved into place whole, so a failure leaves no half file. */
public final class AtomicFile {
    private AtomicFile() {}

    /**
     * A temporary file in the target's directory. The directory must exist: no directory is created that the user
     * did not ask for.
     *
     * @throws IOException when the target is a directory or its directory is missing or cannot be written
     */
    public static Path temp(Path target) throws IOException {
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        if (dir == null || abs.getFileName() == null || Files.isDirectory(abs)) {
            throw new IOException(target + " is a directory, not a file");
        }
        if (!Files.isDirectory(dir)) throw new IOException("no directory " + dir);
        return Leftovers.temporary(Files.createTempFile(dir, "." + abs.getFileName(), ".part"));
    }

    /** Moves the finished temporary file onto the target, readable by all as an ordinary output file is. */
    public static void commit(Path temp, Path target) throws IOException {
        // Files.move with REPLACE_EXISTING would replace an empty directory.
        if (Files.isDirectory(target)) throw new IOException(target + " is a directory, not a file");
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
        Leftovers.settled(temp);
    }

    /**
     * A text file written as it goes, to a temporary file beside its target: {@link #commit} moves it into place,
     * and closing it uncommitted (a failure half way) deletes it, so a reader never sees half of it.
     */
    public static final class Stream implements AutoCloseable {
        private final Path target;
        private final Path temp;
        private final Writer writer;
        private boolean committed;

        public Stream(Path target) throws IOException {
            this.target = target;
            this.temp = temp(target);
            this.writer = Files.newBufferedWriter(temp, StandardCharsets.UTF_8);
        }

        public Writer writer() {
            return writer;
        }

        public void commit() throws IOException {
            writer.close();
            AtomicFile.commit(temp, target);
            committed = true;
        }

        @Override
        public void close() {
            if (committed) return;
            try {
                writer.close();
            } catch (IOException e) {
                // the file goes anyway
            }
            try {
                Files.deleteIfExists(temp);
                Leftovers.settled(temp);
            } catch (IOException e) {
                // nothing more to do
            }
        }
    }
}
