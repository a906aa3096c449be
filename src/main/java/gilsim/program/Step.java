package gilsim.program;

import java.util.List;

/** The workload vocabulary: what a thread's program is made of. All durations are nanoseconds. */
public sealed interface Step {
    /** Run Python holding the GIL, noticing drop requests at check points. */
    record Compute(long ns) implements Step {}

    /**
     * Release the GIL around {@code ns} of CPU work without it ({@code Py_BEGIN/END_ALLOW_THREADS} around a C call
     * such as {@code zlib.crc32} over more than 5 KiB), then take it back.
     */
    record Release(long ns) implements Step {}

    /** Release the GIL and block for {@code ns} ({@code time.sleep}, a blocking read), then take it back. */
    record Sleep(long ns) implements Step {}

    /** Repeat {@code body} {@code times} times, or forever when {@code times < 0}. */
    record Loop(int times, List<Step> body) implements Step {
        public Loop {
            body = List.copyOf(body);
        }
    }

    /**
     * Whether the steps take any simulated time: a loop forever over steps that do not would never end. A release
     * of 0ns takes none: dropping and re-taking a free GIL at once does not move the clock.
     */
    static boolean takesTime(List<Step> steps) {
        for (Step s : steps) {
            if (s instanceof Compute c && c.ns() > 0) return true;
            if (s instanceof Release r && r.ns() > 0) return true;
            if (s instanceof Sleep z && z.ns() > 0) return true;
            if (s instanceof Loop l && l.times() != 0 && takesTime(l.body())) return true;
        }
        return false;
    }

    /**
     * Where the first loop that repeats (forever, or more than once) steps that take no time is, as a path below
     * {@code where} ({@code program[0].loop}, {@code program[1].loop[0].loop}), or null when there is none. Such a
     * loop makes events without moving the clock: forever, a hang; 2^31 times, the same in practice.
     */
    static String idleLoop(List<Step> steps, String where) {
        for (int i = 0; i < steps.size(); i++) {
            if (steps.get(i) instanceof Loop l) {
                String at = where + "[" + i + "].loop";
                if (l.times() != 1 && !takesTime(l.body())) return at;
                String inner = idleLoop(l.body(), at);
                if (inner != null) return inner;
            }
        }
        return null;
    }
}
