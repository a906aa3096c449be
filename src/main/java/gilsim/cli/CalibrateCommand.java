package gilsim.cli;

import gilsim.report.AtomicFile;
import gilsim.scenario.InputError;
import gilsim.scenario.MachineProfile;
import gilsim.validate.Calibration;
import gilsim.validate.CalibrationProfile;
import gilsim.validate.CalibrationText;
import gilsim.validate.CrowdedRace;
import gilsim.validate.Interpreters;
import gilsim.validate.PinnedHandoff;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code gilsim calibrate}: measures this machine's wake-ups, timers and preemption and writes a machine profile. */
@Command(name = "calibrate", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Measures this machine on a real interpreter (about 70 s; --quick about 14 s): the release "
                + "race (the share of GIL releases of length L that a woken waiter wins, over L from 1 us to 600 us: "
                + "the wake-up latency's CDF), the wake-up latency directly, how late a 5 ms timed wait returns, and "
                + "how often a thread woken on a busy shared core preempts its waker, and the machine's own "
                + "background (a process on each core spinning on the clock, then one alone: load_gap, load_run, "
                + "load_idle_first); where it can trace the kernel's scheduler (root, tracefs) it runs pinned #161868 "
                + "for 5 s (--quick 2 s) and reads, from the trace, the share of its hand-offs' wake-ups after which "
                + "the woken thread went on: preempt_probability, instead of the pipe's share (with enough wake-ups "
                + "in 3 ms windows after a loss, those apart: refusal_window and refusal_after_probability); then (about "
                + "30 s; "
                + "--quick about 11 s) it records two crowded races through the "
                + "hand-off recorder (four threads spinning in Python; "
                + "one sleeping 100 ms beside two) and fits the model's crowded-race keys to them (checkpoint, "
                + "drop_reaction, wait_entry, wait_entry_jitter, wait_entry_growth, wait_entry_same_core (the rule of "
                + "the quiet time that fits better), and from the first race read "
                + "second by second fast_race_percent and fast_race_reaction; needs a C compiler and Python "
                + "3.8+; skipped, with the reason, without them). The recorder moves the race, so where it can trace "
                + "the kernel's scheduler (root, tracefs) it runs a plain run beside each recorded one, twice the "
                + "time, and fits the window to the plain race's shares read from that trace. Prints what was "
                + "measured and the machine profile; "
                + "--out writes the profile for --machine FILE.",
                "Refuses to measure while the 1-minute load average exceeds the core count, unless --force."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:measured", "2:bad input, a busy machine, or the measurement failed (one line on stderr; "
                + "nothing written)"})
final class CalibrateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--python", paramLabel = "PATH",
            description = "the interpreter to measure with: a path, a name on the PATH (python3.12) or a pyenv "
                    + "version (3.12) (default: python3 on the PATH)")
    String python;

    @Option(names = "--out", paramLabel = "FILE.yaml",
            description = "write the machine profile here (its directory must exist)")
    Path out;

    @Option(names = "--quick", description = "measure for about 14 s instead of 70 (fewer samples: noisier figures)")
    boolean quick;

    @Option(names = "--race-runs", paramLabel = "N", description = "runs of the four-spinner race (default 4 of "
            + "5 s, 3 of 1 s with --quick; 1 to 100): more read the share of seconds the race runs fast more steadily "
            + "(a speed lasts some seven seconds)")
    Integer raceRuns;

    @Option(names = "--rare-runs", paramLabel = "N", description = "runs of the sleeper's race (default 3 of 4 s, 2 "
            + "of 2 s with --quick; 1 to 100): it makes some 25 crowded drops a second, so its share is known within "
            + "about 6 points either way over 12 s and 3 over 48 s, and the window and the tails beside a sleeper "
            + "follow it closely (docs/calibration.md, section 5)")
    Integer rareRuns;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "a rule of the model to fit the crowded race "
            + "under and write into the profile's model: section (repeatable; one of "
            + "timer_expiry, run_to_parity, wake_move_percent, ... as docs/calibration.md lists): the fitted keys "
            + "mean what they do under the rules they were fitted with, and --machine applies both")
    List<String> sets = new ArrayList<>();

    @Option(names = "--force", description = "measure even when the machine is busy, with a warning on how to read "
            + "the figures")
    boolean force;

    @Option(names = "--json", description = "print exactly one JSON object on stdout")
    boolean json;

    /** The {@code --set} rules by key, each checked as a profile's {@code model:} entry; a key set twice is refused. */
    static Map<String, String> model(List<String> sets) {
        Map<String, String> model = new LinkedHashMap<>();
        for (String set : sets) {
            int eq = set.indexOf('=');
            if (eq <= 0) throw new InputError("--set " + set + ": expected KEY=VALUE");
            String key = set.substring(0, eq).trim();
            String value = set.substring(eq + 1).trim();
            String problem = MachineProfile.modelProblem(key, value);
            if (problem != null) throw new InputError("--set " + set + ": " + problem);
            if (model.put(key, value) != null) throw new InputError("--set " + set + ": " + key + " is set twice");
        }
        return model;
    }

    private static void checkRuns(String option, Integer runs) {
        if (runs != null && (runs < 1 || runs > CrowdedRace.MAX_RUNS)) {
            throw new InputError(option + ": " + runs + " is not a number of runs from 1 to " + CrowdedRace.MAX_RUNS);
        }
    }

    @Override
    public Integer call() {
        if (out != null) OutputPath.check("--out", out);
        checkRuns("--race-runs", raceRuns);
        checkRuns("--rare-runs", rareRuns);
        Map<String, String> model = model(sets);
        Path py = python == null ? Interpreters.defaults().get(0) : Interpreters.find(python);
        Calibration.check(py);
        String warning = MachineLoad.check(force, "wake-ups also wait for a core behind other work, so the "
                + "latencies and their tail describe this machine under this load, not its quiet figures");
        PrintWriter err = spec.commandLine().getErr();
        if (warning != null) err.println("gilsim calibrate: warning: " + warning);
        if (Terminal.stderrIsTerminal()) {
            err.println("gilsim calibrate: measuring with " + py + " for about " + (quick ? "14" : "70") + " s");
        }
        String unrecordable = CrowdedRace.unrecordable(py);
        Calibration.Measured m = Calibration.measure(py, quick, quick ? Calibration.QUICK_TIMEOUT_MS
                : Calibration.TIMEOUT_MS);
        if (PinnedHandoff.seconds(quick) > 0 && Terminal.stderrIsTerminal()) {
            err.println("gilsim calibrate: tracing the pinned hand-off for about " + PinnedHandoff.seconds(quick)
                    + " s");
        }
        PinnedHandoff.Measured pinned = PinnedHandoff.measure(py, quick);
        if (unrecordable == null && Terminal.stderrIsTerminal()) {
            err.println("gilsim calibrate: recording the crowded races for about "
                    + CrowdedRace.seconds(quick, raceRuns, rareRuns) + " s");
        }
        CrowdedRace.Measured crowd = unrecordable == null ? CrowdedRace.measure(py, quick, raceRuns, rareRuns,
                CalibrationProfile.machine(m, pinned, model))
                : CrowdedRace.Measured.skipped(unrecordable);
        CalibrationProfile profile = CalibrationProfile.of(m, pinned, crowd, model);
        if (out != null) write(profile.yaml(), out);
        spec.commandLine().getOut().print(json ? CalibrationText.json(m, pinned, crowd, profile, warning, out) + "\n"
                : CalibrationText.text(m, pinned, crowd, profile, warning, out));
        return 0;
    }

    /** As {@link ValidateCommand}: on Linux, fd 2 links to a /dev/pts or /dev/tty device when it is a terminal. */

    private static void write(String text, Path target) {
        Path tmp = null;
        try {
            tmp = AtomicFile.temp(target);
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            AtomicFile.commit(tmp, target);
            tmp = null;
        } catch (IOException e) {
            throw new InputError("--out " + target + ": cannot write (" + OutputPath.reason(e) + ")");
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // nothing more to do
                }
            }
        }
    }
}
