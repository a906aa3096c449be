package gilsim.validate;

import gilsim.scenario.InputError;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What {@code --python NAME} names: a path ({@code /usr/bin/python3}, {@code ~/py/bin/python}), a pyenv version
 * ({@code 3.12} takes the newest 3.12.x installed under {@code $PYENV_ROOT/versions} or
 * {@code ~/.pyenv/versions}, {@code 3.11.7} that one), or a command on the PATH ({@code python3},
 * {@code python3.12}). A name is a path when it holds a '/' or starts with '~'; otherwise a pyenv version is
 * preferred when one matches, then the PATH.
 */
public final class Interpreters {
    private final Map<String, String> env;
    private final Path home;

    /** Resolves against this process's environment and home directory. */
    public Interpreters() {
        this(System.getenv(), Path.of(System.getProperty("user.home")));
    }

    /** Resolves against the given environment ({@code PATH}, {@code PYENV_ROOT}) and home directory. */
    public Interpreters(Map<String, String> env, Path home) {
        this.env = Map.copyOf(env);
        this.home = home;
    }

    /** The default interpreters: {@code python3} on the PATH. */
    public static List<Path> defaults() {
        return List.of(new Interpreters().resolve("python3"));
    }

    /** Resolves a name given to {@code --python} with this process's environment. */
    public static Path find(String name) {
        return new Interpreters().resolve(name);
    }

    /**
     * @throws InputError one line, listing what is installed, when nothing matches
     */
    public Path resolve(String name) {
        String n = name.strip();
        if (n.isEmpty()) throw new InputError("--python: empty name" + installedSuffix());
        if (n.startsWith("~")) n = home + n.substring(1);
        if (n.contains("/")) {
            Path p = Path.of(n);
            if (!Files.exists(p)) throw new InputError("--python " + name + ": no such file");
            if (Files.isDirectory(p)) {
                throw new InputError("--python " + name + ": a directory, not an interpreter" + installedSuffix());
            }
            if (!Files.isExecutable(p)) throw new InputError("--python " + name + ": not executable");
            return p;
        }
        Path pyenv = pyenvVersion(n);
        if (pyenv != null) return pyenv;
        Path onPath = onPath(n);
        if (onPath != null) return onPath;
        throw new InputError("--python " + name + ": no such command on the PATH and no pyenv version "
                + "matches" + installedSuffix());
    }

    /** The pyenv versions installed (directory names under {@code versions/} with a {@code bin/python}). */
    public List<String> installed() {
        Path versions = pyenvRoot().resolve("versions");
        if (!Files.isDirectory(versions)) return List.of();
        List<String> names = new ArrayList<>();
        try (Stream<Path> s = Files.list(versions)) {
            s.filter(d -> python(d) != null).forEach(d -> names.add(d.getFileName().toString()));
        } catch (IOException e) {
            return List.of();
        }
        names.sort(Interpreters::compareVersions);
        return names;
    }

    /** The newest installed pyenv version equal to {@code name} or starting with {@code name + "."}, or null. */
    Path pyenvVersion(String name) {
        String best = null;
        for (String v : installed()) {
            if (v.equals(name) || v.startsWith(name + ".")) {
                if (v.equals(name)) return python(pyenvRoot().resolve("versions").resolve(v));
                // a plain release (3.13.0) before a variant of it (3.13.0t, free-threaded: no GIL to measure)
                boolean plain = v.matches("[0-9.]+");
                boolean bestPlain = best != null && best.matches("[0-9.]+");
                if (best == null || (plain && !bestPlain)
                        || (plain == bestPlain && compareVersions(v, best) > 0)) best = v;
            }
        }
        return best == null ? null : python(pyenvRoot().resolve("versions").resolve(best));
    }

    Path onPath(String command) {
        String path = env.getOrDefault("PATH", "");
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) continue;
            Path p = Path.of(dir).resolve(command);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) return p;
        }
        return null;
    }

    private Path pyenvRoot() {
        String root = env.get("PYENV_ROOT");
        return root != null && !root.isBlank() ? Path.of(root) : home.resolve(".pyenv");
    }

    private static Path python(Path versionDir) {
        for (String exe : List.of("python", "python3")) {
            Path p = versionDir.resolve("bin").resolve(exe);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) return p;
        }
        return null;
    }

    private String installedSuffix() {
        List<String> v = installed();
        return v.isEmpty() ? " (no pyenv versions under " + pyenvRoot() + "; give a path or a command)"
                : " (pyenv versions installed: " + String.join(", ", v) + ")";
    }

    /** Dotted versions by their numbers ({@code 3.9.18 < 3.10.13}), other text after them alphabetically. */
    static int compareVersions(String a, String b) {
        String[] x = a.split("[.\\-]");
        String[] y = b.split("[.\\-]");
        for (int i = 0; i < Math.min(x.length, y.length); i++) {
            int c = comparePart(x[i], y[i]);
            if (c != 0) return c;
        }
        return Integer.compare(x.length, y.length);
    }

    private static int comparePart(String a, String b) {
        String na = leadingDigits(a);
        String nb = leadingDigits(b);
        if (!na.isEmpty() && !nb.isEmpty()) {
            int c = Comparator.<String>comparingInt(String::length).thenComparing(Comparator.naturalOrder())
                    .compare(na.replaceFirst("^0+(?=.)", ""), nb.replaceFirst("^0+(?=.)", ""));
            if (c != 0) return c;
            return a.substring(na.length()).compareTo(b.substring(nb.length()));
        }
        return a.compareTo(b);
    }

    private static String leadingDigits(String s) {
        int i = 0;
        while (i < s.length() && Character.isDigit(s.charAt(i))) i++;
        return s.substring(0, i);
    }
}
