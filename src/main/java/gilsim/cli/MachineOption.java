package gilsim.cli;

import gilsim.scenario.MachineProfile;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --machine FILE}, on every command that simulates: a profile written by {@code gilsim calibrate}. */
final class MachineOption {
    @Option(names = "--machine", paramLabel = "FILE",
            description = "a machine profile written by `gilsim calibrate`: this machine's wake-up latency "
                    + "distribution, timer slack, preemption rate and crowded-race keys (checkpoint, drop_reaction, "
                    + "wait_entry and its jitter and growth) (default: the model's, docs/model.md)")
    Path file;

    /** The profile, read now (one line and exit 2 when it is bad), or null when none was given. */
    MachineProfile profile() {
        return file == null ? null : MachineProfile.load(file);
    }
}
