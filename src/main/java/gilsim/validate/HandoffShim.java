package gilsim.validate;

import gilsim.scenario.InputError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The hand-off recorder ({@code handoff_shim.c} beside this class): a shared library that, preloaded into a real
 * interpreter with {@code LD_PRELOAD}, stamps the GIL's pthread calls into memory and writes them out at exit. It is
 * compiled from its source at each use with the machine's C compiler ({@code cc}), so it matches the machine's C
 * library; it needs no root, no debug symbols and no rebuilt interpreter, only a dynamically linked one on Linux.
 */
final class HandoffShim {
    static final String SOURCE = "handoff_shim.c";
    static final String LIBRARY = "libgilsim_handoff.so";
    private static final long COMPILE_TIMEOUT_MS = 60_000;

    private HandoffShim() {}

    /**
     * Compiles the shim into {@code dir} and returns the library's path.
     *
     * @throws InputError one line when there is no C compiler or it fails
     */
    static Path build(Path dir) {
        if (!System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).contains("linux")) {
            throw new InputError("--handoffs records through LD_PRELOAD on Linux; this is "
                    + System.getProperty("os.name"));
        }
        Path source = dir.resolve(SOURCE);
        Path library = dir.resolve(LIBRARY);
        try {
            Files.writeString(source, PythonScript.resource(SOURCE), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InputError("--handoffs: cannot write the recorder's source to " + dir + ": " + e.getMessage());
        }
        List<String> command = List.of("cc", "-O2", "-shared", "-fPIC", "-o", library.toString(), source.toString(),
                "-ldl", "-pthread");
        RealRun.Result r;
        try {
            r = RealRun.exec(command, COMPILE_TIMEOUT_MS, java.util.Map.of());
        } catch (InputError e) {
            throw new InputError("--handoffs needs a C compiler (cc, e.g. Debian's gcc) to build its recorder: "
                    + e.getMessage());
        }
        if (r.timedOut() || r.exit() != 0 || !Files.isRegularFile(library)) {
            throw new InputError("--handoffs: cc could not build the recorder" + RealRun.lastLineSuffix(r.stderr()));
        }
        return library;
    }
}
