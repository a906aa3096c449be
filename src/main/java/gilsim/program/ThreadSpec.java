package gilsim.program;

import java.util.List;

/** A thread of a scenario: its name, the core it is pinned to (-1 for any) and its program. */
public record ThreadSpec(String name, int pinnedCore, List<Step> program) {
    public ThreadSpec {
        program = List.copyOf(program);
    }
}
