package gilsim.search;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.List;

/**
 * How to start this gilsim from a shell: the words every printed replay line begins with, so that a line runs as
 * pasted. {@code gilsim} is not on the PATH and {@code ./gilsim} works only in the repository, so the line names the
 * jar: {@code java -jar target/gilsim.jar} when the jar is under the working directory (the path relative to it),
 * {@code java -jar /abs/path/gilsim.jar} otherwise. Run from a build's {@code target/classes} (tests, an IDE), it
 * names the jar that build packages beside them, {@code target/gilsim.jar}. Only when neither applies is it the bare
 * {@code gilsim}.
 */
public final class Launcher {
    private static final List<String> WORDS = find();

    private Launcher() {}

    /** {@code [java, -jar, target/gilsim.jar]}, or {@code [gilsim]}; a path the shell would split is quoted. */
    public static List<String> words() {
        return WORDS;
    }

    /** {@code java -jar target/gilsim.jar run}: the start of a replay line. */
    public static String run() {
        return String.join(" ", words()) + " run";
    }

    private static List<String> find() {
        try {
            CodeSource source = Launcher.class.getProtectionDomain().getCodeSource();
            if (source == null || source.getLocation() == null) return List.of("gilsim");
            Path from = Path.of(source.getLocation().toURI()).toAbsolutePath().normalize();
            Path jar;
            if (Files.isRegularFile(from) && from.getFileName().toString().endsWith(".jar")) {
                jar = from;
            } else if (Files.isDirectory(from) && from.getFileName() != null && from.getParent() != null
                    && from.getFileName().toString().equals("classes")
                    && from.getParent().getFileName().toString().equals("target")) {
                jar = from.getParent().resolve("gilsim.jar");
            } else {
                return List.of("gilsim");
            }
            return List.of("java", "-jar", Replay.quoted(shown(jar).toString()));
        } catch (URISyntaxException | RuntimeException e) {
            return List.of("gilsim");
        }
    }

    /** The jar relative to the working directory when it is under it, else its absolute path. */
    private static Path shown(Path jar) {
        Path cwd = Path.of("").toAbsolutePath().normalize();
        return jar.startsWith(cwd) && !jar.equals(cwd) ? cwd.relativize(jar) : jar;
    }
}
