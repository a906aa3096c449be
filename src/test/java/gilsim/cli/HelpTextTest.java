package gilsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every command's help renders cleanly: picocli formats descriptions with {@code String.format}, so a bare
 * {@code %} ("95% confidence") makes it print a warning to the process's stderr beside the help.
 */
class HelpTextTest {
    @Test
    void everyCommandsHelpRendersWithoutAPicocliWarning() {
        PrintStream saved = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        List<String> rendered = new ArrayList<>();
        try {
            System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
            CommandLine root = new CommandLine(new Main());
            rendered.add(root.getUsageMessage());
            for (CommandLine sub : root.getSubcommands().values()) rendered.add(sub.getUsageMessage());
        } finally {
            System.setErr(saved);
        }
        assertEquals("", captured.toString(StandardCharsets.UTF_8), "picocli complained while rendering help");
        assertEquals(rendered.size(), rendered.stream().filter(s -> !s.isBlank()).count());
    }
}
