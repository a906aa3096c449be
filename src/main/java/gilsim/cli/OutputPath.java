package gilsim.cli;

import gilsim.scenario.InputError;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * Checks a file the command will write, before any work starts, so that a run of minutes does not end in "cannot
 * write": the directory must exist (gilsim creates no directories) and take a new file, and the target must be a regular
 * file or not exist yet. The writers themselves ({@link gilsim.report.AtomicFile}) write beside the target and
 * move the file into place, so a failure later still leaves no half file.
 */
final class OutputPath {
    private OutputPath() {}

    /**
     * @param option the option that named the file, e.g. {@code --trace}, for the message
     * @throws InputError one line naming the option, the path and what is wrong with it
     */
    static void check(String option, Path path) {
        String what = option + " " + path + ": ";
        Path target = path.toAbsolutePath();
        if (Files.isDirectory(target)) {
            throw new InputError(what + "is a directory; name a file to write, e.g. " + path.resolve(example(option)));
        }
        Path dir = target.getParent();
        if (dir == null || target.getFileName() == null) throw new InputError(what + "not a file name");
        if (!Files.exists(dir)) {
            throw new InputError(what + "directory " + dir + " does not exist (gilsim creates no directories; make it first)");
        }
        if (!Files.isDirectory(dir)) throw new InputError(what + dir + " is not a directory");
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(target)) {
            throw new InputError(what + "exists and is not a regular file; name a new or an ordinary file");
        }
        // Whether the directory takes a new file is only known by trying: permissions, a read-only mount, /proc.
        try {
            Path probe = Files.createTempFile(dir, "." + target.getFileName(), ".probe");
            Files.delete(probe);
        } catch (IOException | SecurityException | UnsupportedOperationException e) {
            throw new InputError(what + "cannot write in directory " + dir + " (" + reason(e) + ")");
        }
    }

    /**
     * The one line every writer prints after a file is complete: {@code wrote FILE (SIZE)}. A command whose product
     * is the file (chart, report) prints it on stdout; one that writes a file beside the report it prints (--trace,
     * --csv, --chart) on stderr, so that stdout stays the report alone (one JSON object with --json).
     */
    static void wrote(java.io.PrintWriter to, Path file) {
        long bytes;
        try {
            bytes = Files.size(file);
        } catch (IOException e) {
            throw new InputError(file + ": written, but cannot be read back (" + reason(e) + ")");
        }
        to.printf(java.util.Locale.ROOT, "wrote %s (%s)%n", file, size(bytes));
    }

    static String size(long bytes) {
        if (bytes >= 1 << 20) return String.format(java.util.Locale.ROOT, "%.2f MB", bytes / (double) (1 << 20));
        if (bytes >= 1 << 10) return String.format(java.util.Locale.ROOT, "%.0f kB", bytes / 1024.0);
        return bytes + " bytes";
    }

    private static String example(String option) {
        return switch (option) {
            case "--trace" -> "trace.json";
            case "--csv" -> "search.csv";
            default -> "chart.png";
        };
    }

    /** The cause in words, without the exception's class name. */
    static String reason(Exception e) {
        if (e instanceof AccessDeniedException) return "permission denied";
        if (e instanceof FileSystemException f) return f.getReason() != null ? f.getReason() : "it takes no new file";
        if (e instanceof SecurityException) return "not allowed";
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
