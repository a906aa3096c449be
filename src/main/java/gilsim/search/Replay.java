package gilsim.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The one {@code gilsim run} line that replays a configuration and seed exactly; it starts with the
 * {@link Launcher}'s words ({@code java -jar target/gilsim.jar run ...}) so that it runs as pasted.
 */
public final class Replay {
    private Replay() {}

    public static String line(ConfigSpace space, Config c, long seed) {
        return String.join(" ", words(space, c, seed));
    }

    /**
     * The line's words: the launcher's, {@code run NAME}, every {@code --set} the search passed that the configuration
     * does not override, every searched key, and {@code --seed}.
     */
    public static List<String> words(ConfigSpace space, Config c, long seed) {
        Map<String, String> searched = space.text(c);
        List<String> w = new ArrayList<>(Launcher.words());
        w.add("run");
        w.add(quoted(space.scenario().origin().equals("built-in") ? space.scenario().name()
                : space.scenario().origin()));
        if (space.machine() != null) {
            w.add("--machine");
            w.add(quoted(space.machine().file()));
        }
        for (String set : space.sets()) {
            String key = set.substring(0, set.indexOf('=')).trim();
            if (!searched.containsKey(key)) {
                w.add("--set");
                w.add(quoted(set));
            }
        }
        searched.forEach((k, v) -> {
            w.add("--set");
            w.add(k + "=" + v);
        });
        w.add("--seed");
        w.add(Long.toString(seed));
        return w;
    }

    /** Single-quotes a word the shell would split or expand; plain words stay as they are. */
    public static String quoted(String word) {
        if (word.matches("[A-Za-z0-9_./=:,+@%-]+")) return word;
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
