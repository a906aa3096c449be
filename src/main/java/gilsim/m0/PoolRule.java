package gilsim.m0;

import java.util.EnumSet;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The m0 pool's rules, each a switch of {@code _pool_serve} set by an environment variable, registered here as the
 * scenario key of the same name ({@code --set keep=true}). A rule never refuses a pool: where it does not apply it
 * is inert, as in m0 (a pool of one thread has no turn block, so neither the barrier nor the keep rule exists).
 * A new rule is a constant here and the branch in {@link PoolWorker} that reads it.
 */
public enum PoolRule {
    /** The slice barrier: a thread past its slice yields the GIL to a parked waiter. */
    TURN("turn", "M0_POOL_TURN", true, "the slice barrier", spec -> spec.threads() > 1,
            "a thread past its slice drops the GIL and yields until a parked waiter has attached"),
    /** The fix of slice-rotation: a job taken inside the slice needs no drop and so no race for the GIL. */
    KEEP("keep", "M0_POOL_TURN_KEEP", false, "take queued jobs inside the slice without dropping",
            spec -> spec.inForce(TURN), "inside its slice, a thread holding the GIL takes a queued job without a drop");

    /** The scenario key. */
    public final String key;
    /** m0's environment variable for it. */
    public final String variable;
    /** m0's default, and the key's. */
    public final boolean onByDefault;
    /** The key's help, after the variable's name. */
    public final String help;
    /** Whether a pool of this spec has what the rule acts on; where not, the rule is inert. */
    private final Predicate<PoolSpec> applies;
    /** Its line in docs/model.md's list of the pool's rules, after {@code - `KEY`: }. */
    public final String docsLine;

    PoolRule(String key, String variable, boolean onByDefault, String help, Predicate<PoolSpec> applies,
             String docsLine) {
        this.key = key;
        this.variable = variable;
        this.onByDefault = onByDefault;
        this.help = help;
        this.applies = applies;
        this.docsLine = docsLine;
    }

    /** Whether a pool of {@code spec} has what this rule acts on. */
    public boolean appliesTo(PoolSpec spec) {
        return applies.test(spec);
    }

    /** The rules switched on by {@code on}, which answers for each rule's key. */
    public static Set<PoolRule> switchedOn(Predicate<String> on) {
        Set<PoolRule> rules = EnumSet.noneOf(PoolRule.class);
        for (PoolRule r : values()) if (on.test(r.key)) rules.add(r);
        return rules;
    }
}
