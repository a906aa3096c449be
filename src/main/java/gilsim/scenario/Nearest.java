package gilsim.scenario;

import java.util.Collection;
import java.util.Locale;

/**
 * The name a user most likely meant: for a message that refuses an unknown command, scenario, key, metric, property
 * or thread, the nearest valid one, when one is near enough to be a slip of the keyboard.
 */
public final class Nearest {
    private Nearest() {}

    /**
     * {@code "; did you mean 'NAME'?"} for the nearest of {@code names} to {@code given}, or {@code ""} when none is
     * near: at most one edit (insert, delete, replace, or swap two neighbours) for every three characters, at most
     * three, or {@code given} is the start of exactly one name.
     */
    public static String suggestion(String given, Collection<String> names) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        String g = given.toLowerCase(Locale.ROOT);
        for (String name : names) {
            int d = distance(g, name.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                best = name;
                bestDistance = d;
            }
        }
        int allowed = Math.max(1, Math.min(3, given.length() / 3));
        if (best != null && bestDistance > 0 && bestDistance <= allowed) return "; did you mean '" + best + "'?";
        if (given.length() >= 2) {
            String only = null;
            for (String name : names) {
                if (name.toLowerCase(Locale.ROOT).startsWith(g)) {
                    if (only != null) return "";
                    only = name;
                }
            }
            if (only != null && !only.equals(given)) return "; did you mean '" + only + "'?";
        }
        return "";
    }

    /** Optimal string alignment distance: Levenshtein's edits and the swap of two neighbouring characters. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) d[i][0] = i;
        for (int j = 0; j <= b.length(); j++) d[0][j] = j;
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
