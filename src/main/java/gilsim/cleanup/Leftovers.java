package gilsim.cleanup;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * What an interrupted command must undo: the child processes it is waiting for (a real interpreter under
 * {@code validate} or {@code calibrate}), the temporary files and directories it has not yet moved into place or
 * removed (a script, a run's output, a half-written chart or page), and anything else it set up for a while (a
 * tracefs instance recording the scheduler). Each is registered while it exists; when the
 * command is stopped by SIGINT or SIGTERM, {@link #undo} kills the processes with everything below them and deletes
 * the files, so nothing of the command outlives it.
 */
public final class Leftovers {
    private static final Set<Process> PROCESSES = ConcurrentHashMap.newKeySet();
    private static final Set<Path> PATHS = ConcurrentHashMap.newKeySet();
    private static final Set<Runnable> ACTIONS = ConcurrentHashMap.newKeySet();
    /** Set by {@link #undo}: a process started after it is killed at once. */
    private static volatile boolean undone;

    private Leftovers() {}

    /** Registers a temporary file or directory (a directory is removed with what it holds); returns it. */
    public static Path temporary(Path path) {
        PATHS.add(path);
        return path;
    }

    /** The file or directory was moved into place or deleted: nothing to undo. */
    public static void settled(Path path) {
        PATHS.remove(path);
    }

    /** Registers what undoes something that is neither a process nor a file (a tracing instance); returns it. */
    public static Runnable action(Runnable undo) {
        ACTIONS.add(undo);
        return undo;
    }

    /** The action's work was done, or is no longer needed. */
    public static void settled(Runnable undo) {
        ACTIONS.remove(undo);
    }

    /** Registers a child process; one started after an interrupt is killed straight away. */
    public static Process child(Process p) {
        PROCESSES.add(p);
        if (undone) kill(p);
        return p;
    }

    /** The child ended and was waited for. */
    public static void settled(Process p) {
        PROCESSES.remove(p);
    }

    /** Whether an interrupt is undoing the command: what fails from now on fails because of it, and says nothing. */
    public static boolean undoing() {
        return undone;
    }

    /** Kills every registered process tree and deletes every registered path; returns how many processes it killed. */
    public static synchronized int undo() {
        undone = true;
        List<Process> processes = new ArrayList<>(PROCESSES);
        processes.forEach(Leftovers::kill);
        for (Process p : processes) {
            try {
                p.waitFor(2, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        for (Path path : new ArrayList<>(PATHS)) deleteTree(path);
        for (Runnable action : new ArrayList<>(ACTIONS)) action.run();
        PROCESSES.clear();
        PATHS.clear();
        ACTIONS.clear();
        return processes.size();
    }

    /** SIGKILL to the process and every process below it: a child of the interpreter must not outlive it either. */
    private static void kill(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
    }

    private static void deleteTree(Path path) {
        if (!Files.exists(path)) return;
        try (Stream<Path> walk = Files.walk(path)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException e) {
            // what cannot be deleted now cannot be deleted by anyone here
        }
    }
}
