package gilsim.cli;

import gilsim.scenario.MachineProfile;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --machine FILE}, on every command that simulates: a profile written by {@code gilsim calibrate}. */
final class MachineOption {
    @Option(names = "--machine", paramLabel = "FILE",
            description = "a machine profile written by `gilsim calibrate`: this machine's wake-up latency "
                    + "distribution, timer slack, preemption rate, crowded-race keys and background load; "
                    + "`none`: the model's keys alone (a uniform wake-up latency, no background) (default: "
                    + "vm-2core, a typical 2-vCPU Linux VM, docs/model.md)")
    Path file;

    /**
     * The profile, read now (one line and exit 2 when it is bad); {@link MachineProfile#NONE} for {@code none};
     * null when none was given (the scenario's own, else the default machine).
     */
    MachineProfile profile() {
        return file == null ? null : MachineProfile.named(file);
    }
}
