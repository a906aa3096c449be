package gilsim.program;

import java.util.List;

/**
 * The workload vocabulary: what a thread's program is made of. Durations are {@link Dist}s in nanoseconds: fixed, or
 * drawn each time the step runs; {@code ns()} is a step's nominal duration, the distribution's mean.
 */
public sealed interface Step {
    /** A step that takes a duration: compute, release, sleep, hold. */
    sealed interface Timed extends Step permits Compute, Release, Sleep, Hold {
        Dist duration();

        /** The nominal duration: the distribution's mean, in whole nanoseconds. */
        default long ns() {
            return Math.round(duration().meanNs());
        }
    }

    /** Run Python holding the GIL, noticing drop requests at check points. */
    record Compute(Dist duration) implements Timed {
        public Compute(long ns) {
            this(new Dist.Fixed(ns));
        }
    }

    /**
     * Release the GIL around CPU work without it ({@code Py_BEGIN/END_ALLOW_THREADS} around a C call such as
     * {@code zlib.crc32} over more than 5 KiB), then take it back.
     */
    record Release(Dist duration) implements Timed {
        public Release(long ns) {
            this(new Dist.Fixed(ns));
        }
    }

    /** Release the GIL and block ({@code time.sleep}, a blocking read), then take it back. */
    record Sleep(Dist duration) implements Timed {
        public Sleep(long ns) {
            this(new Dist.Fixed(ns));
        }
    }

    /**
     * C code that keeps the GIL (a regex, a big {@code sorted}, an extension that never releases it): CPU time with
     * no check point, so a drop request waits for its end.
     */
    record Hold(Dist duration) implements Timed {
        public Hold(long ns) {
            this(new Dist.Fixed(ns));
        }
    }

    /**
     * {@code lock.acquire()} of the named {@code threading.Lock}: taken at once when free; otherwise the GIL is
     * released while the thread blocks on the lock, and taken back once it has the lock.
     */
    record Lock(String name) implements Step {}

    /** {@code lock.release()}: never blocks; wakes the lock's longest waiter, if any. */
    record Unlock(String name) implements Step {}

    /**
     * {@code q.put(item)} on the named unbounded {@code queue.Queue}: never blocks; wakes the longest getter. The item
     * is the oldest request the thread holds, passed on to the next stage, if it holds one.
     */
    record Put(String queue) implements Step {}

    /**
     * {@code q.get()}: takes the oldest item; when the queue is empty the GIL is released while the thread waits,
     * and taken back when a put wakes it, before it looks again.
     */
    record Get(String queue) implements Step {}

    /**
     * An event loop's wait ({@code selectors} under asyncio): the GIL is released until one of the named queues has
     * an item; the thread then takes the oldest item of the first listed queue that has one and runs that queue's
     * steps. One pass a call: an event loop is a loop over it.
     */
    record Select(List<Branch> branches) implements Step {
        public Select {
            branches = List.copyOf(branches);
        }

        /** What the thread does with an item of {@code queue}. */
        public record Branch(String queue, List<Step> steps) {
            public Branch {
                steps = List.copyOf(steps);
            }
        }
    }

    /**
     * Answer the oldest request the thread holds (got from a queue and not yet answered or put): the request's
     * latency ends here. Takes no time of its own: the work of answering is the steps before it.
     */
    record Answer() implements Step {}

    /** Repeat {@code body} {@code times} times, or forever when {@code times < 0}. */
    record Loop(int times, List<Step> body) implements Step {
        public Loop {
            body = List.copyOf(body);
        }
    }

    /**
     * Whether the steps take any simulated time: a loop forever over steps that do not would never end. A release
     * of 0ns takes none: dropping and re-taking a free GIL at once does not move the clock; nor do a lock, an
     * unlock, a put, an answer or a get that finds an item. A distribution counts by its mean.
     */
    static boolean takesTime(List<Step> steps) {
        for (Step s : steps) {
            if (s instanceof Timed t && t.ns() > 0) return true;
            if (s instanceof Loop l && l.times() != 0 && takesTime(l.body())) return true;
            if (s instanceof Select sel && sel.branches().stream().allMatch(b -> takesTime(b.steps()))) return true;
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
            } else if (steps.get(i) instanceof Select sel) {
                for (Select.Branch b : sel.branches()) {
                    String inner = idleLoop(b.steps(), where + "[" + i + "].select." + b.queue());
                    if (inner != null) return inner;
                }
            }
        }
        return null;
    }
}
