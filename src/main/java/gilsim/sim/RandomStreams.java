package gilsim.sim;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * Named random streams derived from one run seed.
 *
 * <p>Each source of randomness (wake-up latency, timer slack, condvar order, ...) draws from its own stream,
 * seeded from the run seed and the source's name, so adding or changing one source never reshuffles another.
 */
public final class RandomStreams {
    private final long seed;

    public RandomStreams(long seed) {
        this.seed = seed;
    }

    public long seed() {
        return seed;
    }

    public SplittableRandom stream(String name) {
        // FNV-1a over the UTF-8 name: stable across JVMs, unlike identity hashes.
        long h = 0xcbf29ce484222325L;
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            h ^= (b & 0xff);
            h *= 0x100000001b3L;
        }
        return new SplittableRandom(mix(seed ^ mix(h)));
    }

    /** SplitMix64's finaliser: spreads nearby seeds far apart. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
